"""REST API: public reads, token authentication, optimistic locking, messages in the user's
language. The permission matrix over every endpoint is tests/tournaments/api/test_permissions.py."""

import datetime

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.builders import PlayerFactory
from tournaments.models import Board, Event
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.roundrobin import round_robin_schedule

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, organiser, chief_arbiter):
    event = make_event(format="rr", name="Giải API")
    for p in PlayerFactory.create_batch(4):
        entry_register(event=event, actor=organiser, player=p)
    numbers_draw(event=event, actor=organiser, method="rating")
    round_robin_schedule(event=event, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


def _client(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_events_list_shows_id_name_format_and_kind(event):
    data = _client().get("/api/events/").json()
    row = next(r for r in data["results"] if r["id"] == event.pk)
    assert row["name"] == "Giải API" and row["format"] == "rr"
    assert row["individual"] is True and row["participant_kind"] == "individual"


def test_standings_endpoint(event, chief_arbiter):
    _client(chief_arbiter).post(f"/api/rounds/{event.rounds_set.get(number=1).pk}/publish/")
    data = _client().get(f"/api/events/{event.pk}/standings/").json()
    assert data["after_round"] == 1
    assert len(data["rows"]) == 4
    assert [c["code"] for c in data["criteria"]] == ["H2H", "SB", "WIN", "BWG", "LOT"]
    assert set(data["rows"][0]["tiebreaks"]) == {"H2H", "SB", "WIN", "BWG", "LOT"}


def test_drafts_are_invisible_to_the_public(event):
    assert _client().get(f"/api/events/{event.pk}/rounds/").json() == []
    assert _client().get(f"/api/events/{event.pk}/rounds/1/").status_code == 404


def test_token_authentication(event, arbiter, chief_arbiter, settings):
    """An arbiter's program gets its token from POST /api/token/ with the account's password,
    then enters results with it; wrong passwords are refused, and tries are limited."""
    from django.core.cache import cache

    cache.clear()
    _client(chief_arbiter).post(f"/api/rounds/{event.rounds_set.get(number=1).pk}/publish/")
    board = Board.objects.filter(round__event=event, round__number=1).first()
    wrong = APIClient().post("/api/token/", {"username": arbiter.username, "password": "x"})
    assert wrong.status_code == 400 and "token" not in wrong.json()
    issued = APIClient().post("/api/token/", {"username": arbiter.username,
                                              "password": "pw-for-tests-1"}).json()["token"]
    assert issued == Token.objects.get(user=arbiter).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issued}")
    response = client.put(f"/api/boards/{board.pk}/result/", {"result": "1-0", "version": 0},
                          format="json")
    assert response.status_code == 200, response.content
    assert response.json()["result"] == "1-0"


def test_second_arbiter_gets_409_and_nothing_changes(event, arbiter, chief_arbiter):
    _client(chief_arbiter).post(f"/api/rounds/{event.rounds_set.get(number=1).pk}/publish/")
    board = Board.objects.filter(round__event=event, round__number=1).first()
    url = f"/api/boards/{board.pk}/result/"
    assert _client(arbiter).put(url, {"result": "1-0", "version": 0},
                                format="json").status_code == 200
    response = _client(chief_arbiter).put(url, {"result": "0-1", "version": 0}, format="json")
    assert response.status_code == 409
    assert "1-0" in response.json()["detail"]
    board.refresh_from_db()
    assert board.result == "1-0"


def test_refused_service_actions_explain_in_the_users_language(event, chief_arbiter):
    client = _client(chief_arbiter)
    client.cookies["django_language"] = "vi"  # the language the user chose
    response = client.post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 400
    assert "đã được lập" in response.json()["detail"]  # the rounds are already drawn


def test_schema_and_docs_pages():
    client = _client()
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()


def test_create_event_through_the_api(organiser):
    response = _client(organiser).post("/api/events/", {
        "name": "Giải Xuân", "start_date": datetime.date(2027, 2, 1).isoformat(),
        "format": "swiss", "rounds": 7}, format="json")
    assert response.status_code == 201, response.content
    event = Event.objects.get(name="Giải Xuân")
    assert event.created_by == organiser and event.time_base_minutes == 90


@pytest.mark.parametrize("field, value, message", [
    ("tiebreaks", ["SB", "XYZ"], "“XYZ” is not a tie-break criterion."),
    ("tiebreaks", ["SB", "WIN", "SB"], "A tie-break is listed twice."),
    ("tiebreaks", "SB", "The tie-break order is a list of codes"),
    ("tiebreak_games", [["armageddon", 2]], "Tie-break games are a list of [kind, games]"),
    ("tiebreak_games", [["penalties", 1]], "Tie-break games are a list of [kind, games]"),
    ("tiebreak_games", [["rapid"]], "Tie-break games are a list of [kind, games]"),
])
def test_a_statute_the_engines_cannot_read_is_refused(event, organiser, field, value, message):
    """Art. 21.3 (the tie-break order) and appendix §2 (the levels of a tied match) are checked
    when they are set, not when the standings or a knockout match first read them."""
    before = Event.objects.filter(pk=event.pk).values(field).get()[field]
    response = _client(organiser).patch(f"/api/events/{event.pk}/", {field: value},
                                        format="json")
    assert response.status_code == 400
    assert message in str(response.json()[field])
    assert Event.objects.filter(pk=event.pk).values(field).get()[field] == before
    created = _client(organiser).post("/api/events/", {
        "name": "Giải Hè", "start_date": "2027-06-01", "format": "swiss", field: value},
        format="json")
    assert created.status_code == 400 and not Event.objects.filter(name="Giải Hè").exists()


def test_a_named_tiebreak_order_is_accepted(event, organiser):
    response = _client(organiser).patch(f"/api/events/{event.pk}/",
                                        {"tiebreaks": ["law-rr"]}, format="json")
    assert response.status_code == 200, response.content
    standings = _client().get(f"/api/events/{event.pk}/standings/")
    assert standings.status_code == 200


def test_password_tries_for_a_token_are_limited(arbiter):
    from django.core.cache import cache

    cache.clear()
    answers = [APIClient().post("/api/token/", {"username": arbiter.username,
                                                "password": f"guess {k}"}).status_code
               for k in range(11)]
    assert answers == [400] * 10 + [429]
    cache.clear()
