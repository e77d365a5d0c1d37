"""The next step offered where it becomes possible (``selectors/next_step.py``): the dashboard
offers pairing only when the services would pair (a draft first published, a round first
closed: C.04.3 Art. 1, ``services/swiss.py``), says why not in place; a closed round's page
offers pairing the next; a round with every result says so."""

import random

import pytest

from tests.tournaments.builders import client_for, play, swiss_event
from tournaments.selectors.next_step import Step, event_next_step
from tournaments.selectors.rounds import rounds_visible
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def _get(user, url):
    response = client_for(user).get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_the_dashboard_offers_pairing_only_when_the_service_would_pair(
        make_event, organiser, chief_arbiter, arbiter):
    event = swiss_event(make_event, organiser, 6, rounds=2)
    dashboard = f"/manage/{event.slug}/"
    page = _get(chief_arbiter, dashboard)
    assert 'data-testid="draw"' in page and "Pair round 1" in page

    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=3)
    page = _get(chief_arbiter, dashboard)
    assert 'data-testid="draw"' not in page  # a draft is pending: no "pair next round"
    assert 'data-step="review"' in page
    assert ("Round 1 is a draft: publish it (or delete it) before pairing the next round."
            in page)
    assert f'href="/manage/{event.slug}/rounds/1/">Review and publish round 1<' in page

    round_publish(round_=round1, actor=chief_arbiter)
    page = _get(chief_arbiter, dashboard)
    assert 'data-testid="draw"' not in page
    assert "Round 1 still has 3 boards without a result" in page
    assert "3 boards without result" in page

    for board in round1.boards.filter(black__isnull=False):
        result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
    page = _get(chief_arbiter, dashboard)
    assert "All results of round 1 are in: close it before pairing the next round." in page
    assert ">Close round 1<" in page
    assert "all results in" in page and "0 boards without result" not in page

    client_for(chief_arbiter).post(f"/manage/{event.slug}/rounds/1/complete/",
                                   {"confirmed": "1"})
    page = _get(chief_arbiter, dashboard)
    assert 'data-testid="draw"' in page and "Pair round 2" in page


def test_a_closed_round_offers_the_next_pairing_on_its_page(make_event, organiser,
                                                            chief_arbiter, arbiter):
    event = swiss_event(make_event, organiser, 6, rounds=2)
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=3)
    play(round1, arbiter, chief_arbiter, random.Random(1))
    page = _get(chief_arbiter, f"/manage/{event.slug}/rounds/1/")
    assert 'data-testid="pair-next"' in page and "Pair round 2" in page
    assert '<p id="open-count" class="msg" aria-live="polite" data-open="0">All results are in.' \
        in page
    # An arbiter without the right to pair is offered nothing.
    assert 'data-testid="pair-next"' not in _get(arbiter, f"/manage/{event.slug}/rounds/1/")

    client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/")
    assert event.rounds_set.count() == 2
    page = _get(chief_arbiter, f"/manage/{event.slug}/rounds/1/")
    assert 'data-testid="pair-next"' not in page  # round 2 is a draft now: review it first
    assert "Round 2 is a draft" in page and ">Review and publish round 2<" in page

    play(event.rounds_set.get(number=2), arbiter, chief_arbiter, random.Random(2))
    step = event_next_step(event, rounds_visible(event, staff=True))
    assert (step.step, step.reason) == (
        Step.NONE, "All 2 rounds announced by the statute are paired.")
    page = _get(chief_arbiter, f"/manage/{event.slug}/")
    assert 'data-testid="draw"' not in page
    assert "All 2 rounds announced by the statute are paired." in page


def test_a_round_robin_is_offered_its_draw_once(rr_event, chief_arbiter):
    page = _get(chief_arbiter, f"/manage/{rr_event.slug}/")  # drawn and played
    assert 'data-testid="draw"' not in page
    assert "All rounds are drawn (Berger tables)." in page


def test_closing_is_offered_once_every_result_is_in(make_event, organiser, chief_arbiter,
                                                    arbiter):
    event = swiss_event(make_event, organiser, 4, rounds=2)
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=3)
    round_publish(round_=round1, actor=chief_arbiter)
    url = f"/manage/{event.slug}/rounds/1/"
    page = _get(chief_arbiter, url)
    assert 'id="close-form" hidden' in page
    assert ('data-testid="close-blocked">The round can be closed once every result is in.'
            in page)
    for board in round1.boards.filter(black__isnull=False):
        result_record(board=board, result="0-1", actor=arbiter, expected_version=0)
    page = _get(chief_arbiter, url)
    assert 'id="close-form" data-confirm=' in page
    assert 'data-testid="close-blocked" hidden>' in page
