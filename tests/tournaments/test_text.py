"""The app's text (tournaments/text.py): the one way points are written for people, and the
labels and name keys that services used to make for themselves."""

from decimal import Decimal
from fractions import Fraction

from tournaments.text import group_labels, name_key, points_text


def test_points_are_exact_decimals():
    assert [points_text(v) for v in (3, Fraction(5, 2), Fraction(3, 4), Decimal("0.5"),
                                     Fraction(13, 3), None)] == ["3", "2.5", "0.75", "0.5",
                                                                 "4.333", "-"]


def test_half_points_as_tables_and_score_sheets_write_them():
    assert [points_text(v, halves=True) for v in (Fraction(5, 2), Fraction(1, 2), 2,
                                                  Fraction(3, 4))] == ["2½", "½", "2", "0.75"]


def test_board_by_board_sums_are_joined():
    """Appendix §4: BRD's sums, board 1 first."""
    assert points_text((Fraction(3), Fraction(5, 2), 1)) == "3/2.5/1"


def test_every_language_writes_a_decimal_point_for_now():
    assert points_text(Fraction(5, 2), language="vi") == points_text(Fraction(5, 2),
                                                                     language="en") == "2.5"


def test_names_compare_without_case_accents_or_spacing():
    assert name_key("  Nguyễn  Thành Đạt ") == name_key("NGUYEN THANH DAT") == "nguyen thanh dat"
    assert name_key("Lê Văn A") != name_key("Lê Văn B")


def test_groups_are_lettered_then_doubled_past_z():
    labels = group_labels(28)
    assert labels[:3] == ["A", "B", "C"] and labels[25:] == ["Z", "AA", "AB"]
