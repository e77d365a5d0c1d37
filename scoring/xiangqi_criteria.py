"""Tie-break criteria of Xiangqi regulations (CXA, AXF, WXF) that FIDE C.07 does not express.

Sources (see docs/scoring.md): the Chinese Xiangqi Association's competition rules 2011, art.
14 (对手分, 胜局, 直胜, 犯规, 后走局数, 后走胜局; 14.4: a bye's opponent score); WXF's supplemental
rules to the 14th World Championship, §2.3 (a bye counts as the lowest player's score) and the
18th World Championship regulation (2023), VIII b (opponent score, then the direct match).

- ``OS`` (对手分): the sum of the final scores of the opponents met over the board; every round
  without an over-the-board opponent — pairing-allocated or requested bye, forfeit won or lost,
  absence, a round after a withdrawal — counts as the lowest final score of any participant
  who took part in the event (WXF 14th WC §2.3). ``OSP``: the lowest score among participants
  with points (CXA 2011 art. 14.4, "有分棋手中的最低得分"). ``OS0``: such rounds count 0.
  Rounds cancelled under Art. 21.5.1 (X) and results still awaited count nothing.
- ``FOUL`` (犯规): fewer fouls recorded by the arbiters ranks higher.
- ``WWG`` (先手胜局): games won with White/Red over the board (forfeits are not games won).
- ``H2H2`` (直胜): only when exactly two are tied, the one who scored more against the other
  over all their meetings (forfeits included, as recorded) ranks higher; a larger group stays
  tied. C.07's DE and the law's H2H decide larger groups too.
The progressive score 累进分 (each round's running score, summed) is C.07's ``PS`` exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.points import Kind
from scoring.tiebreaks import (
    REGISTRY,
    Cell,
    Context,
    Spec,
    Tiebreak,
    count_per_round,
    results_within,
    scaled,
)

_NOTHING = frozenset({Kind.CANCELLED, Kind.PENDING})


def lowest_score(ctx: Context, key: str, *, with_points: bool) -> int:
    """The lowest final score of a participant who took part (a round not cancelled)."""
    totals = ctx.sheet.totals(key)
    scores = [totals[n] for n, es in ctx.sheet.entries.items()
              if any(e.kind not in _NOTHING for e in es)]
    if with_points:
        scores = [s for s in scores if s > 0]
    return min(scores, default=0)


def opponent_score_values(ctx: Context, spec: Spec, unplayed: int) -> dict[int, int]:
    """Opponents' final scores over the board, ``unplayed`` for every other round."""
    key = ctx.score(spec)
    totals = ctx.sheet.totals(key)
    out = {}
    for n, es in ctx.sheet.entries.items():
        out[n] = sum(totals[e.opponent] if e.kind is Kind.GAME and e.opponent is not None
                     else unplayed for e in es if e.kind not in _NOTHING)
    return out


def opponent_score(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """OS (对手分, WXF 14th WC §2.3): unplayed rounds count as the event's lowest score."""
    low = lowest_score(ctx, ctx.score(spec), with_points=False)
    return scaled(ctx, opponent_score_values(ctx, spec, low))


def opponent_score_scoring(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """OSP (CXA 2011 art. 14.4): unplayed rounds count as the lowest score of those with
    points."""
    low = lowest_score(ctx, ctx.score(spec), with_points=True)
    return scaled(ctx, opponent_score_values(ctx, spec, low))


def opponent_score_zero(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """OS0: opponent score with unplayed rounds counting 0 (a statute's option)."""
    return scaled(ctx, opponent_score_values(ctx, spec, 0))


def fewer_fouls(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """FOUL (犯规; CXA 2011 art. 14): fewer recorded fouls rank higher."""
    return {n: Cell(-ctx.fouls.get(n, 0), ctx.fouls.get(n, 0)) for n in ctx.sheet.numbers}


def white_wins(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """WWG (先手胜局): games won with White/Red over the board."""
    return count_per_round(ctx, lambda e: e.white_wins)


def head_to_head_of_two(ctx: Context, spec: Spec, group: Sequence[int]) -> dict[int, Cell]:
    """H2H2 (直胜, CXA 2011 art. 14.1, 14.2; WXF 2023 VIII b "the winner of the direct match"):
    decides only a tie of exactly two who met; points scored against each other, summed."""
    results = results_within(ctx, spec, group, forfeits=True)
    if len(group) != 2 or not all(results[n] for n in group):
        return {n: Cell(0, None) for n in group}
    unit = ctx.sheet.unit
    return {n: Cell(v, Fraction(v, unit)) for n, v in
            ((n, sum(sum(x) for x in results[n].values())) for n in group)}


REGISTRY.update((t.code, t) for t in (
    Tiebreak("OS", "Opponent score, unplayed rounds as the lowest score (WXF)", opponent_score),
    Tiebreak("OSP", "Opponent score, unplayed rounds as the lowest score with points (CXA)",
             opponent_score_scoring),
    Tiebreak("OS0", "Opponent score, unplayed rounds as 0", opponent_score_zero),
    Tiebreak("FOUL", "Fewer fouls", fewer_fouls),
    Tiebreak("WWG", "Games won with White/Red", white_wins),
    Tiebreak("H2H2", "Direct win between exactly two tied", head_to_head_of_two, group=True),
))
