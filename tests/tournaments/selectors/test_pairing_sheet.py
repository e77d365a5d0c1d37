"""The public round as a pairing sheet: points before the round as the standings
count them (Art. 21: a win 1, a draw 0.5, a forfeit win 1), and the alphabetical "find my board"
list (Vietnamese order: by given name)."""

import pytest

from tournaments.models import Entry, Round
from tournaments.selectors.pairing_sheet import (
    board_seats,
    boards_annotate_points_before,
    points_and_record_after,
)
from tournaments.selectors.rounds import round_boards

pytestmark = pytest.mark.django_db

# The six players of tests/tournaments/conftest.py: swiss_event, by start number.
TUYET, TRANG, NINH, HUYNH, NHAT, HUONG = range(1, 7)


def _by_number(event, points):
    numbers = dict(Entry.objects.filter(event=event).values_list("pk", "number"))
    return {numbers[pk]: p for pk, p in points.items()}


def test_points_before_each_round_hand_worked(swiss_event):
    """Round 1: 1-4 1-0, 5-2 ½, 3-6 0-1; round 2: 6-1 0-1, 2-3 +/- (a forfeit win counts 1),
    4-5 1-0."""
    before = points_and_record_after(swiss_event, 0)[0]
    assert set(_by_number(swiss_event, before).values()) == {"0"}
    assert _by_number(swiss_event, points_and_record_after(swiss_event, 1)[0]) == {
        TUYET: "1", TRANG: "0.5", NINH: "0", HUYNH: "0", NHAT: "0.5", HUONG: "1"}
    assert _by_number(swiss_event, points_and_record_after(swiss_event, 2)[0]) == {
        TUYET: "2", TRANG: "1.5", NINH: "0", HUYNH: "1", NHAT: "0.5", HUONG: "1"}


def test_each_board_carries_its_sides_points_before_the_round(swiss_event):
    round_ = Round.objects.get(event=swiss_event, number=2)
    boards = round_boards(round_)
    boards_annotate_points_before(round_, boards)
    sheet = [(b.white.number, b.white_points, b.black.number, b.black_points) for b in boards]
    assert sheet == [(HUONG, "1", TUYET, "1"), (TRANG, "0.5", NINH, "0"), (HUYNH, "0", NHAT, "0.5")]


def test_find_my_board_by_given_name(swiss_event):
    """Hương, Huynh, Nhất, Ninh, Trang, Tuyết: the last word of the name, diacritics aside."""
    seats = board_seats(round_boards(Round.objects.get(event=swiss_event, number=2)))
    assert [(s.entry.number, s.board, s.colour, s.opponent.number) for s in seats] == [
        (HUONG, 1, "w", TUYET), (HUYNH, 3, "w", NHAT), (NHAT, 3, "b", HUYNH),
        (NINH, 2, "b", TRANG), (TRANG, 2, "w", NINH), (TUYET, 1, "b", HUONG)]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_every_player_is_seated_once_facing_their_opponent(swiss_event, number):
    boards = round_boards(Round.objects.get(event=swiss_event, number=number))
    seats = board_seats(boards)
    assert sorted(s.entry.pk for s in seats) == sorted(
        e.pk for b in boards for e in (b.white, b.black) if e is not None)
    by_entry = {s.entry.pk: s for s in seats}
    for seat in seats:
        other = by_entry[seat.opponent.pk]
        assert (other.board, other.opponent.pk) == (seat.board, seat.entry.pk)
        assert {seat.colour, other.colour} == {"w", "b"}
    keys = [s.entry.player.sort_key for s in seats]
    assert keys == sorted(keys)


def test_a_bye_is_listed_with_its_words(make_event, organiser, chief_arbiter, named_players):
    from tests.tournaments.builders import play_round
    from tournaments.services.entries import entry_register

    event = make_event(format="swiss", rounds=3)
    entries = [entry_register(event=event, actor=organiser, player=p) for p in named_players[:3]]
    round_ = play_round(event, 1, [(entries[0], entries[1]), (entries[2], None)], ["1-0"],
                        actor=chief_arbiter)
    seats = board_seats(round_boards(round_))
    bye = next(s for s in seats if s.entry.pk == entries[2].pk)
    assert (bye.colour, bye.opponent, bye.board) == ("", None, 2)
    assert bye.bye
