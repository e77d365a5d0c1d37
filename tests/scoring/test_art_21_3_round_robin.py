"""Art. 21.3 (round robin ranking) and appendix §5.3, worked by hand.

Pairings follow the Berger tables (appendix §5): the first-named player has White. With five
players, player 6 is the dummy and whoever meets it rests (a zero-point bye here).
Berger, 6 places: R1 1-6 2-5 3-4 | R2 6-4 5-3 1-2 | R3 2-6 3-1 4-5 | R4 6-5 1-4 2-3 | R5 3-6 4-2 5-1
Berger, 4 places: R1 1-4 2-3 | R2 4-3 1-2 | R3 2-4 3-1
"""

from fractions import Fraction

from scoring.points import LAW_GAME
from scoring.standings import LAW_APPENDIX, LAW_ROUND_ROBIN, standings
from tests.scoring.builders import B, D, W, bye, event, game


def _five(results: dict[tuple[int, int], object]):
    schedule = [(1, 2, 5), (1, 3, 4), (2, 5, 3), (2, 1, 2), (3, 3, 1), (3, 4, 5), (4, 1, 4),
                (4, 2, 3), (5, 4, 2), (5, 5, 1)]
    rests = [bye(1, 1), bye(2, 4), bye(3, 2), bye(4, 5), bye(5, 3)]
    return event(5, *(game(r, w, b, results[(w, b)]) for r, w, b in schedule), *rests)


def _four(results: dict[tuple[int, int], object]):
    schedule = [(1, 1, 4), (1, 2, 3), (2, 4, 3), (2, 1, 2), (3, 2, 4), (3, 3, 1)]
    return event(4, *(game(r, w, b, results[(w, b)]) for r, w, b in schedule))


# X=1, Y=2, P=3, Q=4, R=5.
#   2-5 0-1 (R beats Y with Black)   3-4 ½ (P-Q)       5-3 0-1 (P beats R with Black)
#   1-2 1-0 (X beats Y)              3-1 1-0 (P beats X) 4-5 1-0 (Q beats R)
#   1-4 0-1 (Q beats X with Black)   2-3 1-0 (Y beats P) 4-2 0-1 (Y beats Q with Black)
#   5-1 0-1 (X beats R with Black)
# Points: X = 1 + 0 + 0 + 1 = 2; Y = 0 + 0 + 1 + 1 = 2; P = ½ + 1 + 1 + 0 = 2½;
#         Q = ½ + 1 + 1 + 0 = 2½; R = 1 + 0 + 0 + 0 = 1.  Total 10 = 10 games.
# X v Y: X won.  SB(X) = s(Y) + s(R) = 2 + 1 = 3;  SB(Y) = s(P) + s(Q) = 2½ + 2½ = 5.
# P v Q drew.  SB(P) = s(X) + s(R) + ½ s(Q) = 2 + 1 + 1¼ = 4¼ = SB(Q) = s(X) + s(R) + ½ s(P).
# WIN: P 2 (R, X), Q 2 (X, R).  BWG: P 1 (v R), Q 1 (v X).  Only lots can part them.
XY = _five({(2, 5): B, (3, 4): D, (5, 3): B, (1, 2): W, (3, 1): W, (4, 5): W, (1, 4): B,
            (2, 3): W, (4, 2): B, (5, 1): B})


def test_art_21_3_head_to_head_before_coefficient():
    table = standings(XY, LAW_GAME, LAW_ROUND_ROBIN)
    assert [(r.rank, r.number) for r in table.rows] == [(1, 3), (1, 4), (3, 1), (4, 2), (5, 5)]
    x = table.rows[2]
    assert str(x.explanation) == "H2H: 1 vs 0"  # X beat Y, although SB(Y) 5 > SB(X) 3
    assert table.value(1, "SB") == 3 and table.value(2, "SB") == 5


def test_appendix_5_3_coefficient_before_head_to_head():
    table = standings(XY, LAW_GAME, LAW_APPENDIX)
    assert [r.number for r in table.rows][2:4] == [2, 1]
    assert str(table.rows[2].explanation) == "SB: 5 vs 3"


def test_art_21_3_lots_settle_what_nothing_else_does():
    unseeded = standings(XY, LAW_GAME, LAW_ROUND_ROBIN)
    # P and Q equal on every criterion: without a recorded draw of lots they share rank 1.
    assert str(unseeded.rows[0].explanation) == "tied"
    assert unseeded.value(3, "LOT") is None
    seeded = [standings(XY, LAW_GAME, LAW_ROUND_ROBIN, lots_seed=s) for s in range(8)]
    for s, table in enumerate(seeded):
        assert table.lots_seed == s
        assert [r.rank for r in table.rows][:2] == [1, 2]
        top, second = table.rows[0], table.rows[1]
        assert str(top.explanation) == (
            f"LOT: {table.value(top.number, 'LOT')} vs {table.value(second.number, 'LOT')}")
        assert standings(XY, LAW_GAME, LAW_ROUND_ROBIN, lots_seed=s) == table  # same every time
    assert {t.rows[0].number for t in seeded} == {3, 4}  # the draw really is a draw


