"""Bad input answers 4xx with a message, never 500, and the API answers JSON even for an
address it does not know or an error it did not expect (tournaments/views/errors.py,
tournaments/api/parsers.py, tournaments/api/urls.py: NumberedRouter)."""

import json

import pytest
from django.test import Client

from tests.tournaments.builders import api_for, client_for, rr_scenario, swiss_event

pytestmark = pytest.mark.django_db


def test_an_id_that_is_not_a_number_is_not_found_as_json():
    for path in ("/api/entries/abc/", "/api/events/1.5/", "/api/no-such-thing/"):
        response = api_for().get(path)
        assert response.status_code == 404, path
        assert response["Content-Type"] == "application/json"
        assert response.json()["code"] == "not_found"


def test_a_format_suffix_is_not_an_address(make_event, organiser, chief_arbiter):
    """One address per resource: ``.json`` after a detail or an action, or an id with a dot,
    is not found (404 in JSON), not a view called with an argument it does not take."""
    event = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")["event"]
    for path in (f"/api/events/{event.pk}/standings.json", "/api/entries/0.5/",
                 f"/api/events/{event.pk}.json", "/api/events.json"):
        response = api_for(organiser).get(path)
        assert response.status_code == 404, path
        assert response.json()["code"] == "not_found"
    assert api_for().get(f"/api/events/{event.pk}/standings/").status_code == 200


def test_manual_numbers_with_a_key_that_is_not_an_id(make_event, organiser, chief_arbiter,
                                                      arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter, numbered=False)["event"]
    body = {"method": "manual", "numbers": {"x": 1}}
    url = f"/api/events/{event.pk}/numbers/"
    refused = api_for(arbiter).post(url, body, format="json")
    assert refused.status_code == 400, refused.content  # the body is checked before the right
    assert api_for(organiser).post(url, body, format="json").json() == {
        "numbers": ["Each key is an entry's id (a whole number)."],
        "detail": "numbers: Each key is an entry's id (a whole number).", "code": "invalid"}


