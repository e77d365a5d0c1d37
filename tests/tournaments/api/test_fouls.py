"""The API of penalties (chapter 5; tournaments/api/fouls.py): a board's and an event's
penalties for everyone who sees the round, the arbiter's note and name for the staff only;
recording and removing (the rights: test_permissions.py)."""

import pytest

from tests.tournaments.builders import api_for, rr_scenario
from tournaments.models import Foul
from tournaments.services.fouls import foul_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    board = ctx["board"]
    ctx["foul"] = foul_record(event=ctx["event"], board=board, entry_id=board.black_id,
                              kind="time", article="23.6", note="bắt Xe có căn giả",
                              actor=chief_arbiter)
    return ctx


def test_public_reads_show_no_note(ctx):
    board = ctx["board"]
    for url in (f"/api/boards/{board.pk}/fouls/", f"/api/events/{ctx['event'].pk}/fouls/"):
        [row] = api_for().get(url).json()
        assert row["round"] == 1 and row["board"] == board.number
        assert (row["entry"], row["kind"], row["article"]) == (board.black_id, "time", "23.6")
        assert "note" not in row and "recorded_by" not in row


def test_staff_reads_show_the_note_and_the_arbiter(ctx, organiser):
    [row] = api_for(organiser).get(f"/api/boards/{ctx['board'].pk}/fouls/").json()
    assert (row["note"], row["recorded_by"]) == ("bắt Xe có căn giả", "chief")


def test_record_on_a_game_of_a_match(make_event, organiser, chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                      games_per_match=2)
    board = ctx["board"]
    url = f"/api/boards/{board.pk}/fouls/"
    response = api_for(arbiter).post(url, {"entry": board.white_id, "kind": "loss",
                                           "article": "23.1", "game": 2}, format="json")
    assert response.status_code == 201, response.json()
    assert Foul.objects.get().game == board.games.get(number=2)
    missing = api_for(arbiter).post(url, {"entry": board.white_id, "kind": "loss",
                                          "article": "23.1", "game": 3}, format="json")
    assert missing.status_code == 400 and "has no game 3" in str(missing.json())
    assert Foul.objects.count() == 1


def test_a_side_not_on_the_board_is_refused_with_a_message(ctx, arbiter):
    other = ctx["round1"].boards.exclude(pk=ctx["board"].pk).filter(black__isnull=False)[0]
    response = api_for(arbiter).post(f"/api/boards/{ctx['board'].pk}/fouls/", {
        "entry": other.white_id, "kind": "warning", "article": "23.1"}, format="json")
    assert response.status_code == 400
    assert "must be one of the two" in str(response.json())
    assert Foul.objects.count() == 1
