"""Matching layer of the Dutch engine: maximum-weight matching and pairability checks.

Two questions are asked of graphs of players:

- *Which pairing is best?* A maximum-weight matching (Edmonds' primal-dual blossom algorithm) whose
  integer weights encode the Dutch criteria lexicographically (see ``pairings/dutch_weights.py``).
  :func:`max_weight_matching` uses rustworkx (Rust, exact with 128-bit integers) when the weights
  fit and falls back to ``pairings/blossom.py`` (pure Python, unbounded integers) otherwise.
- *Can these players still all be paired?* The completion criterion [C4] only needs a maximum
  *cardinality* matching: :func:`perfect_matching` (Edmonds' cardinality algorithm, started from a
  greedy matching or a previous one, so a re-check after a small change costs a few augmenting
  paths).

Vertices are ``0..n-1``; a matching is returned as ``mate`` with ``mate[v]`` the partner of ``v``
or ``-1``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

import rustworkx

from pairings.blossom import blossom_matching

# rustworkx computes with 128-bit integers; duals and slacks need a few bits of headroom.
RUSTWORKX_WEIGHT_LIMIT = 1 << 100

Edge = tuple[int, int, int]


def max_weight_matching(n: int, edges: Sequence[Edge]) -> list[int]:
    """A maximum-weight matching of the graph (edges with weight <= 0 are ignored)."""
    positive = [e for e in edges if e[2] > 0]
    if not positive:
        return [-1] * n
    if max(e[2] for e in positive) < RUSTWORKX_WEIGHT_LIMIT // max(n, 1):
        return _rustworkx_matching(n, positive)
    return blossom_matching(n, positive)


def _rustworkx_matching(n: int, edges: Sequence[Edge]) -> list[int]:
    graph = rustworkx.PyGraph(multigraph=False)
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    mate = [-1] * n
    for a, b in rustworkx.max_weight_matching(graph, weight_fn=int):
        mate[a] = b
        mate[b] = a
    return mate


# --- cardinality matching ---------------------------------------------------------------------


def perfect_matching(
    vertices: Sequence[int],
    adjacent: Callable[[int, int], bool],
    start: dict[int, int] | None = None,
) -> dict[int, int] | None:
    """A perfect matching of ``vertices`` in the graph given by ``adjacent``, or None.

    ``start`` (a partial matching, e.g. the previous answer) is kept where still valid, then
    completed greedily, then by augmenting paths (Edmonds' cardinality algorithm).
    """
    if len(vertices) % 2:
        return None
    index = {v: i for i, v in enumerate(vertices)}
    n = len(vertices)
    mate = [-1] * n
    if start:
        for v, w in start.items():
            i, j = index.get(v), index.get(w)
            if i is not None and j is not None and mate[i] == -1 and mate[j] == -1 and i != j:
                if start.get(w) == v and adjacent(v, w):
                    mate[i], mate[j] = j, i
    neighbours: list[list[int] | None] = [None] * n

    def adj(i: int) -> list[int]:
        row = neighbours[i]
        if row is None:
            vi = vertices[i]
            row = [j for j in range(n) if j != i and adjacent(vi, vertices[j])]
            neighbours[i] = row
        return row

    for i in range(n):
        if mate[i] == -1:
            for j in range(i + 1, n):
                if mate[j] == -1 and adjacent(vertices[i], vertices[j]):
                    mate[i], mate[j] = j, i
                    break
    for i in range(n):
        if mate[i] == -1 and not _augment_from(i, mate, adj):
            return None
    return {vertices[i]: vertices[mate[i]] for i in range(n)}


def _augment_from(root: int, mate: list[int], adj: Callable[[int], list[int]]) -> bool:
    """Edmonds' search for an augmenting path from the free vertex ``root``; augments if found.

    A blossom's vertices are found through the members of each base (not by scanning every
    vertex), and the lowest common ancestor with a set of the bases seen: each contraction costs
    the blossom's size, so a search in a large field stays near-linear."""
    n = len(mate)
    base = list(range(n))
    members: dict[int, list[int]] = {}  # base -> the vertices it stands for (if more than one)
    parent = [-1] * n
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: set[int]) -> None:
        while base[v] != b:
            blossom.add(base[v])
            blossom.add(base[mate[v]])
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    def contract(cur: int, blossom: set[int]) -> None:
        inside = sorted(x for b in blossom for x in members.get(b, (b,)))
        group = members.setdefault(cur, [cur])
        for b in blossom:
            if b != cur:
                group += members.pop(b, [b])
        for i in inside:  # in vertex order, as a scan of every vertex would meet them
            base[i] = cur
            if not used[i]:
                used[i] = True
                queue.append(i)

    while queue:
        v = queue.popleft()
        for to in adj(v):
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                cur = lca(v, to)
                blossom: set[int] = set()
                mark_path(v, cur, to, blossom)
                mark_path(to, cur, v, blossom)
                contract(cur, blossom)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:
                        pv = parent[to]
                        nxt = mate[pv]
                        mate[to], mate[pv] = pv, to
                        to = nxt
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False
