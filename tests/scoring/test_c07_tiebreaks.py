"""FIDE C.07 tie-breaks worked by hand: DE among a subset, DE when not all met, the dummy opponent
of §16 in the 2024 text and the 2026 amendments, cuts removing a voluntarily unplayed round."""

from datetime import date
from fractions import Fraction

import pytest

from records import Bye
from scoring.formats import Format
from scoring.points import LAW_GAME
from scoring.standings import resolve_order, standings
from scoring.tiebreaks import Edition, Spec, TiebreakError, edition_for
from tests.scoring.builders import BF, B, D, W, bye, event, game

# Six-player round robin (Berger, 6 places), A=1 B=2 C=3 D=4 E=5 F=6:
#   R1 1-6 0-1  2-5 1-0  3-4 ½   | R2 6-4 0-1  5-3 1-0  1-2 ½  | R3 2-6 0-1  3-1 0-1  4-5 1-0
#   R4 6-5 0-1  1-4 1-0  2-3 0-1 | R5 3-6 1-0  4-2 0-1  5-1 1-0
# Points: A = 0 + ½ + 1 + 1 + 0 = 2½; B = 1 + ½ + 0 + 0 + 1 = 2½; C = ½ + 0 + 0 + 1 + 1 = 2½;
#         D = ½ + 1 + 1 + 0 + 0 = 2½; E = 3; F = 2.
# Among A, B, C, D: A = ½ (B) + 1 (C) + 1 (D) = 2½; B = ½ + 0 (C) + 1 (D) = 1½;
#                   C = ½ (D) + 0 (A) + 1 (B) = 1½; D = ½ + 0 + 0 = ½.
# B and C are still tied: DE again between the two of them: C beat B → C 1, B 0.
SUBSET = event(6,
               game(1, 1, 6, B), game(1, 2, 5, W), game(1, 3, 4, D),
               game(2, 6, 4, B), game(2, 5, 3, W), game(2, 1, 2, D),
               game(3, 2, 6, B), game(3, 3, 1, B), game(3, 4, 5, W),
               game(4, 6, 5, B), game(4, 1, 4, W), game(4, 2, 3, B),
               game(5, 3, 6, W), game(5, 4, 2, B), game(5, 5, 1, W))


def test_c07_6_direct_encounter_reapplied_to_the_subgroup_left_tied():
    table = standings(SUBSET, LAW_GAME, ("PTS", "DE"))
    assert table.format is Format.ROUND_ROBIN
    assert [r.number for r in table.rows] == [5, 1, 3, 2, 4, 6]
    assert [str(r.explanation) for r in table.rows[1:4]] == [
        "DE: 2.5 vs 1.5", "DE: 1 vs 0", "DE: 1.5 vs 0.5"]
    assert [table.value(n, "DE") for n in (1, 3, 2, 4)] == [Fraction(5, 2), 1, 0, Fraction(1, 2)]


# Swiss, three rounds:  R1 1-2 1-0  3-4 1-0  5-6 ½ | R2 1-3 1-0  2-5 1-0  4-6 0-1
#                       R3 1-6 0-1  2-4 1-0  3-5 1-0
# 1, 2, 3 have 2 points each. 1 beat both 2 and 3; 2 and 3 have not met.
# DE: 1 scored 2 (all its encounters); 2 and 3 scored 0, and could reach at most 1 each by
# winning the missing game: 2 > 1, so 1 is first. 2 and 3: 0 each, not met, at most 1 → tied.
NOT_ALL_MET = event(6,
                    game(1, 1, 2, W), game(1, 3, 4, W), game(1, 5, 6, D),
                    game(2, 1, 3, W), game(2, 2, 5, W), game(2, 4, 6, B),
                    game(3, 1, 6, B), game(3, 2, 4, W), game(3, 3, 5, W))


def test_c07_6_direct_encounter_when_not_all_have_met():
    table = standings(NOT_ALL_MET, LAW_GAME, ("PTS", "DE"))
    assert table.format is Format.SWISS
    assert [(r.rank, r.number) for r in table.rows][:4] == [(1, 6), (2, 1), (3, 2), (3, 3)]
    assert str(table.rows[1].explanation) == "DE: 2 vs 0"
    assert str(table.rows[2].explanation) == "tied"


def test_law_head_to_head_needs_everyone_to_have_met():
    # The law's H2H does not extrapolate: 2 and 3 never met, so the three stay tied on H2H.
    table = standings(NOT_ALL_MET, LAW_GAME, ("PTS", "H2H"))
    assert [r.rank for r in table.rows][:4] == [1, 2, 2, 2]
    assert table.value(1, "H2H") is None


