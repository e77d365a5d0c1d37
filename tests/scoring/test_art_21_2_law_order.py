"""Art. 21.2: two-game matches rank by match points, then game points (the law's default), and
Art. 21.3's "số ván thắng" counts games, not matches."""

from fractions import Fraction

from scoring.points import MatchScoring
from scoring.presets import LAW_ROUND_ROBIN, LAW_ROUND_ROBIN_MATCHES
from scoring.standings import standings
from tests.scoring.builders import event, match_by_first

# Four players, one cycle of two-game matches (game points 2/1/0, match points 1/½/0):
#   R1: 1 v 2 "1 ½" → games 3-1, match 1-0      3 v 4 "½ ½" → 2-2, ½-½
#   R2: 1 v 3 "0 ½" → games 1-3, match 0-1      2 v 4 "1 1" → 4-0, 1-0
#   R3: 1 v 4 "1 ½" → games 3-1, match 1-0      2 v 3 "1 1" → 4-0, 1-0
# Match points: 1 = 2, 2 = 2, 3 = 1½, 4 = ½.  Game points: 1 = 7, 2 = 9, 3 = 5, 4 = 3.
# Games won: 1 = 2, 2 = 4, 3 = 1; matches won: 2, 2, 1, 0. P1 beat P2 head to head.
ISSUE_14 = event(
    4,
    match_by_first(1, 1, 2, "1 ½"), match_by_first(1, 3, 4, "½ ½"),
    match_by_first(2, 1, 3, "0 ½"), match_by_first(2, 2, 4, "1 1"),
    match_by_first(3, 1, 4, "1 ½"), match_by_first(3, 2, 3, "1 1"),
)


def test_art_21_2_game_points_rank_second_by_default():
    table = standings(ISSUE_14, MatchScoring.law_two_games(), LAW_ROUND_ROBIN_MATCHES)
    assert [(r.number, r.match_points, r.game_points) for r in table.rows] == [
        (2, 2, 9), (1, 2, 7), (3, Fraction(3, 2), 5), (4, Fraction(1, 2), 3)]
    assert str(table.rows[0].explanation) == "GPTS: 9 vs 7"


def test_art_21_3_order_without_game_points_would_put_the_head_to_head_winner_first():
    # The statute may re-order (Art. 21.3's last sentence): head-to-head straight after points.
    table = standings(ISSUE_14, MatchScoring.law_two_games(), LAW_ROUND_ROBIN)
    assert [r.number for r in table.rows][:2] == [1, 2]
    assert str(table.rows[0].explanation) == "H2H: 1 vs 0"


def test_art_21_3_wins_count_games_in_two_game_matches():
    table = standings(ISSUE_14, MatchScoring.law_two_games(), ("PTS", "WIN", "WON", "BWG", "WWG"))
    assert [table.value(n, "WIN") for n in (1, 2, 3, 4)] == [2, 4, 1, 0]  # matches: 2, 2, 1, 0
    assert [table.value(n, "WON") for n in (1, 2, 3, 4)] == [2, 4, 1, 0]
    # Colours alternate, the first-named White in game 1: P2 won as Black in R2 and R3 game 2.
    assert [table.value(n, "BWG") for n in (1, 2)] == [0, 2]
    assert [table.value(n, "WWG") for n in (1, 2)] == [2, 2]


def test_team_wins_still_count_matches():
    team = MatchScoring.team(2)
    table = standings(ISSUE_14, team, ("PTS", "WIN"))
    # Board points 1 / ½ / 0 give the same match results: P1 and P2 won two matches each.
    assert [table.value(n, "WIN") for n in (1, 2)] == [2, 2]
