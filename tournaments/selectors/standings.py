"""Standings and crosstables as pages, the API and exports show them.

Everything is read in a fixed number of queries (``adapters.load_event``) and computed in memory by
the scoring engine, after any round, current or historical.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.utils.translation import gettext as _

from records import Outcome
from scoring.crosstable import MARKS
from scoring.crosstable import crosstable as engine_crosstable
from scoring.points import MatchScoring, Primary, System
from scoring.standings import Standings
from scoring.standings import standings as engine_standings
from scoring.tiebreaks import HeadToHeadAmong
from tournaments.adapters.events import (
    EventRecord,
    counts_fouls,
    foul_counts,
    load_event,
    scoring_format,
    scoring_system,
    tiebreak_order,
)
from tournaments.models import Entry, Event, RoundStatus
from tournaments.selectors.ratings import rating_changes
from tournaments.text import colour_letter, points_text
from tournaments.tiebreak_labels import full_name, heading


@dataclass(frozen=True)
class Criterion:
    code: str
    heading: str
    name: str


@dataclass(frozen=True)
class StandingRow:
    rank: int
    shared: bool
    number: int
    entry: Entry
    points: str
    match_points: str
    game_points: str
    values: tuple[str, ...]
    # Why this row is above the next one with the same points, in words; "" otherwise.
    reason: str
    # "Rtg+/-": the rating change so far in a rated event; "" otherwise.
    rating_change: str = ""


@dataclass(frozen=True)
class StandingsView:
    event: Event
    after_round: int
    rounds_played: int
    is_match: bool
    criteria: tuple[Criterion, ...]
    rows: tuple[StandingRow, ...]
    lots_seed: int | None
    # Match events: which score ranks first, "mp" or "gp" (team events: board points are
    # the game points, appendix §4).
    primary: str = "mp"
    team: bool = False
    rated: bool = False
    # Art. 21.5.1: round-robin entries withdrawn with half or fewer games played (all
    # cancelled), listed after the ranking, not ranked.
    withdrawn: tuple[Entry, ...] = ()


class CrossCell(NamedTuple):
    """One cell: the marks of the games in it (two in a double round robin), already joined."""

    text: str
    css: str = ""  # "self" on the diagonal, "x-cell" when a game was cancelled
    title: str = ""


@dataclass(frozen=True)
class CrossRowView:
    rank: int
    number: int
    entry: Entry
    points: str
    cells: tuple[CrossCell, ...]


@dataclass(frozen=True)
class CrosstableView:
    event: Event
    after_round: int
    round_robin: bool
    columns: tuple[str, ...]
    rows: tuple[CrossRowView, ...]


def _reason(explanation, criteria_by_code, team: bool = False,
            lots_pending: bool = False) -> str:
    if explanation is None:
        return ""
    if explanation.criterion is None:
        if lots_pending:
            return _("tied; the lots are still to be drawn")
        return _("tied on every criterion")
    if explanation.criterion.split("/")[0].upper() == "BRD":
        return _board_reason(explanation.upper, explanation.lower)
    return _("ahead on %(criterion)s (%(upper)s vs %(lower)s)") % {
        "criterion": full_name(explanation.criterion, team),
        "upper": points_text(explanation.upper), "lower": points_text(explanation.lower),
    }


def _board_reason(upper: tuple, lower: tuple) -> str:
    """Appendix §4: board 1 first, then board 2, ...: name the board that decided."""
    for board, (a, b) in enumerate(zip(upper, lower, strict=False), start=1):
        if a != b:
            if board == 1:
                return _("ahead on board 1 (%(upper)s vs %(lower)s)") % {
                    "upper": points_text(a), "lower": points_text(b)}
            return _("ahead on board %(n)s (%(upper)s vs %(lower)s), level on the boards "
                     "above") % {"n": board, "upper": points_text(a),
                                 "lower": points_text(b)}
    return _("tied on every criterion")


def _rounds_counted(record: EventRecord, after_round: int | None) -> int:
    played = [r.number for r in record.rounds if r.status != RoundStatus.DRAFT]
    last = max(played, default=0)
    return last if after_round is None else max(0, min(after_round, last))


def _fouls(record: EventRecord, order, rounds: int) -> dict[int, int] | None:
    """The recorded fouls, read only when the statute's order counts them (``FOUL``)."""
    return foul_counts(record, rounds) if counts_fouls(order) else None


def standings_table(event: Event, record: EventRecord, after_round: int | None = None):
    """The scoring engine's standings of ``record`` after ``after_round`` (default: the last
    published round), with the rounds counted: what pages and the championships' qualification
    (selectors/qualification.py) read."""
    rounds = _rounds_counted(record, after_round)
    order = tiebreak_order(event)
    table = engine_standings(record.tournament, scoring_system(event), order, after_round=rounds,
                             lots_seed=event.lots_seed, fmt=scoring_format(event),
                             start_date=event.start_date, fouls=_fouls(record, order, rounds),
                             h2h_among=HeadToHeadAmong(event.h2h_among))
    return rounds, table


@dataclass(frozen=True)
class Ranking:
    """The event read once (public rounds) and ranked by the statute after ``rounds``: what
    the standings and the crosstable both show, computed once when both are wanted (the
    whole-event workbook)."""

    record: EventRecord
    rounds: int
    system: System
    table: Standings


def event_ranking(event: Event, *, after_round: int | None = None,
                  record: EventRecord | None = None) -> Ranking:
    """The engine's standings after ``after_round`` (default: the last published round), with
    every tie-break of the statute (Art. 21.2-21.4), and the event they were read from."""
    record = record or load_event(event, public_only=True)
    rounds, table = standings_table(event, record, after_round)
    return Ranking(record, rounds, scoring_system(event), table)


