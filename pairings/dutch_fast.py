"""Brackets solved directly and *proved* optimal (C.04.3 Art. 2-4), the common case.

A candidate of the handbook's shape is built: the MDPs meet residents (S1 = MDPs, Art. 3.2), the
remainder is split into S1 (its first half, after any exchange) and S2, and S1 meets S2 by a
maximum-weight bipartite assignment (``pairings/assignment.py``). The candidate is accepted only
with a proof: every criterion [C6]-[C21] reaches an upper bound valid for *all* pairings of the
bracket (``pairings/dutch_bounds.py``), the next bracket can still be paired as well as possible
([C8]) and the rest of the round stays pairable ([C4]).

Alternatives are tried in the handbook's order, each skipped only when a bound proves it cannot
reach the optimum: MDP opponents from the highest resident down (Art. 3.2), then no exchange, then
exchanges (Art. 4.3). Among equally good assignments, S1's opponents follow the transposition
order (Art. 4.2), read from the assignment's duals. Whenever the search cannot prove its answer
(an exchange of three or more players, a bound that is not reached), it gives up and the caller
uses the general procedure (``pairings/dutch_bracket.py``), which gives the same answer: this path
only saves time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from pairings.assignment import (
    INF,
    WEIGHT_LIMIT,
    Assignment,
    lexicographic_assignment,
    min_cost_assignment,
)
from pairings.dutch_bounds import bracket_bounds, exchanges, split_bounds
from pairings.dutch_weights import WeightContext
from pairings.matching import perfect_matching
from pairings.swiss_state import PlayerState

BYE = -1
# Effort per bracket before giving up: assignments tried, and their cells (rows x columns), at
# most WORK_FACTOR times the remainder's own S1 x S2 (the general procedure costs more than
# that: it weighs every pair of the bracket), or WORK_FLOOR cells in small brackets. Relative,
# not absolute: a large bracket is never handed to the general procedure for its size alone.
MAX_ASSIGNMENTS = 60
WORK_FACTOR = 8
WORK_FLOOR = 4_000_000
MAX_SPLITS = 5_000  # exchanges looked at (bounds only) per bracket


class GiveUp(Exception):
    """The search cannot prove an answer: use the general procedure."""


@dataclass
class FastResult:
    pairs: list[tuple[int, int]]
    downfloaters: list[int]
    matching: dict[int, int]  # the next bracket's pairs (for [C9]), partner or self
    completion: dict[int, int]


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _reaches(bound: tuple[int, ...] | None, target: tuple[int, ...]) -> bool:
    return bound is not None and all(b >= t for b, t in zip(bound, target, strict=True))


class FastBracket:
    """One bracket; :meth:`run` returns None when it cannot prove its answer."""

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
        self.work = self.assignments = 0

    def compatible(self, u: int, v: int) -> bool:
        return self.ctx.compatible(self.order[u], self.order[v])

    def fields(self, u: int, v: int) -> tuple[int, ...]:
        """Sub-field values of the pair u-v in the bracket (u ranked higher)."""
        _, h = self.ctx.weight(self.order[u], self.order[v], True, False)
        return self.ctx.layout.split(h)

    def bounds(self, mdps: Sequence[int], residents: Sequence[int]) -> tuple[int, ...] | None:
        return bracket_bounds(self.ctx, [self.order[v] for v in mdps],
                              [self.order[v] for v in residents])

    def run(self) -> FastResult | None:
        target = self.bounds(self.mdps, self.residents)
        if target is None:
            return None
        try:
            found = self.search_mdps(0, [], target)
        except GiveUp:
            return None
        if found is None:
            return None
        mdp_pairs, remainder_pairs, down = found
        checked = self.next_bracket(down)
        if checked is None:
            return None
        matching, completion = checked
        return FastResult(mdp_pairs + remainder_pairs, down, matching, completion)

    # --- MDPs (Art. 3.2): each, in order, meets the highest resident possible ---------------

    def search_mdps(self, index: int, pairs: list[tuple[int, int]], target: tuple[int, ...]):
        """The first MDP opponents (highest residents first) from which the target is reached;
        None when proved impossible; GiveUp when not provable."""
        taken = {r for _, r in pairs}
        if index == len(self.mdps):
            fixed = tuple(sum(c) for c in zip(*(self.fields(m, r) for m, r in pairs),
                                                strict=True)) if pairs else (0,) * len(target)
            return self.search_remainder(pairs, _sub(target, fixed))
        mdp = self.mdps[index]
        fixed = (0,) * len(target)
        for m, r in pairs:
            fixed = _add(fixed, self.fields(m, r))
        for r in self.residents:
            if r in taken or not self.compatible(mdp, r):
                continue
            rest = [x for x in self.residents if x not in taken and x != r]
            bound = self.bounds(self.mdps[index + 1:], rest)
            if bound is None or not _reaches(
                    _add(_add(fixed, self.fields(mdp, r)), bound), target):
                continue  # proved: no optimal pairing has this MDP against r
            found = self.search_mdps(index + 1, pairs + [(mdp, r)], target)
            if found is not None:
                return found
        return None

    # --- the remainder (Art. 3.3, 4.2, 4.3) ---------------------------------------------------

    def search_remainder(self, mdp_pairs: list[tuple[int, int]], target: tuple[int, ...]):
        """The first S1/S2 split in exchange order whose best assignment reaches the target,
        with S1's opponents in transposition order."""
        taken = {r for _, r in mdp_pairs}
        remainder = [r for r in self.residents if r not in taken]
        table = RemainderTable(self, remainder)
        half = len(remainder) // 2
        work_limit = max(WORK_FLOOR, WORK_FACTOR * half * (len(remainder) - half))
        small = half <= 3 or len(remainder) - half <= 3
        options = [((), ())]
        options_iter = exchanges(half, len(remainder) - half, max_size=half if small else 2)
        for looked, (out, into) in enumerate(_chain(options, options_iter)):
            if looked > MAX_SPLITS and not small:
                raise GiveUp
            high = sorted(set(range(half)) - set(out) | set(into))
            low = sorted(set(range(len(remainder))) - set(high))
            if not _reaches(table.split_bound(high, low), target):
                continue
            self.assignments += 1
            self.work += len(high) * len(low)
            if self.work > work_limit or self.assignments > MAX_ASSIGNMENTS:
                raise GiveUp
            solved = table.assign(high, low)
            if solved is None or table.total(high, low, solved[1]) != target:
                continue
            cost, solution = solved
            cols = lexicographic_assignment(cost, solution)
            pairs = [(remainder[high[i]], remainder[low[c]]) for i, c in enumerate(cols)]
            used = set(cols)
            down = [remainder[low[c]] for c in range(len(low)) if c not in used]
            return mdp_pairs, pairs, down
        if small:
            return None  # every split was tried: proved impossible
        raise GiveUp

    def next_bracket(self, down: list[int]):
        return next_bracket_check(self.compatible, down, self.next_group, self.rest,
                                  self.adjacent, self.completion, self.odd)


