"""Tie-break criteria, each a small function named after its FIDE C.07 code, kept as data.

``REGISTRY`` maps a code to its :class:`Tiebreak`; a statute's order is a tuple of codes
(``scoring/presets.py`` holds the named orders), so the statute's order is the code's order.

A criterion is written as in C.07 and FIDE's tie-break software: ``CODE[:PT][/MOD]``, e.g. ``BH``,
``BH/C1`` (cut the least significant value), ``BH/M1`` (median: cut the lowest and the highest),
``SB:GP`` (computed on game points instead of the primary score; ``:MP`` for match points).

Every criterion yields, per participant, a :class:`Cell`: a sort ``key`` (greater ranks higher)
and the value ``shown`` in tables and explanations. Criteria marked ``group`` (DE, H2H) are
computed inside a group of tied participants and re-applied to the sub-groups they leave tied.

Unplayed games follow C.07 §16 as FIDE's own tie-break server (TieBreakServer, ``gacrux``) reads
it; the rules are summarised here and repeated in each docstring:

- *Pre-determined pairings* (round robin): a forfeit counts as a game against the scheduled
  opponent, for everything except WON/BPG/BWG/ARO, which need a game over the board; rounds
  without an opponent (the rest of an odd round robin) count for nobody's opponent-based
  tie-break. Cancelled games (Art. 21.5.1, X) do not exist for any tie-break.
- *Swiss*: (a) the participant's own Buchholz/SB: every round not played over the board (forfeit
  either way, any bye, absence) is a game against a *dummy opponent* whose score is the
  participant's own final score (2024 text); the 2026 amendments cap it: for a forfeit, at the
  scheduled opponent's score; for a bye or an absence, at the score of all draws (½ × rounds).
  (b) the participant's score as an opponent (its *adjusted score*): its actual score, except
  that rounds without an opponent after its last round of participation (played, forfeit win,
  pairing-allocated or full-point bye) — i.e. after it withdrew — count as draws.
  (c) cut modifiers remove a voluntarily unplayed round (forfeit loss, half- or zero-point bye,
  absence: "VUR") first, before the least significant played value.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from scoring.formats import Format
from scoring.points import Entry, Kind, Scoresheet


class Edition(StrEnum):
    """The FIDE C.07 text in force: 1 August 2024, or the amendments in force from 1 March 2026."""

    C07_2024 = "2024"
    C07_2026 = "2026"


EDITION_2026_FROM = date(2026, 3, 1)


def edition_for(start: date | None) -> Edition:
    """The edition in force on the event's start date; the newest when the date is unknown."""
    if start is None or start >= EDITION_2026_FROM:
        return Edition.C07_2026
    return Edition.C07_2024


class HeadToHeadAmong(StrEnum):
    """Art. 21.3 ("căn cứ vào ván cờ đối kháng giữa các đấu thủ bằng điểm, ai thắng xếp trên")
    does not say what H2H does when three or more are tied; the statute reads it one way.

    ``ALL_TIED``: the mini-table of the games among all the tied players, re-applied to the
    players it leaves tied. ``TWO_ONLY``: it decides only a tie of exactly two; three or more
    go on to the next criterion."""

    ALL_TIED = "all"
    TWO_ONLY = "two"


class TiebreakError(ValueError):
    """A criterion that cannot be read or computed; the message names it."""


@dataclass(frozen=True, slots=True)
class Spec:
    """One criterion as the statute writes it: ``BH:GP/C1`` → code BH, score gp, cut 1 low."""

    text: str
    code: str
    score: str | None = None  # "mp", "gp" or None for the event's primary score
    cut_low: int = 0
    cut_high: int = 0

    @classmethod
    def parse(cls, text: str) -> Spec:
        raw = text.strip().upper()
        head, *mods = raw.split("/")
        code, _, pt = head.partition(":")
        if code not in REGISTRY:
            raise TiebreakError(f"unknown tie-break {text!r}; known: {', '.join(REGISTRY)}")
        score = {"": None, "MP": "mp", "GP": "gp"}.get(pt)
        if pt and score is None:
            raise TiebreakError(f"{text!r}: point type must be MP or GP")
        low = high = 0
        for mod in mods:
            kind, number = mod[:1], mod[1:]
            if kind not in ("C", "M") or not number.isdigit():
                raise TiebreakError(f"{text!r}: modifier {mod!r} is not C<n> or M<n>")
            low += int(number)
            high += int(number) if kind == "M" else 0
        if (low or high) and not REGISTRY[code].cuttable:
            raise TiebreakError(f"{text!r}: {code} takes no cut modifier")
        return cls(raw, code, score, low, high)


