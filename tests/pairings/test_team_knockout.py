"""Appendix §2 for teams ("mỗi cặp đấu (hoặc 2 đội)") with appendix §4's team score: a team
knockout match is won on board points; a level match goes to the statute's decider."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairings.minimatch import MiniMatchError
from pairings.team_knockout import DECIDERS, TeamGame, team_match_state


def boards(*results, home_white_on_odd=True):
    """Board k's result, White's score first; home has White on boards 1, 3 (appendix §4)."""
    return [TeamGame(r, (k % 2 == 1) == home_white_on_odd) for k, r in enumerate(results, 1)]


def test_appendix_4_the_team_with_more_board_points_wins_the_match():
    # Home: board 1 White wins (1), board 2 Black draws (½), board 3 White wins (1), board 4
    # Black loses (0): 2½–1½.
    state = team_match_state("boards", 4, boards("1-0", "1/2-1/2", "1-0", "1-0"),
                             lot_winner="away")
    assert state.winner == "home" and state.decided_by == "points"
    assert (state.scores[0].home, state.scores[0].away) == (5, 3)  # 2½–1½ in game points


def test_appendix_2_a_team_match_is_known_only_when_every_board_has_a_result():
    state = team_match_state("boards", 4, [*boards("1-0", "1-0", "1-0"), None],
                             lot_winner="home")
    assert state.winner is None and not state.needs_extra and state.scores == ()


def test_appendix_4_board_1_first_decides_a_level_match():
    # White wins every board: home (White on boards 1, 3) wins those, away (White on boards
    # 2, 4) the others. 2–2; board 1: home.
    state = team_match_state("boards", 4, boards("1-0", "1-0", "1-0", "1-0"),
                             lot_winner="away")
    assert (state.scores[0].home, state.scores[0].away) == (4, 4)
    assert state.winner == "home" and state.decided_by == "boards"


def test_appendix_4_board_2_decides_when_board_1_is_level():
    # Board 1 drawn; board 2: home (Black) wins "0-1"; board 3 drawn; board 4: away (White)
    # wins "1-0". 2–2, board 1 level, board 2 home.
    state = team_match_state("boards", 4, boards("1/2-1/2", "0-1", "1/2-1/2", "1-0"),
                             lot_winner="away")
    assert state.winner == "home" and state.decided_by == "boards"


def test_appendix_2_every_board_level_goes_to_the_lots_as_the_last_resort():
    state = team_match_state("boards", 4, boards(*["1/2-1/2"] * 4), lot_winner="away")
    assert state.winner == "away" and state.decided_by == "lots"


def test_appendix_2_statute_lots_ignores_the_boards():
    state = team_match_state("lots", 4, boards("1-0", "1-0", "1-0", "1-0"), lot_winner="away")
    assert state.winner == "away" and state.decided_by == "lots"


def test_appendix_2_statute_extra_team_match_is_played_when_level():
    first = boards("1-0", "1-0", "1-0", "1-0")
    state = team_match_state("extra", 4, first, lot_winner="away")
    assert state.winner is None and state.needs_extra
    # The extra match, colours swapped: home has Black on boards 1, 3. Away wins board 1
    # ("1-0": White, away), the rest drawn: away 2½–1½.
    extra = boards("1-0", "1/2-1/2", "1/2-1/2", "1/2-1/2", home_white_on_odd=False)
    state = team_match_state("extra", 4, first + extra, lot_winner="home")
    assert state.winner == "away" and state.decided_by == "extra"
    assert [(s.home, s.away) for s in state.scores] == [(4, 4), (3, 5)]


def test_appendix_2_a_level_extra_match_goes_board_1_first_then_lots():
    first = boards("1-0", "1-0", "1-0", "1-0")
    extra = boards("1/2-1/2", "1-0", "1/2-1/2", "0-1", home_white_on_odd=False)
    # Extra match, colours swapped (home White on boards 2 and 4): board 1 drawn, board 2
    # home wins with White, board 3 drawn, board 4 away wins with Black. 2–2, board 1 level,
    # board 2 home's.
    state = team_match_state("extra", 4, first + extra, lot_winner="away")
    assert state.winner == "home" and state.decided_by == "extra_boards"
    drawn = boards(*["1/2-1/2"] * 4, home_white_on_odd=False)
    state = team_match_state("extra", 4, first + drawn, lot_winner="away")
    assert state.winner == "away" and state.decided_by == "lots"


def test_appendix_2_boards_beyond_the_deciders_reach_are_refused():
    with pytest.raises(MiniMatchError):
        team_match_state("boards", 2, boards("1-0", "1-0", "1-0", "1-0"), lot_winner="home")
    with pytest.raises(MiniMatchError):
        team_match_state("coin", 2, boards("1-0", "0-1"), lot_winner="home")


@given(st.sampled_from(DECIDERS), st.integers(1, 6),
       st.lists(st.sampled_from(["1-0", "0-1", "1/2-1/2", "0-0", "+-", "-+"]), min_size=12,
                max_size=12),
       st.sampled_from(["home", "away"]))
def test_appendix_2_every_finished_tie_has_a_winner_and_more_points_always_win(
        decider, n, results, lot):
    first = boards(*results[:n])
    state = team_match_state(decider, n, first, lot_winner=lot)
    score = state.scores[0]
    if score.home != score.away:
        assert state.winner == ("home" if score.home > score.away else "away")
    elif decider == "extra":
        assert state.needs_extra
        extra = boards(*results[n:2 * n], home_white_on_odd=False)
        assert team_match_state(decider, n, first + extra, lot_winner=lot).winner is not None
    else:
        assert state.winner is not None
    # The lot decides only a match level on every board.
    if state.decided_by == "lots" and decider != "lots":
        assert all(h == a for h, a in state.scores[-1].boards)
