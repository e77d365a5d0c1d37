"""PATCH /api/players/<id>/ and GET /api/players/<id>/history/: corrections of a register
player through services/players.py (Art. 19), with the API's {detail, code} refusals."""

import pytest

from tests.tournaments.builders import PlayerFactory, api_for
from tournaments.models import Player
from tournaments.services.entries import entry_register


@pytest.fixture
def player(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    player = PlayerFactory(full_name="Lê Văn C", rating=1900, club="CLB X")
    entry_register(event=event, actor=organiser, player=player)
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
    assert response.status_code == 403 and response.json()["code"] == "permission_denied"
    assert Player.objects.get(pk=player.pk).rating == 1900


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
