"""What the Dutch system needs to know about each player before a round is paired.

From a :class:`~records.Tournament` and the round to pair, this module derives, per
participant: the score used for pairing (with virtual acceleration points), the colour difference
and colour preference (C.04.3 Art. 1.6/1.7, from *played* games only, C.04.2 Art. 3.4), the floats
received one and two rounds before (Art. 1.4), eligibility for the pairing-allocated bye ([C2],
C.04.1 Art. 4), the opponents already met ([C1]) and the number of games actually played ([C9]).

Scores are integers in tenths of a point, as in the TRF and in bbpPairings: the topscorer
threshold of [C3] is ``(rounds played x max(win, draw)) // 2`` in tenths, and only this unit gives
bbpPairings' rounding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from fractions import Fraction

from records import Bye, Colour, Kind, Pairing, Participant, Tournament


class DutchError(ValueError):
    """A request the Dutch engine cannot serve; the message says why, for an arbiter."""


class NoValidPairing(DutchError):
    """No pairing of the round satisfies the absolute criteria [C1]-[C3] (C.04.3 Art. 1.10):
    the chief arbiter must decide."""


class EventOver(DutchError):
    """The round asked for comes after the last round the event announces (the statute's number
    of rounds; ``XXR`` in a TRF file): there is nothing left to pair."""


class Float(Enum):
    """Art. 1.4: the float a player received in a round."""

    DOWN = "D"
    UP = "U"
    NONE = " "


def tenths(value: Fraction | Decimal | int | float | str) -> int:
    """A number of points as an integer of tenths (the TRF's and bbpPairings' unit)."""
    scaled = Fraction(str(value) if isinstance(value, float) else value) * 10
    if scaled.denominator != 1:
        raise DutchError(f"points must be multiples of 0.1 (got {value})")
    return int(scaled)


@dataclass(frozen=True, slots=True)
class PointValues:
    """Points per outcome used for pairing (TRF BBW/BBD/BBL/BBF/BBZ/BBU). A full-point bye and a
    forfeit win score ``win``; a half-point bye ``draw``; the PAB ``pab`` (a win by default)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_loss: Fraction = Fraction(0)
    zero_bye: Fraction = Fraction(0)
    pab: Fraction | None = None

    def in_tenths(self) -> Points:
        win = tenths(self.win)
        return Points(win, tenths(self.draw), tenths(self.loss), tenths(self.forfeit_loss),
                      tenths(self.zero_bye), win if self.pab is None else tenths(self.pab))


@dataclass(frozen=True, slots=True)
class Points:
    """:class:`PointValues` in tenths."""

    win: int
    draw: int
    loss: int
    forfeit_loss: int
    zero_bye: int
    pab: int


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One past round of one player. ``opponent`` is None for byes and absences."""

    opponent: int | None
    colour: Colour | None
    kind: Kind
    played: bool
    # Paired by the system: a game (even forfeited) or the pairing-allocated bye.
    participated: bool

    def points(self, points: Points) -> int:
        """bbpPairings' ``Tournament::getPoints``."""
        if self.kind is Kind.LOSS:
            if not self.participated:
                return points.zero_bye
            return points.loss if self.played else points.forfeit_loss
        if self.kind is Kind.WIN:
            if self.opponent is None and self.participated:
                return points.pab
            return points.win
        return points.draw


ABSENT = RoundRecord(None, None, Kind.LOSS, False, False)


