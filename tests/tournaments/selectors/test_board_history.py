"""A board's history for the people who run the event: every result, correction (with its
reason) and change by hand, who made it and when. The history keeps reasons of 100 characters:
a longer one is refused with a message, never a database error."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import PlayerFactory, api_for, client_for
from tournaments.errors import ServiceError
from tournaments.models import REASON_MAX_LENGTH, Board
from tournaments.selectors.rounds import board_history
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.results import result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed_board(make_event, organiser, chief_arbiter, arbiter):
    """Round 1 of a 4-player round robin, played and closed; board 1 ended 1-0."""
    event = make_event(format="rr", name="Lịch sử")
    for p in PlayerFactory.create_batch(4):
        entry_register(event=event, actor=organiser, player=p)
    numbers_draw(event=event, actor=organiser, method="rating")
    round_ = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)[0]
    for board in round_.boards.order_by("number"):
        result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
    round_complete(round_=round_, actor=chief_arbiter)
    return round_.boards.get(number=1)


def test_history_lists_the_result_and_the_correction_with_its_reason(closed_board,
                                                                      chief_arbiter):
    result_record(board=closed_board, result="0-1", actor=chief_arbiter, expected_version=1,
                  reason="Biên bản ghi nhầm kết quả")
    lines = board_history(closed_board)
    assert [line.created for line in lines] == [True, False, False]
    paired, entered, corrected = lines
    assert paired.system and paired.reason == "paired"
    assert entered.user == "arbiter"
    assert [(c.field, c.before, c.after) for c in entered.changes] == [("result", "–", "1-0")]
    assert corrected.user == "chief"
    assert [(c.field, c.before_value, c.after_value) for c in corrected.changes] == [
        ("result", "1-0", "0-1")]
    assert corrected.reason == "Biên bản ghi nhầm kết quả" and not corrected.system

    page = client_for(chief_arbiter).get(
        f"/manage/{closed_board.round.event.slug}/boards/{closed_board.pk}/history/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Biên bản ghi nhầm kết quả" in html and "1-0 → <strong>0-1</strong>" in html
    # The arbiter's round page links to it.
    round_page = client_for(chief_arbiter).get(
        f"/manage/{closed_board.round.event.slug}/rounds/1/").content.decode()
    assert f"/boards/{closed_board.pk}/history/" in round_page


def test_history_page_is_for_the_events_staff(closed_board, organiser, arbiter, stranger):
    url = f"/manage/{closed_board.round.event.slug}/boards/{closed_board.pk}/history/"
    assert client_for().get(url).status_code == 302  # to the login page
    # A draft event: to a stranger its pages are not found, like an unknown slug.
    assert client_for(stranger).get(url).status_code == 404
    assert client_for(arbiter).get(url).status_code == 200
    assert client_for(organiser).get(url).status_code == 200


def test_history_page_queries_do_not_grow_with_the_history(closed_board, chief_arbiter):
    url = f"/manage/{closed_board.round.event.slug}/boards/{closed_board.pk}/history/"
    counts = []
    for n in range(2):
        with CaptureQueriesContext(connection) as queries:
            assert client_for(chief_arbiter).get(url).status_code == 200
        counts.append(len(queries))
        board = Board.objects.get(pk=closed_board.pk)
        for k in range(5):
            result_record(board=board, result=["0-1", "1-0"][k % 2], actor=chief_arbiter,
                          expected_version=board.version, reason=f"correction {n}.{k}")
            board.refresh_from_db()
    assert counts[0] == counts[1], counts


def test_a_reason_longer_than_the_history_keeps_is_refused(closed_board, chief_arbiter):
    too_long = "x" * (REASON_MAX_LENGTH + 1)
    with pytest.raises(ServiceError, match="too long"):
        result_record(board=closed_board, result="0-1", actor=chief_arbiter,
                      expected_version=1, reason=too_long)
    response = api_for(chief_arbiter).put(f"/api/boards/{closed_board.pk}/result/", {
        "result": "0-1", "version": 1, "reason": too_long}, format="json")
    assert response.status_code == 400 and "reason" in response.json()
    closed_board.refresh_from_db()
    assert (closed_board.result, closed_board.version) == ("1-0", 1)
    response = api_for(chief_arbiter).put(f"/api/boards/{closed_board.pk}/result/", {
        "result": "0-1", "version": 1, "reason": "x" * REASON_MAX_LENGTH}, format="json")
    assert response.status_code == 200
