"""Check-in (the statute's rule, ``Event.check_in``), the Swiss round that leaves out who has
not checked in once the check-in closed, and a late arrival at the board judged by the law's
forfeit time (Art. 10.2.1 a: "Ai đến chậm quá thời gian do ban tổ chức quy định (15, 30 hay 60
phút) thì bị tính thua ván cờ đó")."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tests.tournaments.builders import rr_scenario, swiss_event
from tournaments.errors import ServiceError, StaleCheckIn
from tournaments.models import Board, CheckIn, Entry, Event
from tournaments.selectors.checkins import checkin_list
from tournaments.services.checkins import (
    board_arrival_record,
    entry_check_in,
    entry_check_out,
    entry_self_check_in,
)
from tournaments.services.rounds import round_delete
from tournaments.services.schedule import round_schedule_set
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db
HCM = ZoneInfo("Asia/Ho_Chi_Minh")


def _swiss(make_event, organiser, *, starts_in: timedelta | None, closes=15, check_in="every"):
    """Six players; round 1 starts ``starts_in`` from now by the statute's schedule (None: no
    schedule)."""
    statute = {"check_in": check_in, "check_in_closes_minutes": closes}
    if starts_in is not None:
        start = timezone.localtime(timezone.now() + starts_in, HCM)
        statute.update(first_round_date=start.date(), round_times=start.strftime("%H:%M"))
    return swiss_event(make_event, organiser, 6, rounds=5, **statute)


def _entries(event) -> list[Entry]:
    return list(event.entries.order_by("pk"))


def _paired(round_) -> set[int]:
    return {pk for b in round_.boards.all() for pk in (b.white_id, b.black_id) if pk}


def test_after_the_deadline_who_has_not_checked_in_is_left_out(make_event, organiser,
                                                                chief_arbiter, arbiter):
    # Round 1 started 10 minutes ago; the check-in closed 25 minutes ago.
    event = _swiss(make_event, organiser, starts_in=timedelta(minutes=-10))
    entries = _entries(event)
    for entry in entries[:4]:
        entry_check_in(entry=entry, actor=arbiter)
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    absent = {e.pk for e in entries[4:]}
    assert _paired(round_) == {e.pk for e in entries[:4]}  # 4 players: 2 boards, no bye
    assert round_.boards.count() == 2
    assert sorted(round_.left_out) == sorted(Entry.objects.get(pk=pk).number for pk in absent)
    listing = checkin_list(Event.objects.get(pk=event.pk), now=timezone.now())
    assert (listing.checked_in, listing.missing) == (4, 2)
    assert {e.pk for e in listing.left_out} == absent
    # Not a finding of the checker: left out is not "unpaired by mistake".
    assert not any(f["code"] == "not_available" and f["params"].get("why") != "left_out"
                   for f in round_.findings or [])

    # The arbiter checks one of them in, deletes the draft and pairs again: 5 players,
    # two boards and the pairing bye; one left out.
    late = entries[4]
    entry_check_in(entry=late, actor=arbiter)
    round_delete(round_=round_, actor=chief_arbiter)
    again = swiss_round_pair(event=Event.objects.get(pk=event.pk), actor=chief_arbiter, seed=1)
    assert _paired(again) == {e.pk for e in entries[:5]}
    assert again.boards.filter(black__isnull=True).count() == 1
    assert again.left_out == [Entry.objects.get(pk=entries[5].pk).number]


def test_before_the_deadline_everyone_is_paired(make_event, organiser, chief_arbiter, arbiter):
    # Round 1 starts in an hour; the check-in closes in 45 minutes: not closed yet.
    event = _swiss(make_event, organiser, starts_in=timedelta(hours=1))
    entry_check_in(entry=_entries(event)[0], actor=arbiter)
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    assert len(_paired(round_)) == 6 and round_.left_out == []


def test_the_deadline_is_minutes_before_the_start(make_event, organiser, chief_arbiter,
                                                  arbiter):
    # Starts in 10 minutes, closes 15 minutes before: closed 5 minutes ago. Two checked in:
    # one board, four left out.
    event = _swiss(make_event, organiser, starts_in=timedelta(minutes=10))
    for entry in _entries(event)[:2]:
        entry_check_in(entry=entry, actor=arbiter)
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    assert (len(round_.left_out), round_.boards.count()) == (4, 1)
    # ... whereas closing 5 minutes before, it is still open: everyone paired.
    other = _swiss(make_event, organiser, starts_in=timedelta(minutes=10), closes=5)
    assert swiss_round_pair(event=other, actor=chief_arbiter, seed=1).left_out == []


def test_without_a_start_the_check_in_closes_at_the_pairing(make_event, organiser,
                                                             chief_arbiter, arbiter):
    event = _swiss(make_event, organiser, starts_in=None)
    for entry in _entries(event)[:5]:
        entry_check_in(entry=entry, actor=arbiter)
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    assert len(round_.left_out) == 1 and len(_paired(round_)) == 5


def test_once_checks_in_for_every_round(make_event, organiser, chief_arbiter, arbiter):
    event = _swiss(make_event, organiser, starts_in=None, check_in="once")
    entry = _entries(event)[0]
    row = entry_check_in(entry=entry, actor=arbiter)
    assert (row.round_number, row.checked_in_by, row.by_self) == (0, arbiter, False)


def test_without_check_in_in_the_statute_nothing_changes(make_event, organiser, chief_arbiter,
                                                          arbiter):
    event = _swiss(make_event, organiser, starts_in=timedelta(minutes=-10), check_in="")
    with pytest.raises(ServiceError, match="no check-in"):
        entry_check_in(entry=_entries(event)[0], actor=arbiter)
    assert len(_paired(swiss_round_pair(event=event, actor=chief_arbiter, seed=1))) == 6


def test_a_round_robin_table_is_fixed(make_event, organiser, chief_arbiter):
    """Appendix §5: the Berger table is drawn in advance; an absent player keeps their board
    (and loses it when the forfeit time passes, Art. 10.2.1 a)."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft", check_in="every",
                      first_round_date=datetime(2020, 1, 1).date(), round_times="08:00")
    assert not ctx["event"].format_rules.leaves_out_absent
    assert ctx["round1"].boards.filter(black__isnull=False).count() == 2
    assert ctx["round1"].left_out == []