# A=1, B=2, C=3, D=4, E=5.
#   2-5 ½ (B-E)   3-4 0-1 (D beats C)   5-3 0-1 (C beats E)   1-2 ½ (A-B)   3-1 0-1 (A beats C)
#   4-5 ½ (D-E)   1-4 1-0 (A beats D)   2-3 1-0 (B beats C)   4-2 ½ (D-B)   5-1 1-0 (E beats A)
# Points: A = ½ + 1 + 1 + 0 = 2½ (2 wins); B = ½ + ½ + 1 + ½ = 2½ (1 win); C = 1; D = 2; E = 2.
# A v B drew.  SB(A) = ½·2½ + s(C) + s(D) = 1¼ + 1 + 2 = 4¼;
#              SB(B) = ½·2½ + ½ s(E) + s(C) + ½ s(D) = 1¼ + 1 + 1 + 1 = 4¼.  WIN: 2 vs 1.
# D v E drew.  SB(D) = s(C) + ½ s(E) + ½ s(B) = 1 + 1 + 1¼ = 3¼;
#              SB(E) = s(A) + ½ s(B) + ½ s(D) = 2½ + 1¼ + 1 = 4¾.
WINS = _five({(2, 5): D, (3, 4): B, (5, 3): B, (1, 2): D, (3, 1): B, (4, 5): D, (1, 4): W,
              (2, 3): W, (4, 2): D, (5, 1): W})


def test_art_21_3_number_of_wins_decides():
    table = standings(WINS, LAW_GAME, LAW_ROUND_ROBIN)
    assert [r.number for r in table.rows] == [1, 2, 5, 4, 3]
    assert [str(r.explanation) for r in table.rows] == [
        "WIN: 2 vs 1", "None", "SB: 4.75 vs 3.25", "None", "None"]
    assert table.value(1, "SB") == table.value(2, "SB") == Fraction(17, 4)
    assert table.value(1, "H2H") == table.value(2, "H2H") == Fraction(1, 2)


# 1-4 0-1 (4 beats 1 with Black)  2-3 0-1 (3 beats 2 with Black)  4-3 ½  1-2 ½
# 2-4 1-0 (2 beats 4 with White)  3-1 0-1 (1 beats 3 with Black)
# Everyone 1½.  Among all four: each scored 1½ → H2H tied.
# SB(1) = ½ s(2) + s(3) = ¾ + 1½ = 2¼; likewise 2¼ for 2, 3 and 4.  WIN: 1 each.
# BWG: 1 → 1 (v 3), 2 → 0, 3 → 1 (v 2), 4 → 1 (v 1).
BLACK = _four({(1, 4): B, (2, 3): B, (4, 3): D, (1, 2): D, (2, 4): W, (3, 1): B})


def test_art_21_3_wins_with_black_decide():
    table = standings(BLACK, LAW_GAME, LAW_ROUND_ROBIN)
    assert [(r.rank, r.number) for r in table.rows] == [(1, 1), (1, 3), (1, 4), (4, 2)]
    assert [str(r.explanation) for r in table.rows] == ["tied", "tied", "BWG: 1 vs 0", "None"]
    assert {table.value(n, "SB") for n in range(1, 5)} == {Fraction(9, 4)}


# 1-4 0-1  2-3 0-1  4-3 0-1  1-2 ½  2-4 1-0  3-1 0-1
# 1: 0 + ½ + 1 = 1½;  2: 0 + ½ + 1 = 1½;  3: 1 + 1 + 0 = 2;  4: 1 + 0 + 0 = 1.
# 1 v 2 drew.  SB(1) = ½ s(2) + s(3) = ¾ + 2 = 2¾;  SB(2) = ½ s(1) + s(4) = ¾ + 1 = 1¾.
COEFF = _four({(1, 4): B, (2, 3): B, (4, 3): B, (1, 2): D, (2, 4): W, (3, 1): B})


def test_art_21_3_coefficient_decides():
    table = standings(COEFF, LAW_GAME, LAW_ROUND_ROBIN)
    assert [r.number for r in table.rows] == [3, 1, 2, 4]
    assert str(table.rows[1].explanation) == "SB: 2.75 vs 1.75"


def test_an_event_with_nobody_in_it_has_empty_standings():
    """No entry yet: no rows, not a crash (its TRF file and standings read it)."""
    from records import Tournament

    assert standings(Tournament((), (), 0), LAW_GAME, LAW_ROUND_ROBIN).rows == ()