def test_a_field_refused_by_the_serializer_has_the_apis_shape_in_vietnamese(
        make_event, organiser, chief_arbiter, arbiter):
    """Every refusal is {detail, code} (docs/web.md), a field's too, and in the caller's
    language: DRF's own Vietnamese catalogue lacks "is not a valid choice" and most others."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    client = api_for(arbiter)
    client.cookies["django_language"] = "vi"
    response = client.put(f"/api/boards/{ctx['board'].pk}/moves/",
                          {"text": "1) P2-5 M8.7", "notation": "xx"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["notation"] == ['"xx" không phải là một lựa chọn hợp lệ.']
    assert body["code"] == "invalid"
    assert body["detail"] == 'notation: "xx" không phải là một lựa chọn hợp lệ.'
    missing = client.put(f"/api/boards/{ctx['board'].pk}/moves/", {}, format="json").json()
    assert missing["text"] == ["Trường này là bắt buộc."] and missing["code"] == "invalid"


def test_a_body_nested_five_thousand_deep_is_a_bad_request():
    body = "[" * 5000 + "]" * 5000
    response = api_for().post("/api/token/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["detail"] == "The JSON body is nested too deeply."
    deep = api_for().post("/api/teams/", body, content_type="application/json")
    assert deep.status_code in (400, 401)


def test_the_entry_form_with_a_player_that_is_not_an_id(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    response = client_for(organiser).post(f"/manage/{event.slug}/entries/add/",
                                          {"player": "abc"})
    assert response.status_code == 404


def test_a_team_slot_that_is_not_a_number(make_event, organiser):
    event = make_event(format="rr", participant_kind="team", team_boards=2, official=False)
    client = client_for(organiser)
    assert client.get(f"/manage/{event.slug}/teams/slot/", {"slot": "abc"}).status_code == 400
    assert client.get(f"/manage/{event.slug}/teams/slot/",
                      {"slot": "1", "player": "x", "entry": "y"}).status_code == 200


def test_an_unexpected_error_in_the_api_is_json_and_on_a_page_html(monkeypatch, rf):
    from tournaments.api import views
    from tournaments.views.errors import server_error

    def crash(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(views.EventViewSet, "list", crash)
    client = Client(raise_request_exception=False)
    api = client.get("/api/events/")
    assert api.status_code == 500 and api["Content-Type"] == "application/json"
    assert json.loads(api.content)["code"] == "server_error"
    page = server_error(rf.get("/events/"))
    assert page.status_code == 500 and "nothing was half-saved" in page.content.decode()


def test_a_nul_character_in_the_address_or_query_is_a_bad_request():
    """PostgreSQL refuses text holding NUL: refused before any query, on every database."""
    for path in ("/api/players/?search=a%00b", "/api/teams/?search=%00",
                 "/api/events/1/pairing-jobs/a%00b/"):
        response = api_for().get(path)
        assert response.status_code == 400, path
        assert response.json()["code"] == "bad_request"
    assert client_for().get("/?q=%00").status_code == 400


def test_a_pairing_job_id_is_a_task_id_not_any_text(make_event, organiser, chief_arbiter):
    """The old address of a pairing job admits only a task id's characters: anything else is
    not an address (404); a task id no pairing job has is not found either."""
    event = swiss_event(make_event, organiser, 4)
    api = api_for(organiser)
    for job in ("%C3%A9t%C3%A9", "a%20b", "x" * 65, "job-1"):
        assert api.get(f"/api/events/{event.pk}/pairing-jobs/{job}/").status_code == 404, job


NOT_OBJECTS = ["5", '"x"', "[1]", "null"]
# The model a path's parameter names, by the part of the path before it.
PATH_MODELS = {"events": "Event", "entries": "Entry", "rounds": "Round", "boards": "Board",
               "games": "Game", "players": "Player", "teams": "Entry", "fouls": "Foul",
               "championships": "Championship", "categories": "Category", "stages": "Stage",
               "rating-lists": "RatingList", "jobs": "Job", "roles": "ChampionshipRole",
               "payments": "Payment"}


def _write_operations(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    for path, operations in schema["paths"].items():
        for method in ("post", "put", "patch"):  # a DELETE reads no body
            if method in operations:
                yield path, method


def _address(path: str) -> str:
    """``path`` with each ``{parameter}`` replaced by the id of an object of its kind."""
    from tournaments import models

    parts = path.split("/")
    for i, part in enumerate(parts):
        if part.startswith("{"):
            name = "Round" if part == "{number}" else PATH_MODELS.get(parts[i - 1], "Event")
            model = getattr(models, name)
            row = model.objects.order_by("pk").first()
            value = 1 if part == "{number}" else row.pk if row else 1
            parts[i] = str(value)
    return "/".join(parts)


def test_a_json_body_that_is_not_an_object_is_refused_by_every_write(
        make_event, organiser, chief_arbiter, media_root):
    """Every write operation of the schema, sent ``5``, ``"x"``, ``[1]`` and ``null`` by a
    superuser (so no right stops the request before its body is read): never 500; the
    operations that read a body answer 400 with {detail, code} saying what is wrong with it
    (the others, actions without a body, answer as they would to an empty one)."""
    from tests.tournaments.builders import (
        UserFactory,
        championship_scenario,
        knockout_scenario,
        teams_scenario,
    )

    rr_scenario(make_event, organiser, chief_arbiter, rounds="played")
    knockout_scenario(make_event, organiser, chief_arbiter)
    teams_scenario(make_event, organiser, chief_arbiter, published=True)
    championship_scenario(make_event, organiser, chief_arbiter)
    client = api_for(UserFactory(is_superuser=True))
    refused_for_the_body = set()
    operations = list(_write_operations(client))
    assert len(operations) > 40
    for path, method in operations:
        address = _address(path)
        for body in NOT_OBJECTS:
            response = getattr(client, method)(address, body, content_type="application/json")
            label = f"{method.upper()} {path} {body}"
            assert response.status_code < 500, label
            if response.status_code >= 400:
                answer = response.json()
                assert set(answer) >= {"detail", "code"}, label
                if answer["detail"] == "The JSON body must be an object ({…}) of named fields.":
                    assert response.status_code == 400, label
                    refused_for_the_body.add((path, method))
    assert len(refused_for_the_body) > 30
    for named in ("/api/entries/{id}/bye/", "/api/events/{event_pk}/forbidden-groups/",
                  "/api/events/import-trf/", "/api/stages/{id}/qualify/"):
        assert any(path == named for path, _method in refused_for_the_body), named


def test_more_form_fields_than_django_reads_is_a_json_bad_request(organiser):
    """Over DATA_UPLOAD_MAX_NUMBER_FIELDS (1,000) fields: 400 in JSON under /api/, whether
    the body is read by an API view or before any view."""
    fields = {f"f{i}": "x" for i in range(1001)}
    for path in ("/api/teams/", "/api/token/"):
        response = api_for(organiser).post(path, fields)
        assert response.status_code == 400, path
        assert response["Content-Type"] == "application/json"
        assert response.json()["code"] in ("too_large", "bad_request")
        assert response.json()["detail"]


def test_a_bad_boolean_is_refused_in_the_apis_shape(organiser, chief_arbiter, arbiter):
    from tests.tournaments.builders import championship_scenario

    stage = championship_scenario(None, organiser, chief_arbiter)["ko"]
    response = api_for(organiser).post(f"/api/stages/{stage.pk}/qualify/", {"draw": "maybe"},
                                       format="json")
    assert response.status_code == 400
    assert response.json() == {"draw": ["Must be a valid boolean."],
                               "detail": "draw: Must be a valid boolean.", "code": "invalid"}


def test_a_query_number_that_is_not_one_is_refused_not_ignored(make_event, organiser,
                                                                 chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")["event"]
    api = api_for(organiser)
    for path, name in ((f"/api/events/{event.pk}/standings/", "after_round"),
                       (f"/api/events/{event.pk}/crosstable/", "after_round"),
                       (f"/api/events/{event.pk}/ratings/", "after_round"),
                       (f"/api/events/{event.pk}/print/standings/", "after"),
                       (f"/api/events/{event.pk}/print/standings/", "top")):
        for value in ("abc", "-1", "1.5", "٣", "9" * 5000):
            response = api.get(path, {name: value})
            assert response.status_code == 400, (path, name, value)
            body = response.json()
            assert body["code"] == "invalid" and body["detail"].startswith(f"{name}: “"), body
        assert api.get(path, {name: ""}).status_code == 200, path  # empty: not asked
    answer = api.get(f"/api/events/{event.pk}/standings/", {"after_round": "1"}).json()
    assert answer["after_round"] == 1
