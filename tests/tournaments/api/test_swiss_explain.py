"""Why this pairing in the API: a Swiss round's detail carries the explanation stored when it
was paired (codes and pairing numbers, and the reader's words), for the public too: it holds no
private data. Documented in the OpenAPI schema."""

import pytest
from django.conf import settings

from tests.tournaments.builders import api_for, swiss_event
from tournaments.models import Round
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def _round_1(make_event, organiser, chief):
    """Seven players, White for player 1: boards 1-4, 5-2, 3-6, and 7's pairing bye."""
    event = swiss_event(make_event, organiser, 7, initial_colour="w")
    return event, swiss_round_pair(event=event, actor=chief)


def test_round_detail_carries_the_explanation(make_event, organiser, chief_arbiter):
    event, _round = _round_1(make_event, organiser, chief_arbiter)
    why = api_for(chief_arbiter).get(f"/api/events/{event.pk}/rounds/1/").json()["explanation"]
    assert why["stored"] and why["note"] == "" and why["changed_boards"] == []
    assert why["bye"].startswith("Pairing bye: ") and "[C5]" in why["bye"]
    [group] = why["brackets"]
    assert (group["score"], group["residents"], group["downfloaters"]) == (
        "0", [1, 2, 3, 4, 5, 6, 7], [])
    assert group["title"] == "Score group 0"
    assert [(b["board"], b["engine"] and (b["engine"]["white"], b["engine"]["black"],
                                          b["engine"]["rule"])) for b in why["boards"]] == [
        (1, (1, 4, "5.2.5")), (2, (5, 2, "5.2.5")), (3, (3, 6, "5.2.5")), (4, None)]
    assert why["boards"][0]["text"][1].startswith("Colours (Art. 5.2.5)")


def test_a_public_caller_sees_the_same_explanation(make_event, organiser, chief_arbiter):
    event, round_1 = _round_1(make_event, organiser, chief_arbiter)
    round_publish(round_=round_1, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    staff = api_for(chief_arbiter).get(f"/api/events/{event.pk}/rounds/1/").json()
    public = api_for().get(f"/api/events/{event.pk}/rounds/1/").json()
    assert public["explanation"] == staff["explanation"] and public["explanation"]["stored"]
    client = api_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "vi"
    worded = client.get(f"/api/events/{event.pk}/rounds/1/").json()["explanation"]
    assert worded["brackets"][0]["title"] == "Nhóm 0 điểm"
    assert worded["brackets"][0]["residents"] == staff["explanation"]["brackets"][0]["residents"]


def test_a_patch_names_the_boards_changed_by_hand(make_event, organiser, chief_arbiter):
    event, _round = _round_1(make_event, organiser, chief_arbiter)
    response = api_for(chief_arbiter).patch(f"/api/events/{event.pk}/rounds/1/", {
        "operations": [{"op": "swap", "board": 2}]}, format="json")
    assert response.status_code == 200, response.content
    why = response.json()["explanation"]
    assert why["changed_boards"] == [2] and why["note"].endswith("changed by hand since: 2.")
    board = why["boards"][1]
    assert board["changed"] and (board["engine"]["white"], board["engine"]["black"]) == (5, 2)


def test_a_round_without_an_explanation_says_so(make_event, organiser, chief_arbiter):
    event, round_1 = _round_1(make_event, organiser, chief_arbiter)
    Round.objects.filter(pk=round_1.pk).update(explanation=None)  # as paired before it existed
    why = api_for(chief_arbiter).get(f"/api/events/{event.pk}/rounds/1/").json()["explanation"]
    assert not why["stored"] and why["brackets"] == [] and why["boards"] == []
    assert "paired before explanations were kept" in why["note"]


def test_the_schema_documents_the_explanation(client):
    schema = client.get("/api/schema/?format=json").json()
    detail = schema["components"]["schemas"]["SwissRoundDetail"]
    assert "explanation" in detail["properties"]
    bracket = schema["components"]["schemas"]["BracketWhy"]["properties"]
    assert {"score", "downfloaters", "float_counts", "first_candidate", "text"} <= set(bracket)