@dataclass(slots=True)
class PlayerState:
    """One participant before the round to pair."""

    number: int
    rank: int  # effective pairing number - 1 among valid players (colour rule 5, order ties)
    history: tuple[RoundRecord, ...]
    score: int  # tenths, without virtual points
    accelerations: tuple[int, ...]  # virtual points per round (index 0 = round 1), tenths
    colour_pref: Colour | None = None
    imbalance: int = 0  # |games with White - games with Black|
    repeated: Colour | None = None  # colour of the last two played games, when equal
    strong: bool = False
    played_games: int = 0
    eligible_for_bye: bool = True
    float1: Float = Float.NONE
    float2: Float = Float.NONE
    opponents: set[int] = field(default_factory=set)

    @property
    def absolute(self) -> bool:
        """Art. 1.7: colour difference beyond +-1, or the same colour twice in a row."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    def acceleration(self, round_index: int) -> int:
        return self.accelerations[round_index] if round_index < len(self.accelerations) else 0


@dataclass(frozen=True, slots=True)
class ForbiddenPairs:
    """Players who must not meet ([C1], statute: same club or family), optionally only in rounds
    ``first_round..last_round`` (TRF-2026 line 260; XXP lines hold for every round)."""

    players: tuple[int, ...]
    first_round: int = 1
    last_round: int | None = None

    def applies(self, round_number: int) -> bool:
        last = self.last_round if self.last_round is not None else round_number
        return self.first_round <= round_number <= last


@dataclass
class RoundState:
    """All players' state before ``round_number``; ``players`` holds the players to pair."""

    round_number: int
    total_rounds: int
    points: Points
    states: dict[int, PlayerState]
    players: list[PlayerState]  # to pair, in pairing order: score (with virtual points), rank

    @property
    def played_rounds(self) -> int:
        return self.round_number - 1

    def acc_score(self, player: PlayerState, rounds_back: int = 0) -> int:
        """bbpPairings' ``scoreWithAcceleration``: the score before round
        ``round_number - rounds_back`` plus that round's virtual points."""
        score = player.score
        index = self.played_rounds
        for _ in range(rounds_back):
            index -= 1
            score -= player.history[index].points(self.points)
        return score + player.acceleration(index)

    def is_last_round(self) -> bool:
        return self.played_rounds >= self.total_rounds - 1

    def topscore_threshold(self) -> int:
        """[C3] topscorers: more than 50% of the maximum score (tenths, rounded down)."""
        return (self.played_rounds * max(self.points.win, self.points.draw)) >> 1


# --- building ---------------------------------------------------------------------------------


def build_state(
    tournament: Tournament,
    round_number: int,
    *,
    total_rounds: int,
    points: Points,
    accelerations: Mapping[int, tuple[int, ...]] | None = None,
    forbidden: Iterable[ForbiddenPairs] = (),
    unavailable: Iterable[int] = (),
) -> RoundState:
    """The state before ``round_number`` from the pairings of rounds ``1..round_number-1``."""
    if round_number < 1:
        raise DutchError("rounds are numbered from 1")
    histories = _histories(tournament, round_number)
    available = _available(tournament, round_number, set(unavailable))
    states: dict[int, PlayerState] = {}
    rank = 0
    for participant in sorted(tournament.participants, key=lambda p: p.number):
        history = histories[participant.number]
        valid = participant.number in available or any(r.participated for r in history)
        state = PlayerState(
            number=participant.number,
            rank=rank if valid else -1,
            history=history,
            score=sum(r.points(points) for r in history),
            accelerations=(accelerations or {}).get(participant.number, ()),
        )
        rank += valid
        _set_colour_data(state)
        state.eligible_for_bye = not any(
            not r.played and r.points(points) >= points.win for r in history)
        state.opponents = {r.opponent for r in history if r.played and r.opponent is not None}
        states[participant.number] = state
    _add_forbidden(states, forbidden, round_number)
    state = RoundState(round_number, total_rounds, points, states, [])
    for player in states.values():
        if round_number > 1:
            player.float1 = _float(state, player, 1)
        if round_number > 2:
            player.float2 = _float(state, player, 2)
    state.players = sorted((states[n] for n in available),
                           key=lambda p: (-state.acc_score(p), p.rank))
    return state


