"""Colour preferences (Art. 1.7), the colour criteria [C3], [C12], [C13] (DUTCH.md §3.5 mini
examples) and colour allocation (Art. 5.2), on players whose histories give each kind of
preference."""

from __future__ import annotations

import pytest

from pairings.colours import colour_of
from pairings.dutch_weights import WeightContext
from pairings.swiss_state import PointValues, build_state
from records import Colour
from tests.scoring.builders import D, tour

WHITE, BLACK = Colour.WHITE, Colour.BLACK


def _state(total: int = 5):
    """After two drawn rounds: 1, 2 mild White (W then B); 3, 4 strong White (one game, Black;
    one round absent); 5, 6 absolute White (B, B); 7, 8 absolute Black (W, W)."""
    rounds = [
        [(1, 9, D), (2, 10, D), (11, 5, D), (12, 6, D), (7, 13, D), (8, 14, D), (15, 3, D),
         (16, 4, D)],
        [(9, 1, D), (10, 2, D), (13, 5, D), (14, 6, D), (7, 11, D), (8, 12, D), (15, 16, D)],
    ]
    t = tour(16, rounds, total)
    state = build_state(t, 3, total_rounds=total, points=PointValues().in_tenths())
    return state, WeightContext(state)


def _c12_c13(ctx, a, b):
    names = ctx.layout.subfield_names
    _, h = ctx.weight(a, b, True, False)
    values = dict(zip(names, ctx.layout.split(h), strict=True))
    return values[("C12", None)], values[("C13", None)]


def test_art_1_7_preferences_from_played_games():
    state, _ = _state()
    p = state.states
    assert (p[1].colour_pref, p[1].strong, p[1].absolute) == (WHITE, False, False)
    assert (p[3].colour_pref, p[3].strong, p[3].absolute) == (WHITE, True, False)
    assert (p[5].colour_pref, p[5].absolute) == (WHITE, True)
    assert (p[7].colour_pref, p[7].absolute) == (BLACK, True)


@pytest.mark.parametrize(("a", "b", "c12", "c13", "white"), [
    (1, 2, 0, 1, 1),  # mild vs mild: one fails [C12]; alternation ties, the higher gets W
    (3, 2, 0, 1, 3),  # strong vs mild: only the mild one fails [C12]; strong wins (5.2.2)
    (3, 4, 0, 0, 3),  # strong vs strong: [C12] and [C13] fail; higher-ranked player (5.2.4)
    (1, 7, 1, 1, 1),  # different preferences: both satisfied (5.2.1)
])
def test_c12_c13_mini_examples_and_colour_allocation(a, b, c12, c13, white):
    state, ctx = _state()
    pa, pb = state.states[a], state.states[b]
    assert _c12_c13(ctx, pa, pb) == (c12, c13)
    colour = colour_of(state, pa, pb, WHITE)
    assert (a if colour is WHITE else b) == white


def test_c3_two_absolute_preferences_for_the_same_colour():
    state, ctx = _state(total=5)
    assert not ctx.compatible(state.states[5], state.states[6])
    assert ctx.compatible(state.states[5], state.states[7])  # W and B: fine
    # Final round: allowed when one of them is a topscorer (> 50% of the maximum score).
    state, ctx = _state(total=3)
    assert state.is_last_round() and ctx.topscore == 10
    assert not ctx.compatible(state.states[5], state.states[6])  # 1 point each: not above 1
