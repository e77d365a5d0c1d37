"""Knockout brackets: single and double elimination (appendix "Các hình thức thi đấu", §2, §3).

A bracket is data: matches whose two sides are *slots*, each either a seed number or the winner
or loser of an earlier match. The service persists it and records each decided winner;
:func:`resolve` turns the winners decided so far into who plays whom, what is ready, the champion
and the final placings. Nothing here knows why a match was won (play, tie-break games, walkover
after a withdrawal): the service decides that and passes the winner.

Seeds are 1..a, seed 1 the strongest (see :func:`seeds_by_rating`, :func:`seeds_from_order`,
:func:`seeds_by_lots`).

Appendix §2 (single elimination): with a = 2^n entrants everyone plays round 1; otherwise
X = (a - 2^n) * 2 entrants play round 1, 2^n the largest power of two below a, and the other
a - X (the top seeds) go straight to round 2. Matches: a - 1, plus the optional match for third
place. Appendix §3 (double elimination): round 1 as above, all in bracket A; A's losers drop to
bracket B; a loss in B eliminates; the last player of A meets the last of B in the final, and if
the A player loses it (their first loss) one deciding match more. Matches: 2a - 2, plus the
decider when played. A bye is never a match.

Colours are not the engine's business. "home" is the upper line of the bracket (the better
seed in round 1, A's player in the final); in a one-game match lots decide who is White, in a
match of several games lots decide the first game and colours then alternate (Art. 4.2.2), see
:mod:`pairings.minimatch`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

Side = Literal["home", "away"]
BracketName = Literal["A", "B", "F", "D", "3"]
FINAL = "F"
DECIDER = "D"
THIRD_PLACE = "3RD"


class KnockoutError(ValueError):
    """A bracket was asked for, or advanced, with impossible arguments."""


@dataclass(frozen=True, slots=True)
class Seed:
    """A slot held by seed number ``seed`` from the start (round 1 or a bye into round 2)."""

    seed: int


@dataclass(frozen=True, slots=True)
class WinnerOf:
    """A slot filled by the winner of match ``code``."""

    code: str


@dataclass(frozen=True, slots=True)
class LoserOf:
    """A slot filled by the loser of match ``code`` (a drop into B, the third-place match)."""

    code: str


Slot = Seed | WinnerOf | LoserOf


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the bracket.

    ``bracket``: "A" (single elimination, or double elimination's winners), "B" (losers),
    "F" (double elimination's final), "D" (its decider, played only if F's away side, the B
    player, wins F), "3" (match for third place). ``round`` and ``index`` (1-based) place the
    match inside its bracket, as in its code "A2.1"; ``stage`` is the playing round of the event
    (A and B run in parallel). ``winner_to``/``loser_to`` name the match the winner/loser goes
    to, None when they go nowhere (for F both name "D", which exists only conditionally).
    """

    code: str
    bracket: BracketName
    round: int
    index: int
    stage: int
    home: Slot
    away: Slot
    winner_to: str | None
    loser_to: str | None


@dataclass(frozen=True, slots=True)
class Bracket:
    """A whole bracket for seeds 1..entrants, matches in playing order (stage, then bracket)."""

    entrants: int
    double: bool
    third_place: bool
    size: int
    first_round_entrants: int
    byes: tuple[int, ...]
    matches: tuple[Match, ...]
    # The seed on each of the ``size`` lines, top to bottom (None: an empty line, a bye).
    lines: tuple[int | None, ...] = ()

    @property
    def match_count(self) -> int:
        """Matches without the decider and the third-place match: a - 1 or 2a - 2 (§2, §3)."""
        return sum(1 for m in self.matches if m.bracket not in ("D", "3"))

    def match(self, code: str) -> Match:
        """The match with this code; KnockoutError if there is none."""
        for m in self.matches:
            if m.code == code:
                return m
        raise KnockoutError(f"no match {code!r} in this bracket")


# --- sizes and seeding layout -------------------------------------------------------------


