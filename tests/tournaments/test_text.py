"""The app's text (tournaments/text.py): the one way points are written for people, and the
labels and name keys that services used to make for themselves."""

from decimal import Decimal
from fractions import Fraction

from django.utils import translation

from records import Colour
from tournaments.text import (
    NumberStyle,
    colour_letter,
    group_labels,
    machine_numbers,
    name_key,
    number_text,
    points_text,
    same_spelling,
)


def test_points_are_exact_decimals():
    assert [points_text(v, language="en") for v in (
        3, Fraction(5, 2), Fraction(3, 4), Decimal("0.5"), Fraction(13, 3), None)] == [
        "3", "2.5", "0.75", "0.5", "4.333", "-"]


def test_half_points_as_tables_and_score_sheets_write_them():
    assert [points_text(v, halves=True, language="vi") for v in (
        Fraction(5, 2), Fraction(1, 2), 2, Fraction(3, 4))] == ["2½", "½", "2", "0,75"]


def test_board_by_board_sums_are_joined():
    """Appendix §4: BRD's sums, board 1 first."""
    assert points_text((Fraction(3), Fraction(5, 2), 1), language="en") == "3/2.5/1"
    assert points_text((Fraction(3), Fraction(5, 2), 1), language="vi") == "3/2,5/1"


def test_vietnamese_writes_a_decimal_comma_english_a_point():
    assert points_text(Fraction(5, 2), language="vi") == "2,5"
    assert points_text(Fraction(5, 2), language="en") == "2.5"


def test_the_active_language_decides_unless_numbers_are_for_programs():
    with translation.override("vi"):
        assert points_text(Fraction(25, 2)) == "12,5"
        with machine_numbers():  # the API
            assert points_text(Fraction(25, 2)) == "12.5"
            assert points_text(Fraction(25, 2), language="vi") == "12,5"
        assert points_text(Fraction(25, 2)) == "12,5"
    with translation.override("en"):
        assert points_text(Fraction(25, 2)) == "12.5"


def test_rating_changes_expected_scores_and_percentages_in_each_language():
    cases = [(Fraction(37, 5), NumberStyle.SIGNED, "+7,4", "+7.4"),
             (Fraction(-1, 20), NumberStyle.SIGNED, "-0,1", "-0.1"),  # half up, away from 0
             (Fraction(-1, 100), NumberStyle.SIGNED, "0,0", "0.0"),  # no "-0,0"
             (Fraction(0), NumberStyle.SIGNED, "0,0", "0.0"),
             (Fraction(1369, 400), NumberStyle.HUNDREDTHS, "3,42", "3.42"),
             (Fraction(2, 3), NumberStyle.PERCENT, "66,7%", "66.7%"),
             (Fraction(1, 2), NumberStyle.PERCENT, "50%", "50%"),
             (None, NumberStyle.PERCENT, "", "")]
    for value, style, vi, en in cases:
        assert (number_text(value, style=style, language="vi"),
                number_text(value, style=style, language="en")) == (vi, en), (value, style)


def test_colour_letters_are_the_laws_words():
    """Art. 2.2 (docs/law.md): Trắng and Đen; English White and Black."""
    with translation.override("vi"):
        assert (colour_letter(Colour.WHITE), colour_letter(Colour.BLACK)) == ("t", "đ")
    with translation.override("en"):
        assert (colour_letter(Colour.WHITE), colour_letter(Colour.BLACK)) == ("w", "b")
    assert colour_letter(None) == ""


def test_names_compare_without_case_accents_or_spacing():
    assert name_key("  Nguyễn  Thành Đạt ") == name_key("NGUYEN THANH DAT") == "nguyen thanh dat"
    assert name_key("Lê Văn A") != name_key("Lê Văn B")


def test_groups_are_lettered_then_doubled_past_z():
    labels = group_labels(28)
    assert labels[:3] == ["A", "B", "C"] and labels[25:] == ["Z", "AA", "AB"]


def test_the_same_spelling_whatever_the_tone_placement_or_composition():
    import unicodedata

    assert same_spelling("Phạm Hoà", "Phạm Hòa") and same_spelling("Thuý", "Thúy")
    assert same_spelling(unicodedata.normalize("NFD", "Nguyễn Huệ"), "Nguyễn  Huệ ")
    assert not same_spelling("Hòa", "Hóa")  # another tone is another name
    assert not same_spelling("Hoa", "Hòa") and not same_spelling("Hòa", "hòa")
