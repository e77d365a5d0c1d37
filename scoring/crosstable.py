"""Crosstable data (the *bảng điểm*): rows in rank order, one cell per opponent or per round.

Round robin: a column per participant in rank order; each cell holds the results of the games
between the row and the column (two for a double round robin, first cycle first), with the colour
the row had. Swiss: a cell per round with the opponent's rank, the colour and the result.

Result marks: ``1``, ``½``, ``0`` over the board; ``+`` / ``-`` forfeits; ``X`` a game cancelled
by Art. 21.5.1; in a Swiss event a game forfeited by a withdrawn player after the withdrawal shows
``0`` for the withdrawn player and ``X`` for the winner (Art. 21.5.2); byes show their TRF letter
(``U`` pairing-allocated, ``F`` full point, ``H`` half point, ``Z`` zero point). Match events show
the points the row scored in the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from records import Colour, Outcome, Pairing, Tournament
from scoring.formats import Format
from scoring.points import MatchScoring, System, format_points
from scoring.standings import Standings
from scoring.withdrawals import apply_withdrawals

# Each outcome as a crosstable cell writes it, from the row's side (the marks above).
MARKS = {Outcome.WIN: "1", Outcome.DRAW: "½", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
         Outcome.FORFEIT_LOSS: "-", Outcome.CANCELLED: "X"}


class Mark(NamedTuple):
    """One game or bye as the table shows it."""

    round: int
    text: str
    colour: Colour | None = None
    opponent: int | None = None
    opponent_rank: int | None = None
    points: Fraction | None = None


@dataclass(frozen=True, slots=True)
class CrossRow:
    rank: int | None  # None: withdrawn with all games cancelled, not ranked (Art. 21.5.1)
    number: int
    points: Fraction
    # Round robin: one tuple of marks per column (opponent); Swiss: one tuple per round.
    cells: tuple[tuple[Mark, ...], ...]


@dataclass(frozen=True, slots=True)
class Crosstable:
    format: Format
    columns: tuple[int, ...]  # opponents' numbers (round robin) or round numbers (Swiss)
    rows: tuple[CrossRow, ...]


def crosstable(tournament: Tournament, table: Standings, system: System) -> Crosstable:
    """The crosstable of ``tournament`` in the order of ``table`` (same format and round)."""
    tournament = apply_withdrawals(tournament, table.format)
    ranks = {r.number: r.rank for r in table.rows}
    withdrawn = {p.number: p.withdrawn_after for p in tournament.participants
                 if p.withdrawn_after is not None}
    # Art. 21.5.1: the participants set apart from the ranking follow it, their games marked X.
    listed = [(r.rank, r.number, r.points) for r in table.rows] + [
        (None, n, Fraction(0)) for n in table.withdrawn]
    marks: dict[int, list[Mark]] = {number: [] for _, number, _ in listed}
    values = _Values(system)
    for pairing in tournament.pairings:
        if pairing.round > table.after_round:
            continue
        for number, mark in _marks(pairing, values, ranks, withdrawn, table.format):
            if number in marks:
                marks[number].append(mark)
    order = [number for _, number, _ in listed]
    columns = tuple(order) if table.format is Format.ROUND_ROBIN \
        else tuple(range(1, table.after_round + 1))
    rows = tuple(CrossRow(rank, number, points, _cells(marks[number], columns, table.format))
                 for rank, number, points in listed)
    return Crosstable(table.format, columns, rows)


def _cells(marks: list[Mark], columns: tuple[int, ...],
           fmt: Format) -> tuple[tuple[Mark, ...], ...]:
    """A row's marks by column (an opponent in a round robin, a round in a Swiss event), each
    column's in round order; one pass over the marks rather than one per column."""
    by_column: dict[int, tuple[Mark, ...]] = {}
    for mark in sorted(marks, key=lambda m: m.round):
        column = mark.opponent if fmt is Format.ROUND_ROBIN else mark.round
        # A tuple per mark (a cell holds one, two in a double round robin): no list to copy.
        by_column[column] = by_column.get(column, ()) + (mark,)  # type: ignore[index]
    return tuple([by_column.get(c, ()) for c in columns])


class _Values(dict):
    """The points of each outcome under ``system``, computed once per table (a crosstable of
    2,000 players and 13 rounds asks 26,000 times)."""

    def __init__(self, system: System):
        super().__init__()
        self.system = system

    def __missing__(self, outcome: Outcome) -> Fraction:
        self[outcome] = value = self.system.value(outcome)
        return value


def _marks(pairing: Pairing, values: _Values, ranks: dict[int, int],
           withdrawn: dict[int, int], fmt: Format) -> list[tuple[int, Mark]]:
    if pairing.second is None:
        letter = pairing.bye.value if pairing.bye else "Z"
        return [(pairing.first, Mark(pairing.round, letter))]
    out = []
    for number, opponent, first in ((pairing.first, pairing.second, True),
                                    (pairing.second, pairing.first, False)):
        colour = None
        if pairing.games:
            colour = Colour.WHITE if pairing.games[0].white_first == first else Colour.BLACK
        text, pts = _text(pairing, first, values)
        after = withdrawn.get(opponent)
        own_after = withdrawn.get(number)
        if fmt is Format.SWISS and text in ("+", "-"):
            if after is not None and pairing.round > after and text == "+":
                # Art. 21.5.2: the winner against the withdrawn player
                text = MARKS[Outcome.CANCELLED]
            elif own_after is not None and pairing.round > own_after and text == "-":
                text = "0"  # Art. 21.5.2: the withdrawn player
        out.append((number, Mark(pairing.round, text, colour, opponent, ranks.get(opponent), pts)))
    return out


def _text(pairing: Pairing, first: bool, values: _Values) -> tuple[str, Fraction | None]:
    outcomes = []
    for game in pairing.games:
        if game.result is None:
            return "", None
        outcomes.append(game.result.outcome_for(game.white_first == first))
    system = values.system
    if isinstance(system, MatchScoring):
        if all(o is Outcome.CANCELLED for o in outcomes):
            return MARKS[Outcome.CANCELLED], Fraction(0)
        pts = sum((system.game.value(o) for o in outcomes), Fraction(0))
        return format_points(pts, halves=True), pts
    if len(outcomes) == 1:
        return MARKS[outcomes[0]], values[outcomes[0]]
    pts = sum((values[o] for o in outcomes), Fraction(0))
    return format_points(pts, halves=True), pts


