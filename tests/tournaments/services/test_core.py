"""Core services: events, roles, entries, table numbers, results with history and locking."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import PlayerFactory, TeamFactory
from tournaments.errors import ServiceError, StaleResult
from tournaments.models import Board, Entry, Event, EventRole, Role, RoundStatus
from tournaments.services.entries import (
    entry_register,
    entry_team_register,
    entry_withdraw,
    numbers_draw,
)
from tournaments.services.events import event_create, event_update, role_assign, role_remove
from tournaments.services.results import result_record
from tournaments.services.rounds import (
    BoardSpec,
    round_complete,
    round_delete,
    round_publish,
    round_store,
)

pytestmark = pytest.mark.django_db


def test_only_organisers_create_events(stranger, organiser):
    with pytest.raises(PermissionDenied):
        event_create(actor=stranger, name="X", start_date=datetime.date(2026, 1, 1))
    event = event_create(actor=organiser, name="Giải Xuân", start_date=datetime.date(2026, 1, 1))
    assert event.slug == "giai-xuan"
    assert EventRole.objects.filter(event=event, user=organiser, role=Role.ORGANISER).exists()


def test_events_and_championships_share_one_slug_maker(organiser):
    """``text.py: unique_slug``: Vietnamese folded (Đ is D), cut to 70 characters, the model's
    word when nothing is left, numbered when taken."""
    from tournaments.services.championships import championship_create

    day = datetime.date(2026, 1, 1)
    made = [event_create(actor=organiser, name=name, start_date=day).slug
            for name in ("Cúp Đà Nẵng", "Cúp Đà Nẵng", "Ồ!", "Giải " + "x" * 80)]
    assert made == ["cup-da-nang", "cup-da-nang-2", "o", "giai-" + "x" * 65]
    assert event_create(actor=organiser, name="?!", start_date=day).slug == "event"
    assert [championship_create(actor=organiser, name=name, start_date=day).slug
            for name in ("Cúp Đà Nẵng", "Cúp Đà Nẵng", "?!")] == [
        "cup-da-nang", "cup-da-nang-2", "championship"]


def test_a_role_given_or_taken_is_seen_by_the_same_user_object(make_event, organiser,
                                                               stranger):
    """``rules.py`` reads a user's roles once per user object; the services that change them
    make it forget (``roles_forget``), so the request that gave a role sees it."""
    event = make_event()
    assert not stranger.has_perm("tournaments.enter_result", event)  # read and kept
    role_assign(event=event, actor=organiser, user=stranger, role="arbiter")
    assert stranger.has_perm("tournaments.enter_result", event)
    role_remove(event=event, actor=organiser, user=stranger, role="arbiter")
    assert not stranger.has_perm("tournaments.enter_result", event)


def test_unknown_statute_fields_are_refused(organiser):
    with pytest.raises(ServiceError, match="colour_of_the_hall"):
        event_create(actor=organiser, name="X", start_date=datetime.date(2026, 1, 1),
                     colour_of_the_hall="red")


def test_arbiters_cannot_change_the_statute(make_event, arbiter, chief_arbiter):
    event = make_event(format="swiss", rounds=7)
    for user in (arbiter, chief_arbiter):
        with pytest.raises(PermissionDenied):
            event_update(event=event, actor=user, rounds=9)
    event.refresh_from_db()
    assert event.rounds == 7


def test_one_chief_arbiter_per_event(make_event, organiser, stranger):
    event = make_event(format="swiss", rounds=7)
    with pytest.raises(ServiceError):
        role_assign(event=event, actor=organiser, user=stranger, role=Role.CHIEF_ARBITER)


def test_entries_and_duplicates(make_event, organiser, players):
    event = make_event(format="swiss", rounds=7)
    entry = entry_register(event=event, actor=organiser, player=players[0])
    assert entry.rating == players[0].rating and entry.joined_round == 1
    with pytest.raises(ServiceError, match="already registered"):
        entry_register(event=event, actor=organiser, player=players[0])


def test_team_roster_follows_appendix_4(make_event, organiser):
    event = make_event(format="rr", participant_kind="team", team_boards=4, team_reserves=2)
    team = TeamFactory()
    members = PlayerFactory.create_batch(6)
    entry = entry_team_register(event=event, actor=organiser, team=team, players=members[:4],
                                reserves=members[4:])
    assert [(m.board_order, m.is_reserve) for m in entry.members.all()] == [
        (1, False), (2, False), (3, False), (4, False), (5, True), (6, True)]
    with pytest.raises(ServiceError, match="exactly 4"):
        entry_team_register(event=event, actor=organiser, team=TeamFactory(),
                            players=PlayerFactory.create_batch(3))
    with pytest.raises(ServiceError, match="another team"):
        entry_team_register(event=event, actor=organiser, team=TeamFactory(),
                            players=[members[0], *PlayerFactory.create_batch(3)],
                            reserves=PlayerFactory.create_batch(1))


def test_official_team_events_hold_teams_the_size_appendix_4_gives(make_event, organiser):
    """Appendix §4: official events field 3–4 players and 1–2 reserves; friendly ones any
    size. The statute cannot promise a size no team could register with."""
    from django.core.exceptions import ValidationError

    for statute, field in (({"team_boards": 5}, "team_boards"),
                           ({"team_reserves": 0}, "team_reserves")):
        with pytest.raises(ValidationError) as refused:
            make_event(participant_kind="team", **{"format": "rr", **statute})
        assert field in refused.value.message_dict
    assert not Event.objects.filter(participant_kind="team").exists()
    official = make_event(format="rr", participant_kind="team", team_boards=3)
    with pytest.raises(ServiceError, match="1–2 reserves"):
        entry_team_register(event=official, actor=organiser, team=TeamFactory(),
                            players=PlayerFactory.create_batch(3), reserves=[])
    friendly = make_event(format="rr", participant_kind="team", team_boards=6,
                          team_reserves=0, official=False)
    entry = entry_team_register(event=friendly, actor=organiser, team=TeamFactory(),
                                players=PlayerFactory.create_batch(6), reserves=[])
    assert entry.members.count() == 6


def test_numbers_by_lots_replay_from_the_recorded_seed(make_event, organiser, players):
    event = make_event(format="rr")
    for p in players[:10]:
        entry_register(event=event, actor=organiser, player=p)
    first = [e.pk for e in numbers_draw(event=event, actor=organiser, method="lots", seed=42)]
    event.refresh_from_db()
    assert event.numbers_seed == 42 and event.numbers_method == "lots"
    again = [e.pk for e in numbers_draw(event=event, actor=organiser, method="lots", seed=42)]
    assert first == again
    by_rating = numbers_draw(event=event, actor=organiser, method="rating")
    ratings = [e.rating for e in by_rating]
    assert ratings == sorted(ratings, reverse=True)
    assert sorted(Entry.objects.filter(event=event).values_list("number", flat=True)) == list(
        range(1, 11))


def test_manual_numbers_must_be_a_permutation(make_event, organiser, players):
    event = make_event(format="rr")
    entries = [entry_register(event=event, actor=organiser, player=p) for p in players[:3]]
    with pytest.raises(ServiceError, match="1 to 3"):
        numbers_draw(event=event, actor=organiser, method="manual",
                     numbers={entries[0].pk: 1, entries[1].pk: 1, entries[2].pk: 3})
    assert not Entry.objects.filter(event=event, number__isnull=False).exists()


@pytest.fixture
def published_round(make_event, organiser, chief_arbiter, players):
    event = make_event(format="swiss", rounds=5)
    entries = [entry_register(event=event, actor=organiser, player=p) for p in players[:5]]
    round_ = round_store(
        event=event, number=1, method="manual", seed=None, actor=chief_arbiter,
        boards=[BoardSpec(1, entries[0].pk, entries[1].pk),
                BoardSpec(2, entries[2].pk, entries[3].pk),
                BoardSpec(3, entries[4].pk, None, bye="U")],
    )
    return round_publish(round_=round_, actor=chief_arbiter)


def test_results_keep_who_when_old_and_new(published_round, arbiter):
    board = published_round.boards.get(number=1)
    result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
    result_record(board=board, result="1/2-1/2", actor=arbiter, expected_version=1,
                  reason="scoresheet says draw")
    history = list(Board.history.filter(id=board.pk).order_by("history_date"))
    assert [h.result for h in history] == ["", "1-0", "1/2-1/2"]
    assert history[-1].history_user == arbiter
    assert history[-1].history_change_reason == "scoresheet says draw"


def test_second_arbiter_is_told_and_nothing_is_overwritten(published_round, arbiter,
                                                           chief_arbiter):
    board = published_round.boards.get(number=1)
    result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
    with pytest.raises(StaleResult, match="1-0") as told:
        result_record(board=board, result="0-1", actor=chief_arbiter, expected_version=0)
    board.refresh_from_db()
    assert board.result == "1-0" and board.version == 1
    # What is stored now and who stored it, for the page to show instead of its old value.
    assert (told.value.stored, told.value.version) == ("1-0", 1)
    assert str(told.value).startswith("arbiter changed this board's result")


def test_results_need_a_role_and_a_published_round(published_round, stranger):
    board = published_round.boards.get(number=1)
    with pytest.raises(PermissionDenied):
        result_record(board=board, result="1-0", actor=stranger, expected_version=0)
    with pytest.raises(ServiceError, match="bye"):
        result_record(board=published_round.boards.get(number=3), result="1-0",
                      actor=stranger.__class__.objects.get(username="arbiter"),
                      expected_version=0)


def test_closing_a_round_needs_every_result(published_round, chief_arbiter, arbiter):
    with pytest.raises(ServiceError, match=r"without a result: 1, 2\.$"):
        round_complete(round_=published_round, actor=chief_arbiter)
    second = published_round.boards.get(number=2)
    result_record(board=second, result="0-1", actor=arbiter, expected_version=0)
    with pytest.raises(ServiceError, match=r"without a result: 1\.$"):  # names what is left
        round_complete(round_=published_round, actor=chief_arbiter)
    for board in published_round.boards.filter(black__isnull=False):
        result_record(board=board, result="0-1", actor=arbiter, expected_version=board.version)
    round_complete(round_=published_round, actor=chief_arbiter)
    published_round.refresh_from_db()
    assert published_round.status == RoundStatus.COMPLETED
    # A closed round: only the chief arbiter corrects, with a reason.
    board = published_round.boards.get(number=1)
    with pytest.raises(PermissionDenied):
        result_record(board=board, result="1-0", actor=arbiter, expected_version=1,
                      reason="typo")
    with pytest.raises(ServiceError, match="reason"):
        result_record(board=board, result="1-0", actor=chief_arbiter, expected_version=1)
    result_record(board=board, result="1-0", actor=chief_arbiter, expected_version=1,
                  reason="typo")


def test_published_rounds_cannot_be_deleted_and_withdrawal_needs_a_paired_round(
        published_round, chief_arbiter, organiser):
    with pytest.raises(ServiceError, match="draft"):
        round_delete(round_=published_round, actor=chief_arbiter)
    entry = published_round.boards.get(number=1).white
    with pytest.raises(ServiceError, match="from 0 to 1, the last round drawn"):
        entry_withdraw(entry=entry, actor=organiser, after_round=2)
    entry_withdraw(entry=entry, actor=organiser, after_round=1)
    entry.refresh_from_db()
    assert entry.withdrawn_after_round == 1
