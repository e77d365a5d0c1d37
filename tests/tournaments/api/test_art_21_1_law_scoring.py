"""Art. 21.1, 21.2, 19.5 through the API: an official event's statute with other
points is refused with the article, in the API's shape and the reader's language; a friendly
event takes them and says so."""

import pytest
from django.conf import settings

from tests.tournaments.builders import api_for
from tournaments.models import Event

pytestmark = pytest.mark.django_db

BODY = {"name": "Giải Câu lạc bộ", "start_date": "2027-04-01", "format": "swiss", "rounds": 7,
        "scoring": "custom", "points_win": "3", "points_draw": "1", "points_loss": "0"}


def test_art_21_1_api_refuses_an_official_event_with_three_one_zero(organiser):
    response = api_for(organiser).post("/api/events/", BODY, format="json")
    assert response.status_code == 400
    body = response.json()
    assert "Art. 21.1" in body["detail"] and "3/1/0" in body["detail"]
    assert body["code"] == "invalid" and "Art. 19.5" in " ".join(body["scoring"])
    assert not Event.objects.filter(name=BODY["name"]).exists()


def test_art_21_1_api_refusal_in_vietnamese(organiser):
    client = api_for(organiser)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "vi"
    response = client.post("/api/events/", BODY, format="json")
    assert response.status_code == 400 and "Điều 21.1" in response.json()["detail"]


def test_art_21_2_api_refuses_plain_scoring_of_two_game_matches(make_event, organiser):
    event = make_event(format="rr", games_per_match=2)
    response = api_for(organiser).patch(f"/api/events/{event.pk}/", {"scoring": "standard"},
                                        format="json")
    assert response.status_code == 400 and "Art. 21.2" in response.json()["detail"]
    event.refresh_from_db()
    assert event.scoring == "match"


def test_art_19_5_api_friendly_event_with_other_points_says_so(organiser):
    client = api_for(organiser)
    created = client.post("/api/events/", {**BODY, "official": False}, format="json")
    assert created.status_code == 201, created.content
    shown = client.get(f"/api/events/{created.json()['id']}/").json()
    assert shown["official"] is False and shown["scoring_follows_law"] is False
    assert "Art. 21.1" in shown["scoring_note"] and "3/1/0" in shown["scoring_note"]
    # Making it official again is refused while the points stay.
    refused = client.patch(f"/api/events/{shown['id']}/", {"official": True}, format="json")
    assert refused.status_code == 400 and "Art. 21.1" in refused.json()["detail"]


def test_art_21_1_api_official_event_follows_the_law(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    shown = api_for(organiser).get(f"/api/events/{event.pk}/").json()
    assert shown["official"] is True and shown["scoring_follows_law"] is True
    assert shown["scoring_note"] == ""