def _available(tournament: Tournament, round_number: int, unavailable: set[int]) -> set[int]:
    """Participants to pair: joined, not withdrawn (Art. 21.5.2), not absent or on a requested
    bye in this round (written as a bye pairing of the round, or listed by the caller)."""
    busy: set[int] = set()
    for p in tournament.pairings_of_round(round_number):
        if not p.is_bye or p.bye is Bye.PAIRING_ALLOCATED:
            raise DutchError(f"round {round_number} already has pairings")
        busy.add(p.first)
    out = set()
    for participant in tournament.participants:
        number = participant.number
        if participant.joined_round > round_number or _withdrawn(participant, round_number):
            continue
        if number not in busy and number not in unavailable:
            out.add(number)
    return out


def _withdrawn(participant: Participant, round_number: int) -> bool:
    return participant.withdrawn_after is not None and participant.withdrawn_after < round_number


def _histories(tournament: Tournament, round_number: int) -> dict[int, tuple[RoundRecord, ...]]:
    numbers = {p.number for p in tournament.participants}
    rows: dict[int, list[RoundRecord]] = {n: [ABSENT] * (round_number - 1) for n in numbers}
    for p in tournament.pairings:
        if p.round >= round_number:
            continue
        for number, record in _records(p):
            if number not in rows:
                raise DutchError(f"round {p.round}: participant {number} is not registered")
            rows[number][p.round - 1] = record
    return {n: tuple(r) for n, r in rows.items()}


def _records(p: Pairing) -> list[tuple[int, RoundRecord]]:
    if p.second is None:
        bye = p.bye or Bye.ZERO_POINT
        return [(p.first, RoundRecord(None, None, bye.outcome.kind, False,
                                      bye is Bye.PAIRING_ALLOCATED))]
    result = p.result
    if result is None:
        raise DutchError(f"round {p.round}: the game {p.first}-{p.second} has no result yet")
    white, black = p.white, p.black
    assert white is not None and black is not None
    played = result.played
    return [
        (white, RoundRecord(black, Colour.WHITE, result.outcome_for(True).kind, played, True)),
        (black, RoundRecord(white, Colour.BLACK, result.outcome_for(False).kind, played, True)),
    ]


def _set_colour_data(state: PlayerState) -> None:
    """Art. 1.6-1.7 (bbpPairings ``computePlayerData``): colour difference and preference from
    played games only; the last two *played* games decide a repeated colour."""
    whites = blacks = run = 0
    last: Colour | None = None
    for record in state.history:
        if not record.played:
            continue
        state.played_games += 1
        if record.colour is Colour.WHITE:
            whites += 1
        else:
            blacks += 1
        run = run + 1 if run and record.colour is last else 1
        last = record.colour
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    state.imbalance = abs(whites - blacks)
    if state.imbalance > 1:
        state.colour_pref = lower
    elif run > 1:
        state.colour_pref = last.opposite  # type: ignore[union-attr]
    elif state.imbalance:
        state.colour_pref = lower
    elif run:
        state.colour_pref = last.opposite  # type: ignore[union-attr]
    state.repeated = last if run > 1 else None
    state.strong = not state.absolute and state.imbalance > 0


def _float(state: RoundState, player: PlayerState, rounds_back: int) -> Float:
    """Art. 1.4 (bbpPairings ``getFloat``): a played game against a different (accelerated)
    score floats the higher one down and the other up; an unplayed round worth more than a
    loss is a downfloat; anything else is no float."""
    record = player.history[state.played_rounds - rounds_back]
    if not record.played:
        return Float.DOWN if record.points(state.points) > state.points.loss else Float.NONE
    opponent = state.states[record.opponent]  # type: ignore[index]
    mine = state.acc_score(player, rounds_back)
    theirs = state.acc_score(opponent, rounds_back)
    return Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE


def _add_forbidden(
    states: dict[int, PlayerState], forbidden: Iterable[ForbiddenPairs], round_number: int
) -> None:
    for group in forbidden:
        if not group.applies(round_number):
            continue
        members = {n for n in group.players if n in states}
        for a in members:
            opponents = states[a].opponents
            opponents |= members
            opponents.discard(a)
