"""Art. 21.1, 21.2 (two-game matches), 0-0 double losses (Art. 7.1 i, 15.7 b), appendix §4 teams."""

from fractions import Fraction

import pytest

from records import Bye, Outcome, Result
from scoring.formats import Format
from scoring.points import (
    LAW_GAME,
    THREE_ONE_ZERO,
    MatchScoring,
    Primary,
    ScoringSystem,
    score_event,
)
from scoring.standings import LAW_TEAMS, standings
from scoring.teams import BoardRecord, Lineup, board_results, dp
from tests.scoring.builders import B, D, bye, event, game, match_by_first


def test_art_21_1_default_values_and_configurable_systems():
    wdl = (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)
    assert [LAW_GAME.value(o) for o in wdl] == [1, Fraction(1, 2), 0]
    assert LAW_GAME.value(Outcome.FORFEIT_WIN) == 1 and LAW_GAME.value(Outcome.FORFEIT_LOSS) == 0
    assert LAW_GAME.value(Outcome.PAIRING_BYE) == 1  # PAB = a win unless the statute says otherwise
    assert LAW_GAME.value(Outcome.HALF_BYE) == Fraction(1, 2)
    assert LAW_GAME.value(Outcome.ZERO_BYE) == 0 and LAW_GAME.value(Outcome.CANCELLED) == 0
    assert THREE_ONE_ZERO.value(Outcome.DRAW) == 1
    assert THREE_ONE_ZERO.value(Outcome.PAIRING_BYE) == 3
    statute = ScoringSystem(pairing_bye=Fraction(1, 2))
    assert statute.value(Outcome.PAIRING_BYE) == Fraction(1, 2)


def test_art_7_1_double_loss_scores_zero_for_both():
    t = event(2, game(1, 1, 2, Result.BOTH_LOSE))
    sheet = score_event(t, LAW_GAME)
    assert sheet.totals() == {1: 0, 2: 0}
    # It was played over the board, and nobody won it.
    assert all(e.kind == "game" and not e.win for n in (1, 2) for e in sheet.entries[n])


def test_art_21_5_1_cancelled_game_scores_nothing():
    t = event(2, game(1, 1, 2, Result.CANCELLED))
    assert score_event(t, LAW_GAME).totals() == {1: 0, 2: 0}


# Four players, one cycle of two-game matches (game points 2/1/0, match points 1/½/0).
#   R1: 1 v 2  "1 1"   → games 4-0, match 1-0       3 v 4 "1 ½" → games 3-1, match 1-0
#   R2: 1 v 3  "½ ½"   → games 2-2, match ½-½       2 v 4 "+ +" → 4 absent: 2 gets 1 MP + 4 GP
#   R3: 1 v 4  "1 0"   → games 2-2, match ½-½       2 v 3 "½ ½" → games 2-2, match ½-½
# Match points: 1 = 1 + ½ + ½ = 2;   2 = 0 + 1 + ½ = 1½;   3 = 1 + ½ + ½ = 2;   4 = 0 + 0 + ½ = ½
# Game points:  1 = 4 + 2 + 2 = 8;   2 = 0 + 4 + 2 = 6;    3 = 3 + 2 + 2 = 7;   4 = 1 + 0 + 2 = 3
# Totals: 6 match points for 6 matches; 24 game points = 6 matches × 4.
MATCHES = event(
    4,
    match_by_first(1, 1, 2, "1 1"), match_by_first(1, 3, 4, "1 ½"),
    match_by_first(2, 1, 3, "½ ½"), match_by_first(2, 2, 4, "+ +"),
    match_by_first(3, 1, 4, "1 0"), match_by_first(3, 2, 3, "½ ½"),
)


def test_art_21_2_match_points_then_game_points():
    table = standings(MATCHES, MatchScoring.law_two_games(), ("PTS", "GPTS"))
    assert [(r.number, r.match_points, r.game_points) for r in table.rows] == [
        (1, 2, 8), (3, 2, 7), (2, Fraction(3, 2), 6), (4, Fraction(1, 2), 3)]
    assert str(table.rows[0].explanation) == "GPTS: 8 vs 7"


def test_art_21_2_absent_opponent_gives_one_match_point_and_four_game_points():
    sheet = score_event(MATCHES, MatchScoring.law_two_games())
    round2 = sheet.entries[2][1]
    assert (Fraction(round2.mp, sheet.unit), Fraction(round2.gp, sheet.unit)) == (1, 4)
    assert round2.kind == "forfeit_win"
    absent = sheet.entries[4][1]
    assert (absent.mp, absent.gp, absent.kind) == (0, 0, "forfeit_loss")


def test_art_21_2_double_loss_in_a_match():
    t = event(2, match_by_first(1, 1, 2, "00 00"))
    sheet = score_event(t, MatchScoring.law_two_games())
    assert sheet.totals("mp") == {1: 0, 2: 0} and sheet.totals("gp") == {1: 0, 2: 0}


def test_match_bye_scores_match_and_game_points():
    t = event(3, match_by_first(1, 1, 2, "1 ½"), bye(1, 3, Bye.PAIRING_ALLOCATED))
    sheet = score_event(t, MatchScoring.law_two_games())
    e = sheet.entries[3][0]
    assert (Fraction(e.mp, sheet.unit), Fraction(e.gp, sheet.unit)) == (1, 4)


