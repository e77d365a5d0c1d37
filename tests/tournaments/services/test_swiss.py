"""A Swiss event through the services (appendix §1): numbers by C.04.2 order, initial colour by
lots, Dutch rounds with the PAB, requested half-point byes, a withdrawal (Art. 21.5.2) and a late
entry; the invariants hold every round and the engine's rounds pass the checker."""

import random

import pytest

from tests.tournaments.builders import (
    PlayerFactory,
    TeamFactory,
    assert_swiss_invariants,
    play,
    round_table,
    swiss_event,
)
from tournaments.errors import ServiceError
from tournaments.models import Entry, PairingMethod, RoundStatus
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.selectors.swiss import round_warnings
from tournaments.services.entries import entry_register, entry_team_register, entry_withdraw
from tournaments.services.formats import round_start
from tournaments.services.swiss import bye_request, forbidden_group_set, swiss_round_pair

pytestmark = pytest.mark.django_db


def test_swiss_event_end_to_end_with_byes_withdrawal_and_late_entry(
        make_event, organiser, arbiter, chief_arbiter):
    event = swiss_event(make_event, organiser, 21, rounds=7)
    rng = random.Random(7)
    entries = list(Entry.objects.filter(event=event).select_related("player"))
    # Round 1: numbers in C.04.2 order (rating, title, name), colour drawn by lots.
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=12345)
    event.refresh_from_db()
    assert event.numbers_method == "rating"
    by_rating = sorted(entries, key=lambda e: -e.rating)
    assert [Entry.objects.get(pk=e.pk).number for e in by_rating] == list(range(1, 22))
    assert event.initial_colour_drawn in ("w", "b")
    assert round_1.seed == event.initial_colour_seed == 12345
    assert round_1.method == PairingMethod.DUTCH and round_1.status == RoundStatus.DRAFT
    table = round_table(round_1)
    assert len(table) == 11 and table[-1][1] is None and table[-1][2] == "U"
    # Top half meets bottom half; the drawn colour goes to player 1.
    top_white = event.initial_colour_drawn == "w"
    assert table[0] == ((1, 11, "") if top_white else (11, 1, ""))
    assert round_warnings(round_1) == []
    play(round_1, arbiter, chief_arbiter, rng)

    # A half-point bye requested for round 2, a late entry for round 2.
    asker = Entry.objects.get(event=event, number=5)
    bye_request(entry=asker, actor=organiser, round_number=2)
    late = entry_register(event=event, actor=organiser,
                          player=PlayerFactory(rating=2500, full_name="Lê Văn Muộn"))
    assert late.joined_round == 2
    round_2 = round_start(event=event, actor=chief_arbiter).rounds[0]
    late.refresh_from_db()
    assert late.number == 22  # the next free number: published numbers never change
    table = round_table(round_2)
    assert (5, None, "H") in table
    assert sum(1 for row in table if row[2] == "U") == 1  # 22 entries, one on a bye: 21
    assert round_warnings(round_2) == []
    play(round_2, arbiter, chief_arbiter, rng)

    # Art. 21.5.2: a withdrawal after round 2; nobody is paired against the withdrawn player.
    gone = Entry.objects.get(event=event, number=3)
    entry_withdraw(entry=gone, actor=organiser, after_round=2)
    for _ in range(3, 8):
        round_ = round_start(event=event, actor=chief_arbiter).rounds[0]
        assert round_warnings(round_) == []
        assert gone.pk not in {b.white_id for b in round_.boards.all()} | {
            b.black_id for b in round_.boards.all()}
        play(round_, arbiter, chief_arbiter, rng)
    assert_swiss_invariants(event)
    with pytest.raises(ServiceError, match="7"):
        round_start(event=event, actor=chief_arbiter)

    standings = event_standings(event)
    assert standings.after_round == 7 and len(standings.rows) == 22
    cross = event_crosstable(event)
    row = next(r for r in cross.rows if r.number == 5)
    assert row.cells[1].text == "H"
    # Swiss cells: opponent's table number, colour, result.
    first = next(r for r in cross.rows if r.number == 1).cells[0].text
    assert first[-2] in "wb" and first[-1] in "1½0"


def test_requested_bye_counts_half_a_point_and_round_counts(make_event, organiser, arbiter,
                                                           chief_arbiter):
    event = swiss_event(make_event, organiser, 20, rounds=5)
    entry = Entry.objects.filter(event=event).order_by("pk").first()
    bye_request(entry=entry, actor=organiser, round_number=1)
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    table = round_table(round_1)
    # 19 players to pair: 9 games, the PAB, then the requested half-point bye.
    assert len(table) == 11 and table[-2][2] == "U" and table[-1][2] == "H"
    play(round_1, arbiter, chief_arbiter, random.Random(1))
    row = next(r for r in event_standings(event).rows if r.entry.pk == entry.pk)
    assert row.points == "0.5"
    with pytest.raises(ServiceError):
        bye_request(entry=entry, actor=organiser, round_number=1)


def test_previous_round_must_be_closed(make_event, organiser, arbiter, chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=3)
    with pytest.raises(ServiceError, match="Close round 1"):
        swiss_round_pair(event=event, actor=chief_arbiter)
    play(round_1, arbiter, chief_arbiter, random.Random(3), close=False)
    with pytest.raises(ServiceError, match="Close round 1"):
        swiss_round_pair(event=event, actor=chief_arbiter)


