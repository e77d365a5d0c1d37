"""Races between arbiters, on PostgreSQL (row locks; SQLite serialises every write with
BEGIN IMMEDIATE, so there is nothing to race there): closing a round and clearing one of its
results at the same moment are serialised on the round (``services/results.py: _lock_round``,
``services/rounds.py: round_complete``), so a closed round never keeps an empty board."""

import threading

import pytest
from django.db import connection, connections

from tests.tournaments.builders import rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import Board, Round, RoundStatus
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete

pytestmark = [
    pytest.mark.services,
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks: the PostgreSQL pass (DATABASE_URL) runs it"),
]

RACES = 20


def _at_once(*actions) -> list:
    """Run each action in its own thread (its own database connection), started together."""
    barrier = threading.Barrier(len(actions))
    outcomes = [None] * len(actions)

    def run(i, action):
        try:
            barrier.wait()
            outcomes[i] = action()
        except ServiceError as refused:
            outcomes[i] = refused
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_a_cleared_result_and_closing_the_round_never_leave_a_closed_round_with_an_empty_board(
        make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")
    round_, board = ctx["round1"], ctx["board"]
    closed_first = cleared_first = 0
    for _ in range(RACES):
        Round.objects.filter(pk=round_.pk).update(status=RoundStatus.PUBLISHED,
                                                  completed_at=None)
        Board.objects.filter(pk=board.pk).update(result="1-0")
        version = Board.objects.get(pk=board.pk).version
        cleared, closed = _at_once(
            lambda v=version: result_record(board=board, result="", actor=chief_arbiter,
                                            expected_version=v),
            lambda: round_complete(round_=round_, actor=chief_arbiter))
        round_.refresh_from_db()
        board.refresh_from_db()
        assert not (round_.status == RoundStatus.COMPLETED and board.result == ""), \
            f"closed with an empty board: {cleared!r}, {closed!r}"
        # One of the two went first, and the other saw it and was refused.
        assert isinstance(cleared, ServiceError) != isinstance(closed, ServiceError)
        closed_first += isinstance(cleared, ServiceError)
        cleared_first += isinstance(closed, ServiceError)
    assert closed_first + cleared_first == RACES
