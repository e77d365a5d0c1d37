"""Art. 21.5.2, the statute's second reading (``swiss_withdrawal = "stays"``): a withdrawn
player stays in the Swiss draw and whoever is drawn against them wins by forfeit; left over,
they are absent (a zero-point bye), never the pairing bye. Worked by hand on small events, the
players numbered by rating (C.04.2) and the top player given White in round 1."""

import pytest

from tests.tournaments.builders import PlayerFactory
from tournaments.models import Entry
from tournaments.selectors.rounds import round_open_board_numbers
from tournaments.selectors.standings import event_standings
from tournaments.selectors.swiss import round_warnings
from tournaments.services.entries import entry_register, entry_withdraw
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def _event(make_event, organiser, players: int, reading: str):
    event = make_event(format="swiss", rounds=3, initial_colour="w", swiss_withdrawal=reading)
    for rating in range(players):
        entry_register(event=event, actor=organiser,
                       player=PlayerFactory(created_by=organiser, rating=2000 - 100 * rating))
    return event


def _pairs(round_) -> set:
    return {(b.white.number, b.black.number if b.black_id else b.bye)
            for b in round_.boards.select_related("white", "black")}


def _play_all_white_wins(round_, chief):
    round_publish(round_=round_, actor=chief)
    for board in round_.boards.filter(black__isnull=False):
        result_record(board=board, result="1-0", actor=chief, expected_version=board.version)
    round_complete(round_=round_, actor=chief)


def _points(event) -> dict[int, str]:
    return {row.number: row.points for row in event_standings(event).rows}


def test_art_21_5_2_withdrawn_player_stays_in_the_draw(make_event, organiser, chief_arbiter):
    # Round 1: 1-3 and 4-2 (top half against bottom half, colours alternating); White wins.
    event = _event(make_event, organiser, 4, "stays")
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter)
    assert _pairs(round_1) == {(1, 3), (4, 2)}
    _play_all_white_wins(round_1, chief_arbiter)
    entry_withdraw(entry=Entry.objects.get(event=event, number=2), actor=organiser,
                   after_round=1)
    # Round 2, scores 1: {1, 4}, 0: {2, 3}. Player 2 stays in the draw: 1 meets 4, 3 meets 2.
    round_2 = swiss_round_pair(event=event, actor=chief_arbiter)
    assert {frozenset(p) for p in _pairs(round_2)} == {frozenset({1, 4}), frozenset({2, 3})}
    assert round_warnings(round_2) == []  # the checker (C.04.3 Art. 1.10) pairs it the same
    round_publish(round_=round_2, actor=chief_arbiter)
    # Only the game 1-4 waits for a result: 3 wins against the withdrawn 2 by forfeit.
    against_2 = round_2.boards.get(black__number__in=(2, 3), white__number__in=(2, 3)).number
    assert against_2 not in round_open_board_numbers(round_2)
    played = round_2.boards.get(white__number__in=(1, 4), black__number__in=(1, 4))
    result_record(board=played, result="1-0", actor=chief_arbiter, expected_version=0)
    round_complete(round_=round_2, actor=chief_arbiter)
    points = _points(event)
    assert (points[3], points[2]) == ("1", "0")


def test_dropped_reading_leaves_the_withdrawn_player_out(make_event, organiser, chief_arbiter):
    event = _event(make_event, organiser, 4, "dropped")
    _play_all_white_wins(swiss_round_pair(event=event, actor=chief_arbiter), chief_arbiter)
    entry_withdraw(entry=Entry.objects.get(event=event, number=2), actor=organiser,
                   after_round=1)
    # Three players left: 1 and 4 (1 point) meet, 3 (0) gets the pairing bye.
    round_2 = swiss_round_pair(event=event, actor=chief_arbiter)
    assert {frozenset(p) if p[1] != "U" else p for p in _pairs(round_2)} == {
        frozenset({1, 4}), (3, "U")}


def test_art_21_5_2_withdrawn_left_over_is_absent_not_given_the_bye(make_event, organiser,
                                                                    chief_arbiter):
    # Round 1 of three: 1-2, 3 gets the pairing bye; 1 wins. 2 (0 points) withdraws.
    event = _event(make_event, organiser, 3, "stays")
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter)
    assert _pairs(round_1) == {(1, 2), (3, "U")}
    _play_all_white_wins(round_1, chief_arbiter)
    entry_withdraw(entry=Entry.objects.get(event=event, number=2), actor=organiser,
                   after_round=1)
    # Round 2: 1 and 3 (1 point each) meet; 2, left over, would take the pairing bye: as a
    # withdrawn player it is an absence worth nothing.
    round_2 = swiss_round_pair(event=event, actor=chief_arbiter)
    pairs = _pairs(round_2)
    assert (2, "Z") in pairs and len(pairs) == 2
    assert round_warnings(round_2) == []
    _play_all_white_wins(round_2, chief_arbiter)
    assert _points(event)[2] == "0"
