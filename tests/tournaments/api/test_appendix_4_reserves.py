"""Appendix §4 through the API: each team chooses per match how its reserves come
in (``first_substitution`` / ``second_substitution`` of ``PUT /api/boards/<id>/lineup/``), two
reserves in any order, a friendly event in any order."""

import pytest

from tests.tournaments.builders import api_for, roster, team_event
from tournaments.models import Board

pytestmark = pytest.mark.django_db


def _first_match(event) -> Board:
    return Board.objects.get(round__event=event, round__number=1, number=1)


def _ids(players) -> list[int | None]:
    return [None if p is None else p.pk for p in players]


def test_appendix_4_reserve_api_each_team_chooses_for_the_match(make_event, organiser,
                                                                chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4, reserves=2)
    board = _first_match(event)
    (a1, a2, a3, a4), (ar1, ar2) = roster(board.white)
    (b1, b2, b3, b4), (br1, br2) = roster(board.black)
    url = f"/api/boards/{board.pk}/lineup/"
    # First team: boards 2 and 3 absent, the others move up and the reserves, second one
    # first, take the last boards. Second team: board 1 absent, reserve 2 takes it.
    body = {"first": _ids([a1, a4, ar2, ar1]), "second": _ids([br2, b2, b3, b4]),
            "first_substitution": "last", "second_substitution": "same",
            "version": board.version}
    response = api_for(arbiter).put(url, body, format="json")
    assert response.status_code == 200, response.content
    shown = response.json()
    assert (shown["first_substitution"], shown["second_substitution"]) == ("last", "same")
    assert [g["first_player"] for g in shown["games"]] == body["first"]
    assert [g["second_player"] for g in shown["games"]] == body["second"]
    # Left out, the choice stays; a line-up the choice does not allow is refused as before.
    body = {"first": _ids([a1, ar1, a4, ar2]), "second": body["second"],
            "version": shown["version"]}
    refused = api_for(arbiter).put(url, body, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "ServiceError"
    assert "last board" in refused.json()["detail"]
    # A way the law does not offer is refused by the API's own check.
    body["first_substitution"] = "middle"
    refused = api_for(arbiter).put(url, body, format="json")
    assert refused.status_code == 400 and "first_substitution" in refused.json()
    board.refresh_from_db()
    assert (board.first_substitution, board.version) == ("last", shown["version"])


def test_appendix_4_reserve_api_friendly_event_rearranges_the_order(make_event, organiser,
                                                                    chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=2, official=False)
    board = _first_match(event)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, _ = roster(board.black)
    body = {"first": _ids([a3, ar1, a1, a2]), "second": _ids(second),
            "version": board.version}
    response = api_for(arbiter).put(f"/api/boards/{board.pk}/lineup/", body, format="json")
    assert response.status_code == 200, response.content
    assert [g["first_player"] for g in response.json()["games"]] == body["first"]
