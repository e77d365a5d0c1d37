"""Seeds given a pass through the services (appendix §2: "cho miễn đấu 1 - 2 trận"; the
statute's ``seed_passes`` and ``seed_pass_rounds``): 10 players, seeds 1 and 2 straight to the
semi-finals, worked by hand (tests/pairings/test_knockout_passes.py)."""

import pytest

from tests.tournaments.builders import client_for
from tests.tournaments.services.test_knockout import ko_event, open_boards, play, publish_all
from tournaments.errors import ServiceError
from tournaments.models import Board
from tournaments.services.events import event_visibility_set
from tournaments.services.knockout import bracket_start

pytestmark = pytest.mark.django_db


def _seeds(board):
    return sorted((board.white.number, board.black.number))


def test_two_seeds_wait_for_round_three(make_event, organiser, chief_arbiter, arbiter):
    event, _entries = ko_event(make_event, organiser, 10, seed_passes=2, seed_pass_rounds=2)
    bracket_start(event=event, actor=chief_arbiter)
    publish_all(event, chief_arbiter)
    # Round 1: 5-8, 4-9, 3-10, 6-7; seeds 1 and 2 shown with a bye.
    assert [_seeds(b) for b in open_boards(event)] == [[5, 8], [4, 9], [3, 10], [6, 7]]
    assert sorted(b.white.number for b in Board.objects.filter(
        round__event=event, round__number=1, black__isnull=True)) == [1, 2]
    for board in open_boards(event):  # the better seed wins
        play(board, min((board.white, board.black), key=lambda e: e.number).pk, arbiter)
    publish_all(event, chief_arbiter)
    # Round 2: 5 against 4, 3 against 6; seeds 1 and 2 still wait.
    assert [_seeds(b) for b in open_boards(event)] == [[4, 5], [3, 6]]
    for board in open_boards(event):
        play(board, min((board.white, board.black), key=lambda e: e.number).pk, arbiter)
    publish_all(event, chief_arbiter)
    # Round 3, the semi-finals: 1 against 4, 3 against 2.
    assert [(b.round.number, _seeds(b)) for b in open_boards(event)] == [(3, [1, 4]),
                                                                         (3, [2, 3])]
    event_visibility_set(event=event, actor=organiser, public=True)
    page = client_for(None).get(f"/events/{event.slug}/bracket/").content.decode()
    assert 'data-testid="seed-passes"' in page and "straight to round 3" in page


def test_passes_the_number_cannot_give_are_refused(make_event, organiser, chief_arbiter):
    event, _entries = ko_event(make_event, organiser, 12, seed_passes=2, seed_pass_rounds=2)
    with pytest.raises(ServiceError, match="cannot skip 2"):
        bracket_start(event=event, actor=chief_arbiter)
    assert not event.rounds_set.exists()
