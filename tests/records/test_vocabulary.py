"""The shared vocabulary: what a result means for each side, written once (records/)."""

import pytest

from records import Bye, Kind, Outcome, Result


@pytest.mark.parametrize(("result", "flipped"), [
    (Result.WHITE_WINS, Result.BLACK_WINS),
    (Result.BLACK_WINS, Result.WHITE_WINS),
    (Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT),
    (Result.BLACK_WINS_FORFEIT, Result.WHITE_WINS_FORFEIT),
    (Result.DRAW, Result.DRAW),
    (Result.BOTH_LOSE, Result.BOTH_LOSE),  # Art. 7.1 i: both lose whichever side is named
    (Result.DOUBLE_FORFEIT, Result.DOUBLE_FORFEIT),
    (Result.CANCELLED, Result.CANCELLED),  # Art. 21.5.1
])
def test_flipped_result_is_the_game_written_from_the_other_side(result, flipped):
    assert result.flipped is flipped
    assert flipped.outcome_for(True) is result.outcome_for(False)
    assert flipped.outcome_for(False) is result.outcome_for(True)


@pytest.mark.parametrize(("outcome", "kind"), [
    (Outcome.WIN, Kind.WIN), (Outcome.FORFEIT_WIN, Kind.WIN), (Outcome.PAIRING_BYE, Kind.WIN),
    (Outcome.FULL_BYE, Kind.WIN), (Outcome.DRAW, Kind.DRAW), (Outcome.HALF_BYE, Kind.DRAW),
    (Outcome.LOSS, Kind.LOSS), (Outcome.FORFEIT_LOSS, Kind.LOSS), (Outcome.ZERO_BYE, Kind.LOSS),
    (Outcome.CANCELLED, Kind.LOSS),
])
def test_each_outcome_counts_as_a_win_a_draw_or_a_loss(outcome, kind):
    assert outcome.kind is kind


def test_art_7_1_both_players_can_lose_one_game():
    assert Result.BOTH_LOSE.outcome_for(True) is Outcome.LOSS
    assert Result.BOTH_LOSE.outcome_for(False) is Outcome.LOSS
    assert Result.BOTH_LOSE.played and not Result.DOUBLE_FORFEIT.played


def test_byes_keep_their_trf_letters_and_outcomes():
    assert {b.value: b.outcome for b in Bye} == {
        "U": Outcome.PAIRING_BYE, "F": Outcome.FULL_BYE, "H": Outcome.HALF_BYE,
        "Z": Outcome.ZERO_BYE}