# Swiss, five players, three rounds (PAB = pairing-allocated bye, worth 1):
#   R1 1 PAB     2-3 1-0        4-5 ½
#   R2 1-2 1-0   3-5 -/+ (3 absent, 5 wins by forfeit)   4 PAB
#   R3 1-4 1-0   2-5 ½          3 zero-point bye (withdrawn)
# Points: 1 = 3; 2 = 1½; 3 = 0; 4 = 1½; 5 = 2.
# Scores as opponents (§16): 3 took part last in R1; its R3 bye comes after that and has no
# opponent → a draw: 0 + 0 + ½ = ½.  Everyone else: actual points.
# BH, 2024 (dummy opponent = own final score):
#   1 = dummy 3 + s(2) 1½ + s(4) 1½ = 6      5 = s(4) 1½ + dummy 2 + s(2) 1½ = 5
#   3 = s(2) 1½ + dummy 0 + dummy 0 = 1½     4 = s(5) 2 + dummy 1½ + s(1) 3 = 6½
# BH, 2026 (dummy capped: bye → ½ × 3 rounds = 1½; forfeit → the scheduled opponent's score):
#   1 = 1½ + 1½ + 1½ = 4½                    5 = 1½ + min(2, s(3) ½) + 1½ = 3½
# BH/C1 of 3 cuts a voluntarily unplayed round (value 0) rather than its game: 1½ + 0 = 1½.
# SB, 2024: 1 = 3·1 + 1½·1 + 1½·1 = 6;  5 = 1½·½ + 2·1 + 1½·½ = 3½;
#       2026: 1 = 1½ + 1½ + 1½ = 4½;    5 = ¾ + ½·1 + ¾ = 2.
DUMMY = event(5,
              bye(1, 1, Bye.PAIRING_ALLOCATED), game(1, 2, 3, W), game(1, 4, 5, D),
              game(2, 1, 2, W), game(2, 3, 5, BF), bye(2, 4, Bye.PAIRING_ALLOCATED),
              game(3, 1, 4, W), game(3, 2, 5, D), bye(3, 3, Bye.ZERO_POINT))


@pytest.mark.parametrize(("edition", "expected"), [
    (Edition.C07_2024, {1: ("6", "4.5", "6"), 3: ("1.5", "1.5", "0"), 4: ("6.5", "5", "2.5"),
                        5: ("5", "3.5", "3.5")}),
    (Edition.C07_2026, {1: ("4.5", "3", "4.5"), 3: ("1.5", "1.5", "0"), 4: ("6.5", "5", "2.5"),
                        5: ("3.5", "3", "2")}),
])
def test_c07_16_dummy_opponent(edition, expected):
    from scoring.standings import format_value
    table = standings(DUMMY, LAW_GAME, ("PTS", "BH", "BH/C1", "SB"), fmt=Format.SWISS,
                      edition=edition)
    for number, values in expected.items():
        row = next(r for r in table.rows if r.number == number)
        assert tuple(format_value(v) for v in row.values[1:]) == values


def test_c07_edition_follows_the_start_date():
    assert edition_for(date(2026, 2, 28)) is Edition.C07_2024
    assert edition_for(date(2026, 3, 1)) is Edition.C07_2026
    assert edition_for(None) is Edition.C07_2026
    early = standings(DUMMY, LAW_GAME, ("PTS", "BH"), fmt=Format.SWISS, start_date=date(2025, 1, 1))
    assert early.edition is Edition.C07_2024 and early.value(1, "BH") == 6


def test_c07_14_modifiers_parse():
    assert Spec.parse("bh/c1") == Spec("BH/C1", "BH", None, 1, 0)
    assert Spec.parse("BH/M2") == Spec("BH/M2", "BH", None, 2, 2)
    assert Spec.parse("SB:GP") == Spec("SB:GP", "SB", "gp", 0, 0)
    for bad in ("XYZ", "BH/Q1", "WIN/C1", "SB:XP"):
        with pytest.raises(TiebreakError):
            Spec.parse(bad)


def test_named_orders_are_shorthands():
    assert resolve_order("law-rr") == ("PTS", "H2H", "SB", "WIN", "BWG", "LOT")
    assert resolve_order("law-appendix") == ("PTS", "SB", "H2H", "LOT")
    assert resolve_order("PTS,BH/C1, SB") == ("PTS", "BH/C1", "SB")


def test_c07_10_aro_rounds_half_up_and_skips_forfeits():
    t = event(4, game(1, 1, 2, W), game(1, 3, 4, BF), game(2, 1, 3, D), game(2, 2, 4, W),
              ratings={1: 2000, 2: 1901, 3: 1900, 4: 1500})
    table = standings(t, LAW_GAME, ("PTS", "ARO"), fmt=Format.SWISS)
    assert table.value(1, "ARO") == 1901  # (1901 + 1900) / 2 = 1900.5 → 1901
    assert table.value(3, "ARO") == 2000  # the forfeit against 4 is left out
