"""The people to appoint in the API (GET /api/events/<id>/people/?search=, then POST roles/):
an exact username or e-mail address, or someone already on the event's staff; the search never
lists every account, nor the superuser, and an id names only someone on the staff."""

import pytest

from tests.tournaments.builders import UserFactory, api_for
from tournaments.models import EventRole

pytestmark = pytest.mark.django_db


def test_the_search_lists_no_account_for_a_letter_and_never_the_superuser(
        make_event, organiser):
    """The attack: ``?search=a`` listed every active account, the superuser included."""
    event = make_event(format="rr", rounds=3)
    UserFactory(username="admin", is_superuser=True, email="admin@example.vn")
    UserFactory(username="anh", first_name="Anh", email="anh@example.vn")
    api = api_for(organiser)

    def found(search):
        response = api.get(f"/api/events/{event.pk}/people/", {"search": search})
        assert response.status_code == 200
        return [p["username"] for p in response.json()]

    assert found("a") == ["arbiter", "organiser"]  # the event's own staff
    assert found("nh") == [] and found("admin") == [] and found("admin@example.vn") == []
    assert found("ANH") == ["anh"] and found("Anh@Example.VN") == ["anh"]


def test_found_by_exact_username_then_appointed(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    minh = UserFactory(username="ttminh", first_name="Minh", last_name="Trần Tuấn",
                       email="minh@example.vn")
    api = api_for(organiser)
    found = api.get(f"/api/events/{event.pk}/people/?search=minh@example.vn").json()
    assert found == [{"id": minh.pk, "username": "ttminh", "name": "Minh Trần Tuấn"}]
    assert api.get(f"/api/events/{event.pk}/people/?search=tran tuan").json() == []
    response = api.post(f"/api/events/{event.pk}/roles/",
                        {"username": "minh@example.vn", "role": "arbiter"}, format="json")
    assert response.status_code == 200, response.content
    assert EventRole.objects.filter(event=event, user=minh, role="arbiter").exists()
    # Now on the staff: found by a part of the name, and appointed again by id.
    assert [p["id"] for p in api.get(
        f"/api/events/{event.pk}/people/?search=tran tuan").json()] == [minh.pk]
    response = api.post(f"/api/events/{event.pk}/roles/", {"user": minh.pk, "role": "deputy"},
                        format="json")
    assert response.status_code == 200, response.content


def test_an_outsiders_id_names_nobody(make_event, organiser):
    """Ids cannot be tried one by one to learn the accounts' names."""
    event = make_event(format="rr", rounds=3)
    outsider = UserFactory(username="outsider")
    response = api_for(organiser).post(f"/api/events/{event.pk}/roles/",
                                       {"user": outsider.pk, "role": "arbiter"}, format="json")
    assert response.status_code == 404
    assert not EventRole.objects.filter(event=event, user=outsider).exists()


def test_neither_username_nor_id_is_a_clear_400(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    response = api_for(organiser).post(f"/api/events/{event.pk}/roles/", {"role": "arbiter"},
                                       format="json")
    assert response.status_code == 400
    assert "exact username" in response.json()["non_field_errors"][0]


def test_an_inactive_or_unknown_person_is_not_found(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    gone = UserFactory(username="gone", is_active=False)
    for user in (gone.pk, 999_999):
        response = api_for(organiser).post(f"/api/events/{event.pk}/roles/",
                                           {"user": user, "role": "arbiter"}, format="json")
        assert response.status_code == 404
    assert not EventRole.objects.filter(event=event, user=gone).exists()
