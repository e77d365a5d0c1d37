"""Lots as the last tie-break (Art. 21.3): drawn once by the chief arbiter (or an organiser),
recorded with who and when; until then a tie nothing else breaks stands and says so."""

import random

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tests.tournaments.builders import PlayerFactory, api_for, client_for
from tournaments.errors import ServiceError
from tournaments.selectors.standings import event_standings
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.lots import lots_draw
from tournaments.services.results import result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db


@pytest.fixture
def all_drawn(make_event, organiser, arbiter, chief_arbiter):
    """Four players, every game drawn: level on points, H2H, SB, wins and wins with Black."""
    event = make_event(format="rr", name="Giải bốc thăm")
    for player in PlayerFactory.create_batch(4):
        entry_register(event=event, actor=organiser, player=player)
    numbers_draw(event=event, actor=organiser, method="rating")
    for round_ in round_robin_schedule(event=event, actor=chief_arbiter, publish=True):
        for board in round_.boards.all():
            result_record(board=board, result="1/2-1/2", actor=arbiter,
                          expected_version=board.version)
        round_complete(round_=round_, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


def test_a_tie_only_lots_break_waits_for_the_draw_then_follows_it(all_drawn, chief_arbiter):
    before = event_standings(all_drawn)
    assert [r.rank for r in before.rows] == [1, 1, 1, 1]
    assert {r.reason for r in before.rows[:3]} == {"tied; the lots are still to be drawn"}

    event = lots_draw(event=all_drawn, actor=chief_arbiter, seed=20261122)
    assert (event.lots_seed, event.lots_drawn_by) == (20261122, chief_arbiter)
    assert event.lots_drawn_at is not None
    drawn = [1, 2, 3, 4]
    random.Random(20261122).shuffle(drawn)  # scoring/tiebreaks.py: lots; the first drawn is first
    after = event_standings(event)
    assert [r.number for r in after.rows] == drawn
    assert [r.rank for r in after.rows] == [1, 2, 3, 4]
    assert all(r.reason.startswith("ahead on") for r in after.rows[:3])


def test_lots_are_drawn_once_by_the_chief_arbiter_or_an_organiser(
        all_drawn, arbiter, organiser, chief_arbiter):
    with pytest.raises(PermissionDenied):
        lots_draw(event=all_drawn, actor=arbiter)
    lots_draw(event=all_drawn, actor=organiser)
    all_drawn.refresh_from_db()
    seed = all_drawn.lots_seed
    with pytest.raises(ServiceError, match="already drawn"):
        lots_draw(event=all_drawn, actor=chief_arbiter)
    all_drawn.refresh_from_db()
    assert all_drawn.lots_seed == seed and all_drawn.lots_drawn_by == organiser


def test_no_lots_when_the_statute_does_not_use_them(make_event, chief_arbiter):
    event = make_event(format="rr", tiebreaks=["SB", "WIN"])
    with pytest.raises(ServiceError, match="no drawing of lots"):
        lots_draw(event=event, actor=chief_arbiter)
    event.refresh_from_db()
    assert event.lots_seed is None


def test_lots_from_the_dashboard_and_the_api(all_drawn, chief_arbiter, arbiter):
    dashboard = reverse("tournaments:manage_event", args=[all_drawn.slug])
    assert b'data-testid="lots-draw"' not in client_for(arbiter).get(dashboard).content
    chief = client_for(chief_arbiter)
    assert b'data-testid="lots-draw"' in chief.get(dashboard).content
    assert api_for().get(f"/api/events/{all_drawn.pk}/standings/").json()["lots"] is None
    response = chief.post(reverse("tournaments:lots_draw", args=[all_drawn.slug]))
    assert response.status_code == 302
    page = chief.get(dashboard).content.decode()
    assert f"Drawn by {chief_arbiter.username}" in page and 'data-testid="lots-draw"' not in page
    all_drawn.refresh_from_db()
    public = client_for().get(reverse("tournaments:standings", args=[all_drawn.slug]))
    assert f"recorded seed {all_drawn.lots_seed}" in public.content.decode()
    lots = api_for().get(f"/api/events/{all_drawn.pk}/standings/").json()["lots"]
    assert lots["seed"] == all_drawn.lots_seed and lots["drawn_by"] == chief_arbiter.username
    again = api_for(chief_arbiter).post(f"/api/events/{all_drawn.pk}/lots/")
    assert again.status_code == 400 and "already drawn" in str(again.json())
