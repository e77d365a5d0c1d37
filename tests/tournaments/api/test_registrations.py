"""The registration API (Art. 18 b, 19): anyone submits while the statute's registration is
open; the organisers read the eligibility and decide; hostile bodies and the throttle change
nothing."""

import pytest

from tests.tournaments.builders import PlayerFactory, api_for
from tournaments.models import Entry, Registration
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(make_event, organiser):
    event = make_event(format="swiss", rounds=5, name="Giải API mở")
    return event_update(event=event, actor=organiser, visibility="public",
                        registration_online=True, registration_max=2, eligible_sex="F")


def test_submit_review_and_decide(open_event, organiser):
    known = PlayerFactory(full_name="Ngô Lan Hương", gender="F", birth_year=1990)
    url = f"/api/events/{open_event.pk}/registrations/"
    response = api_for().post(url, {"name": "Trưởng đoàn", "email": "a@b.vn", "players": [
        {"player": known.pk}, {"full_name": "Lê Thị Hà", "gender": "F"},
        {"full_name": "Lê Văn Nam", "gender": "M"}]}, format="json")
    assert response.status_code == 201, response.data
    assert [(r["name"], r["status"], r["position"]) for r in response.data] == [
        ("Ngô Lan Hương", "pending", None), ("Lê Thị Hà", "pending", None),
        ("Lê Văn Nam", "waiting", 1)]
    assert api_for().get(url).status_code in (401, 403)
    lines = api_for(organiser).get(url).json()
    assert [(line["registration"]["name"], line["eligible"], line["failures"])
            for line in lines] == [("Ngô Lan Hương", True, ""), ("Lê Thị Hà", True, ""),
                                   ("Lê Văn Nam", False, "the event is for the other sex")]
    approved = api_for(organiser).post(f"/api/events/{open_event.pk}/registrations/"
                                       "approve-eligible/")
    assert [r["name"] for r in approved.json()] == ["Ngô Lan Hương", "Lê Thị Hà"]
    assert Entry.objects.filter(event=open_event, player=known).exists()
    nam = Registration.objects.get(full_name="Lê Văn Nam")
    refused = api_for(organiser).post(f"/api/registrations/{nam.pk}/decision/",
                                      {"approve": False}, format="json")
    assert refused.status_code == 400 and "Say why" in refused.json()["detail"]
    rejected = api_for(organiser).post(f"/api/registrations/{nam.pk}/decision/",
                                       {"approve": False, "reason": "Nội dung nữ"},
                                       format="json")
    assert rejected.json()["status"] == "rejected"


@pytest.mark.parametrize("body", [
    {"name": "A", "players": [{"full_name": "B" * 121}]},
    {"name": "A", "players": [{"full_name": "B", "birth_year": "năm"}]},
    {"name": "A", "players": [{"player": 99999999}]},
    {"name": "A", "players": [{"full_name": "B"}] * 41},
    {"name": "A", "players": "B"},
    {"name": "A", "team": {"name": "Đội", "members": []}},
    {"players": [{"full_name": "B"}]},
    {"name": "A", "email": "x", "players": [{"full_name": "B"}]},
])
def test_hostile_bodies_change_nothing(open_event, body):
    response = api_for().post(f"/api/events/{open_event.pk}/registrations/", body, format="json")
    assert response.status_code == 400, response.data
    assert not Registration.objects.exists()


def test_a_draft_or_closed_event_takes_none_and_the_throttle_holds(open_event, organiser,
                                                                   settings):
    url = f"/api/events/{open_event.pk}/registrations/"
    body = {"name": "A", "players": [{"full_name": "Bà Ba"}]}
    event_update(event=open_event, actor=organiser, visibility="draft")
    assert api_for().post(url, body, format="json").status_code == 404
    event_update(event=open_event, actor=organiser, visibility="public",
                 registration_online=False)
    assert api_for().post(url, body, format="json").status_code == 400
    assert not Registration.objects.exists()
    event_update(event=open_event, actor=organiser, registration_online=True)
    settings.REGISTRATIONS_PER_HOUR = 4  # the two refused posts above counted too
    codes = [api_for().post(url, {"name": "A", "players": [{"full_name": f"Bà {i}"}]},
                            format="json").status_code for i in range(3)]
    assert codes == [201, 201, 429]
    assert Registration.objects.count() == 2