def _check_entrants(entrants: int) -> None:
    if isinstance(entrants, bool) or not isinstance(entrants, int) or entrants < 2:
        raise KnockoutError(f"a knockout needs at least 2 entrants, got {entrants!r}")


def bracket_size(entrants: int) -> int:
    """Smallest power of two >= entrants: the lines of the drawn bracket, byes included."""
    _check_entrants(entrants)
    return 1 << (entrants - 1).bit_length()


def first_round_entrants(entrants: int) -> int:
    """Appendix §2: X = (a - 2^n) * 2, 2^n the largest power of two below a (X = a for a = 2^m)."""
    return (entrants - bracket_size(entrants) // 2) * 2


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds down the lines of a bracket of ``size`` (a power of two), round-1 pairs adjacent.

    For 16: 1 16, 8 9, 5 12, 4 13, 3 14, 6 11, 7 10, 2 15. Built by doubling: each seed s of the
    bracket of half the size is paired with size + 1 - s, the pair's orientation alternating
    down the lines; this keeps seeds 1..2^m in different sections of size / 2^m, so seeds 1 and
    2 meet at the earliest in the final, seeds 1-4 in the semi-finals, and so on.
    """
    if size < 2 or size & (size - 1):
        raise KnockoutError(f"bracket size must be a power of two >= 2, got {size}")
    lines = [1, 2]
    while len(lines) < size:
        double = 2 * len(lines) + 1
        lines = [
            x
            for i, s in enumerate(lines)
            for x in ((s, double - s) if i % 2 == 0 else (double - s, s))
        ]
    return tuple(x for i in range(0, size, 2) for x in sorted(lines[i : i + 2]))


# --- building -----------------------------------------------------------------------------


@dataclass(slots=True)
class _Proto:
    """A match while the bracket is built: nominal round, sides, later its code."""

    bracket: str
    nominal: int
    stage: int
    home: object
    away: object
    code: str = ""
    index: int = 1


_EMPTY = None  # a side nobody will ever occupy (the loser of a bye, a B path fed only by byes)


class _Builder:
    """Collects matches; a pairing with an empty side is a bye and passes its player through."""

    def __init__(self) -> None:
        self.protos: list[_Proto] = []

    def pair(self, bracket: str, nominal: int, stage: int, home: object, away: object):
        """Return (winner side, loser side) of pairing home with away; byes are not matches."""
        if home is _EMPTY or away is _EMPTY:
            return (away if home is _EMPTY else home), _EMPTY
        proto = _Proto(bracket, nominal, stage, home, away)
        self.protos.append(proto)
        return ("W", proto), ("L", proto)


def _drop_order(stage_index: int, count: int) -> list[int]:
    """Which A match's loser meets B survivor i when A round r drops (stage_index = r - 2).

    Cycle of four orders: reversed, halves swapped, reversed with halves swapped, natural.
    Each keeps a dropped player away from the B section holding the players they beat in A for
    as long as the bracket allows (see :func:`double_elimination` for what that guarantees).
    """
    half = count // 2
    orders = (
        lambda i: count - 1 - i,
        lambda i: (i + half) % count,
        lambda i: count - 1 - (i + half) % count,
        lambda i: i,
    )
    order = orders[stage_index % 4]
    return [order(i) for i in range(count)]


def _winners_bracket(builder: _Builder, entrants: int, size: int, lines=None):
    """Bracket A (or the whole single elimination): per nominal round, winner and loser sides.
    ``lines``: the seed on each line (None: empty), by default seeds 1..entrants laid out by
    :func:`bracket_order`."""
    if lines is None:
        lines = [Seed(s) if s <= entrants else _EMPTY for s in bracket_order(size)]
    rounds = []
    current = lines
    nominal = 1
    while len(current) > 1:
        results = [
            builder.pair("A", nominal, nominal, current[i], current[i + 1])
            for i in range(0, len(current), 2)
        ]
        rounds.append(results)
        current = [winner for winner, _ in results]
        nominal += 1
    return rounds


def _losers_bracket(builder: _Builder, a_rounds):
    """Bracket B (appendix §3): returns the side of B's last player.

    Nominal B round 1 pairs the losers of neighbouring A round-1 matches; then for each A round
    r >= 2, a round where A round r's losers drop in against B's survivors (order from
    :func:`_drop_order`), followed, except after A's final, by a round among B's survivors.
    Nominal B round j is played at stage j + 1.
    """
    losers = [loser for _, loser in a_rounds[0]]
    if len(losers) == 1:
        return losers[0]
    nominal = 1
    survivors = [
        builder.pair("B", nominal, nominal + 1, losers[i], losers[i + 1])[0]
        for i in range(0, len(losers), 2)
    ]
    for r in range(2, len(a_rounds) + 1):
        dropped = [loser for _, loser in a_rounds[r - 1]]
        order = _drop_order(r - 2, len(survivors))
        nominal += 1
        survivors = [
            builder.pair("B", nominal, nominal + 1, survivors[i], dropped[order[i]])[0]
            for i in range(len(survivors))
        ]
        if len(survivors) > 1:
            nominal += 1
            survivors = [
                builder.pair("B", nominal, nominal + 1, survivors[i], survivors[i + 1])[0]
                for i in range(0, len(survivors), 2)
            ]
    return survivors[0]


def _slot(side) -> Slot:
    if isinstance(side, Seed):
        return side
    kind, proto = side
    return WinnerOf(proto.code) if kind == "W" else LoserOf(proto.code)


def _finish(builder: _Builder, entrants: int, double: bool, third_place: bool,
            size: int | None = None, lines=None) -> Bracket:
    """Give codes (rounds numbered among non-empty ones), link winner_to/loser_to, wrap up."""
    size = size or bracket_size(entrants)
    if lines is None:
        lines = [Seed(s) if s <= entrants else _EMPTY for s in bracket_order(size)]
    special = {"F": FINAL, "D": DECIDER, "3": THIRD_PLACE}
    for name in ("A", "B"):
        nominals = sorted({p.nominal for p in builder.protos if p.bracket == name})
        counters: dict[int, int] = {}
        for p in builder.protos:
            if p.bracket == name:
                rnd = nominals.index(p.nominal) + 1
                counters[rnd] = counters.get(rnd, 0) + 1
                p.code = f"{name}{rnd}.{counters[rnd]}"
                p.nominal, p.index = rnd, counters[rnd]
    for p in builder.protos:
        if p.bracket in special:
            p.code, p.nominal = special[p.bracket], 1
    protos = sorted(builder.protos, key=lambda p: (p.stage, "AB3FD".index(p.bracket)))
    goes: dict[tuple[str, str], str] = {}
    for p in protos:
        for side in (p.home, p.away):
            if not isinstance(side, Seed):
                goes[(side[0], side[1].code)] = p.code
    matches = []
    for p in protos:
        matches.append(
            Match(
                code=p.code,
                bracket=p.bracket,  # type: ignore[arg-type]
                round=p.nominal,
                index=p.index,
                stage=p.stage,
                home=_slot(p.home),
                away=_slot(p.away),
                winner_to=goes.get(("W", p.code)),
                loser_to=goes.get(("L", p.code)),
            )
        )
    first = {side.seed for m in matches if m.stage == 1 for side in (m.home, m.away)
             if isinstance(side, Seed)}
    return Bracket(
        entrants=entrants,
        double=double,
        third_place=third_place,
        size=size,
        first_round_entrants=len(first),
        byes=tuple(s for s in range(1, entrants + 1) if s not in first),
        matches=tuple(matches),
        lines=tuple(None if line is _EMPTY else line.seed for line in lines),
    )


def pass_lines(entrants: int, passes: int, skip: int) -> tuple[int, list]:
    """The lines of a single elimination whose seeds 1..``passes`` go straight to round
    ``skip`` + 1 (appendix §2: "chọn một số đấu thủ hạt giống ... cho miễn đấu 1 - 2 trận").

    The others (a - N of them) play ``skip`` rounds to give M qualifiers, who meet the N seeds
    in a round of P = N + M players, P a power of two: the smallest P with a - N <= M * 2^skip
    (every qualifier's section full at most), and the others must fill at least half their
    sections' lines (a - N >= M * 2^(skip - 1)), or the seeds' pass would be a bye that any
    bracket gives (KnockoutError). The L = P * 2^skip lines follow :func:`bracket_order`: a
    passing seed's section of 2^skip lines holds only that seed; the other labels, in their
    order, go to seeds N + 1..a, and the highest labels left are empty (byes, to the best of
    the others, as in the appendix's formula X = (a - 2^n) * 2).

    Returns (L, the seed on each line or None).
    """
    _check_entrants(entrants)
    if skip not in (1, 2):
        raise KnockoutError(f"seeds skip one or two rounds, not {skip}")
    if not 0 < passes < entrants:
        raise KnockoutError(f"{passes} seeds cannot be given a pass among {entrants} entrants")
    others = entrants - passes
    block = 1 << skip
    players = 1
    while players <= passes or (players - passes) * block < others:
        players *= 2
    qualifiers = players - passes
    if others < qualifiers * block // 2:
        raise KnockoutError(
            f"with {entrants} entrants, {passes} seeds cannot skip {skip} round(s): the "
            f"{others} others would fill fewer than half of the {qualifiers * block} lines "
            f"that give {qualifiers} qualifiers")
    size = players * block
    labels = bracket_order(size)
    sections = [labels[i:i + block] for i in range(0, size, block)]
    empty = {label for section in sections if min(section) <= passes
             for label in section if label != min(section)}
    remaining = sorted(set(labels) - empty - set(range(1, passes + 1)))
    seat = {label: passes + k for k, label in enumerate(remaining[:others], start=1)}
    seat.update({s: s for s in range(1, passes + 1)})
    return size, [Seed(seat[label]) if label in seat else _EMPTY for label in labels]


def single_elimination(entrants: int, *, third_place: bool = False, passes: int = 0,
                       skip: int = 1) -> Bracket:
    """Single elimination for seeds 1..entrants (appendix §2).

    Byes go to seeds 1..(size - a), paired in the layout with the missing seeds a + 1..size.
    ``passes``: the statute gives seeds 1..passes a pass of ``skip`` rounds (one or two,
    :func:`pass_lines`). ``third_place`` adds a match between the semi-final losers, played
    with the final; it needs two semi-finals, so at least 4 entrants.
    """
    size = bracket_size(entrants)
    if third_place and entrants < 4:
        raise KnockoutError("a match for third place needs at least 4 entrants")
    lines = None
    if passes:
        size, lines = pass_lines(entrants, passes, skip)
    builder = _Builder()
    a_rounds = _winners_bracket(builder, entrants, size, lines)
    if third_place:
        semis = a_rounds[-2]
        stage = len(a_rounds)
        builder.pair("3", 1, stage, semis[0][1], semis[1][1])
    return _finish(builder, entrants, double=False, third_place=third_place, size=size,
                   lines=lines)


def double_elimination(entrants: int) -> Bracket:
    """Double elimination for seeds 1..entrants (appendix §3): A, B, final F, decider D.

    Rematches in B. Two players can meet again in B only if one of them beat the other in A.
    The drop orders (:func:`_drop_order`) guarantee, counting B rounds in the full bracket of
    ``size`` lines (B round j is played at stage j + 1; byes only remove possibilities):

    - B round 1 is never a rematch (its players all lost in round 1, to different players), nor,
      from 8 lines up, B round 2 (each dropped player meets the B side of another quarter);
    - so a player's first B match is never against the player who sent them to B, except with
      3 entrants (the bye leaves them only the B final);
    - up to 64 lines a rematch is possible only in B's last four rounds (last three for 16
      lines, last two for 8): the first B round where one can happen is 3 for 8 lines, 4 for
      16, 5 for 32, 7 for 64. For 8-32 lines no drop order does better (exhaustive search, B's
      own rounds pairing neighbours). From 128 lines it is B round 8.
    """
    size = bracket_size(entrants)
    builder = _Builder()
    a_rounds = _winners_bracket(builder, entrants, size)
    b_last = _losers_bracket(builder, a_rounds)
    a_last = a_rounds[-1][0][0]
    final_stage = 2 * len(a_rounds)
    winner, loser = builder.pair("F", 1, final_stage, a_last, b_last)
    builder.pair("D", 1, final_stage + 1, loser, winner)
    return _finish(builder, entrants, double=True, third_place=False)


def knockout(entrants: int, *, double: bool = False, third_place: bool = False,
             passes: int = 0, skip: int = 1) -> Bracket:
    """Either bracket, as an event's statute chooses it; seeds' passes in single elimination
    only (a loser's bracket is fed by round 1's losers)."""
    if double and third_place:
        raise KnockoutError("double elimination has no match for third place")
    if double:
        if passes:
            raise KnockoutError("seeds' passes are for single elimination")
        return double_elimination(entrants)
    return single_elimination(entrants, third_place=third_place, passes=passes, skip=skip)


# --- advancing -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchState:
    """Who occupies a match now (None: not known yet) and how it stands.

    status: "waiting" (a side unknown), "ready" (both known, no winner yet), "decided",
    or "void" (the decider when F was won by the A player).
    """

    code: str
    home: int | None
    away: int | None
    winner: int | None
    loser: int | None
    status: Literal["waiting", "ready", "decided", "void"]


@dataclass(frozen=True, slots=True)
class Placing:
    """Final place of a seed: ``place`` alone, or shared with others down to ``place_to``."""

    seed: int
    place: int
    place_to: int

    @property
    def shared(self) -> bool:
        """True when several players share the places place..place_to (e.g. 5-8)."""
        return self.place_to > self.place


@dataclass(frozen=True, slots=True)
class BracketState:
    """Result of :func:`resolve`: matches, those ready to play, champion, known placings."""

    matches: tuple[MatchState, ...]
    ready: tuple[str, ...]
    champion: int | None
    placings: tuple[Placing, ...]

    @property
    def finished(self) -> bool:
        """True once the champion is known."""
        return self.champion is not None


def _elimination_groups(bracket: Bracket) -> list[tuple[str, ...]]:
    """Codes of the matches whose losers share a place, best places first.

    Single elimination: the final, then each earlier round (its losers share, e.g. 5-8), the
    semi-finals replaced by the third-place match when there is one. Double elimination: the
    title match (F, or D when played), then B's rounds from the last to the first.
    """
    name = "B" if bracket.double else "A"
    last = max((m.round for m in bracket.matches if m.bracket == name), default=0)
    groups: list[tuple[str, ...]] = []
    if bracket.double:
        groups.append((FINAL,))
    for rnd in range(last, 0, -1):
        codes = tuple(m.code for m in bracket.matches if m.bracket == name and m.round == rnd)
        if bracket.third_place and rnd == last - 1:
            codes = (THIRD_PLACE,)
        groups.append(codes)
    return groups


def resolve(bracket: Bracket, winners: Mapping[str, Side]) -> BracketState:
    """Occupants, ready matches, champion and placings from the winners decided so far.

    ``winners`` maps a match code to "home" or "away". A winner may be given only for a match
    whose two players are known, and for D only when F's away side won F (appendix §3: the A
    player's first loss). A walkover is just a winner here.
    """
    known = {m.code for m in bracket.matches}
    for code, side in winners.items():
        if code not in known:
            raise KnockoutError(f"no match {code!r} in this bracket")
        if side not in ("home", "away"):
            raise KnockoutError(f"winner of {code} must be 'home' or 'away', got {side!r}")
    played: dict[str, tuple[int, int]] = {}  # code -> (winner seed, loser seed)

    def occupant(slot: Slot) -> int | None:
        if isinstance(slot, Seed):
            return slot.seed
        if slot.code not in played:
            return None
        return played[slot.code][0 if isinstance(slot, WinnerOf) else 1]

    states = []
    for m in bracket.matches:
        home, away = occupant(m.home), occupant(m.away)
        void = m.bracket == "D" and winners.get(FINAL) == "home"
        if void or (m.bracket == "D" and FINAL not in winners):
            home = away = None
        side = winners.get(m.code)
        if side is not None and void:
            raise KnockoutError("D is played only when the B player (F's away side) wins F")
        if side is not None and (home is None or away is None):
            raise KnockoutError(f"result for {m.code} before both its players are known")
        if side is None:
            both = home is not None and away is not None
            status = "void" if void else ("ready" if both else "waiting")
            states.append(MatchState(m.code, home, away, None, None, status))
            continue
        assert home is not None and away is not None
        won, lost = (home, away) if side == "home" else (away, home)
        played[m.code] = (won, lost)
        states.append(MatchState(m.code, home, away, won, lost, "decided"))
    champion = _champion(bracket, winners, played)
    return BracketState(
        matches=tuple(states),
        ready=tuple(s.code for s in states if s.status == "ready"),
        champion=champion,
        placings=_placings(bracket, played, champion),
    )


def _champion(bracket: Bracket, winners: Mapping[str, Side], played) -> int | None:
    if bracket.double:
        title = DECIDER if winners.get(FINAL) == "away" else FINAL
    else:
        title = max((m for m in bracket.matches if m.bracket == "A"), key=lambda m: m.round).code
    return played[title][0] if title in played else None


def _placings(bracket: Bracket, played, champion: int | None) -> tuple[Placing, ...]:
    """Appendix §2/§3 give no placing rule beyond "loser is out"; places follow elimination."""
    placings = []
    if champion is not None:
        placings.append(Placing(champion, 1, 1))
    place = 2
    for codes in _elimination_groups(bracket):
        if codes == (FINAL,) and DECIDER in played:
            codes = (DECIDER,)
        if codes == (THIRD_PLACE,):
            if THIRD_PLACE in played:
                won, lost = played[THIRD_PLACE]
                placings += [Placing(won, place, place), Placing(lost, place + 1, place + 1)]
            place += 2
            continue
        place_to = place + len(codes) - 1
        if codes == (FINAL,) and FINAL in played and champion is None:
            codes = ()  # F won by the B player: nobody is out yet, the decider comes
        placings += [Placing(played[c][1], place, place_to) for c in codes if c in played]
        place = place_to + 1
    return tuple(sorted(placings, key=lambda p: (p.place, p.seed)))


# --- seeding ------------------------------------------------------------------------------


def _numbered(order: Sequence[int]) -> dict[int, int]:
    if len(set(order)) != len(order):
        raise KnockoutError("an entrant appears twice")
    return {entrant: seed for seed, entrant in enumerate(order, start=1)}


def seeds_from_order(order: Sequence[int]) -> dict[int, int]:
    """Seed numbers (entrant id -> seed) from a list given by the statute, strongest first."""
    return _numbered(list(order))


def seeds_by_rating(ratings: Mapping[int, int | None]) -> dict[int, int]:
    """Seed numbers by rating, highest first; unrated last; equal ratings by entrant id."""
    order = sorted(ratings, key=lambda e: (ratings[e] is None, -(ratings[e] or 0), e))
    return _numbered(order)


def seeds_by_lots(entrants: Sequence[int], seed: int) -> dict[int, int]:
    """Seed numbers drawn by lots (*bốc thăm*), reproducible from the stored integer ``seed``.

    The result depends only on the set of entrant ids and ``seed``, not on their given order.
    """
    order = sorted(entrants)
    random.Random(seed).shuffle(order)
    return _numbered(order)
