"""Disqualification through the API (Art. 15.6, 16.1 d–e, 16.2): the act, its second approval,
the standings that follow, and bad input answered 400 with nothing changed."""

import pytest

from tests.tournaments.builders import api_for, rr_scenario
from tournaments.models import Disqualification

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played")  # all 1-0


def _standings(event):
    data = api_for().get(f"/api/events/{event.pk}/standings/").json()
    return {r["entry"]: r["points"] for r in data["rows"]}, data["withdrawn"]


def test_voided_then_struck_through_the_api(ctx, chief_arbiter, organiser):
    event, board = ctx["event"], ctx["board"]
    winner, loser = board.white, board.black
    reply = api_for(chief_arbiter).post(f"/api/entries/{winner.pk}/disqualify/", {
        "sanction": "voided", "reason": "Dùng điện thoại"}, format="json")
    assert reply.status_code == 201, reply.json()
    assert (reply.json()["in_force"], reply.json()["after_round"]) == (True, 1)
    points, withdrawn = _standings(event)
    assert (points[winner.pk], points[loser.pk], withdrawn) == ("0", "1", [])


def test_striking_waits_for_the_organisers(ctx, chief_arbiter, organiser):
    event, winner = ctx["event"], ctx["board"].white
    reply = api_for(chief_arbiter).post(f"/api/entries/{winner.pk}/disqualify/", {
        "sanction": "struck", "reason": "Bán độ"}, format="json")
    assert reply.json()["in_force"] is False
    assert winner.pk in _standings(event)[0]
    reply = api_for(organiser).post(f"/api/entries/{winner.pk}/approve-striking/")
    assert reply.status_code == 200 and reply.json()["approved_by"] == organiser.username
    points, withdrawn = _standings(event)
    assert winner.pk not in points
    assert [(w["entry"], w["article"]) for w in withdrawn] == [(winner.pk, "Art. 16.1 e")]


def test_bad_input_is_a_400_and_changes_nothing(ctx, chief_arbiter, organiser):
    winner = ctx["board"].white
    for body in ({"sanction": "banned", "reason": "x"}, {"sanction": "voided", "reason": ""}):
        reply = api_for(chief_arbiter).post(f"/api/entries/{winner.pk}/disqualify/", body,
                                            format="json")
        assert reply.status_code == 400 and "detail" in reply.json() and "code" in reply.json()
    reply = api_for(organiser).post(f"/api/entries/{winner.pk}/approve-striking/")
    assert reply.status_code == 404  # nothing to approve
    assert not Disqualification.objects.exists()
