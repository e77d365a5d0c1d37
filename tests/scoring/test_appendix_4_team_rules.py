"""Appendix §4 team scoring and tie-breaks, each rule on one hand-worked event.

Four teams of four boards, one cycle; board results are written from the first team's side
(board 1 first). In ``match_by_first`` the first team has White on board 1, Black on board 2, ...

    R1: T1–T2 "1 1 1 1" (4–0)      T3–T4 "1 1 0 ½" (2½–1½)
    R2: T1–T3 "0 0 1 1" (2–2)      T2–T4 "1 ½ 0 0" (1½–2½)
    R3: T1–T4 "0 0 1 1" (2–2)      T2–T3 "1 1 1 ½" (3½–½)

Each match from each side, (board points scored, match points 2 / 1 / 0):
    T1: v T2 (4, 2)   v T3 (2, 1)    v T4 (2, 1)     BP 8   MP 4
    T2: v T1 (0, 0)   v T4 (1½, 0)   v T3 (3½, 2)    BP 5   MP 2
    T3: v T4 (2½, 2)  v T1 (2, 1)    v T2 (½, 0)     BP 5   MP 3
    T4: v T3 (1½, 0)  v T2 (2½, 2)   v T1 (2, 1)     BP 6   MP 3
Checks: 24 board points = 6 matches × 4 boards; 12 match points = 6 matches × 2.

Board by board (points on board 1, 2, 3, 4 over the three matches):
    T2: v T1 0 0 0 0;  v T4 1 ½ 0 0;  v T3 1 1 1 ½   →  2  1½  1  ½   (= 5)
    T3: v T4 1 1 0 ½;  v T1 1 1 0 0;  v T2 0 0 0 ½   →  2  2   0  1   (= 5)
T2 and T3 are level on board 1 (2 each); board 2 decides for T3 (2 vs 1½), although T2 won
their match 3½–½ — the direct encounter says the opposite.
"""

from fractions import Fraction

from scoring.formats import Format
from scoring.points import MatchScoring, Primary, ScoringSystem, score_event
from scoring.standings import LAW_TEAMS, standings
from tests.scoring.builders import event, match_by_first

F = Fraction
EVENT = event(
    4,
    match_by_first(1, 1, 2, "1 1 1 1"), match_by_first(1, 3, 4, "1 1 0 ½"),
    match_by_first(2, 1, 3, "0 0 1 1"), match_by_first(2, 2, 4, "1 ½ 0 0"),
    match_by_first(3, 1, 4, "0 0 1 1"), match_by_first(3, 2, 3, "1 1 1 ½"),
)
BOARD_POINTS = MatchScoring.team(4)  # the law's default: team score = board points
MATCH_POINTS = MatchScoring.team(4, primary=Primary.MATCH)  # statute: 2 / 1 / 0 first


def _table(system, order):
    return standings(EVENT, system, order, fmt=Format.ROUND_ROBIN)


def test_appendix_4_team_score_is_the_sum_of_board_points():
    sheet = score_event(EVENT, BOARD_POINTS)
    assert {n: F(v, sheet.unit) for n, v in sheet.totals("gp").items()} == {
        1: 8, 2: 5, 3: 5, 4: 6}
    assert {n: F(v, sheet.unit) for n, v in sheet.totals("mp").items()} == {
        1: 4, 2: 2, 3: 3, 4: 3}
    # Each match's board points are what the team's players won in it.
    assert [F(e.gp, sheet.unit) for e in sheet.entries[2]] == [0, F(3, 2), F(7, 2)]


def test_appendix_4_board_by_board_decides_a_tie_on_board_points():
    table = _table(BOARD_POINTS, LAW_TEAMS)
    assert [(r.number, r.points) for r in table.rows] == [(1, 8), (4, 6), (3, 5), (2, 5)]
    assert table.value(3, "BRD") == (2, 2, 0, 1)
    assert table.value(2, "BRD") == (2, F(3, 2), 1, F(1, 2))
    # Board 1 is level: board 2 decides.
    assert str(table.rows[2].explanation) == "BRD: 2/2/0/1 vs 2/1.5/1/0.5"


def test_direct_encounter_before_board_by_board_when_the_statute_says_so():
    table = _table(BOARD_POINTS, ("PTS", "DE", "BRD"))
    assert [r.number for r in table.rows] == [1, 4, 2, 3]
    assert (table.value(2, "DE"), table.value(3, "DE")) == (F(7, 2), F(1, 2))
    assert str(table.rows[2].explanation) == "DE: 3.5 vs 0.5"


