"""The statute's reading of Art. 21.3's head-to-head among three tied, through the event's
standings, with the public statute page naming the choice and its article. The games and the
hand-worked ranks are those of tests/scoring/test_art_21_3_head_to_head_readings.py."""

import pytest

from tests.tournaments.builders import PlayerFactory, client_for
from tournaments.models.statute import HeadToHeadAmong
from tournaments.selectors.standings import event_standings
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.results import result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db

# (White's number, Black's number): result; numbers 1-5 by rating.
THREE = {(2, 5): "1/2-1/2", (3, 4): "1/2-1/2", (5, 3): "0-1", (1, 2): "1-0", (3, 1): "0-1",
         (4, 5): "1-0", (1, 4): "0-1", (2, 3): "1/2-1/2", (4, 2): "0-1", (5, 1): "1-0"}


def _played(make_event, organiser, chief, arbiter, reading):
    event = make_event(format="rr", h2h_among=reading)
    for rating in (2000, 1900, 1800, 1700, 1600):
        entry_register(event=event, actor=organiser, player=PlayerFactory(rating=rating))
    numbers_draw(event=event, actor=organiser, method="rating")
    for round_ in round_robin_schedule(event=event, actor=chief, publish=True):
        for board in round_.boards.filter(black__isnull=False).select_related("white",
                                                                             "black"):
            result_record(board=board, result=THREE[(board.white.number, board.black.number)],
                          actor=arbiter, expected_version=0)
        round_complete(round_=round_, actor=chief)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


@pytest.mark.parametrize(("reading", "order"), [
    (HeadToHeadAmong.ALL_TIED, [4, 1, 2, 3, 5]),  # 1 beat 2 and 3 in the mini-table
    (HeadToHeadAmong.TWO_ONLY, [4, 2, 1, 3, 5]),  # three tied: SB 4¼, 4, 3¾
])
def test_the_statutes_reading_ranks_the_three(make_event, organiser, chief_arbiter, arbiter,
                                              reading, order):
    event = _played(make_event, organiser, chief_arbiter, arbiter, reading)
    assert [row.number for row in event_standings(event).rows] == order
    page = client_for(lang="en").get(f"/events/{event.slug}/")
    shown = page.content.decode()
    assert str(HeadToHeadAmong(reading).label) in shown and "(Art. 21.3)" in shown