class Cell(NamedTuple):
    """A criterion's value for one participant: ``key`` sorts (greater is better), ``shown``
    is what a table prints."""

    key: object
    shown: object


@dataclass
class Context:
    """Everything a criterion may read, computed once per standings."""

    sheet: Scoresheet
    fmt: Format
    edition: Edition = Edition.C07_2026
    lots_seed: int | None = None
    unrated_rating: int | None = None
    # Fouls the arbiters recorded per participant (FOUL: fewer ranks higher); none recorded: 0.
    fouls: dict[int, int] = field(default_factory=dict)
    # Art. 21.3 with three or more tied: the statute's reading of H2H.
    h2h_among: HeadToHeadAmong = HeadToHeadAmong.ALL_TIED
    cache: dict[object, object] = field(default_factory=dict)

    def score(self, spec: Spec) -> str:
        return spec.score or self.sheet.primary

    @property
    def round_robin(self) -> bool:
        return self.fmt is Format.ROUND_ROBIN


Compute = Callable[..., dict[int, Cell]]


@dataclass(frozen=True, slots=True)
class Tiebreak:
    code: str
    title: str
    compute: Compute
    group: bool = False
    cuttable: bool = False


# --- scores -----------------------------------------------------------------------------------


def points(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """PTS (C.07 §5): the participant's total score — Art. 21.1 points, or under Art. 21.2 the
    primary score; ``PTS:GP`` / ``MPTS`` / ``GPTS`` name game or match points explicitly."""
    key = ctx.score(spec)
    return scaled(ctx, ctx.sheet.totals(key))


def match_points(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """MPTS: match points (Art. 21.2: 1 / ½ / 0 per match; team match points, appendix §4)."""
    return scaled(ctx, ctx.sheet.totals("mp"))


def game_points(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """GPTS: game points (Art. 21.2: 2 / 1 / 0 per game; team board points, appendix §4)."""
    return scaled(ctx, ctx.sheet.totals("gp"))


def scaled(ctx: Context, values: dict[int, int], scale: int | None = None) -> dict[int, Cell]:
    """Cells of values in the scoresheet's units (or ``scale``), shown as exact points."""
    s = ctx.sheet.unit if scale is None else scale
    return {n: Cell(v, Fraction(v, s)) for n, v in values.items()}


def count_per_round(ctx: Context, fn: Callable[[Entry], int]) -> dict[int, Cell]:
    """Cells of a count (``fn`` of each round's entry) summed over the rounds."""
    return {n: Cell(c, c) for n, c in
            ((n, sum(fn(e) for e in es)) for n, es in ctx.sheet.entries.items())}


def wins(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """WIN (C.07 §7.1): rounds that scored as much as a win, played or not — forfeit wins,
    pairing-allocated and full-point byes worth a win count. Art. 21.3 "số ván thắng" in a round
    robin, where the two agree unless forfeits occur. In two-game matches (Art. 21.2) the law
    counts games ("ván"): every game won, over the board or by forfeit, and a bye as the match's
    games won; a team's wins stay matches."""
    if ctx.sheet.wins_in_games:
        return count_per_round(ctx, lambda e: e.game_wins)
    return count_per_round(ctx, lambda e: 1 if e.win else 0)


def wins_over_board(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """WON (C.07 §7.2): games won over the board; forfeits and byes do not count. Games, not
    matches, in two-game matches (Art. 21.3 as for WIN)."""
    if ctx.sheet.wins_in_games:
        return count_per_round(ctx, lambda e: e.games_won)
    return count_per_round(ctx, lambda e: 1 if e.won else 0)


def black_games(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """BPG (C.07 §7.3): games played over the board with Black (Đen). Forfeits count as
    not played."""
    return count_per_round(ctx, lambda e: e.black_games)


def black_wins(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """BWG (C.07 §7.4; Art. 21.3 "số ván thắng bằng quân Đen"): games won with Black over the
    board. A forfeit win is not a game won with Black."""
    return count_per_round(ctx, lambda e: e.black_wins)


def progressive(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """PS (C.07 §7.5): sum of the running score after each round. Unplayed rounds add what they
    scored (a bye its value, an absence nothing). ``PS/C1`` drops the first round's running score
    (cut modifiers here cut from the start)."""
    key = ctx.score(spec)
    out = {}
    for n, es in ctx.sheet.entries.items():
        running = total = 0
        for i, e in enumerate(es):
            running += getattr(e, key)
            if i >= spec.cut_low:
                total += running
        out[n] = total
    return scaled(ctx, out)


# --- opponents' scores (C.07 §8, §9, §16) --------------------------------------------------------


def adjusted_scores(ctx: Context, key: str) -> dict[int, int]:
    """A participant's score as its opponents' tie-breaks see it (C.07 §16, Swiss).

    Actual points, except rounds with no opponent after the participant's last round of
    participation (a game, a forfeit win, a pairing-allocated or full-point bye), which count as a
    draw — the rounds after a withdrawal. In a round robin they count nothing.
    """
    cache_key = ("adjusted", key)
    if cache_key in ctx.cache:
        return ctx.cache[cache_key]  # type: ignore[return-value]
    draw = 0 if ctx.round_robin else ctx.sheet.draw_value[key]
    out = {}
    for n, es in ctx.sheet.entries.items():
        last = max((e.round for e in es if e.kind in _PARTICIPATED), default=0)
        out[n] = sum(getattr(e, key) if (e.has_opponent or e.round <= last) else draw
                     for e in es)
    ctx.cache[cache_key] = out
    return out


_PARTICIPATED = frozenset({Kind.GAME, Kind.FORFEIT_WIN, Kind.PAIRING_BYE, Kind.FULL_BYE})


class _Part(NamedTuple):
    """One round's contribution: the (real or dummy) opponent's score and the tie-break value.
    A named tuple (equal by value, like a frozen dataclass) as 2,000 players × 13 rounds make
    52,000 of them per standings."""

    score: int
    value: int
    voluntary: bool


def _parts(ctx: Context, spec: Spec, number: int, *, sb: bool) -> list[_Part]:
    """Cached :func:`_rounds_parts` (the cut variants of BH and SB share them)."""
    cache_key = ("parts", ctx.score(spec), sb)
    cached = ctx.cache.get(cache_key)
    if cached is None:
        cached = ctx.cache[cache_key] = {
            n: _rounds_parts(ctx, spec, n, sb=sb) for n in ctx.sheet.numbers}
    return cached[number]  # type: ignore[index]


def _rounds_parts(ctx: Context, spec: Spec, number: int, *, sb: bool) -> list[_Part]:
    """The rounds that make a participant's Buchholz (``sb=False``) or Sonneborn–Berger.

    Round robin: games and forfeits against the scheduled opponent, with the opponent's score.
    Swiss: games with the opponent's adjusted score; every other round against the dummy
    opponent (C.07 §16, see the module docstring for the 2024 and 2026 values).
    """
    key = ctx.score(spec)
    adjusted = adjusted_scores(ctx, key)
    entries = ctx.sheet.entries[number]
    own = sum(getattr(e, key) for e in entries)
    cap = ctx.sheet.draw_value[key] * ctx.sheet.rounds
    round_robin, capped = ctx.round_robin, ctx.edition is Edition.C07_2026
    parts = []
    for e in entries:
        kind = e.kind
        if kind is Kind.CANCELLED or kind is Kind.PENDING:
            continue
        if round_robin:
            if not e.has_opponent:
                continue
            score, voluntary = adjusted[e.opponent], False  # type: ignore[index]
        elif kind is Kind.GAME:
            score, voluntary = adjusted[e.opponent], False  # type: ignore[index]
        else:
            score, voluntary = own, kind.voluntary
            if capped:
                score = min(own, adjusted[e.opponent]) if e.opponent is not None else min(own, cap)
        parts.append(_Part(score, score * getattr(e, key) if sb else score, voluntary))
    return parts


def _cut(parts: list[_Part], low: int, high: int, rounds: int) -> int:
    """C.07 §14 modifiers. Cut-n removes the n least significant values, a voluntarily unplayed
    round's first; Median-n also removes the n most significant."""
    parts = list(parts)
    low = min(low, rounds)
    high = min(high, rounds - low)
    for _ in range(low):
        if not parts:
            break
        lowest = min(parts, key=lambda p: (p.score, p.value))
        vurs = [p for p in parts if p.voluntary]
        if vurs:
            vur = min(vurs, key=lambda p: (p.value, p.score))
            if not lowest.value > vur.value:
                lowest = vur
        parts.remove(lowest)
    for _ in range(high):
        if not parts:
            break
        parts.remove(max(parts, key=lambda p: (p.score, p.value)))
    return sum(p.value for p in parts)


def buchholz_values(ctx: Context, spec: Spec) -> dict[int, int]:
    cache_key = ("BH", ctx.score(spec), spec.cut_low, spec.cut_high)
    if cache_key not in ctx.cache:
        ctx.cache[cache_key] = {
            n: _cut(_parts(ctx, spec, n, sb=False), spec.cut_low, spec.cut_high, ctx.sheet.rounds)
            for n in ctx.sheet.numbers}
    return ctx.cache[cache_key]  # type: ignore[return-value]


def buchholz(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """BH (C.07 §8.1): sum of the opponents' scores; ``/C1``, ``/C2`` cut the lowest one or two
    (a voluntarily unplayed round first), ``/M1``, ``/M2`` the lowest and highest.
    Unplayed rounds: see the module docstring (dummy opponent in Swiss; forfeits against the
    scheduled opponent in a round robin)."""
    return scaled(ctx, buchholz_values(ctx, spec))


def sonneborn_berger(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """SB (C.07 §9.1; Art. 21.3 *hệ số*): the final scores of the opponents beaten, plus half the
    final scores of those drawn — in general, each opponent's score times the points scored
    against them (identical under Art. 21.1's 1 / ½ / 0). In a Swiss event an unplayed round
    contributes the dummy opponent's score times the points the round gave (a pairing-allocated
    bye: own score × 1; a forfeit loss: nothing). ``/C1`` cuts the contribution of the lowest
    opponent (a voluntarily unplayed round first)."""
    if not spec.cut_low and not spec.cut_high:
        # Uncut (the law's SB): each participant's rounds summed and dropped at once rather
        # than kept for a cut (26,000 of them in a 2,000 × 13 event).
        values = {n: sum(p.value for p in _rounds_parts(ctx, spec, n, sb=True))
                  for n in ctx.sheet.numbers}
    else:
        values = {n: _cut(_parts(ctx, spec, n, sb=True), spec.cut_low, spec.cut_high,
                          ctx.sheet.rounds) for n in ctx.sheet.numbers}
    return scaled(ctx, values, ctx.sheet.unit * ctx.sheet.unit)


def average_of_buchholz(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """AOB (C.07 §8.4): average of the Buchholz (same modifiers) of the opponents met over the
    board; forfeits and byes are left out. Exact; ``None`` without any game played."""
    bh = buchholz_values(ctx, spec)
    out = {}
    for n, es in ctx.sheet.entries.items():
        values = [bh[e.opponent] for e in es if e.kind is Kind.GAME and e.opponent is not None]
        avg = Fraction(sum(values), len(values) * ctx.sheet.unit) if values else None
        out[n] = Cell((avg is not None, avg or 0), avg)
    return out


def average_rating(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """ARO (C.07 §10.1): average rating of the opponents met over the board (C.07 §15.2:
    forfeits left out), rounded half up to a whole number. Unrated opponents count with
    ``unrated_rating`` when the statute gives one, else are left out."""
    out = {}
    ratings = ctx.sheet.ratings
    for n, es in ctx.sheet.entries.items():
        rs = []
        for e in es:
            if e.kind is Kind.GAME and e.opponent is not None:
                r = ratings.get(e.opponent)
                r = ctx.unrated_rating if r is None else r
                if r is not None:
                    rs.append(r)
        aro = (2 * sum(rs) + len(rs)) // (2 * len(rs)) if rs else None
        out[n] = Cell((aro is not None, aro or 0), aro)
    return out


# --- encounters among the tied (group criteria) ----------------------------------------------


def results_within(ctx: Context, spec: Spec, group: Sequence[int], *, forfeits: bool
                    ) -> dict[int, dict[int, list[int]]]:
    """Points each member of ``group`` scored against each other member, meeting by meeting."""
    key = ctx.score(spec)
    members = set(group)
    out: dict[int, dict[int, list[int]]] = {n: {} for n in group}
    for n in group:
        for e in ctx.sheet.entries[n]:
            if e.opponent in members and (e.kind is Kind.GAME or (
                    forfeits and e.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS))):
                out[n].setdefault(e.opponent, []).append(getattr(e, key))
    return out


def direct_encounter(ctx: Context, spec: Spec, group: Sequence[int]) -> dict[int, Cell]:
    """DE (C.07 §6): points scored in the games among the tied participants.

    Repeated meetings (double round robin) count as their average. When every tied participant
    has met every other (always assumed in a round robin, where forfeits count as games), the
    group is ordered by that score and equal scores stay tied. In a Swiss event where some have
    not met, a participant is placed ahead only if its score beats the best score any
    participant below it could reach by winning all its missing encounters; the first time
    that fails, the rest stay tied. Re-applied to every sub-group left tied.
    """
    results = results_within(ctx, spec, group, forfeits=ctx.round_robin)
    unit = ctx.sheet.unit
    score = {n: sum((Fraction(sum(v), len(v) * unit) for v in opp.values()), Fraction(0))
             for n, opp in results.items()}
    all_met = ctx.round_robin or all(len(results[n]) == len(group) - 1 for n in group)
    if all_met:
        return {n: Cell(score[n], score[n]) for n in group}
    win = Fraction(ctx.sheet.win_value[ctx.score(spec)], unit)
    best = {n: score[n] + (len(group) - 1 - len(results[n])) * win for n in group}
    order = sorted(group, key=lambda n: (-score[n], -best[n], n))
    keys: dict[int, object] = {}
    for i, n in enumerate(order):
        rest = order[i + 1:]
        if rest and score[n] > max(best[m] for m in rest):
            keys[n] = -i
        else:
            for m in order[i:]:
                keys[m] = -i
            break
    return {n: Cell(keys[n], score[n]) for n in group}


def head_to_head(ctx: Context, spec: Spec, group: Sequence[int]) -> dict[int, Cell]:
    """H2H (Art. 21.3, "căn cứ vào ván cờ đối kháng giữa các đấu thủ bằng điểm, ai thắng xếp
    trên"; appendix §5.3): the result of the game(s) between the tied players.

    How it differs from DE: the law's rule is written for a round robin and takes the games as
    recorded — forfeits included, every meeting summed (not averaged) — and it decides only when
    every tied player has met every other; otherwise it leaves the whole group tied (it never
    guesses at missing games as DE does in a Swiss event). Re-applied to sub-groups left tied.
    Three or more tied: the mini-table among them, or, when the statute reads Art. 21.3 so
    (``HeadToHeadAmong.TWO_ONLY``), no decision: the next criterion decides.
    """
    if ctx.h2h_among is HeadToHeadAmong.TWO_ONLY and len(group) != 2:
        return {n: Cell(0, None) for n in group}
    results = results_within(ctx, spec, group, forfeits=True)
    if not all(len(results[n]) == len(group) - 1 for n in group):
        return {n: Cell(0, None) for n in group}
    unit = ctx.sheet.unit
    return {n: Cell(v, Fraction(v, unit)) for n, v in
            ((n, sum(sum(x) for x in results[n].values())) for n in group)}


# --- last resort and teams -----------------------------------------------------------------------


def lots(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """LOT (Art. 21.3 "bốc thăm may rủi"; appendix §5.3): drawing of lots, recorded as an integer
    seed: the participants, by number, are shuffled with ``random.Random(seed)`` and the one drawn
    first ranks highest. Without a seed no lots are drawn and the tie stands."""
    if ctx.lots_seed is None:
        return {n: Cell(0, None) for n in ctx.sheet.numbers}
    order = list(ctx.sheet.numbers)
    random.Random(ctx.lots_seed).shuffle(order)
    return {n: Cell(-i, i + 1) for i, n in enumerate(order)}


def board_by_board(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """BRD (appendix §4, "xét thành tích của vận động viên khá nhất ở bàn 1 ... bàn 2"): the
    points the team scored on board 1 over all its matches, then on board 2, and so on, compared
    board by board. Forfeited boards count as scored; byes and cancelled matches are left out."""
    unit = ctx.sheet.unit
    out = {}
    for n, es in ctx.sheet.entries.items():
        width = max((len(e.boards) for e in es), default=0)
        sums = [0] * width
        for e in es:
            if e.has_opponent:
                for i, v in enumerate(e.boards):
                    sums[i] += v
        out[n] = Cell(tuple(sums), tuple(Fraction(v, unit) for v in sums))
    return out


REGISTRY: dict[str, Tiebreak] = {t.code: t for t in (
    Tiebreak("PTS", "Points", points),
    Tiebreak("MPTS", "Match points", match_points),
    Tiebreak("GPTS", "Game points", game_points),
    Tiebreak("DE", "Direct encounter (C.07 §6)", direct_encounter, group=True),
    Tiebreak("H2H", "Head-to-head (Art. 21.3)", head_to_head, group=True),
    Tiebreak("SB", "Sonneborn-Berger / coefficient (Art. 21.3)", sonneborn_berger, cuttable=True),
    Tiebreak("BH", "Buchholz", buchholz, cuttable=True),
    Tiebreak("AOB", "Average of opponents' Buchholz", average_of_buchholz, cuttable=True),
    Tiebreak("PS", "Progressive score", progressive, cuttable=True),
    Tiebreak("WIN", "Number of wins", wins),
    Tiebreak("WON", "Games won over the board", wins_over_board),
    Tiebreak("BPG", "Games played with Black", black_games),
    Tiebreak("BWG", "Games won with Black", black_wins),
    Tiebreak("ARO", "Average rating of opponents", average_rating),
    Tiebreak("BRD", "Board by board (appendix §4)", board_by_board),
    Tiebreak("LOT", "Drawing of lots", lots),
)}
