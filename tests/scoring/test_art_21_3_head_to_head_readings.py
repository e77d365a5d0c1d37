"""Art. 21.3 with three tied: the statute's two readings of head-to-head, worked by hand.

Berger, 6 places (player 6 the dummy; whoever meets it rests):
R1 1-6 2-5 3-4 | R2 6-4 5-3 1-2 | R3 2-6 3-1 4-5 | R4 6-5 1-4 2-3 | R5 3-6 4-2 5-1
"""

from fractions import Fraction

from scoring.points import LAW_GAME
from scoring.standings import LAW_ROUND_ROBIN, standings
from scoring.tiebreaks import HeadToHeadAmong
from tests.scoring.builders import B, D, W
from tests.scoring.test_art_21_3_round_robin import XY, _five

#   2-5 ½   3-4 ½   5-3 0-1 (3 beats 5 with Black)   1-2 1-0   3-1 0-1 (1 beats 3 with Black)
#   4-5 1-0   1-4 0-1 (4 beats 1 with Black)   2-3 ½   4-2 0-1 (2 beats 4 with Black)   5-1 1-0
# Points: 1 = 1 + 1 + 0 + 0 = 2; 2 = ½ + 0 + ½ + 1 = 2; 3 = ½ + 1 + 0 + ½ = 2;
#         4 = ½ + 1 + 1 + 0 = 2½; 5 = ½ + 0 + 0 + 1 = 1½.  Total 10 = 10 games.
# Among 1, 2, 3: 1 beat both (2 points), 2 and 3 drew (½ each).
# SB(1) = s(2) + s(3) = 4;  SB(2) = s(4) + ½ s(3) + ½ s(5) = 2½ + 1 + ¾ = 4¼;
# SB(3) = s(5) + ½ s(2) + ½ s(4) = 1½ + 1 + 1¼ = 3¾.
THREE = _five({(2, 5): D, (3, 4): D, (5, 3): B, (1, 2): W, (3, 1): B, (4, 5): W, (1, 4): B,
               (2, 3): D, (4, 2): B, (5, 1): W})


def test_mini_table_among_all_tied():
    """Reading 1: the games among the three; 1 is first of them, then 2 and 3, whose own game
    was drawn, go on to SB (4¼ against 3¾)."""
    table = standings(THREE, LAW_GAME, LAW_ROUND_ROBIN, h2h_among=HeadToHeadAmong.ALL_TIED)
    assert [r.number for r in table.rows] == [4, 1, 2, 3, 5]
    assert table.value(1, "H2H") == 2
    assert table.value(2, "H2H") == Fraction(1, 2) == table.value(3, "H2H")
    assert str(table.rows[1].explanation) == "H2H: 2 vs 0.5"
    assert str(table.rows[2].explanation) == "SB: 4.25 vs 3.75"


def test_the_default_reading_is_the_mini_table():
    assert standings(THREE, LAW_GAME, LAW_ROUND_ROBIN) == standings(
        THREE, LAW_GAME, LAW_ROUND_ROBIN, h2h_among=HeadToHeadAmong.ALL_TIED)


def test_head_to_head_only_when_exactly_two_are_tied():
    """Reading 2: three are tied, so head-to-head decides nothing and SB orders all three:
    2 (4¼), 1 (4), 3 (3¾), although 1 beat both."""
    table = standings(THREE, LAW_GAME, LAW_ROUND_ROBIN, h2h_among=HeadToHeadAmong.TWO_ONLY)
    assert [r.number for r in table.rows] == [4, 2, 1, 3, 5]
    assert table.value(1, "H2H") is None
    assert [table.value(n, "SB") for n in (2, 1, 3)] == [
        Fraction(17, 4), Fraction(4), Fraction(15, 4)]
    assert str(table.rows[1].explanation) == "SB: 4.25 vs 4"


def test_two_tied_are_decided_by_their_game_in_both_readings():
    """X beat Y, both on 2 points (tests/scoring/test_art_21_3_round_robin.py): the game
    decides whichever reading the statute chose."""
    for reading in HeadToHeadAmong:
        table = standings(XY, LAW_GAME, LAW_ROUND_ROBIN, h2h_among=reading)
        assert [r.number for r in table.rows][2:4] == [1, 2]
        assert str(table.rows[2].explanation) == "H2H: 1 vs 0"
