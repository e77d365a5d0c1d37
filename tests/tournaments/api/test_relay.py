"""The live relay's API (api/relay.py; docs/live.md "Relay"): a relayed game read with the
statute's delay for the public and whole for the staff, a round's live games with their PGN
read back by the product's reader, moves and undo idempotent by ply, refusals with their
reason (409 for a conflict), the chief arbiter's choice of boards."""

import pytest
from rest_framework.test import APIClient

import xiangqi
from tests.tournaments.builders import rr_scenario
from tournaments.models import Event, GameMoves, RelayedBoard

pytestmark = pytest.mark.django_db
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9"]


def _client(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    response = _client(chief_arbiter).put(f"/api/boards/{ctx['board'].pk}/relay/",
                                          {"recorder": None}, format="json")
    assert response.status_code == 204
    Event.objects.filter(pk=ctx["event"].pk).update(relay_delay_plies=1)
    return ctx


def test_moves_entered_and_read_with_the_delay(ctx, arbiter):
    url = f"/api/boards/{ctx['board'].pk}/live/"
    for ply, move in enumerate(OPENING, 1):
        answer = _client(arbiter).post(url, {"ply": ply, "move": move}, format="json")
        assert answer.status_code == 200 and answer.data["changed"], answer.data
        assert answer["Cache-Control"] == "no-cache"
    again = _client(arbiter).post(url, {"ply": 4, "move": "i9h9"}, format="json")
    assert again.status_code == 200 and again.data["changed"] is False
    public = _client().get(url)
    assert public.data["ply"] == 3 and public.data["moves"] == OPENING[:3]
    assert public.data["written"] == ["P2-5", "M8.7", "M2.3"] and "legal" not in public.data
    staff = _client(arbiter).get(url)
    assert (staff.data["ply"], staff.data["total"]) == (4, 4)
    assert "h0" not in staff.data["legal"] and "g2" in staff.data["legal"]  # the horse moved


def test_refusals_say_why_and_change_nothing(ctx, arbiter):
    url = f"/api/boards/{ctx['board'].pk}/live/"
    _client(arbiter).post(url, {"ply": 1, "move": "h2e2"}, format="json")
    gap = _client(arbiter).post(url, {"ply": 3, "move": "h0g2"}, format="json")
    assert gap.status_code == 400 and (gap.data["reason"], gap.data["stored"]) == ("gap", 1)
    illegal = _client(arbiter).post(url, {"ply": 2, "move": "e9e7"}, format="json")
    assert illegal.status_code == 400 and illegal.data["reason"] == "illegal"
    conflict = _client(arbiter).post(url, {"ply": 1, "move": "b2e2"}, format="json")
    assert conflict.status_code == 409 and conflict.data["reason"] == "conflict"
    assert GameMoves.objects.get().iccs == ["h2e2"]
    undo = _client(arbiter).post(url + "undo/", {"ply": 1, "move": "h2e2"}, format="json")
    assert undo.status_code == 200 and undo.data["ply"] == 0
    assert not GameMoves.objects.exists()


def test_a_rounds_live_games_and_pgn(ctx, arbiter, chief_arbiter):
    url = f"/api/boards/{ctx['board'].pk}/live/"
    for ply, move in enumerate(OPENING, 1):
        _client(arbiter).post(url, {"ply": ply, "move": move}, format="json")
    answer = _client().get(f"/api/events/{ctx['event'].pk}/rounds/1/live/")
    assert answer.status_code == 200
    assert [g["ply"] for g in answer.data["games"]] == [3]
    games = xiangqi.read_pgn(answer.data["pgn"])
    assert list(games[0].moves) == ["P2-5", "M8.7", "M2.3"]
    assert games[0].tag("Board") == str(ctx["board"].number) and games[0].result == "*"
    removed = _client(chief_arbiter).delete(f"/api/boards/{ctx['board'].pk}/relay/")
    assert removed.status_code == 204 and not RelayedBoard.objects.exists()
    assert _client().get(url).status_code == 404
    assert GameMoves.objects.get().iccs == OPENING  # the score sheet stays
