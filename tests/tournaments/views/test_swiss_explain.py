"""Why this pairing on the pages: the arbiter's round page per score group and per board, the
public round page per board ("Why this pairing?"), in English and Vietnamese, from what the
round stored; a round changed by hand, imported from TRF, or paired before explanations were
kept says so."""

import re

import pytest
from django.conf import settings

from tests.tournaments.builders import client_for, swiss_event
from tournaments.models import Entry, Round
from tournaments.selectors.trf import trf_export
from tournaments.services.board_edit import board_exchange, board_swap
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair
from tournaments.services.trf_import import trf_import

pytestmark = pytest.mark.django_db


def _round_1(make_event, organiser, chief):
    """Seven players, White for player 1: boards 1-4, 5-2, 3-6, and 7's pairing bye."""
    event = swiss_event(make_event, organiser, 7, initial_colour="w")
    return event, swiss_round_pair(event=event, actor=chief)


def _page(user, url, language="en") -> str:
    client = client_for(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200, url
    return response.content.decode()


def _why_boards(page: str) -> list[str]:
    return re.findall(r'data-testid="why-board" data-board="(\d+)"', page)


def _name(event, number) -> str:
    return Entry.objects.get(event=event, number=number).name


def test_arbiters_round_page_per_group_and_per_board_in_english(make_event, organiser,
                                                                chief_arbiter):
    event, round_1 = _round_1(make_event, organiser, chief_arbiter)
    page = _page(chief_arbiter, f"/manage/{event.slug}/rounds/1/")
    assert 'data-testid="swiss-why"' in page and "Score group 0" in page
    assert "Players of the group: 1, 2, 3, 4, 5, 6, 7" in page
    assert f"Pairing bye: {_name(event, 7)} (7). [C5]" in page
    assert _why_boards(page) == ["1", "2", "3", "4"]  # three games and the bye
    assert (f"Colours (Art. 5.2.5): neither has a preference; the initial colour drawn by lot "
            f"decides, by the pairing number of {_name(event, 2)} (2).") in page


def test_arbiters_round_page_in_vietnamese(make_event, organiser, chief_arbiter):
    event, _round = _round_1(make_event, organiser, chief_arbiter)
    page = _page(chief_arbiter, f"/manage/{event.slug}/rounds/1/", "vi")
    assert "Vì sao xếp cặp như vậy" in page and "Nhóm 0 điểm" in page
    assert "Màu quân (Điều 5.2.5)" in page and "Score group" not in page
    assert "[C5]" in page and _why_boards(page) == ["1", "2", "3", "4"]


def test_public_round_page_tells_each_player_why(make_event, organiser, chief_arbiter):
    event, round_1 = _round_1(make_event, organiser, chief_arbiter)
    round_publish(round_=round_1, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    page = _page(None, f"/events/{event.slug}/rounds/1/")
    # One fold below the pairings for the whole round, not one per board (a phone's page
    # stays short); every board's reasons inside it.
    assert page.count('data-testid="why-all"') == 1 and not _why_boards(page)
    assert re.findall(r'data-testid="why-item" data-board="(\d+)"', page) == ["1", "2", "3", "4"]
    assert "Why these pairings?" in page and "Paired in: Score group 0." in page
    assert page.index('data-testid="pairings"') < page.index('data-testid="why-all"')
    page = _page(None, f"/events/{event.slug}/rounds/1/", "vi")
    assert "Vì sao các cặp được xếp như vậy?" in page and "Màu quân (Điều 5.2.5)" in page


def test_a_board_changed_by_hand_is_named(make_event, organiser, chief_arbiter):
    event, round_1 = _round_1(make_event, organiser, chief_arbiter)
    board_swap(round_=round_1, actor=chief_arbiter, board_number=2)
    page = _page(chief_arbiter, f"/manage/{event.slug}/rounds/1/")
    assert "This explains the engine&#x27;s pairing; boards changed by hand since: 2." in page
    assert re.findall(r'data-board="(\d+)" data-changed', page) == ["2"]
    assert (f"Changed by hand: the engine gave {_name(event, 5)} (5) White and "
            f"{_name(event, 2)} (2) Black.") in page


def test_rounds_without_an_explanation_say_so(make_event, organiser, chief_arbiter):
    event, round_1 = _round_1(make_event, organiser, chief_arbiter)
    Round.objects.filter(pk=round_1.pk).update(explanation=None)  # as paired before it existed
    page = _page(chief_arbiter, f"/manage/{event.slug}/rounds/1/")
    assert "it was paired before explanations were kept" in page and not _why_boards(page)

    imported = trf_import(data=trf_export(event, include_drafts=True).encode(), actor=organiser,
                          format="swiss", name="Nhập TRF")
    page = _page(organiser, f"/manage/{imported.slug}/rounds/1/", "vi")
    assert "Vòng này được nhập từ tệp TRF" in page and not _why_boards(page)


def test_players_exchanged_by_hand_say_where_the_engine_had_them(make_event, organiser,
                                                                 chief_arbiter):
    event, round_1 = _round_1(make_event, organiser, chief_arbiter)
    first, second = (Entry.objects.get(event=event, number=n) for n in (1, 2))
    board_exchange(round_=round_1, actor=chief_arbiter, first=first.pk, second=second.pk)
    page = _page(chief_arbiter, f"/manage/{event.slug}/rounds/1/")
    assert re.findall(r'data-board="(\d+)" data-changed', page) == ["1", "2"]
    one, two, four, five = (f"{_name(event, n)} ({n})" for n in (1, 2, 4, 5))
    assert (f"Changed by hand: the engine paired {five} – {two}; the engine paired {one} – "
            f"{four}.") in page  # board 1 is now 2 – 4
