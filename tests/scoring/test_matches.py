"""A match's result from its games (Art. 21.2; appendix §4): known answers."""

from records import Result
from scoring.matches import match_result

W, D, B = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


def test_art_21_2_the_side_with_more_game_points_wins_colours_alternating():
    # game 1: the first-named side has White and wins; game 2: it has Black and draws
    assert match_result([(W, True), (D, False)]) == Result.WHITE_WINS
    # it wins game 1 with White, loses game 2 with Black: level
    assert match_result([(W, True), (W, False)]) == Result.DRAW
    assert match_result([(B, True), (D, False)]) == Result.BLACK_WINS


def test_a_match_is_undecided_until_every_game_has_a_result():
    assert match_result([(W, True), (None, False)]) is None
    assert match_result([]) is None


def test_a_match_of_forfeits_only_is_won_by_forfeit():
    assert match_result([(Result.WHITE_WINS_FORFEIT, True),
                         (Result.BLACK_WINS_FORFEIT, False)]) == Result.WHITE_WINS_FORFEIT
    # one game played: a plain win
    assert match_result([(Result.WHITE_WINS_FORFEIT, True), (D, False)]) == Result.WHITE_WINS
