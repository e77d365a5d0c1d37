"""Checks of a Swiss round against the absolute rules, for pairings made or changed by hand.

Pure Python (no Django): it reads a :class:`~scoring.records.Tournament` whose pairings of the
round to check are the proposal and whose earlier pairings are the history, and returns the
violations it finds. The staff pages and the API turn them into sentences (``services/swiss.py:
describe``) that the arbiter reads before publishing; the arbiter may still publish (the chief
arbiter decides, C.04.3 Art. 1.10).

What is checked, with the rule each check stands for:

- ``rematch``: two players meet again ([C1], C.04.1 Art. 4 b). Only games played over the board
  count as met (a forfeit is not a game), as in the Dutch engine.
- ``forbidden``: two players the statute keeps apart meet (same club or family; [C1]).
- ``pab_again``: the pairing-allocated bye goes to a player who already had it, or who already
  scored a win's points without playing (forfeit win, full-point bye) ([C2], C.04.1 Art. 4).
- ``two_pabs``: more than one pairing-allocated bye in the round (C.04.1 Art. 3: one player at
  most is left over).
- ``colour``: a player with an absolute colour preference (colour difference beyond ±1, or the
  same colour in the last two played games, C.04.3 Art. 1.7) gets the other colour ([C3]); in the
  last round a topscorer (more than half the maximum score) and their opponent are exempt.
- ``unavailable``: a withdrawn player (Art. 21.5.2), a late entry before their first round, or a
  player who asked for a bye this round is paired in a game or given the pairing-allocated bye.
- ``unpaired``: a player who should play this round has no board at all.
- ``twice``: a player is on two boards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.records import Bye, Colour, Pairing, Result, Tournament


@dataclass(frozen=True, slots=True)
class CheckPoints:
    """Points for pairing purposes (the statute's, or match points in match events)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    pab: Fraction | None = None  # None: a win's points


@dataclass(frozen=True, slots=True)
class Violation:
    """One breach of an absolute rule. ``numbers`` are the players' pairing numbers; ``board``
    the board of the round it is on (None when the player has no board); ``rounds`` the earlier
    rounds that explain it (the earlier game, the earlier bye); ``colour`` the colour the player
    must have (``colour`` checks)."""

    code: str
    numbers: tuple[int, ...]
    board: int | None = None
    rounds: tuple[int, ...] = ()
    colour: Colour | None = None


@dataclass
class _History:
    played: dict[int, int] = field(default_factory=dict)  # opponent -> round of the game
    colours: list[Colour] = field(default_factory=list)  # colours of played games, in order
    byes: list[int] = field(default_factory=list)  # rounds of a PAB or a win without play
    score: Fraction = Fraction(0)

    def must_have(self) -> Colour | None:
        """C.04.3 Art. 1.7 absolute colour preference."""
        whites = self.colours.count(Colour.WHITE)
        blacks = len(self.colours) - whites
        if whites - blacks > 1:
            return Colour.BLACK
        if blacks - whites > 1:
            return Colour.WHITE
        if len(self.colours) >= 2 and self.colours[-1] is self.colours[-2]:
            return self.colours[-1].opposite
        return None


_WINS_UNPLAYED = {Result.WHITE_WINS_FORFEIT: Colour.WHITE, Result.BLACK_WINS_FORFEIT: Colour.BLACK}


def _histories(tournament: Tournament, before: int, points: CheckPoints) -> dict[int, _History]:
    out = {p.number: _History() for p in tournament.participants}
    pab = points.win if points.pab is None else points.pab
    values = {"win": points.win, "draw": points.draw, "loss": points.loss}
    for p in sorted(tournament.pairings, key=lambda p: (p.round, p.board)):
        if p.round >= before:
            continue
        if p.second is None:
            h = out.setdefault(p.first, _History())
            if p.bye is Bye.PAIRING_ALLOCATED:
                h.byes.append(p.round)
                h.score += pab
            elif p.bye is Bye.FULL_POINT:
                h.byes.append(p.round)
                h.score += points.win
            elif p.bye is Bye.HALF_POINT:
                h.score += points.draw
            continue
        result = p.result
        white, black = p.white, p.black
        if result is None or white is None or black is None:
            continue
        hw, hb = out.setdefault(white, _History()), out.setdefault(black, _History())
        if result.played:
            hw.played[black] = hb.played[white] = p.round
            hw.colours.append(Colour.WHITE)
            hb.colours.append(Colour.BLACK)
        elif result in _WINS_UNPLAYED:
            winner = hw if _WINS_UNPLAYED[result] is Colour.WHITE else hb
            winner.byes.append(p.round)
        for h, white_side in ((hw, True), (hb, False)):
            outcome = result.outcome_for(white_side).value
            if outcome in ("win", "forfeit_win"):
                h.score += values["win"]
            elif outcome == "draw":
                h.score += values["draw"]
            elif outcome == "loss":
                h.score += values["loss"]
    return out


def _pairs(groups: Iterable[Iterable[int]]) -> set[frozenset[int]]:
    out = set()
    for group in groups:
        members = sorted(set(group))
        out.update(frozenset((a, b)) for i, a in enumerate(members) for b in members[i + 1:])
    return out


def check_round(
    tournament: Tournament,
    round_number: int,
    *,
    points: CheckPoints = CheckPoints(),
    forbidden: Iterable[Iterable[int]] = (),
    unavailable: Iterable[int] = (),
    total_rounds: int | None = None,
) -> list[Violation]:
    """Violations of the absolute rules in the pairings of ``round_number``.

    ``unavailable``: players who must not be paired this round besides withdrawals and late
    entries (requested byes); ``forbidden``: groups of players who must not meet.
    """
    history = _histories(tournament, round_number, points)
    proposal = sorted(tournament.pairings_of_round(round_number), key=lambda p: p.board)
    excused = set(unavailable)
    total = total_rounds or tournament.rounds or round_number
    played_rounds = round_number - 1
    last_round = played_rounds >= total - 1
    threshold = played_rounds * max(points.win, points.draw) / 2
    kept_apart = _pairs(forbidden)
    out: list[Violation] = []
    seen: dict[int, int] = {}
    pabs: list[Pairing] = []
    for p in proposal:
        for number in (p.first, p.second):
            if number is None:
                continue
            if number in seen:
                out.append(Violation("twice", (number,), p.board, (seen[number],)))
            seen[number] = p.board
        if p.second is None:
            if p.bye is Bye.PAIRING_ALLOCATED:
                pabs.append(p)
                h = history.get(p.first, _History())
                if h.byes:
                    out.append(Violation("pab_again", (p.first,), p.board, tuple(h.byes)))
            continue
        white = p.white if p.white is not None else p.first
        black = p.black if p.black is not None else p.second
        hw, hb = history.get(white, _History()), history.get(black, _History())
        if black in hw.played:
            out.append(Violation("rematch", (white, black), p.board, (hw.played[black],)))
        if frozenset((white, black)) in kept_apart:
            out.append(Violation("forbidden", (white, black), p.board))
        exempt = last_round and (hw.score > threshold or hb.score > threshold)
        if not exempt:
            for number, h, colour in ((white, hw, Colour.WHITE), (black, hb, Colour.BLACK)):
                need = h.must_have()
                if need is not None and need is not colour:
                    out.append(Violation("colour", (number,), p.board, colour=need))
    if len(pabs) > 1:
        out.append(Violation("two_pabs", tuple(p.first for p in pabs), pabs[1].board))
    for participant in sorted(tournament.participants, key=lambda p: p.number):
        number = participant.number
        gone = (participant.withdrawn_after is not None
                and participant.withdrawn_after < round_number)
        early = participant.joined_round > round_number
        board = seen.get(number)
        own = [p for p in proposal if number in (p.first, p.second)]
        playing = any(p.second is not None or p.bye is Bye.PAIRING_ALLOCATED for p in own)
        if gone or early or number in excused:
            if playing:
                out.append(Violation("unavailable", (number,), board))
        elif board is None:
            out.append(Violation("unpaired", (number,)))
    return out