def test_delete_draft_and_pair_again_keeps_the_drawn_colour(make_event, organiser,
                                                            chief_arbiter):
    from tournaments.services.rounds import round_delete

    event = swiss_event(make_event, organiser, 20)
    first = swiss_round_pair(event=event, actor=chief_arbiter, seed=99)
    before = round_table(first)
    event.refresh_from_db()
    colour = event.initial_colour_drawn
    round_delete(round_=first, actor=chief_arbiter)
    again = swiss_round_pair(event=event, actor=chief_arbiter, seed=5)  # the seed is not redrawn
    event.refresh_from_db()
    assert event.initial_colour_drawn == colour and again.seed == 99
    assert round_table(again) == before


def test_fixed_initial_colour_from_the_statute(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20, initial_colour="b")
    table = round_table(swiss_round_pair(event=event, actor=chief_arbiter))
    assert table[0] == (11, 1, "")
    event.refresh_from_db()
    assert event.initial_colour_drawn == "" and event.rounds_set.get().seed is None


def test_same_club_players_do_not_meet(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20, clubs=["CLB Hà Nội", "CLB Huế",
                                                          "CLB Đà Nẵng", "CLB Vinh"],
                        forbid_same_club=True)
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=2)
    for b in round_1.boards.select_related("white__player", "black__player"):
        if b.black_id:
            assert b.white.player.club != b.black.player.club
    assert round_warnings(round_1) == []


def test_family_group_does_not_meet(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    # Without the group, 1 meets 11 in round 1 (top half against bottom half).
    entries = {e.player.rating: e for e in Entry.objects.filter(event=event)
               .select_related("player")}
    ranked = sorted(entries, reverse=True)
    forbidden_group_set(event=event, actor=organiser,
                        groups=[[entries[ranked[0]].pk, entries[ranked[10]].pk]])
    table = round_table(swiss_round_pair(event=event, actor=chief_arbiter, seed=2))
    assert all({w, b} != {1, 11} for w, b, _ in table)


def test_baku_acceleration_pairs(make_event, organiser, arbiter, chief_arbiter):
    event = swiss_event(make_event, organiser, 24, rounds=7, acceleration="baku")
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=4)
    # Baku: the top half (with a virtual win) is paired among themselves in round 1.
    assert {w for w, b, _ in round_table(round_1)[:6]} | {
        b for w, b, _ in round_table(round_1)[:6]} == set(range(1, 13))
    play(round_1, arbiter, chief_arbiter, random.Random(4))
    swiss_round_pair(event=event, actor=chief_arbiter)
    assert_swiss_invariants(event)


def test_only_the_chief_arbiter_or_organiser_pairs(make_event, organiser, arbiter):
    from django.core.exceptions import PermissionDenied

    event = swiss_event(make_event, organiser, 20)
    with pytest.raises(PermissionDenied):
        swiss_round_pair(event=event, actor=arbiter)


def test_team_swiss_uses_match_results(make_event, organiser, arbiter, chief_arbiter):
    event = make_event(format="swiss", rounds=3, participant_kind="team", team_boards=4,
                       team_reserves=0, official=False, team_scoring="match")
    for _ in range(6):
        team = TeamFactory()
        entry_team_register(event=event, actor=organiser, team=team,
                            players=PlayerFactory.create_batch(4))
    rng = random.Random(5)
    for _ in range(3):
        round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=8)
        boards = list(round_.boards.filter(black__isnull=False))
        assert len(boards) == 3 and all(b.games.count() == 4 for b in boards)
        play(round_, arbiter, chief_arbiter, rng)
    assert_swiss_invariants(event)
    table = event_standings(event)
    assert table.is_match and len(table.rows) == 6



def test_pairing_options_are_fixed_once_a_round_is_drawn(make_event, organiser, arbiter,
                                                          chief_arbiter):
    """The initial colour and the acceleration decided the rounds drawn (C.04.3 A.1, E): changed
    later, the next rounds would follow another rule. Rounds cannot drop below those made.
    Points and tie-breaks stay open: standings are computed on read."""
    from tournaments.services.events import event_update

    event = swiss_event(make_event, organiser, 10, rounds=5, initial_colour="w")
    event = event_update(event=event, actor=organiser, initial_colour="b")  # no round yet
    play(swiss_round_pair(event=event, actor=chief_arbiter, seed=1), arbiter, chief_arbiter,
         random.Random(1))
    swiss_round_pair(event=event, actor=chief_arbiter)
    for change in ({"initial_colour": "w"}, {"acceleration": "baku"}):
        with pytest.raises(ServiceError, match="pairing options cannot change"):
            event_update(event=event, actor=organiser, **change)
    with pytest.raises(ServiceError, match="already has 2 rounds"):
        event_update(event=event, actor=organiser, rounds=1)
    event.refresh_from_db()
    assert (event.initial_colour, event.acceleration, event.rounds) == ("b", "", 5)
    event = event_update(event=event, actor=organiser, initial_colour="b", rounds=6,
                         tiebreaks=["BH/C1", "SB"])
    assert (event.rounds, event.tiebreaks) == (6, ["BH/C1", "SB"])
