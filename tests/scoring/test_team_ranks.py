"""WXF team result as the sum of the players' individual ranks (scoring/team_ranks.py)."""

from scoring.formats import Format
from scoring.points import LAW_GAME
from scoring.standings import standings
from scoring.team_ranks import team_ranks
from tests.scoring.builders import D, W, event, game


def test_wxf_2023_sum_of_ranks_then_best_rank_and_two_players_needed():
    individual = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7}
    teams = {"A": (1, 6), "B": (2, 5), "C": (3, 4), "D": (7,), "E": (2, 3)}
    result = {t.team: (t.rank, t.total, t.ranks) for t in team_ranks(individual, teams)}
    # E 2 + 3 = 5 first; A, B, C all 7: best ranks 1, 2, 3; D has one player: not ranked.
    assert result == {"E": (1, 5, (2, 3)), "A": (2, 7, (1, 6)), "B": (3, 7, (2, 5)),
                      "C": (4, 7, (3, 4)), "D": (None, None, (7,))}


def test_equal_sum_and_best_rank_share_the_rank():
    ranks = team_ranks({1: 1, 2: 1, 3: 4, 4: 4}, {"A": (1, 3), "B": (2, 4)})
    assert [(t.team, t.rank) for t in ranks] == [("A", 1), ("B", 1)]


def test_team_ranks_from_the_standings():
    # Round robin of four: 1 beats everyone, 2 beats 3 and 4, 3 and 4 draw: ranks 1, 2, 3, 3.
    t = event(4, game(1, 1, 2, W), game(1, 3, 4, D), game(2, 1, 3, W), game(2, 2, 4, W),
              game(3, 1, 4, W), game(3, 2, 3, W))
    table = standings(t, LAW_GAME, "PTS", fmt=Format.ROUND_ROBIN)
    individual = {r.number: r.rank for r in table.rows}
    assert individual == {1: 1, 2: 2, 3: 3, 4: 3}
    result = team_ranks(individual, {"X": (1, 4), "Y": (2, 3)})
    # X: 1 + 3 = 4, Y: 2 + 3 = 5.
    assert [(r.team, r.rank, r.total) for r in result] == [("X", 1, 4), ("Y", 2, 5)]
