"""The named tie-break orders in the API (scoring/presets.py; api/tiebreaks.py) and an event's
statute set from one (Art. 21.3's last sentence: the statute orders the criteria)."""

import pytest

from scoring.presets import PRESETS
from tests.tournaments.builders import api_for, rr_scenario

pytestmark = pytest.mark.django_db


def test_presets_listed_with_label_source_and_definitions():
    data = api_for().get("/api/tiebreak-presets/").json()
    assert [p["name"] for p in data] == [p.name for p in PRESETS]
    by_name = {p["name"]: p for p in data}
    law = by_name["law-rr"]
    assert (law["label"], law["source"]) == ("The law: round robin", "Art. 21.3")
    assert [c["code"] for c in law["criteria"]] == ["H2H", "SB", "WIN", "BWG", "LOT"]
    sb = law["criteria"][1]
    assert sb["definition"].startswith("Art. 21.3: the total points of the opponents beaten")
    wxf = by_name["wxf"]
    assert wxf["source"] == "WXF 18th World Championship regulation (2023) VIII b"
    assert [c["code"] for c in wxf["criteria"]] == ["OS", "H2H2"]


def test_vietnamese_labels():
    client = api_for()
    client.cookies["django_language"] = "vi"
    data = client.get("/api/tiebreak-presets/", HTTP_ACCEPT_LANGUAGE="vi").json()
    labels = {p["name"]: p["label"] for p in data}
    assert labels["law-rr"] == "Luật: thi đấu vòng tròn"
    assert data[0]["label"] == "Hệ số của Luật trước (Sonneborn–Berger)"  # Art. 21.4 with 21.3


def test_statute_from_a_preset_then_reordered(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    client = api_for(organiser)
    response = client.patch(f"/api/events/{event.pk}/", {"tiebreak_preset": "cxa-rr"},
                            format="json")
    assert response.status_code == 200, response.json()
    event.refresh_from_db()
    assert event.tiebreaks == ["SB", "WIN", "H2H2", "FOUL", "BPG"]
    client.patch(f"/api/events/{event.pk}/", {"tiebreaks": ["WIN", "SB", "H2H2", "FOUL", "BPG"]},
                 format="json")
    event.refresh_from_db()
    assert event.tiebreaks == ["WIN", "SB", "H2H2", "FOUL", "BPG"]


def test_unknown_preset_or_both_refused(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    client = api_for(organiser)
    assert client.patch(f"/api/events/{event.pk}/", {"tiebreak_preset": "fifa"},
                        format="json").status_code == 400
    both = client.patch(f"/api/events/{event.pk}/", {"tiebreak_preset": "wxf",
                                                     "tiebreaks": ["SB"]}, format="json")
    assert both.status_code == 400 and "not both" in str(both.json())
    event.refresh_from_db()
    assert event.tiebreaks == []


def test_sources_in_the_readers_language():
    """A named order's source reads "Điều 21.3" on a Vietnamese page, never the English "Art.";
    in English every source is the one scoring/presets.py records."""
    assert [p["source"] for p in api_for().get("/api/tiebreak-presets/").json()] == [
        p.source for p in PRESETS]
    client = api_for()
    client.cookies["django_language"] = "vi"
    by_name = {p["name"]: p["source"] for p in client.get("/api/tiebreak-presets/").json()}
    assert by_name["law-rr"] == "Điều 21.3"
    assert by_name["law-appendix"] == "Phụ lục §5.3"
    assert not any("Art." in source or "appendix" in source for source in by_name.values())