# Four teams of four boards; board results written from the first team's side.
#   R1: T1 v T2 "1 0 ½ ½" (2-2)   T3 v T4 "1 1 0 0" (2-2)
#   R2: T1 v T3 "1 ½ ½ 0" (2-2)   T2 v T4 "0 1 1 1" (3-1)
#   R3: T1 v T4 "1 1 ½ ½" (3-1)   T2 v T3 "½ ½ ½ ½" (2-2)
# Board points: T1 = 2 + 2 + 3 = 7;  T2 = 2 + 3 + 2 = 7;  T3 = 2 + 2 + 2 = 6;  T4 = 2 + 1 + 1 = 4.
# Match points (2/1/0): T1 = 1 + 1 + 2 = 4;  T2 = 1 + 2 + 1 = 4.
# Board by board: T1 board 1 = 1 + 1 + 1 = 3, board 2 = 0 + ½ + 1 = 1½, board 3 = 1½, board 4 = 1
#                 T2 board 1 = 0 + 0 + ½ = ½,  board 2 = 1 + 1 + ½ = 2½, board 3 = 2, board 4 = 2
TEAMS = event(
    4,
    match_by_first(1, 1, 2, "1 0 ½ ½"), match_by_first(1, 3, 4, "1 1 0 0"),
    match_by_first(2, 1, 3, "1 ½ ½ 0"), match_by_first(2, 2, 4, "0 1 1 1"),
    match_by_first(3, 1, 4, "1 1 ½ ½"), match_by_first(3, 2, 3, "½ ½ ½ ½"),
)


def test_appendix_4_team_board_by_board():
    table = standings(TEAMS, MatchScoring.team(4), LAW_TEAMS)
    assert [(r.number, r.points) for r in table.rows] == [(1, 7), (2, 7), (3, 6), (4, 4)]
    assert str(table.rows[0].explanation) == "BRD: 3/1.5/1.5/1 vs 0.5/2.5/2/2"


def test_appendix_4_team_match_points_first_when_the_statute_says_so():
    system = MatchScoring.team(4, primary=Primary.MATCH)
    table = standings(TEAMS, system, ("PTS", "GPTS", "BRD"))
    assert [(r.number, r.points, r.game_points) for r in table.rows][:2] == [(1, 4, 7), (2, 4, 7)]
    assert str(table.rows[0].explanation).startswith("BRD: 3/")


def test_team_tiebreaks_on_match_or_game_points():
    table = standings(TEAMS, MatchScoring.team(4), ("PTS", "SB:MP", "SB:GP", "BH", "DE"),
                      fmt=Format.ROUND_ROBIN)
    # SB:GP of T1 = Σ opponent's board points × T1's board points against them
    #             = 7·2 + 6·2 + 4·3 = 38;  T2 = 7·2 + 4·3 + 6·2 = 38.
    assert table.value(1, "SB:GP") == table.value(2, "SB:GP") == 38
    # SB:MP = Σ opponent's match points × match points scored against them.
    # Match points: T3 drew all three = 3; T4 = 1 + 0 + 0 = 1.
    # T1 = T2 4·1 + T3 3·1 + T4 1·2 = 9;  T2 = T1 4·1 + T4 1·2 + T3 3·1 = 9.
    assert table.value(1, "SB:MP") == table.value(2, "SB:MP") == 9
    assert table.value(1, "DE") == table.value(2, "DE") == 2  # they drew 2-2


def test_board_results_for_board_prizes():
    # Board k of team t: player 10·t + k; in round 3 team 1's reserve 15 plays board 4.
    lineups = [Lineup(r, t, k, 10 * t + k) for r in (1, 2, 3) for t in (1, 2, 3, 4)
               for k in (1, 2, 3, 4)]
    lineups = [x if (x.round, x.team, x.board) != (3, 1, 4) else Lineup(3, 1, 4, 15)
               for x in lineups]
    ratings = {10 * t + k: 2100 - 100 * k for t in (1, 2, 3, 4) for k in (1, 2, 3, 4)}
    ratings[15] = 1700
    records = board_results(TEAMS, lineups, MatchScoring.team(4), ratings)
    board1 = [r for r in records if r.board == 1]
    # 11 won all three board-1 games against 2000-rated players: 100 %, 2000 + 800.
    assert board1[0] == BoardRecord(11, 1, 1, Fraction(3), 3, 3, Fraction(1), 2000, 2800)
    # 21 scored ½ of 3 = 1/6 → 0.17 → dp −273.
    r21 = next(r for r in records if r.player == 21)
    assert (r21.points, r21.percentage, r21.performance) == (Fraction(1, 2), Fraction(1, 6), 1727)
    # The reserve has a record of his own on board 4: ½ from one game.
    assert [(r.player, r.board, r.points, r.games) for r in records if r.player == 15] == [
        (15, 4, Fraction(1, 2), 1)]


@pytest.mark.parametrize(("p", "expected"), [(Fraction(1), 800), (Fraction(1, 2), 0),
                                             (Fraction(3, 4), 193), (Fraction(1, 4), -193),
                                             (Fraction(0), -800), (Fraction(99, 100), 677)])
def test_fide_dp_table(p, expected):
    assert dp(p) == expected


def test_single_game_and_black_counts():
    t = event(3, game(1, 1, 2, B), game(2, 3, 1, B), game(3, 2, 3, D), bye(1, 3), bye(2, 2),
              bye(3, 1))
    table = standings(t, LAW_GAME, ("PTS", "WIN", "WON", "BPG", "BWG"), fmt=Format.SWISS)
    assert table.value(1, "BPG") == 1 and table.value(1, "BWG") == 1
    assert table.value(2, "BWG") == 1 and table.value(3, "WIN") == 0
    assert table.value(2, "WON") == 1
