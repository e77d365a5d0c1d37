"""Bipartite assignment with duals, and the lexicographically first optimal assignment.

Used for the bulk of a bracket once S1 and S2 are known (C.04.3 Art. 3.2-3.3): every S1 player
meets an S2 player; which pairing is best is a maximum-weight assignment (weights from
``pairings/dutch_weights.py``); among the best, the handbook's transposition order (Art. 4.2)
gives S1's first player the highest S2 player possible, then S1's second, and so on.

:func:`min_cost_assignment` is the shortest-augmenting-path (Hungarian) algorithm on a dense
integer cost matrix (numpy, exact with int64; the cost is minus the weight, ``INF`` where a pair
is not allowed). Its duals characterise *all* optimal assignments: those
using only tight edges (``alpha[u] + beta[v] == w[u, v]``) that match every S2 player with a
positive dual (complementary slackness). :func:`lexicographic_assignment` then walks S1 in order,
testing each candidate with one alternating-path search in the tight graph instead of a new
weighted matching.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Weights must stay well inside int64 once potentials and path lengths are added.
WEIGHT_LIMIT = 1 << 52
INF = np.int64(1 << 62)
_BLOCK = 512  # rows per block when the tight graph is built


@dataclass
class Assignment:
    """``col_of[u]``: the column given to row u; ``alpha``/``beta``: optimal duals (max form,
    ``beta >= 0``, zero on unassigned columns)."""

    col_of: list[int]
    alpha: np.ndarray
    beta: np.ndarray


def cost_matrix(weight: np.ndarray, allowed: np.ndarray) -> np.ndarray:
    """The cost form of a weight matrix: ``-weight``, and ``INF`` where no edge is allowed."""
    cost = np.negative(weight, dtype=np.int64)
    cost[~allowed] = INF
    return cost


def min_cost_assignment(cost: np.ndarray) -> Assignment | None:
    """Assign every row to a distinct column minimising the total cost (maximising the weight
    ``-cost``); ``INF`` marks a forbidden pair; None if impossible.

    ``cost`` is (rows x columns) with rows <= columns; it is not modified.
    """
    rows, cols = cost.shape
    u = np.zeros(rows, dtype=np.int64)
    v = np.zeros(cols, dtype=np.int64)
    col_of = np.full(rows, -1, dtype=np.int64)
    row_of = np.full(cols, -1, dtype=np.int64)
    for start in range(rows):
        found = _augment(start, cost, u, v, col_of, row_of)
        if not found:
            return None
    return Assignment([int(c) for c in col_of], -u, -v)


def _augment(start: int, cost: np.ndarray, u: np.ndarray, v: np.ndarray, col_of: np.ndarray,
             row_of: np.ndarray) -> bool:
    """One Dijkstra search from the free row ``start`` to a free column, then augment."""
    cols = cost.shape[1]
    dist = np.full(cols, INF, dtype=np.int64)
    path = np.full(cols, -1, dtype=np.int64)
    remaining = np.ones(cols, dtype=bool)
    scanned_rows = [start]
    scanned_cols: list[int] = []
    base = np.int64(0)
    i = start
    while True:
        mask = remaining & (cost[i] < INF)
        reduced = base + cost[i] - u[i] - v
        better = mask & (reduced < dist)
        dist[better] = reduced[better]
        path[better] = i
        candidates = np.where(remaining, dist, INF)
        lowest = candidates.min()
        if lowest >= INF:
            return False
        ties = np.flatnonzero(candidates == lowest)
        free = ties[row_of[ties] == -1]
        j = int(free[0]) if free.size else int(ties[0])
        base = lowest
        if row_of[j] == -1:
            break
        remaining[j] = False
        scanned_cols.append(j)
        i = int(row_of[j])
        scanned_rows.append(i)
    u[start] += base
    for r in scanned_rows[1:]:
        u[r] += base - dist[col_of[r]]
    for c in scanned_cols:
        v[c] -= base - dist[c]
    while True:
        r = int(path[j])
        row_of[j] = r
        j, col_of[r] = int(col_of[r]), j
        if r == start:
            return True


def lexicographic_assignment(cost: np.ndarray, solution: Assignment) -> list[int]:
    """The optimal assignment in which row 0 gets the lowest column possible, then row 1, and
    so on (columns are in order of preference: S2 by BSN, Art. 4.2).

    Optimal assignments = perfect matchings of the tight graph that also match every column with
    a positive dual. Columns with a zero dual may stay free: they are held by interchangeable
    dummy rows. Row u (on column c0) may take column c if c's holder can reach c0 along an
    alternating path of tight edges: one backward search from c0 answers for every c at once.
    """
    rows = cost.shape[0]
    state = _Tight(cost, solution)
    for u in range(rows):
        options = state.bits[u] & state.open_cols
        c0 = state.col_of[u]
        if options & ((1 << c0) - 1):  # a better column is tight: can u have it?
            state.improve(u, options & ((1 << c0) - 1))
        state.fix(u)
    return state.col_of


class _Tight:
    """The current optimal assignment and its tight graph, as column bitmasks per row."""

    DUMMY = -1

    def __init__(self, cost: np.ndarray, solution: Assignment) -> None:
        rows, cols = cost.shape
        alpha, beta = solution.alpha, solution.beta
        # Bitmasks both ways: tight columns per row, tight rows per column (for the backward
        # searches), built a block of rows at a time (no rows x columns temporaries).
        self.bits = []
        self.col_rows = [0] * cols
        for first in range(0, rows, _BLOCK):
            block = slice(first, min(first + _BLOCK, rows))
            tight = (cost[block] < INF) & (alpha[block, None] + beta[None, :] == -cost[block])
            self.bits += [_bitmask(row) for row in tight]
            for c, mask in enumerate(_column_masks(tight)):
                self.col_rows[c] |= mask << first
        self.slack = _bitmask(solution.beta == 0)
        self.col_of = list(solution.col_of)
        self.row_of = [self.DUMMY] * cols
        for r, c in enumerate(self.col_of):
            self.row_of[c] = r
        self.free_cols = sum(1 << c for c in range(cols) if self.row_of[c] == self.DUMMY)
        self.open_cols = (1 << cols) - 1
        self.open_rows = (1 << rows) - 1

    def fix(self, u: int) -> None:
        self.open_rows &= ~(1 << u)
        self.open_cols &= ~(1 << self.col_of[u])

    def improve(self, u: int, better: int) -> None:
        """Give u the lowest column of ``better`` (a bitmask of tight open columns below its
        own) that an optimal assignment allows, if any."""
        c0 = self.col_of[u]
        first = (better & -better).bit_length() - 1
        good, dummy_next = self._reaching(u, c0, self.row_of[first])
        while better:
            c = (better & -better).bit_length() - 1
            better &= better - 1
            holder = self.row_of[c]
            if holder in good or (holder == self.DUMMY and dummy_next is not None):
                self._apply(u, c, c0, holder, good, dummy_next)
                return

    def _reaching(self, u: int, c0: int, wanted: int) -> tuple[dict[int, int], int | None]:
        """Rows (other than u) that can move along tight edges so that c0 ends up taken, with
        the column each moves to (the lowest of its level); the same for the dummies (None if
        they cannot). Breadth first from c0, each row and column visited once; it stops as soon
        as ``wanted`` (the holder of u's best column, a row or DUMMY) is reached."""
        good: dict[int, int] = {}
        dummy_next: int | None = None
        frontier = 1 << c0
        waiting = self.open_rows & ~(1 << u)
        while frontier:
            reached = 0
            if dummy_next is None and self.slack & frontier & self.open_cols:
                hit = self.slack & frontier & self.open_cols
                dummy_next = (hit & -hit).bit_length() - 1
                reached |= self.free_cols & self.open_cols
                if wanted == self.DUMMY:
                    break
            columns = frontier
            while columns and waiting:
                c = (columns & -columns).bit_length() - 1
                columns &= columns - 1
                hit = self.col_rows[c] & waiting
                if wanted >= 0 and (hit >> wanted) & 1:
                    good[wanted] = c
                    return good, dummy_next
                waiting &= ~hit
                while hit:
                    r = (hit & -hit).bit_length() - 1
                    hit &= hit - 1
                    good[r] = c
                    reached |= 1 << self.col_of[r]
            frontier = reached & self.open_cols
        return good, dummy_next

    def _apply(self, u: int, c: int, c0: int, holder: int, good: dict[int, int],
               dummy_next: int | None) -> None:
        self._move(u, c)
        cur = holder
        while True:
            y = dummy_next if cur == self.DUMMY else good[cur]
            previous = self.row_of[y] if y != c0 else u
            self._move(cur, y)
            if y == c0:
                return
            cur = previous

    def _move(self, r: int, c: int) -> None:
        if r == self.DUMMY:
            self.row_of[c] = self.DUMMY
            self.free_cols |= 1 << c
            return
        self.col_of[r] = c
        self.row_of[c] = r
        self.free_cols &= ~(1 << c)


def _column_masks(block: np.ndarray) -> list[int]:
    """Per column of a (rows x columns) boolean block, its True rows as a bitmask."""
    packed = np.packbits(block, axis=0, bitorder="little")
    return [int.from_bytes(packed[:, c].tobytes(), "little") for c in range(block.shape[1])]


def _bitmask(flags: np.ndarray) -> int:
    """The set of True positions as an integer bitmask (bit i = position i)."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")
