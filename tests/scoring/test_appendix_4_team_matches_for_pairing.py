"""A team match as the pairing engine sees it: one game, the match result, board 1's colour."""

from dataclasses import replace

from scoring.points import MatchScoring
from scoring.records import Result
from scoring.teams import match_pairings, match_result
from tests.scoring.builders import bye, event, match_by_first

TEAM = MatchScoring.team(4)


def test_match_result_from_board_points():
    # From the first team's side; the first team has White on board 1.
    assert match_result(match_by_first(1, 1, 2, "1 ½ ½ 0"), TEAM) is Result.DRAW
    assert match_result(match_by_first(1, 1, 2, "1 1 ½ 0"), TEAM) is Result.WHITE_WINS
    assert match_result(match_by_first(1, 1, 2, "0 ½ ½ 0"), TEAM) is Result.BLACK_WINS
    # A forfeited board does not make the match a forfeit; a whole team absent does.
    assert match_result(match_by_first(1, 1, 2, "1 1 ½ -"), TEAM) is Result.WHITE_WINS
    assert match_result(match_by_first(1, 1, 2, "- - - -"), TEAM) is Result.BLACK_WINS_FORFEIT
    assert match_result(match_by_first(1, 1, 2, "00 00 00 00"), TEAM) is Result.BOTH_LOSE
    assert match_result(match_by_first(1, 1, 2, "1 1 ½"), TEAM) is Result.WHITE_WINS
    played = match_by_first(1, 1, 2, "1 1 ½ 0")
    pending = replace(played, games=(*played.games[:3], replace(played.games[3], result=None)))
    assert match_result(pending, TEAM) is None


def test_match_pairings_keep_board_1s_colour():
    t = event(3, match_by_first(1, 1, 2, "1 ½ ½ 1"), bye(1, 3))
    # The same match with the second team named first: it has Black on board 1.
    flipped = event(3, match_by_first(1, 2, 1, "0 ½ ½ 0"))
    (match, rest) = match_pairings(t, TEAM).pairings
    assert match.games == (match.games[0],) and match.games[0].white_first
    assert match.result is Result.WHITE_WINS and rest == t.pairings[1]
    (other,) = match_pairings(flipped, TEAM).pairings
    assert other.result is Result.BLACK_WINS  # team 2 had White on board 1 and lost 1–3