def event_standings(event: Event, *, after_round: int | None = None,
                    record: EventRecord | None = None,
                    ranking: Ranking | None = None) -> StandingsView:
    """Standings after ``after_round`` (default: the last published round), public rounds
    only, with every tie-break of the statute and the reason each tie was broken;
    ``ranking``: ``event_ranking``'s, already computed."""
    ranking = ranking or event_ranking(event, after_round=after_round, record=record)
    record, rounds, system, table = ranking.record, ranking.rounds, ranking.system, ranking.table
    team = event.is_team
    criteria = tuple(Criterion(c, heading(c, team), full_name(c, team)) for c in table.criteria
                     if c != "PTS")
    skip = 1 if table.criteria and table.criteria[0] == "PTS" else 0
    lots_pending = event.lots_seed is None and any(c.upper() == "LOT" for c in table.criteria)
    changes = rating_changes(event, record, rounds)
    rank_counts: dict[int, int] = {}
    for row in table.rows:
        rank_counts[row.rank] = rank_counts.get(row.rank, 0) + 1
    rows = tuple(
        StandingRow(
            rank=row.rank, shared=rank_counts[row.rank] > 1, number=row.number,
            entry=record.entries[row.number], points=points_text(row.points),
            match_points=points_text(row.match_points),
            game_points=points_text(row.game_points),
            values=tuple(points_text(v) for v in row.values[skip:]),
            reason=_reason(row.explanation, criteria, team, lots_pending),
            rating_change=changes.get(row.number, ""),
        )
        for row in table.rows
    )
    is_match = isinstance(system, MatchScoring)
    primary = "gp" if is_match and system.primary is Primary.GAME else "mp"
    return StandingsView(event, rounds, len(record.rounds), is_match, criteria, rows,
                         event.lots_seed, primary=primary, team=team, rated=bool(changes),
                         withdrawn=tuple(record.entries[n] for n in table.withdrawn))


def entry_standing(event: Event, entry: Entry, ranking: Ranking) -> tuple[int, bool, str] | None:
    """The entry's rank, whether it is shared, and the points the standings rank first
    (``pairing_sheet.main_points``), as ``event_standings``' row says them, without writing out
    the whole table or its rating changes (a player's career reads one row of each event); None
    when the entry is not ranked."""
    number = ranking.record.numbers.get(entry.pk)
    rows = ranking.table.rows
    own = next((row for row in rows if row.number == number), None)
    if own is None:
        return None
    system = ranking.system
    is_match = isinstance(system, MatchScoring)
    if event.is_team or is_match:
        value = (own.game_points if is_match and system.primary is Primary.GAME
                 else own.match_points)
    else:
        value = own.points
    return own.rank, sum(1 for row in rows if row.rank == own.rank) > 1, points_text(value)


def event_crosstable(event: Event, *, after_round: int | None = None,
                     ranking: Ranking | None = None) -> CrosstableView:
    """The crosstable (*bảng điểm*) in rank order; X marks cancelled games (Art. 21.5.1);
    ``ranking``: ``event_ranking``'s, already computed."""
    ranking = ranking or event_ranking(event, after_round=after_round)
    record, rounds, system = ranking.record, ranking.rounds, ranking.system
    cross = engine_crosstable(record.tournament, ranking.table, system)
    round_robin = event.format_rules.crosstable_by_opponent
    points = {r.number: points_text(r.points) for r in cross.rows}
    titles: dict[int, str] = {}
    rows = []
    for row in cross.rows:
        cells = []
        for column, marks in zip(cross.columns, row.cells, strict=True):
            cells.append(_cell(marks, round_robin, round_robin and column == row.number,
                               titles))
        rows.append(CrossRowView(row.rank, row.number, record.entries[row.number],
                                 points[row.number], tuple(cells)))
    # Round robin: a column per opponent, headed by their table number (ranks can be shared, so
    # a rank would not say which column is whose); Swiss: a column per round.
    columns = tuple(str(c) for c in cross.columns)
    return CrosstableView(event, rounds, round_robin, columns, tuple(rows))


def _cell(marks, round_robin: bool, is_self: bool, titles: dict[int, str]) -> CrossCell:
    texts = []
    cancelled = False
    for mark in marks:
        text = mark.text
        cancelled = cancelled or text == MARKS[Outcome.CANCELLED]
        if round_robin or mark.opponent is None:
            texts.append(text)
        else:  # Swiss: the opponent's table number (unique, unlike a shared rank), the
            # colour's letter in the page's language, the result.
            texts.append(f"{mark.opponent}{colour_letter(mark.colour)}{text}")
    css = "self" if is_self else "x-cell" if cancelled else ""
    title = ""
    if marks:
        number = marks[0].round
        if number not in titles:
            titles[number] = _("round %(n)s") % {"n": number}
        title = titles[number]
    return CrossCell(" ".join(texts), css, title)


def event_uses_lots(event: Event) -> bool:
    """Whether the statute's tie-break order (or the law's default for it) ends in lots."""
    return event.format_rules.has_standings and any(c.upper() == "LOT"
                                                    for c in tiebreak_order(event))


def statute_tiebreaks(event: Event) -> tuple[Criterion, ...]:
    """The statute's tie-break order in words, for the public statute (Art. 21.2–21.4,
    appendix §4); the points that rank first are not a tie-break."""
    team = event.is_team
    return tuple(Criterion(c, heading(c, team), full_name(c, team))
                 for c in tiebreak_order(event) if c != "PTS")
