"""The staff's entries page says how the table numbers (mã số, appendix §5) were given in the
reader's words: "theo hệ số Elo", not the stored code "rating"; a seed only for lots."""

import pytest

from tests.tournaments.builders import client_for, rr_scenario
from tournaments.services.entries import numbers_draw

pytestmark = pytest.mark.django_db


def _page(event, organiser):
    return client_for(organiser, "vi").get(f"/manage/{event.slug}/entries/").content.decode()


def test_numbers_by_rating_are_named_in_vietnamese(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]  # numbered by rating
    html = _page(event, organiser)
    assert "Mã số được xếp theo hệ số Elo." in html
    assert ": rating," not in html and "mã ngẫu nhiên –" not in html


def test_numbers_by_lots_name_their_seed(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    numbers_draw(event=event, actor=organiser, method="lots", seed=2026)
    html = _page(event, organiser)
    assert "Mã số được bốc thăm may rủi, mã ngẫu nhiên 2026." in html
    assert ": lots," not in html
