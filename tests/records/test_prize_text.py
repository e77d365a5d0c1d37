"""The prize list as organisers type it (``records/prize_text.py``): amounts as people write
them in Vietnam, items, and a stored list written out and read back unchanged."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from records.prize_text import PrizeTextError, prize_list_parse, prize_list_text


@pytest.mark.parametrize(("typed", "place"), [
    ("5.000.000 Cúp vô địch", {"amount": 5_000_000, "item": "Cúp vô địch"}),
    ("5,000,000 VND", {"amount": 5_000_000}),
    ("500.000đ Huy chương", {"amount": 500_000, "item": "Huy chương"}),
    ("500.000 đồng", {"amount": 500_000}),
    ("5 triệu", {"amount": 5_000_000}),
    ("1,5 triệu", {"amount": 1_500_000}),
    ("1.5 tr", {"amount": 1_500_000}),
    ("2,25 triệu Cúp", {"amount": 2_250_000, "item": "Cúp"}),
    ("500k", {"amount": 500_000}),
    ("500 nghìn Kỷ niệm chương", {"amount": 500_000, "item": "Kỷ niệm chương"}),
    ("Cúp", {"amount": 0, "item": "Cúp"}),
    ("0 3 quyển sách", {"amount": 0, "item": "3 quyển sách"}),
    ("500 100 quyển vở", {"amount": 500, "item": "100 quyển vở"}),
])
def test_amounts_as_people_write_them(typed, place):
    assert prize_list_parse(f"Chung cuộc: {typed}") == [{"name": "Chung cuộc",
                                                          "places": [place]}]


@pytest.mark.parametrize("typed", ["1.5", "5.00", "1,5", "1.5.0 triệu"])
def test_an_amount_that_reads_two_ways_is_refused_not_guessed(typed):
    with pytest.raises(PrizeTextError) as refused:
        prize_list_parse(f"Nữ [sex=F]: 1.000.000; {typed}")
    assert (refused.value.line, refused.value.code) == (1, "place")


ITEMS = st.one_of(
    st.text(st.characters(categories=["L", "N", "Zs"], exclude_characters="\r\n"),
            max_size=20),
    # items a reader could take for part of an amount
    st.tuples(st.sampled_from(["k", "tr", "triệu", "nghìn", "đ", "đồng", "VND", "3", "1,5"]),
              st.sampled_from(["", " quyển sách", " Cúp"])).map("".join),
).map(lambda t: " ".join(t.split()))
PLACES = st.builds(lambda amount, item: {"amount": amount, **({"item": item} if item else {})},
                   st.integers(0, 10**9), ITEMS).filter(lambda p: p["amount"] or p.get("item"))


@given(st.lists(PLACES, min_size=1, max_size=5))
def test_a_stored_list_is_written_and_read_back_unchanged(places):
    stored = [{"name": "Giải", "places": places}]
    assert prize_list_parse(prize_list_text(stored)) == stored
