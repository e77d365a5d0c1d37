"""The hall's screen (``views/screen.py``, docs/live.md "The pages and the hall screen"): the
current round's pairings by name, the standings' top, a knockout event's bracket, paged for a
screen; public and read-only (Art. 14: published rounds only), the same whoever asks; as many
queries for a small event as for a large one."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import (
    client_for,
    knockout_event,
    play,
    played_event,
    swiss_event,
)
from tournaments.models import Board
from tournaments.services.events import event_visibility_set
from tournaments.services.relay import relay_board_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def _swiss(make_event, organiser, chief, arbiter, n):
    """Round 1 played and closed, round 2 published (in play)."""
    event = swiss_event(make_event, organiser, n, rounds=5, name=f"Thụy Sĩ {n}")
    play(swiss_round_pair(event=event, actor=chief), arbiter, chief, random.Random(n))
    round_publish(round_=swiss_round_pair(event=event, actor=chief), actor=chief)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


def _sections(html: str) -> list[tuple[str, str]]:
    """The screen's pages in order: (view, page number)."""
    return re.findall(r'<section class="screen-page" data-view="(\w+)" data-page="(\d+)"', html)


def _pairing_names(html: str) -> list[str]:
    rows = re.findall(r'<tr data-board="\d+"><td class="num">\d+</td>\s*<td>([^<]+)', html)
    return [name.strip() for name in rows]


def test_the_screen_shows_the_round_in_play_paged_then_the_standings(
        make_event, organiser, chief_arbiter, arbiter):
    event = _swiss(make_event, organiser, chief_arbiter, arbiter, 22)
    answer = Client().get(f"/events/{event.slug}/screen/?rows=4")
    assert answer.status_code == 200
    html = answer.content.decode()
    # Round 2 is in play: its 11 boards on 3 pages of 4, then the 22 rows of the standings on
    # 6 pages; no relayed board, so no boards view.
    assert _sections(html) == [("pairings", "1"), ("pairings", "2"), ("pairings", "3")] + [
        ("standings", str(n)) for n in range(1, 7)]
    assert 'data-testid="screen-round"' in html and "Round 2" in html
    boards = Board.objects.filter(round__event=event, round__number=2).select_related(
        "white").order_by("number")
    assert _pairing_names(html) == [b.white.name for b in boards]
    # The live feed's part and the page's settings for its script.
    assert 'data-every="20"' in html
    event.refresh_from_db()
    assert f'data-version="{event.version}"' in html
    assert f'data-live-url="/events/{event.slug}/live/"' in html


def test_views_order_every_and_rows_are_the_askers(make_event, organiser, chief_arbiter,
                                                   arbiter):
    event = _swiss(make_event, organiser, chief_arbiter, arbiter, 8)
    html = Client().get(
        f"/events/{event.slug}/screen/?views=standings,pairings,nonsense&every=2&rows=40"
    ).content.decode()
    assert _sections(html) == [("standings", "1"), ("pairings", "1")]
    assert 'data-every="2"' in html
    # Out of range or not a number: the nearest bound, or the default.
    assert 'data-every="300"' in Client().get(
        f"/events/{event.slug}/screen/?every=9999").content.decode()
    assert 'data-every="20"' in Client().get(
        f"/events/{event.slug}/screen/?every=x").content.decode()


def test_a_draft_is_never_on_the_screen_even_for_its_staff(make_event, organiser,
                                                          chief_arbiter, arbiter):
    """Art. 14: the public sees published rounds; the screen in the hall is public, and the
    chief arbiter signed in on it sees the same (a draft's pairings stay on the staff's
    pages): rounds 1 and 2 closed, round 3 a draft, the screen shows round 2."""
    event = swiss_event(make_event, organiser, 8, rounds=5)
    for _round in range(2):
        play(swiss_round_pair(event=event, actor=chief_arbiter), arbiter, chief_arbiter,
             random.Random(3))
    swiss_round_pair(event=event, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    for client in (client_for(), client_for(chief_arbiter)):
        html = client.get(f"/events/{event.slug}/screen/").content.decode()
        assert "Round 2" in html and "Round 3" not in html
        assert "data-clock" not in html  # a closed round's clock does not run


def test_a_knockout_event_shows_its_bracket_and_no_standings(make_event, organiser,
                                                            chief_arbiter, arbiter):
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 6)
    html = Client().get(f"/events/{event.slug}/screen/").content.decode()
    views = [view for view, _page in _sections(html)]
    assert views[0] == "pairings" and "bracket" in views and "standings" not in views
    assert 'class="screen-bracket"' in html


def test_read_only_and_no_round_yet(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 6, rounds=5)
    event_visibility_set(event=event, actor=organiser, public=True)
    client = Client()
    html = client.get(f"/events/{event.slug}/screen/").content.decode()
    assert "No round has been published yet." in html and "<section" not in html
    assert client.post(f"/events/{event.slug}/screen/").status_code == 405  # read-only
    # A draft event run by others is not found.
    hidden = swiss_event(make_event, organiser, 4, rounds=3, name="Nháp")
    assert Client().get(f"/events/{hidden.slug}/screen/").status_code == 404


def test_vietnamese(make_event, organiser, chief_arbiter, arbiter):
    event = _swiss(make_event, organiser, chief_arbiter, arbiter, 8)
    html = client_for(lang="vi").get(
        f"/events/{event.slug}/screen/").content.decode()
    assert 'lang="vi"' in html
    assert "Vòng 2" in html and "Toàn màn hình" in html


def _queries(url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url).status_code == 200
    return len(queries)


def test_as_many_queries_for_a_small_event_as_for_a_large_one(make_event, organiser,
                                                              chief_arbiter, arbiter):
    small = _swiss(make_event, organiser, chief_arbiter, arbiter, 8)
    large = _swiss(make_event, organiser, chief_arbiter, arbiter, 30)
    counts = [_queries(f"/events/{e.slug}/screen/?rows=4") for e in (small, large)]
    assert counts[0] == counts[1], counts
    assert counts[0] <= 14, counts
    rr = [played_event(make_event, organiser, chief_arbiter, arbiter, n) for n in (4, 10)]
    assert _queries(f"/events/{rr[0].slug}/screen/") == _queries(f"/events/{rr[1].slug}/screen/")


def test_the_relayed_boards_of_the_round_two_a_page(make_event, organiser, chief_arbiter,
                                                   arbiter):
    """The chief arbiter's choice of relayed boards (``RelayedBoard``): on the boards view,
    two a page, each read from its game's live.json; boards not relayed are not there."""
    event = _swiss(make_event, organiser, chief_arbiter, arbiter, 12)
    round_ = event.rounds_set.get(number=2)
    for number in (1, 2, 5):
        relay_board_set(round_=round_, actor=chief_arbiter, number=number)
    html = client_for().get(f"/events/{event.slug}/screen/?views=boards").content.decode()
    assert _sections(html) == [("boards", "1"), ("boards", "2")]
    relayed = list(Board.objects.filter(round=round_, number__in=(1, 2, 5)).order_by("number"))
    assert re.findall(r'data-screen-board="(\d+)" data-live-json="([^"]+)"', html) == [
        (str(b.pk), f"/events/{event.slug}/games/{b.pk}/live.json") for b in relayed]
    assert 'id="game-outlines"' in html  # the pieces' outlines for the page's script
