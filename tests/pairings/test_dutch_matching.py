"""The matching layer of the Dutch engine: weighted blossom, cardinality matching, bipartite
assignment with duals, lexicographic assignment and the exchange order of Art. 4.3."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings.assignment import cost_matrix, lexicographic_assignment, min_cost_assignment
from pairings.dutch_bounds import exchanges
from pairings.matching import _rustworkx_matching, blossom_matching, perfect_matching


def _weight(mate, table):
    return sum(table[(min(v, w), max(v, w))] for v, w in enumerate(mate) if w > v)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 11), st.floats(0.1, 1.0), st.integers(0, 10**6),
       st.sampled_from([3, 10, 10**9, 2**200]))
def test_blossom_is_a_maximum_weight_matching(n, density, seed, top):
    rng = random.Random(seed)
    table = {(i, j): rng.randint(1, top) for i in range(n) for j in range(i + 1, n)
             if rng.random() < density}
    edges = [(i, j, w) for (i, j), w in table.items()]
    mate = blossom_matching(n, edges)
    assert all(mate[w] == v for v, w in enumerate(mate) if w >= 0)
    if top < 2**60 and edges:
        assert _weight(mate, table) == _weight(_rustworkx_matching(n, edges), table)
    if n <= 8:  # brute force
        best = 0
        for k in range(n // 2 + 1):
            for chosen in itertools.combinations(edges, k):
                ends = [x for e in chosen for x in e[:2]]
                if len(set(ends)) == len(ends):
                    best = max(best, sum(e[2] for e in chosen))
        assert _weight(mate, table) == best


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 12), st.floats(0.0, 1.0), st.integers(0, 10**6))
def test_perfect_matching_exists_iff_blossom_finds_one(n, density, seed):
    rng = random.Random(seed)
    edges = {(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < density}
    found = perfect_matching(list(range(n)), lambda a, b: (min(a, b), max(a, b)) in edges)
    mate = blossom_matching(n, [(i, j, 1) for i, j in edges])
    assert (found is not None) == (n == 0 or all(x >= 0 for x in mate))
    if found:
        assert all(found[found[v]] == v and (min(v, found[v]), max(v, found[v])) in edges
                   for v in found)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 5), st.integers(0, 3), st.integers(0, 10**6))
def test_lexicographic_assignment_is_the_first_best_permutation(rows, extra, seed):
    """Among maximum-weight assignments, row 0 gets the first column possible, then row 1..."""
    rng = random.Random(seed)
    cols = rows + extra
    weight = np.array([[rng.choice([0, 1, 2, 5, 7]) for _ in range(cols)] for _ in range(rows)],
                      dtype=np.int64)
    allowed = np.array([[rng.random() < 0.8 for _ in range(cols)] for _ in range(rows)])
    best = lex = None
    for perm in itertools.permutations(range(cols), rows):
        if all(allowed[i, perm[i]] for i in range(rows)):
            value = sum(int(weight[i, perm[i]]) for i in range(rows))
            if best is None or value > best or (value == best and perm < lex):
                best, lex = value, perm
    cost = cost_matrix(weight, allowed)
    solution = min_cost_assignment(cost)
    if best is None:
        assert solution is None
        return
    assert sum(int(weight[i, solution.col_of[i]]) for i in range(rows)) == best
    assert (solution.beta >= 0).all()
    assert (solution.alpha[:, None] + solution.beta[None, :] >= weight)[allowed].all()
    assert tuple(lexicographic_assignment(cost, solution)) == lex


def test_c04_3_art_4_3_exchange_order_example():
    """DUTCH.md §2.6.3: S1 = 1-4, S2 = 5-8 (BSNs 0-based here): 4<->5, then 4<->6, 3<->5,
    then 4<->7, 3<->6, 2<->5 ...; the first double exchange is {3,4}<->{5,6}."""
    order = list(exchanges(4, 4))
    singles = [(o[0] + 1, i[0] + 1) for o, i in order if len(o) == 1]
    assert singles[:6] == [(4, 5), (4, 6), (3, 5), (4, 7), (3, 6), (2, 5)]
    assert len(singles) == 16
    first_double = next((o, i) for o, i in order if len(o) == 2)
    assert first_double == ((3, 2), (4, 5))


@pytest.mark.parametrize(("s1", "s2"), [(3, 3), (2, 5), (4, 4), (3, 6)])
def test_exchanges_are_all_distinct_and_complete_for_small_groups(s1, s2):
    listed = list(exchanges(s1, s2, max_size=min(s1, s2)))
    assert len(set(listed)) == len(listed)
    expected = sum(len(list(itertools.combinations(range(s1), k)))
                   * len(list(itertools.combinations(range(s2), k)))
                   for k in range(1, min(s1, s2) + 1))
    assert len(listed) == expected
