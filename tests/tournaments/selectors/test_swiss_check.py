"""The checker over a whole Swiss event: every round, published or not,
paired again from the rounds before it and compared; the staff read it on a page and in the
API, in words."""

import random

import pytest
from django.urls import reverse

from tests.tournaments.builders import api_for, client_for, play, swiss_event
from tournaments.models import Board
from tournaments.selectors.swiss import event_check
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_rounds(make_event, organiser, arbiter, chief_arbiter):
    event = swiss_event(make_event, organiser, 12, rounds=5, initial_colour="w")
    play(swiss_round_pair(event=event, actor=chief_arbiter), arbiter, chief_arbiter,
         random.Random(3))
    round_publish(round_=swiss_round_pair(event=event, actor=chief_arbiter), actor=chief_arbiter)
    return event


def _rematch_in_round_2(event):
    """Round 2 changed behind the engine's back (as another program might have paired it):
    the two players of round 1's board 1 meet again."""
    first = Board.objects.get(round__event=event, round__number=1, number=1)
    a, b = first.white, first.black
    boards = Board.objects.filter(round__event=event, round__number=2)
    board_a = boards.get(white=a) if boards.filter(white=a).exists() else boards.get(black=a)
    board_b = boards.get(white=b) if boards.filter(white=b).exists() else boards.get(black=b)
    c = board_a.black if board_a.white == a else board_a.white
    d = board_b.black if board_b.white == b else board_b.white
    Board.objects.filter(pk=board_a.pk).update(white=a, black=b)
    Board.objects.filter(pk=board_b.pk).update(white=c, black=d)
    return a, b


def test_rounds_the_engine_paired_pass_and_a_rematch_is_reported(two_rounds):
    assert [(r.number, w) for r, w in event_check(two_rounds)] == [(1, []), (2, [])]
    a, b = _rematch_in_round_2(two_rounds)
    (_, first), (_, second) = event_check(two_rounds)
    assert first == []
    rules = [w for w in second if not w.is_difference]
    assert any(a.pk in w.entries and b.pk in w.entries for w in rules), rules
    assert any(w.is_difference for w in second)


def test_the_staff_read_the_check_on_a_page_and_in_the_api(two_rounds, arbiter, organiser):
    a, b = _rematch_in_round_2(two_rounds)
    page = client_for(arbiter).get(reverse("tournaments:swiss_check", args=[two_rounds.slug]))
    text = page.content.decode()
    assert page.status_code == 200 and 'data-round="2"' in text
    assert a.name in text and b.name in text
    data = api_for(arbiter).get(f"/api/events/{two_rounds.pk}/check/").json()
    assert [r["round"] for r in data] == [1, 2] and data[0]["warnings"] == []
    assert any(w["rule"] and {a.pk, b.pk} <= set(w["entries"]) for w in data[1]["warnings"])
    assert api_for().get(f"/api/events/{two_rounds.pk}/check/").status_code == 404  # a draft
    event_visibility_set(event=two_rounds, actor=organiser, public=True)
    assert api_for().get(f"/api/events/{two_rounds.pk}/check/").status_code == 401


def test_only_swiss_events_are_checked(make_event, arbiter):
    event = make_event(format="rr")
    assert api_for(arbiter).get(f"/api/events/{event.pk}/check/").status_code == 404
    page = client_for(arbiter).get(reverse("tournaments:swiss_check", args=[event.slug]))
    assert page.status_code == 404
