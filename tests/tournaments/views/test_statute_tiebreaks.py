"""The statute form's tie-break help (forms.py, _tiebreak_widget.html): the law's words for the
Swiss order (Art. 21.4 says only "hệ số"), each named order with its source, what each criterion
means; the fouls counted and the team ranking as statute options."""

import json

import pytest

from tests.tournaments.builders import client_for, rr_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def page(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    response = client_for(organiser).get(f"/manage/{event.slug}/statute/")
    return event, response


def test_art_21_4_the_law_words_for_the_swiss_order(page):
    _event, response = page
    text = response.content.decode()
    assert "ai có hệ số cao hơn được xếp trên (xem phần thể thức thi đấu ở chương 6)" in text
    assert "has no chapter 6" in text


def test_presets_with_their_sources_and_definitions(page):
    _event, response = page
    text = response.content.decode()
    assert 'data-preset="cxa-swiss"' in text and "CXA 2011 art. 14.3.1, 14.4" in text
    assert "WXF 18th World Championship regulation (2023) VIII b" in text
    data = response.context["form"].tiebreak_widget_data()
    presets = {name: (label, source, order) for name, label, source, order in data["presets"]}
    assert presets["law-appendix"] == ("The law's appendix: round robin", "appendix §5.3",
                                       ["SB", "H2H", "LOT"])
    assert data["definitions"]["OS"].startswith("The sum of the opponents' final scores")
    assert "FOUL" in dict(data["options"])
    json.dumps(data)  # the page embeds it as JSON


def test_fouls_counted_and_team_ranks_saved(page, organiser):
    event, response = page
    form = response.context["form"]
    data = {name: form.initial.get(name, field.initial) for name, field in form.fields.items()}
    data = {k: ("" if v is None else v) for k, v in data.items()
            if not isinstance(v, bool) or v}
    data.update(foul_kinds=["loss", "time"], team_ranks_by="province", team_ranks_members=3,
                tiebreaks="cxa-rr", tiebreak_games="regular 2")
    for key in ("start_date", "end_date"):
        data[key] = str(data[key] or "")
    reply = client_for(organiser).post(f"/manage/{event.slug}/statute/", data)
    assert reply.status_code == 302, reply.context["form"].errors
    event.refresh_from_db()
    assert (event.foul_kinds, event.team_ranks_by, event.team_ranks_members) == (
        ["loss", "time"], "province", 3)
    assert event.tiebreaks == ["SB", "WIN", "H2H2", "FOUL", "BPG"]


def test_preset_sources_in_vietnamese(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    text = client_for(organiser, "vi").get(f"/manage/{event.slug}/statute/").content.decode()
    assert "<td>Điều 21.3</td>" in text and "<td>Phụ lục §5.3</td>" in text
    assert "<td>Art. 21.3</td>" not in text and "FIDE C.07&#x27;s advice" not in text


def test_an_event_on_the_laws_order_saves_its_statute_unchanged(make_event, organiser,
                                                                 chief_arbiter):
    """An empty order means the law's order for the format (Art. 21.3); the form shows an empty
    box, not the list's "[]", so sending the statute back unchanged is accepted."""
    event = rr_scenario(make_event, organiser, chief_arbiter, tiebreaks=[])["event"]
    response = client_for(organiser).get(f"/manage/{event.slug}/statute/")
    form = response.context["form"]
    assert 'value="[]"' not in response.content.decode()
    data = {name: form[name].field.prepare_value(form[name].value()) for name in form.fields}
    assert data["tiebreaks"] == ""
    data = {k: ("" if v is None else v) for k, v in data.items()
            if not isinstance(v, bool) or v}
    for key in ("start_date", "end_date"):
        data[key] = str(data[key] or "")
    reply = client_for(organiser).post(f"/manage/{event.slug}/statute/", data)
    assert reply.status_code == 302, reply.context["form"].errors
    event.refresh_from_db()
    assert event.tiebreaks == []
