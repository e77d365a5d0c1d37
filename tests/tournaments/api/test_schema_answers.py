"""Answers on their schema, each checked by schemathesis against /api/schema/ as a client reads
it: a board's penalties read by the public (no arbiter's note), a stage's rule before one is
set (``""``), and the token's request, which never has an empty username or password."""

import datetime

import pytest
from rest_framework.authtoken.models import Token

from tests.tournaments.builders import championship_scenario, rr_scenario
from tournaments.models import Payment
from tournaments.services.fouls import foul_record

schemathesis = pytest.importorskip("schemathesis")

pytestmark = [pytest.mark.django_db,
              pytest.mark.usefixtures("wsgi_keeps_the_test_transaction")]


@pytest.fixture
def schema():
    from config.wsgi import application

    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


def answer(schema, path: str, method: str = "GET", *, user=None, body=None, **path_parameters):
    """The response of ``path`` (sent ``body`` as JSON, if any), checked against the schema:
    its status, media type, headers and body."""
    from schemathesis import checks
    from schemathesis.checks import load_all_checks

    load_all_checks()
    operation = schema[path][method]
    case = operation.Case(path_parameters=path_parameters) if body is None else \
        operation.Case(path_parameters=path_parameters, body=body, media_type="application/json")
    headers = {"Accept-Language": "en"}
    if user is not None:
        headers["Authorization"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    response = case.call(headers=headers)
    case.validate_response(response, checks=[
        checks.response_schema_conformance, checks.status_code_conformance,
        checks.content_type_conformance])
    return response


def test_the_publics_penalties_are_on_the_schema(schema, make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    board = ctx["board"]
    foul_record(event=ctx["event"], board=board, entry_id=board.black_id, kind="time",
                article="23.6", note="bắt Xe", actor=chief_arbiter)
    public = answer(schema, "/api/boards/{id}/fouls/", id=board.pk).json()
    assert "note" not in public[0]
    staff = answer(schema, "/api/events/{event_pk}/fouls/", user=organiser,
                   event_pk=ctx["event"].pk).json()
    assert staff[0]["note"] == "bắt Xe"


def test_a_stage_without_a_rule_is_on_the_schema(schema, organiser, chief_arbiter, arbiter):
    stage = championship_scenario(None, organiser, chief_arbiter)["ko"]
    assert answer(schema, "/api/stages/{id}/qualification/", user=organiser,
                  id=stage.pk).json()["qualification"] == ""


def test_the_token_schema_refuses_what_the_api_refuses(schema):
    operation = schema["/api/token/"]["POST"]
    request = operation.definition.raw["requestBody"]["content"]["application/json"]["schema"]
    fields = schema.raw_schema["components"]["schemas"][request["$ref"].rsplit("/", 1)[1]]
    for name in ("username", "password"):
        assert fields["properties"][name]["minLength"] == 1


def test_a_players_private_page_and_request_are_on_the_schema(schema, make_event, organiser,
                                                               chief_arbiter):
    """The private page by token (no account) with a round in play, a game and a decided
    request, and the staff's list of requests, each read as the schema documents them."""
    from tests.tournaments.builders import play_round, swiss_scenario
    from tournaments.services.player_requests import (
        player_request_create,
        player_request_decide,
    )

    ctx = swiss_scenario(make_event, organiser, chief_arbiter)
    e = ctx["entries"]
    play_round(ctx["event"], 1, [(e[0], e[1]), (e[2], e[3]), (e[4], None)], ["1-0", "0-1"],
               actor=chief_arbiter)
    asked = player_request_create(entry=e[0], kind="bye", round_number=3)
    player_request_decide(player_request=asked, actor=chief_arbiter, approve=False,
                          answer="Không")
    page = answer(schema, "/api/private/{token}/", token=e[0].private_token).json()
    assert page["next"]["board"] == 1 and page["requests"][0]["status"] == "rejected"
    assert answer(schema, "/api/private/{token}/", token=e[4].private_token).json()[
        "next"]["bye"] == "U"
    staff = answer(schema, "/api/events/{event_pk}/requests/", user=chief_arbiter,
                   event_pk=ctx["event"].pk).json()
    assert staff[0]["decided_by"] == "chief"
    link = answer(schema, "/api/entries/{id}/private-link/", user=chief_arbiter, id=e[0].pk)
    assert link.json()["url"].endswith(f"/p/{e[0].private_token}/")


def test_the_archive_and_its_search_are_on_the_schema(schema, make_event, organiser,
                                                      chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    event.start_date = event.end_date = datetime.date(2020, 3, 1)
    event.save(update_fields=["start_date", "end_date"])
    archive = answer(schema, "/api/archive/").json()
    assert archive["year"] == 2020 and [e["name"] for e in archive["events"]] == [event.name]
    assert answer(schema, "/api/search/").json()["events"] == []  # no word: nothing


def test_the_fees_writes_are_on_the_schema(schema, make_event, organiser, chief_arbiter):
    """The statute's fees set and read, a payment recorded (201), the member rate, a void, each
    answer as the schema documents it (money: integers of đồng)."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter)
    event, entry = ctx["event"], ctx["entries"][0]
    schedule = answer(schema, "/api/events/{event_pk}/fees/schedule/", "PUT", user=organiser,
                      body={"standard": 100_000, "late_after": None}, event_pk=event.pk).json()
    assert (schedule["standard"], schedule["member"], schedule["category"]) == (100_000, None,
                                                                                None)
    assert answer(schema, "/api/events/{event_pk}/fees/schedule/", user=organiser,
                  event_pk=event.pk).json() == schedule
    paid = answer(schema, "/api/entries/{id}/payments/", "POST", user=organiser,
                  body={"kind": "payment", "amount": 40_000, "method": "cash"}, id=entry.pk)
    assert paid.status_code == 201 and paid.json()["amount"] == 40_000
    row = answer(schema, "/api/entries/{id}/member/", "PUT", user=organiser,
                 body={"member": True}, id=entry.pk).json()
    assert (row["member"], row["totals"]["owed"]) == (True, 60_000)
    voided = answer(schema, "/api/payments/{id}/void/", "POST", user=organiser,
                    body={"reason": "nhầm"}, id=Payment.objects.get().pk).json()
    assert voided["void_reason"] == "nhầm"


def test_a_players_career_head_to_head_and_titles_are_on_the_schema(schema, make_event,
                                                                     organiser, chief_arbiter):
    """A rated round robin's player with a title: the career, the head-to-head with his
    opponent, the titles held and the federation's list, each read as the schema says."""
    import datetime

    from tests.tournaments.builders import UserFactory, rated_scenario
    from tournaments.models import TitleKind
    from tournaments.services.titles import player_title_award

    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    board = ctx["board"]
    first, second = board.white.player, board.black.player
    player_title_award(player=first, kind=TitleKind.objects.get(code="cap1"),
                       awarded_on=datetime.date(2025, 1, 2),
                       actor=UserFactory(username="federation", is_superuser=True))
    career = answer(schema, "/api/players/{id}/career/", id=first.pk).json()
    assert career["events"][0]["rank"] == 1 and career["titles"][0]["kind"] == "cap1"
    assert career["events"][0]["rating_change"] is not None and career["graph"]
    h2h = answer(schema, "/api/players/{id}/head-to-head/{other_pk}/", id=first.pk,
                 other_pk=second.pk).json()
    assert (h2h["games"], h2h["wins"], h2h["score"]) == (1, 1, "1")
    assert answer(schema, "/api/players/{id}/titles/", id=first.pk).json()[0]["label"] == (
        "First class")
    assert len(answer(schema, "/api/title-kinds/").json()) == 7