def test_statute_match_points_2_1_0_then_board_points():
    table = _table(MATCH_POINTS, ("PTS", "GPTS", "BRD"))
    # T3 and T4 have 3 match points each; T4 has more board points (6 vs 5).
    assert [(r.number, r.match_points, r.game_points) for r in table.rows] == [
        (1, 4, 8), (4, 3, 6), (3, 3, 5), (2, 2, 5)]
    assert str(table.rows[1].explanation) == "GPTS: 6 vs 5"


def test_statute_match_points_3_1_0():
    # 3 for a match won: T1 = 3 + 1 + 1 = 5; T3 = 3 + 1 + 0 = 4; T4 = 0 + 3 + 1 = 4; T2 = 3.
    system = MatchScoring.team(4, primary=Primary.MATCH,
                               match=ScoringSystem(F(3), F(1), F(0)))
    table = _table(system, ("PTS", "GPTS"))
    assert [(r.number, r.points) for r in table.rows] == [(1, 5), (4, 4), (3, 4), (2, 3)]


def test_team_sonneborn_berger_on_board_points_and_on_match_points():
    table = _table(BOARD_POINTS, ("PTS", "SB:GP", "SB:MP"))
    # SB:GP = Σ opponent's board points × board points scored against that opponent:
    #   T1 = 5·4 + 5·2 + 6·2 = 42        T2 = 8·0 + 6·1½ + 5·3½ = 26½
    #   T3 = 6·2½ + 8·2 + 5·½ = 33½      T4 = 5·1½ + 5·2½ + 8·2 = 36
    assert [table.value(n, "SB:GP") for n in (1, 2, 3, 4)] == [42, F(53, 2), F(67, 2), 36]
    # SB:MP = Σ opponent's match points × match points scored against that opponent:
    #   T1 = 2·2 + 3·1 + 3·1 = 10   T2 = 4·0 + 3·0 + 3·2 = 6
    #   T3 = 3·2 + 4·1 + 2·0 = 10   T4 = 3·0 + 2·2 + 4·1 = 8
    assert [table.value(n, "SB:MP") for n in (1, 2, 3, 4)] == [10, 6, 10, 8]
    # Tied on 5 board points, T3 is ahead of T2 on SB:GP.
    assert [r.number for r in table.rows][2:] == [3, 2]


def test_team_buchholz_on_match_points_and_on_board_points():
    table = _table(BOARD_POINTS, ("PTS", "BH:MP", "BH:GP"))
    # Sum of the opponents' scores: BH:MP T1 = 2 + 3 + 3 = 8, T2 = 4 + 3 + 3 = 10,
    # T3 = 3 + 4 + 2 = 9, T4 = 3 + 2 + 4 = 9; BH:GP T1 = 5 + 5 + 6 = 16, T2 = 8 + 6 + 5 = 19,
    # T3 = 6 + 8 + 5 = 19, T4 = 5 + 5 + 8 = 18.
    assert [table.value(n, "BH:MP") for n in (1, 2, 3, 4)] == [8, 10, 9, 9]
    assert [table.value(n, "BH:GP") for n in (1, 2, 3, 4)] == [16, 19, 19, 18]
    assert [r.number for r in table.rows][2:] == [2, 3]  # T2's opponents scored more


def test_a_forfeited_board_counts_a_board_point_for_the_present_side():
    # T1's board-4 player is absent: T2 wins board 4 by forfeit; the match was played.
    t = event(2, match_by_first(1, 1, 2, "1 ½ ½ -"))
    sheet = score_event(t, MATCH_POINTS)
    one, two = sheet.entries[1][0], sheet.entries[2][0]
    assert (F(one.gp, sheet.unit), F(two.gp, sheet.unit)) == (2, 2)
    assert (F(one.mp, sheet.unit), F(two.mp, sheet.unit)) == (1, 1)
    assert one.kind == two.kind == "game"
    # A whole team absent: the other scores the match and every board.
    t = event(2, match_by_first(1, 1, 2, "+ + + +"))
    sheet = score_event(t, MATCH_POINTS)
    assert (F(sheet.entries[1][0].mp, sheet.unit), F(sheet.entries[1][0].gp, sheet.unit)) == (2, 4)
    assert sheet.entries[1][0].kind == "forfeit_win"
