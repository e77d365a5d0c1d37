"""Issue 19 in the API: the people to appoint found by a part of their name or username
(GET /api/events/<id>/people/?search=), then appointed by id (POST roles/ {"user": id})."""

import pytest

from tests.tournaments.builders import UserFactory, api_for
from tournaments.models import EventRole

pytestmark = pytest.mark.django_db


def test_find_by_a_part_of_the_name_then_appoint_by_id(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    minh = UserFactory(username="ttminh", first_name="Minh", last_name="Trần Tuấn")
    UserFactory(username="minhanh", first_name="Anh", last_name="Lê Minh")
    api = api_for(organiser)
    found = api.get(f"/api/events/{event.pk}/people/?search=tran tuan").json()
    assert found == [{"id": minh.pk, "username": "ttminh", "name": "Minh Trần Tuấn"}]
    assert len(api.get(f"/api/events/{event.pk}/people/?search=MINH").json()) == 2
    assert api.get(f"/api/events/{event.pk}/people/?search=").json() == []
    response = api.post(f"/api/events/{event.pk}/roles/", {"user": minh.pk, "role": "arbiter"},
                        format="json")
    assert response.status_code == 200, response.content
    assert EventRole.objects.filter(event=event, user=minh, role="arbiter").exists()


def test_neither_username_nor_id_is_a_clear_400(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    response = api_for(organiser).post(f"/api/events/{event.pk}/roles/", {"role": "arbiter"},
                                       format="json")
    assert response.status_code == 400
    assert "username" in response.json()["non_field_errors"][0]


def test_an_inactive_or_unknown_person_is_not_found(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    gone = UserFactory(username="gone", is_active=False)
    for user in (gone.pk, 999_999):
        response = api_for(organiser).post(f"/api/events/{event.pk}/roles/",
                                           {"user": user, "role": "arbiter"}, format="json")
        assert response.status_code == 404
    assert not EventRole.objects.filter(event=event, user=gone).exists()
