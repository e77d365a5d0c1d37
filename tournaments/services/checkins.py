"""Check-in and late arrival: who is at the venue before a round, and who came late to the
board once it started.

- ``entry_check_in`` / ``entry_check_out``: an arbiter or an organiser ticks a player on the
  check-in list (``selectors/checkins.py: checkin_round_number``: the first draft round, else
  the next to pair). The statute says whether a check-in is asked once for the event or before
  every round (``Event.check_in``). A device that read the list before another arbiter changed
  the same player sends the version it read: the change is refused (``StaleCheckIn``) rather
  than undoing the colleague's tick; the same state sent twice (a device that lost the answer)
  is no change.
- ``entry_self_check_in``: the player checks in on their own page, which proves who they are
  with the entry's private token (the page checks it and calls this service); no account.
- Who has not checked in when the check-in closes is left out of a Swiss round paired
  afterwards (``services/swiss.py``, ``FormatRules.leaves_out_absent``): not paired, no forfeit.
- ``board_arrival_record``: Art. 10.2.1 a, "Đến giờ thi đấu, nếu một hoặc cả hai đấu thủ đến
  chậm, trọng tài vẫn bấm đồng hồ chạy ... Ai đến chậm quá thời gian do ban tổ chức quy định
  (15, 30 hay 60 phút) thì bị tính thua ván cờ đó": the clock runs from the round's start, so
  a player late within the statute's forfeit time (``forfeit_minutes``) plays with that time
  lost; later than it, the game is lost by forfeit (both late beyond it: both lose, −/−).
"""

from __future__ import annotations

import math
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError, StaleCheckIn, StaleResult
from tournaments.models import Board, CheckIn, Entry, Event, ResultCode, RoundStatus
from tournaments.selectors.checkins import checkin_round_number, entry_expected
from tournaments.selectors.player_page import entry_self_check_in_state
from tournaments.services._access import event_lock, event_writer, right_require
from tournaments.services._history import versioned_save
from tournaments.services.results import result_record

IN, OUT = "in", "out"


def _check_in_set(*, entry: Entry, event: Event, actor, checked_in: bool, by_self: bool,
                  seen_version: int | None, now: datetime | None) -> CheckIn:
    """Set ``entry``'s check-in for the round the list is for; the event is locked."""
    if not event.check_in:
        raise ServiceError(_("The statute of this event asks for no check-in."))
    entry = Entry.objects.select_related("player", "team").get(pk=entry.pk)
    number = checkin_round_number(event)
    if not entry_expected(entry, number):
        raise ServiceError(_("%(name)s does not play round %(n)s: no check-in."),
                           name=entry.name, n=number)
    row = (CheckIn.objects.select_for_update()
           .filter(entry=entry, round_number=event.check_in_round(number)).first())
    if row is not None and row.is_in == checked_in:
        return row  # sent again, or ticked twice: no change
    if row is not None and seen_version is not None and row.version > seen_version:
        who = row.checked_in_by.get_username() if row.checked_in_by else (
            entry.name if row.by_self else _("Someone else"))
        raise StaleCheckIn(current=_("checked in") if row.is_in else _("not checked in"),
                           stored=IN if row.is_in else OUT, version=row.version, who=who)
    row = row or CheckIn(entry=entry, round_number=event.check_in_round(number))
    row.checked_in_at = (now or timezone.now()) if checked_in else None
    row.checked_in_by = actor if checked_in and not by_self else None
    row.by_self = checked_in and by_self
    row.version = event.version
    row.save()
    return row


@event_writer(perm="tournaments.check_in", of="entry")
def entry_check_in(*, entry: Entry, actor, event: Event, version: int | None = None,
                   now: datetime | None = None) -> CheckIn:
    """An arbiter or organiser checks ``entry`` in for the round to come. ``version``: the
    event's version the arbiter's list was read at (None: not checked)."""
    return _check_in_set(entry=entry, event=event, actor=actor, checked_in=True, by_self=False,
                         seen_version=version, now=now)


@event_writer(perm="tournaments.check_in", of="entry")
def entry_check_out(*, entry: Entry, actor, event: Event, version: int | None = None) -> CheckIn:
    """Undo ``entry``'s check-in for the round to come (ticked by mistake, or the player left
    before the round was paired)."""
    return _check_in_set(entry=entry, event=event, actor=actor, checked_in=False, by_self=False,
                         seen_version=version, now=None)