def test_a_device_behind_a_colleague_is_refused(make_event, organiser, chief_arbiter, arbiter):
    event = _swiss(make_event, organiser, starts_in=None)
    entry = _entries(event)[0]
    seen = Event.objects.get(pk=event.pk).version  # both arbiters read the list here
    entry_check_in(entry=entry, actor=chief_arbiter, version=seen)
    with pytest.raises(StaleCheckIn) as refused:
        entry_check_out(entry=entry, actor=arbiter, version=seen)
    assert (refused.value.stored, refused.value.version) == ("in", seen + 1)
    assert "chief" in str(refused.value)
    # The same state sent again (a device that lost the answer) is no change, no refusal.
    assert entry_check_in(entry=entry, actor=arbiter, version=seen).checked_in_by == chief_arbiter
    # Over the version the colleague's change made, the check-out goes through.
    row = entry_check_out(entry=entry, actor=arbiter, version=seen + 1)
    assert (row.checked_in_at, row.checked_in_by) == (None, None)


def test_self_check_in_and_rights(make_event, organiser, chief_arbiter, arbiter, stranger):
    event = _swiss(make_event, organiser, starts_in=None)
    first, second = _entries(event)[:2]
    row = entry_self_check_in(entry=first)
    assert (row.by_self, row.checked_in_by, row.is_in) == (True, None, True)
    with pytest.raises(PermissionDenied):
        entry_check_in(entry=second, actor=stranger)
    entry_check_in(entry=second, actor=organiser)  # the organisers at the desk
    assert CheckIn.objects.filter(entry__event=event, checked_in_at__isnull=False).count() == 2


# --- Art. 10.2.1 a: late arrival ----------------------------------------------------------------

def _board_in_play(make_event, organiser, chief, forfeit=15):
    ctx = rr_scenario(make_event, organiser, chief, rounds="published", forfeit_minutes=forfeit)
    round_ = ctx["board"].round
    round_schedule_set(round_=round_, actor=organiser,
                       starts_at=datetime(2026, 11, 20, 14, 0, tzinfo=HCM))
    return ctx["board"]


def _at(hour, minute, second=0):
    return datetime(2026, 11, 20, hour, minute, second, tzinfo=HCM)


def test_art_10_2_1_a_within_the_forfeit_time_the_game_is_played(make_event, organiser,
                                                                  chief_arbiter, arbiter):
    board = _board_in_play(make_event, organiser, chief_arbiter)
    # 14:15:00 is exactly 15 minutes late: not "more than" 15 -> played, 15 minutes lost.
    board = board_arrival_record(board=board, side="white", actor=arbiter,
                                 arrived_at=_at(14, 15), expected_version=board.version)
    assert (board.white_minutes_late, board.result) == (15, "")
    assert board.history.first().history_change_reason == \
        "Art. 10.2.1 a: arrived 15 minutes late"


def test_art_10_2_1_a_beyond_the_forfeit_time_the_game_is_lost(make_event, organiser,
                                                               chief_arbiter, arbiter):
    board = _board_in_play(make_event, organiser, chief_arbiter)
    # 14:15:20: a 16th minute begun, beyond 15 -> Black (on time) wins by forfeit.
    board = board_arrival_record(board=board, side="white", actor=arbiter,
                                 arrived_at=_at(14, 15, 20), expected_version=board.version)
    board.refresh_from_db()
    assert (board.white_minutes_late, board.result) == (16, "-/+")
    # Black then comes at 14:40 (40 minutes): both beyond the time, both lose.
    board_arrival_record(board=board, side="black", actor=arbiter, arrived_at=_at(14, 40),
                         expected_version=board.version)
    board.refresh_from_db()
    assert (board.black_minutes_late, board.result) == (40, "-/-")


def test_art_10_2_1_a_the_statutes_thirty_minutes(make_event, organiser, chief_arbiter, arbiter):
    board = _board_in_play(make_event, organiser, chief_arbiter, forfeit=30)
    board = board_arrival_record(board=board, side="black", actor=arbiter,
                                 arrived_at=_at(14, 20), expected_version=board.version)
    assert (board.black_minutes_late, board.result) == (20, "")  # 20 <= 30: played


def test_late_arrival_refusals(make_event, organiser, chief_arbiter, arbiter):
    board = _board_in_play(make_event, organiser, chief_arbiter)
    with pytest.raises(ServiceError, match="not late"):
        board_arrival_record(board=board, side="white", actor=arbiter, arrived_at=_at(13, 59),
                             expected_version=board.version)
    round_schedule_set(round_=board.round, actor=organiser, starts_at=None)
    with pytest.raises(ServiceError, match="no start time"):
        board_arrival_record(board=board, side="white", actor=arbiter, arrived_at=_at(14, 20),
                             expected_version=board.version)
    assert Board.objects.get(pk=board.pk).white_arrived_at is None