def next_bracket_check(compatible: Callable[[int, int], bool], down: list[int],
                       next_group: list[int], rest: list[int],
                       adjacent: Callable[[int, int], bool], completion: dict[int, int] | None,
                       odd: bool) -> tuple[dict[int, int], dict[int, int]] | None:
    """[C8]: the downfloaters each meet someone of the next scoregroup and that bracket is
    paired as fully as possible; [C4]: whoever is left plus the lower players can still all be
    paired (a bye candidate left over if the count is odd). Returns the next bracket's pairs and
    a completion of the round, or None."""
    if next_group and len(down) > len(next_group):
        return None
    matching: dict[int, int] = {}
    leftover: list[int] = list(down) if not next_group else []
    if next_group:
        group = down + next_group
        down_set = set(down)
        vertices = group + ([BYE] if len(group) % 2 else [])

        def inside(u: int, v: int) -> bool:
            if u == BYE or v == BYE:
                return (v if u == BYE else u) not in down_set
            if u in down_set and v in down_set:
                return False
            return compatible(u, v)

        found = perfect_matching(vertices, inside, completion)
        if found is None:
            return None
        for v in group:
            if found[v] == BYE:
                leftover.append(v)
            else:
                matching[v] = found[v]
    found = perfect_matching(leftover + rest + ([BYE] if odd else []), adjacent, completion)
    if found is None:
        return None
    merged = dict(matching)
    merged.update(found)
    return matching, merged