@transaction.atomic
def entry_self_check_in(*, entry: Entry, now: datetime | None = None) -> CheckIn:
    """The player checks in on their own page: the page proved who they are with the entry's
    private token before calling this (no account, so no right to check here; the event is
    locked and its version raised as by any writer). Only while the check-in is open
    (``selectors/player_page.py: entry_self_check_in_state``): after it closes, an arbiter
    decides."""
    event = event_lock(event=entry.event_id)
    entry.event = event
    state = entry_self_check_in_state(entry, now=now or timezone.now())
    if state is not None and not state.open and not state.checked_in:
        raise ServiceError(_("The check-in for round %(n)s has closed: speak to an arbiter."),
                           n=state.number)
    return _check_in_set(entry=entry, event=event, actor=None, checked_in=True, by_self=True,
                         seen_version=None, now=now)


# --- late arrival at the board (Art. 10.2.1 a) --------------------------------------------------

SIDES = ("white", "black")
# Art. 10.2.1 a: the late side loses by forfeit; both late beyond the time: both lose.
_FORFEIT = {"white": ResultCode.BLACK_WINS_FORFEIT, "black": ResultCode.WHITE_WINS_FORFEIT}
_RULINGS = {ResultCode.BLACK_WINS_FORFEIT, ResultCode.WHITE_WINS_FORFEIT,
            ResultCode.DOUBLE_FORFEIT}


def _minutes_late(*, starts_at: datetime, arrived_at: datetime) -> int:
    """Whole minutes late, a minute begun counting as late (15 min 20 s is 16: beyond a
    15-minute forfeit time, "đến chậm quá thời gian")."""
    return math.ceil((arrived_at - starts_at).total_seconds() / 60)


@transaction.atomic
def board_arrival_record(*, board: Board, side: str, actor, arrived_at: datetime,
                         expected_version: int) -> Board:
    """The arbiter records that ``side`` ("white" or "black") of ``board`` arrived at
    ``arrived_at``, after the round's start (Art. 10.2.1 a). Within the statute's forfeit
    time the game is played and the minutes late are noted (the clock ran); beyond it the board
    is a forfeit loss for that side (``result_record``, history kept), both sides beyond it a
    double forfeit. ``expected_version``: the board's version the arbiter's page showed."""
    event = event_lock(event=board.round.event_id)
    right_require(actor=actor, perm="tournaments.enter_result", event=event)
    board = (Board.objects.select_related("round__event", "white", "black")
             .select_for_update(of=("self",)).get(pk=board.pk))
    round_ = board.round
    if side not in SIDES:
        raise ServiceError(_("Say which player arrived: white or black."))
    if round_.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Late arrivals are recorded while round %(n)s is being played."),
                           n=round_.number)
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: nobody plays there."), n=board.number)
    if board.games.exists():
        raise ServiceError(_("Board %(n)s is a match: a late arrival is recorded on "
                             "single-game boards only."), n=board.number)
    if board.version != expected_version:
        raise StaleResult.of(board)
    starts_at = round_.starts_at
    if starts_at is None:
        raise ServiceError(_("Round %(n)s has no start time: set it first (lateness is "
                             "counted from it)."), n=round_.number)
    if arrived_at <= starts_at:
        raise ServiceError(_("The player arrived before the round's start (%(start)s): not "
                             "late."), start=timezone.localtime(starts_at).strftime("%H:%M"))
    late = _minutes_late(starts_at=starts_at, arrived_at=arrived_at)
    setattr(board, f"{side}_arrived_at", arrived_at)
    setattr(board, f"{side}_minutes_late", late)
    reason = _("Art. 10.2.1 a: arrived %(m)s minutes late") % {"m": late}
    versioned_save(row=board, actor=actor, reason=reason,
                   fields=[f"{side}_arrived_at", f"{side}_minutes_late"])
    limit = event.forfeit_minutes
    beyond = [s for s in SIDES if (getattr(board, f"{s}_minutes_late") or 0) > limit]
    if not beyond:
        return board
    ruling = ResultCode.DOUBLE_FORFEIT if len(beyond) == 2 else _FORFEIT[beyond[0]]
    if board.result == ruling:
        return board
    if board.result and board.result not in _RULINGS:
        raise ServiceError(_("Board %(n)s already has a result: correct it before recording "
                             "a forfeit for lateness."), n=board.number)
    return result_record(board=board, result=ruling, actor=actor,
                         expected_version=board.version,
                         reason=_("Art. 10.2.1 a: more than %(m)s minutes late") % {"m": limit})
