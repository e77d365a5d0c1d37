"""Bipartite assignment with duals, and the lexicographically first optimal assignment.

Used for the bulk of a bracket once S1 and S2 are known (C.04.3 Art. 3.2-3.3): every S1 player
meets an S2 player; which pairing is best is a maximum-weight assignment (weights from
``pairings/dutch_weights.py``); among the best, the handbook's transposition order (Art. 4.2)
gives S1's first player the highest S2 player possible, then S1's second, and so on.

:func:`max_weight_assignment` is the shortest-augmenting-path (Hungarian) algorithm on a dense
integer matrix (numpy, exact with int64). Its duals characterise *all* optimal assignments: those
using only tight edges (``alpha[u] + beta[v] == w[u, v]``) that match every S2 player with a
positive dual (complementary slackness). :func:`lexicographic_assignment` then walks S1 in order,
testing each candidate with one alternating-path search in the tight graph instead of a new
weighted matching.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

# Weights must stay well inside int64 once potentials and path lengths are added.
WEIGHT_LIMIT = 1 << 52
_INF = np.int64(1 << 62)


@dataclass
class Assignment:
    """``col_of[u]``: the column given to row u; ``alpha``/``beta``: optimal duals (max form,
    ``beta >= 0``, zero on unassigned columns)."""

    col_of: list[int]
    alpha: np.ndarray
    beta: np.ndarray


def max_weight_assignment(weight: np.ndarray, allowed: np.ndarray) -> Assignment | None:
    """Assign every row to a distinct column maximising the total weight; None if impossible.

    ``weight`` and ``allowed`` are (rows x columns) with rows <= columns.
    """
    rows, cols = weight.shape
    cost = np.where(allowed, -weight.astype(np.int64), _INF)
    u = np.zeros(rows, dtype=np.int64)
    v = np.zeros(cols, dtype=np.int64)
    col_of = np.full(rows, -1, dtype=np.int64)
    row_of = np.full(cols, -1, dtype=np.int64)
    for start in range(rows):
        found = _augment(start, cost, allowed, u, v, col_of, row_of)
        if not found:
            return None
    return Assignment([int(c) for c in col_of], -u, -v)


def _augment(start: int, cost: np.ndarray, allowed: np.ndarray, u: np.ndarray, v: np.ndarray,
             col_of: np.ndarray, row_of: np.ndarray) -> bool:
    """One Dijkstra search from the free row ``start`` to a free column, then augment."""
    cols = cost.shape[1]
    dist = np.full(cols, _INF, dtype=np.int64)
    path = np.full(cols, -1, dtype=np.int64)
    remaining = np.ones(cols, dtype=bool)
    scanned_rows = [start]
    scanned_cols: list[int] = []
    base = np.int64(0)
    i = start
    while True:
        mask = remaining & allowed[i]
        reduced = base + cost[i] - u[i] - v
        better = mask & (reduced < dist)
        dist[better] = reduced[better]
        path[better] = i
        candidates = np.where(remaining, dist, _INF)
        lowest = candidates.min()
        if lowest >= _INF:
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


def lexicographic_assignment(weight: np.ndarray, allowed: np.ndarray, solution: Assignment,
                             preference: list[list[int]]) -> list[int]:
    """The optimal assignment in which row 0 gets its most preferred column possible, then row
    1, and so on (``preference[u]``: columns in order of preference, all of them allowed).

    Optimal assignments = perfect matchings of the tight graph that also match every column with
    a positive dual. Columns with a zero dual may stay free: they are modelled as matched to
    interchangeable dummy rows. Trying column c for row u (currently on c0): c's row r (or a
    dummy) must be rerouted to c0 along an alternating path of tight edges.
    """
    rows, cols = weight.shape
    tight = allowed & (solution.alpha[:, None] + solution.beta[None, :] == weight)
    slack_ok = solution.beta == 0  # columns that may stay unassigned
    col_of = list(solution.col_of)
    row_of = [-1] * cols
    for r, c in enumerate(col_of):
        row_of[c] = r
    tight_cols = [np.flatnonzero(tight[r]).tolist() for r in range(rows)]
    fixed_rows = [False] * rows
    fixed_cols = [False] * cols
    for u in range(rows):
        for c in preference[u]:
            if fixed_cols[c] or not tight[u, c]:
                continue
            if c == col_of[u] or _reroute(u, c, col_of, row_of, tight_cols, slack_ok,
                                          fixed_rows, fixed_cols):
                break
        fixed_rows[u] = True
        fixed_cols[col_of[u]] = True
    return col_of


def _reroute(u: int, c: int, col_of: list[int], row_of: list[int], tight_cols: list[list[int]],
             slack_ok: np.ndarray, fixed_rows: list[bool], fixed_cols: list[bool]) -> bool:
    """Give column c to row u if an optimal assignment allows it (updates the assignment)."""
    c0 = col_of[u]
    r = row_of[c]  # -1: a dummy row holds c
    # Search from r for an alternating path ending at c0 (the column u frees), avoiding u, c.
    parent: dict[tuple[str, int], tuple[str, int] | None] = {}
    start = ("r", r) if r >= 0 else ("d", 0)
    parent[start] = None
    queue = deque([start])
    dummy_done = False
    end = None
    while queue and end is None:
        kind, x = queue.popleft()
        if kind == "r":
            neighbours = tight_cols[x]
        else:
            if dummy_done:
                continue
            dummy_done = True
            neighbours = np.flatnonzero(slack_ok).tolist()
        for col in neighbours:
            if col == c or fixed_cols[col] or ("c", col) in parent:
                continue
            parent[("c", col)] = (kind, x)
            if col == c0:
                end = col
                break
            holder = row_of[col]
            node = ("r", holder) if holder >= 0 else ("d", 0)
            if holder == u or (holder >= 0 and fixed_rows[holder]):
                continue
            if node not in parent:
                parent[node] = ("c", col)
                queue.append(node)
    if end is None:
        return False
    # Apply: along the path each row takes the column it reached; u takes c.
    node: tuple[str, int] | None = ("c", end)
    assignments = []
    while node is not None:
        prev = parent[node]
        if node[0] == "c" and prev is not None:
            assignments.append((prev, node[1]))
        node = prev
    for (kind, x), col in assignments:
        if kind == "r":
            col_of[x] = col
            row_of[col] = x
        else:
            row_of[col] = -1  # a dummy takes it: the column stays free
    col_of[u] = c
    row_of[c] = u
    return True
