"""The API of adjourned games (Art. 10.3; tournaments/api/adjournments.py): everyone who sees
the round reads that a game is adjourned, the sealed move only the event's arbiters until the
game resumes (the rights to write: test_permissions.py)."""

import pytest

from tests.tournaments.builders import api_for, rr_scenario
from tournaments.models import Adjournment

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    board = ctx["board"]
    response = api_for(arbiter).post(f"/api/boards/{board.pk}/adjournments/", {
        "sealer": board.white_id, "move_number": 38, "sealed_move": "P2-5",
        "white_seconds": 1200, "black_seconds": 95}, format="json")
    assert response.status_code == 201, response.json()
    ctx["adjournment"] = Adjournment.objects.get()
    return ctx


def test_art_10_3_1_the_sealed_move_is_the_arbiters_until_resumption(ctx, arbiter,
                                                                     organiser):
    url = f"/api/boards/{ctx['board'].pk}/adjournments/"
    [public] = api_for().get(url).json()
    assert (public["move_number"], public["outcome"], public["sealed_move"]) == (38, "", None)
    assert api_for(organiser).get(url).json()[0]["sealed_move"] is None
    assert api_for(arbiter).get(url).json()[0]["sealed_move"] == "P2-5"
    resumed = api_for(arbiter).post(f"/api/adjournments/{ctx['adjournment'].pk}/resume/",
                                    {"outcome": "resumed"}, format="json")
    assert resumed.status_code == 200 and resumed.json()["outcome"] == "resumed"
    assert api_for().get(url).json()[0]["sealed_move"] == "P2-5"  # opened at the resumption


def test_an_illegal_sealed_move_loses_through_the_api(ctx, arbiter):
    response = api_for(arbiter).post(f"/api/adjournments/{ctx['adjournment'].pk}/resume/",
                                     {"outcome": "illegal"}, format="json")
    assert response.status_code == 200
    ctx["board"].refresh_from_db()
    assert ctx["board"].result == "0-1"  # White sealed it


def test_a_second_adjournment_of_the_same_game_is_refused(ctx, arbiter):
    board = ctx["board"]
    response = api_for(arbiter).post(f"/api/boards/{board.pk}/adjournments/", {
        "sealer": board.white_id, "move_number": 39, "sealed_move": "M2.3",
        "white_seconds": 1200, "black_seconds": 95}, format="json")
    assert response.status_code == 400 and "already adjourned" in str(response.json())
    assert Adjournment.objects.count() == 1