def _chain(*iterables):
    for it in iterables:
        yield from it


class RemainderTable:
    """Pair weights of a remainder, by kinds of players (numpy), for repeated assignments."""

    def __init__(self, bracket: FastBracket, remainder: list[int]) -> None:
        ctx = bracket.ctx
        self.ctx = ctx
        self.players = [bracket.order[v] for v in remainder]
        kinds: dict[tuple, int] = {}
        self.kind = np.array([kinds.setdefault(ctx.signature[p.number], len(kinds))
                              for p in self.players], dtype=np.int64)
        reps = {k: p for p, k in zip(self.players, self.kind.tolist(), strict=True)}
        size = len(kinds)
        self.values: dict[tuple[int, int], tuple[int, ...] | None] = {}
        for a in range(size):
            for b in range(size):
                t, h = ctx.kind_weight(reps[a], reps[b], True, False)
                self.values[(a, b)] = ctx.layout.split(h) if t else None
        self.met = _met_pairs(self.players)
        present = [v for v in self.values.values() if v is not None]
        self.encode = _encoder(present, len(remainder) // 2)
        # Cost per pair of kinds: minus the encoded weight; INF for kinds that may not meet
        # ([C3]). Opponents met or forbidden ([C1]) are marked per assignment.
        self.cost = np.full((size, size), INF, dtype=np.int64)
        if self.encode is not None:
            for (a, b), v in self.values.items():
                if v is not None:
                    self.cost[a, b] = -self.encode(v)

    def split_bound(self, high: list[int], low: list[int]) -> tuple[int, ...]:
        return split_bounds(self.ctx, [self.players[i] for i in high],
                            [self.players[i] for i in low])

    def assign(self, high: list[int], low: list[int]) -> tuple | None:
        """Best assignment of S1 (``high``) to S2 (``low``): a pair's higher-ranked player must
        be in S1 (bbpPairings keeps only such edges once S1 is chosen)."""
        if self.encode is None:
            raise GiveUp
        h, lo = np.array(high, dtype=np.int64), np.array(low, dtype=np.int64)
        cost = self.cost[np.ix_(self.kind[h], self.kind[lo])]
        cost[np.greater_equal.outer(h, lo)] = INF
        row_of = np.full(len(self.players), -1, dtype=np.int64)
        row_of[h] = np.arange(len(high))
        col_of = np.full(len(self.players), -1, dtype=np.int64)
        col_of[lo] = np.arange(len(low))
        rows, cols = row_of[self.met[0]], col_of[self.met[1]]
        keep = (rows >= 0) & (cols >= 0)
        cost[rows[keep], cols[keep]] = INF
        solution = min_cost_assignment(cost)
        if solution is None:
            return None
        return cost, solution

    def total(self, high: list[int], low: list[int], solution: Assignment) -> tuple[int, ...]:
        size = len(self.ctx.layout.subfields)
        total = (0,) * size
        for i, c in enumerate(solution.col_of):
            value = self.values[(int(self.kind[high[i]]), int(self.kind[low[c]]))]
            assert value is not None
            total = _add(total, value)
        return total


def _met_pairs(players: list[PlayerState]) -> tuple[np.ndarray, np.ndarray]:
    """[C1] inside a remainder: (i, j) index arrays of players i, j who met or may not meet."""
    counts = [len(p.opponents) for p in players]
    met = np.fromiter(chain.from_iterable(p.opponents for p in players), dtype=np.int64,
                      count=sum(counts))
    numbers = np.array([p.number for p in players], dtype=np.int64)
    index = np.full(int(max(numbers.max(initial=0), met.max(initial=0))) + 1, -1,
                    dtype=np.int64)
    index[numbers] = np.arange(len(players))
    first = np.repeat(np.arange(len(players)), counts)
    second = index[met]
    keep = second >= 0
    return first[keep], second[keep]


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
        if not any(shifted) or any(_proportional(shifted, other) for other in seen):
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
