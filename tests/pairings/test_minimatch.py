"""Mini-matches of a knockout: appendix §2 tie-break chain, Art. 4.2.2 colours, Art. 21.2 points."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairings.minimatch import (
    DEFAULT_RULES,
    RESULTS,
    Game,
    Level,
    MiniMatchError,
    MiniMatchRules,
    draw_first_white,
    minimatch_state,
    other,
    white_of_game,
)

DRAW = "½-½"


def state(games, first_white="home", rules=DEFAULT_RULES, **kw):
    return minimatch_state(rules, games, first_white=first_white, **kw)


def test_nothing_played_first_game_white_by_lot():
    s = state([], first_white="away")
    assert s.winner is None
    assert (s.next_level, s.next_game_in_level, s.next_white) == (0, 1, "away")


def test_appendix_2_two_games_one_each_goes_to_two_more():
    s = state(["1-0", "1-0"])  # home wins with White, away wins with White
    assert s.winner is None
    assert [(lv.home, lv.away, lv.complete) for lv in s.levels] == [(2, 2, True), (0, 0, False)]
    assert (s.next_level, s.next_game_in_level, s.next_white) == (1, 1, "home")


def test_art_21_2_win_and_draw_decides_with_game_points():
    s = state(["1-0", DRAW])
    assert s.winner == "home" and s.decided_at == 0
    assert (s.levels[0].home, s.levels[0].away) == (3, 1)  # 1.5-0.5 in games


def test_appendix_2_first_game_win_is_not_yet_decisive():
    s = state(["1-0"])
    assert s.winner is None and (s.next_level, s.next_game_in_level, s.next_white) == (0, 2, "away")


def test_full_chain_to_armageddon_draw_goes_to_black():
    eight_draws = [DRAW] * 8
    s = state(eight_draws)
    assert [lv.kind for lv in s.levels] == ["regular", "regular", "rapid", "blitz", "armageddon"]
    assert [lv.complete for lv in s.levels] == [True, True, True, True, False]
    assert (s.next_level, s.next_game_in_level, s.next_white) == (4, 1, "home")
    s = state([*eight_draws, DRAW])
    assert s.winner == "away" and s.decided_at == 4  # Black in game 9


def test_armageddon_win_with_white():
    s = state([DRAW] * 8 + ["1-0"], first_white="away")
    assert s.winner == "away"


def test_armageddon_draw_to_lots_when_the_statute_says_so():
    rules = MiniMatchRules(DEFAULT_RULES.levels, armageddon_draw="lots")
    s = state([DRAW] * 9, rules=rules)
    assert s.winner is None and s.awaiting_lots and s.next_level is None
    s = state([DRAW] * 9, rules=rules, lot_winner="home")
    assert s.winner == "home" and s.decided_at == 4


def test_lots_level_instead_of_armageddon():
    rules = MiniMatchRules((Level("regular", 2), Level("lots", 0)))
    s = state([DRAW, DRAW], rules=rules)
    assert s.awaiting_lots and s.winner is None
    assert state([DRAW, DRAW], rules=rules, lot_winner="away").winner == "away"
    assert state(["1-0", DRAW], rules=rules, lot_winner="away").winner == "home"  # lot unused


def test_art_4_2_2_colours_alternate_across_levels():
    s = state([DRAW] * 8, first_white="away")
    assert [g.white for g in s.games] == ["away", "home"] * 4
    assert [(g.level, g.game_in_level) for g in s.games] == [
        (lv, n) for lv in range(4) for n in (1, 2)
    ]


def test_art_9_9_e_result_with_swapped_colours_refused():
    with pytest.raises(MiniMatchError, match="9.9"):
        state([Game("1-0", white="away")])
    assert state([Game("1-0", white="home")]).games[0].home_points == 2


def test_forfeits_count_as_wins():
    s = state(["+-", "1-0"])  # home wins game 1 by forfeit, away wins game 2 with White
    assert s.winner is None and (s.levels[0].home, s.levels[0].away) == (2, 2)
    s = state(["-+", "-+"])  # White forfeits both games: home in game 1, away in game 2
    assert (s.levels[0].home, s.levels[0].away) == (2, 2)
    assert state(["+-", "-+"]).winner == "home"  # home present twice


def test_art_7_1_both_lose_a_game():
    s = state(["0-0", "1-0"])
    assert s.winner == "away" and (s.levels[0].home, s.levels[0].away) == (0, 2)
    with pytest.raises(MiniMatchError, match="chief arbiter"):
        state([DRAW] * 8 + ["0-0"])


def test_longer_level_decided_early():
    rules = MiniMatchRules((Level("regular", 4), Level("armageddon", 1)))
    s = state(["1-0", "0-1"], rules=rules)  # 2-0 up with 2 to play: can still be caught
    assert s.winner is None and s.next_game_in_level == 3
    s = state(["1-0", "0-1", DRAW], rules=rules)  # 5-1 with 1 to play
    assert s.winner == "home" and len(s.games) == 3
    with pytest.raises(MiniMatchError, match="after the match was decided"):
        state(["1-0", "0-1", DRAW, "1-0"], rules=rules)


def test_refusals():
    with pytest.raises(MiniMatchError, match="unknown result"):
        state(["2-0"])
    with pytest.raises(MiniMatchError, match="after the match was decided"):
        state(["1-0", "0-1", DRAW])
    with pytest.raises(MiniMatchError):
        state([], first_white="white")
    with pytest.raises(MiniMatchError):
        MiniMatchRules((Level("regular", 2),))
    with pytest.raises(MiniMatchError):
        MiniMatchRules((Level("armageddon", 1), Level("regular", 2)))
    with pytest.raises(MiniMatchError):
        Level("armageddon", 2)
    with pytest.raises(MiniMatchError):
        Level("rapid", 0)
    with pytest.raises(MiniMatchError):
        Level("bullet", 2)  # type: ignore[arg-type]


def test_lots_for_first_white_reproducible():
    assert draw_first_white(42) == draw_first_white(42)
    assert {draw_first_white(seed) for seed in range(50)} == {"home", "away"}
    assert white_of_game(1, "away") == "away" and white_of_game(4, "away") == "home"


@given(
    st.lists(st.sampled_from(sorted(RESULTS)), max_size=12),
    st.sampled_from(["home", "away"]),
)
def test_replay_invariants(results, first_white):
    """Any prefix that is accepted: colours alternate, earlier levels tied, winner leads."""
    try:
        s = state(results, first_white=first_white)
    except MiniMatchError:
        return  # games after the decision, or 0-0 in the deciding game
    assert len(s.games) == len(results)
    for g in s.games:
        assert g.white == (first_white if g.number % 2 else other(first_white))
    assert all(lv.home == lv.away and lv.complete for lv in s.levels[:-1])  # tied levels
    if s.winner is not None:
        last = s.levels[-1]
        if last.kind != "armageddon":
            assert (last.home > last.away) == (s.winner == "home")
    else:
        assert s.next_white == white_of_game(len(results) + 1, first_white)
