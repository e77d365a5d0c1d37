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
