"""The common case of a bracket, solved directly and *proved* optimal (C.04.3 Art. 2-4).

In most brackets the best candidate has the handbook's natural shape: every MDP meets the highest
resident it may meet (Art. 3.2, S1 = MDPs), the remainder splits into S1 (its first half) and S2
(Art. 3.2), and only transpositions are needed (Art. 4.2), no exchanges. This module builds that
candidate with a bipartite assignment (``pairings/assignment.py``) and accepts it only with a
proof: every criterion [C6]-[C21] reaches an upper bound valid for *all* pairings of the bracket
(:func:`upper_bounds`), the next bracket can still be paired as well as possible ([C8]) and the
rest of the round stays pairable ([C4]). Then the handbook's order among equally good candidates
is the lexicographic order of S1's opponents, found from the assignment's duals.

When no proof is found the caller uses the general procedure (``pairings/dutch_bracket.py``),
which gives the same answer when both apply; the fast path only saves time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from pairings.assignment import (
    WEIGHT_LIMIT,
    lexicographic_assignment,
    max_weight_assignment,
)
from pairings.dutch_weights import WeightContext
from pairings.matching import perfect_matching
from pairings.swiss_state import Float, PlayerState

BYE = -1


@dataclass
class FastResult:
    pairs: list[tuple[int, int]]
    downfloaters: list[int]
    matching: dict[int, int]  # the next bracket's pairs (for [C9]), partner or self
    completion: dict[int, int]


class FastBracket:
    """One bracket by the natural candidate; :meth:`run` returns None when it cannot prove
    optimality."""

    def __init__(self, ctx: WeightContext, order: Sequence[PlayerState], vertices: list[int],
                 b0: int, b1: int, rest: list[int], adjacent: Callable[[int, int], bool],
                 completion: dict[int, int] | None, odd: bool) -> None:
        self.ctx = ctx
        self.order = order
        self.mdps = vertices[:b0]
        self.residents = vertices[b0:b1]
        self.next_group = vertices[b1:]
        self.rest = rest
        self.adjacent = adjacent
        self.completion = completion
        self.odd = odd

    def compatible(self, u: int, v: int) -> bool:
        return self.ctx.compatible(self.order[u], self.order[v])

    def fields(self, u: int, v: int) -> tuple[int, ...]:
        """Sub-field values of the pair u-v in the bracket (u ranked higher)."""
        _, h = self.ctx.weight(self.order[u], self.order[v], True, False)
        return self.ctx.layout.split(h)

    def run(self) -> FastResult | None:
        if len(self.mdps) > len(self.residents):
            return None
        mdp_pairs = self.pair_mdps()
        if mdp_pairs is None:
            return None
        taken = {r for _, r in mdp_pairs}
        remainder = [r for r in self.residents if r not in taken]
        half = len(remainder) // 2
        s1, s2 = remainder[:half], remainder[half:]
        solved = self.assign(s1, s2)
        if solved is None:
            return None
        weight, allowed, solution, table = solved
        candidate = [self.fields(m, r) for m, r in mdp_pairs]
        candidate += [table[i][solution.col_of[i]] for i in range(len(s1))]
        bounds = self.upper_bounds(half)
        if bounds is None or _total(candidate, len(bounds)) != bounds:
            return None
        order = [list(range(len(s2))) for _ in s1]
        cols = lexicographic_assignment(weight, allowed, solution, order)
        pairs = mdp_pairs + [(s1[i], s2[c]) for i, c in enumerate(cols)]
        used = set(cols)
        down = [s2[c] for c in range(len(s2)) if c not in used]
        checked = self.next_bracket(down)
        if checked is None:
            return None
        matching, completion = checked
        return FastResult(pairs, down, matching, completion)

    # --- the candidate -------------------------------------------------------------------

    def pair_mdps(self) -> list[tuple[int, int]] | None:
        """Each MDP in order with the highest resident it may meet (Art. 3.2, 4.2)."""
        pairs = []
        taken: set[int] = set()
        for m in self.mdps:
            for r in self.residents:
                if r not in taken and self.compatible(m, r):
                    pairs.append((m, r))
                    taken.add(r)
                    break
            else:
                return None
        return pairs

    def assign(self, s1: list[int], s2: list[int]):
        """Best assignment of S1 to S2 (weights re-encoded compactly) with its duals."""
        if not s1:
            empty = np.zeros((0, len(s2)), dtype=np.int64)
            return empty, empty.astype(bool), max_weight_assignment(empty, empty.astype(bool)), []
        table = [[self.fields(u, v) if self.compatible(u, v) else None for v in s2] for u in s1]
        allowed = np.array([[f is not None for f in row] for row in table], dtype=bool)
        values = [f for row in table for f in row if f is not None]
        encode = _encoder(values, len(s1))
        if encode is None:
            return None
        weight = np.array([[encode(f) if f is not None else 0 for f in row] for row in table],
                          dtype=np.int64)
        solution = max_weight_assignment(weight, allowed)
        if solution is None:
            return None
        return weight, allowed, solution, table

    # --- upper bounds (Art. 2: the criteria) -----------------------------------------------

    def upper_bounds(self, remainder_pairs: int) -> tuple[int, ...] | None:
        """An upper bound of every sub-field over all pairings of the bracket whose more
        important criteria are at their best. The candidate pairs every MDP with a resident and
        pairs as many as possible, which is what [C6] and [C7] ask first."""
        ctx = self.ctx
        mdps = [self.order[v] for v in self.mdps]
        residents = [self.order[v] for v in self.residents]
        everyone = mdps + residents
        pairs = len(mdps) + remainder_pairs
        if pairs != len(everyone) // 2:
            return None
        unpaired = len(everyone) - 2 * pairs
        res_score = ctx.score[residents[0].number] if residents else None
        bounds = []
        for name, score in ctx.layout.subfield_names:
            bounds.append(self._bound(name, score, mdps, residents, everyone, pairs, unpaired,
                                      res_score))
        return tuple(bounds)

    def _bound(self, name, score, mdps, residents, everyone, pairs, unpaired, res_score) -> int:
        ctx = self.ctx
        mdp_scores = [ctx.score[p.number] for p in mdps]
        if name == "C6":
            return pairs
        if name in ("C7", "C19", "C21"):
            if score == res_score:
                return pairs - len(mdps)
            return mdp_scores.count(score)
        if name in ("C8 pairs", "C8 scores"):
            return 0
        if name == "C9":
            return self._c9_bound(everyone, unpaired)
        if name in ("C10", "C11", "C12", "C13"):
            return pairs - self._colour_conflicts(name, everyone, unpaired)
        rounds_back = 1 if name in ("C14", "C15", "C18", "C19") else 2
        down = [_float(p, rounds_back) is Float.DOWN for p in residents]
        floating = max(0, unpaired - down.count(False))
        if name in ("C14", "C16"):
            return down.count(True) - floating
        if name in ("C15", "C17"):
            up = sum(_float(p, rounds_back) is Float.UP for p in residents)
            return pairs - max(0, len(mdps) - (len(residents) - up))
        # C18 / C20: scores of players paired although they downfloated before.
        if score == res_score:
            return down.count(True) - floating
        return sum(1 for p, s in zip(mdps, mdp_scores, strict=True)
                   if s == score and _float(p, rounds_back) is Float.DOWN)

    def _c9_bound(self, everyone: list[PlayerState], unpaired: int) -> int:
        ctx = self.ctx
        if not ctx.c9_active:
            return 0
        ranks = sorted(ctx.c9_ranks[p.played_games] for p in everyone
                       if ctx.score[p.number] == ctx.bye_score)
        others = sum(1 for p in self.residents if ctx.score[self.order[p].number]
                     != ctx.bye_score)
        dropped = max(0, unpaired - others)
        return sum(ranks) - sum(ranks[:dropped])

    def _colour_conflicts(self, name: str, everyone: list[PlayerState], unpaired: int) -> int:
        """Pairs that must break [C10]-[C13]: players of one kind who cannot all find a
        partner of another kind."""
        if name == "C11":
            return 0
        total = 0
        for colour in {p.colour_pref for p in everyone if p.colour_pref is not None}:
            kind = [p for p in everyone if p.colour_pref is colour and _in_kind(name, p, self.ctx)]
            excess = len(kind) - (len(everyone) - len(kind)) - unpaired
            total += max(0, (excess + 1) // 2)
        return total

    # --- the next bracket and the rest of the round ([C8], [C4]) --------------------------

    def next_bracket(self, down: list[int]):
        """[C8]: the downfloaters each meet someone of the next scoregroup and that bracket is
        paired as fully as possible; [C4]: whoever is left plus the lower players can still all
        be paired (a bye candidate left over if the count is odd)."""
        nxt = self.next_group
        if len(down) > len(nxt):
            return None
        matching: dict[int, int] = {}
        leftover: list[int] = list(down) if not nxt else []
        if nxt:
            group = down + nxt
            down_set = set(down)
            spare = len(group) % 2
            vertices = group + ([BYE] if spare else [])

            def adjacent(u: int, v: int) -> bool:
                if u == BYE or v == BYE:
                    return (v if u == BYE else u) not in down_set
                if u in down_set and v in down_set:
                    return False
                return self.compatible(u, v)

            found = perfect_matching(vertices, adjacent, self.completion)
            if found is None:
                return None
            for v in group:
                if found[v] == BYE:
                    leftover.append(v)
                else:
                    matching[v] = found[v]
        rest = leftover + self.rest + ([BYE] if self.odd else [])
        completion = perfect_matching(rest, self.adjacent, self.completion)
        if completion is None:
            return None
        merged = dict(matching)
        merged.update(completion)
        return matching, merged


def _float(player: PlayerState, rounds_back: int) -> Float:
    return player.float1 if rounds_back == 1 else player.float2


def _in_kind(name: str, p: PlayerState, ctx: WeightContext) -> bool:
    """Players two of whom, with the same preference, break the criterion when paired."""
    if name == "C10":
        return p.absolute_imbalance
    if name == "C12":
        return True
    # C13: strong or absolute preferences (two absolute ones may meet only as final-round
    # topscorers, and then do not count: be conservative there).
    return p.strong or (p.absolute and not ctx.last_round)


def _total(rows: list[tuple[int, ...]], size: int) -> tuple[int, ...]:
    if not rows:
        return (0,) * size
    return tuple(sum(col) for col in zip(*rows, strict=True))


def _encoder(values: list[tuple[int, ...]], pairs: int) -> Callable[[tuple], int] | None:
    """Integers ordered like the sub-field tuples (most significant last) over assignments of
    ``pairs`` pairs: constant and repeated sub-fields dropped, each kept one with just enough
    room. None if that does not fit comfortably in int64."""
    if not values:
        return lambda f: 0
    columns = list(zip(*values, strict=True))
    kept: list[int] = []
    seen: list[tuple[int, ...]] = []
    for index in reversed(range(len(columns))):
        col = columns[index]
        low = min(col)
        shifted = tuple(x - low for x in col)
        if not any(shifted):
            continue
        if any(_proportional(shifted, other) for other in seen):
            continue
        seen.append(shifted)
        kept.append(index)
    kept.reverse()  # least significant first
    radix = []
    span = 1
    lows = {i: min(columns[i]) for i in kept}
    for i in kept:
        radix.append(span)
        span *= pairs * (max(columns[i]) - lows[i]) + 1
    if span >= WEIGHT_LIMIT:
        return None

    def encode(f: tuple[int, ...]) -> int:
        return sum((f[i] - lows[i]) * r for i, r in zip(kept, radix, strict=True))

    return encode


def _proportional(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether a == c * b for some c > 0 (then a adds nothing to b's order)."""
    ratio = None
    for x, y in zip(a, b, strict=True):
        if (x == 0) != (y == 0):
            return False
        if x:
            if ratio is None:
                ratio = (x, y)
            elif x * ratio[1] != y * ratio[0]:
                return False
    return True
