"""PATCH /api/players/<id>/ and GET /api/players/<id>/history/: corrections of a register
player through services/players.py (the register's keepers, or the administrators of his club
and those above it in the organisations' tree), with the API's {detail, code} refusals."""

import pytest
from django.contrib.auth.models import Group

from tests.tournaments.builders import PlayerFactory, UserFactory, api_for, club_admin_of
from tournaments.models import Player
from tournaments.services.entries import entry_register


@pytest.fixture
def player(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    player = PlayerFactory(full_name="Lê Văn C", rating=1900, club="CLB X", created_by=organiser)
    entry_register(event=event, actor=organiser, player=player)
    club_admin_of(organiser, player)
    return player


def test_organiser_patches_only_the_fields_sent_and_reads_the_history(player, organiser):
    api = api_for(organiser)
    response = api.patch(f"/api/players/{player.pk}/",
                         {"rating": 1950, "fide_id": "AXF-7", "reason": "new list"},
                         format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["rating"], body["fide_id"], body["club"]) == (1950, "AXF-7", "CLB X")
    history = api.get(f"/api/players/{player.pk}/history/").json()
    assert history[0]["user"] == "organiser" and history[0]["reason"] == "new list"
    assert sorted((c["field"], c["before"], c["after"]) for c in history[0]["changes"]) == [
        ("fide_id", None, "AXF-7"), ("rating", "1900", "1950")]
    assert history[-1]["created"] is True


def test_arbiter_is_refused_and_nothing_changes(player, arbiter):
    response = api_for(arbiter).patch(f"/api/players/{player.pk}/", {"rating": 1},
                                      format="json")
    assert response.status_code == 403 and response.json()["code"] == "register_keeper"
    assert Player.objects.get(pk=player.pk).rating == 1900


def test_entering_someone_elses_player_in_a_scratch_event_gives_no_right_over_him(player):
    """The attack: another organiser enters the player in a scratch event of his own, renames
    and re-rates him, then removes the entry. The PATCH is refused; nothing changed."""
    intruder = UserFactory(username="intruder")
    intruder.groups.add(Group.objects.get(name="Organisers"))
    api = api_for(intruder)
    scratch = api.post("/api/events/", {"name": "Nháp", "format": "rr", "rounds": 3,
                                        "start_date": "2026-12-01"}, format="json")
    assert scratch.status_code == 201, scratch.content
    entered = api.post(f"/api/events/{scratch.json()['id']}/entries/", {"player": player.pk},
                       format="json")
    assert entered.status_code == 201, entered.content
    history = len(player.history.all())
    response = api.patch(f"/api/players/{player.pk}/",
                         {"full_name": "Kẻ Mạo Danh", "rating": 2700, "fide_id": "X1",
                          "federation": "CHN", "birth_year": 1950, "gender": "F",
                          "title": "GM", "reason": "typo"}, format="json")
    assert response.status_code == 403
    assert response.json()["code"] == "register_keeper"
    assert "register's keepers" in response.json()["detail"]
    assert api.delete(f"/api/entries/{entered.json()['id']}/").status_code == 204
    stored = Player.objects.get(pk=player.pk)
    assert (stored.full_name, stored.rating, stored.fide_id, stored.federation,
            stored.birth_year, stored.title) == ("Lê Văn C", 1900, None, "VIE", None, "")
    assert len(stored.history.all()) == history


def test_the_adder_is_refused_for_a_player_of_no_club_of_theirs(make_event, organiser):
    """Adding a player to the register gives no right over him: the tree decides."""
    event = make_event(format="rr", rounds=3, name="Giải B")
    added = PlayerFactory(full_name="Trần Văn D", rating=1800, created_by=organiser)
    entry_register(event=event, actor=organiser, player=added)
    response = api_for(organiser).patch(f"/api/players/{added.pk}/", {"rating": 1},
                                        format="json")
    assert response.status_code == 403 and response.json()["code"] == "register_keeper"
    assert Player.objects.get(pk=added.pk).rating == 1800


def test_anonymous_reads_no_history(player):
    assert api_for().get(f"/api/players/{player.pk}/history/").status_code in (401, 403)


@pytest.mark.parametrize(("payload", "field"), [
    ({"birth_year": 1500}, "birth_year"), ({"federation": "VIETNAM"}, "federation"),
    ({"title": "XX"}, "title"), ({"full_name": ""}, "full_name"),
])
def test_bad_values_are_400_with_the_field(player, organiser, payload, field):
    response = api_for(organiser).patch(f"/api/players/{player.pk}/", payload, format="json")
    assert response.status_code == 400 and field in response.json()
    assert Player.objects.get(pk=player.pk).rating == 1900


def test_someone_elses_id_is_a_clear_400(player, organiser):
    PlayerFactory(full_name="Phan D", national_id="VXF77")
    response = api_for(organiser).patch(f"/api/players/{player.pk}/",
                                        {"national_id": "VXF77"}, format="json")
    assert response.status_code == 400
    assert "already belongs to Phan D" in response.json()["detail"]
