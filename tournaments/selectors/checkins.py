"""Check-in reads (``models/checkins.py``): the arbiters' list for the round to come, when the
check-in closes, and who a round paired after that leaves out.

The round a check-in is for is the first draft round (the arbiter may check someone in and
pair it again), else the next round to pair. A statute asking once (``CheckInRule.ONCE``)
keeps every check-in under round 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from tournaments.models import CheckIn, Entry, EntryStatus, Event, Round, RoundStatus
from tournaments.selectors.fees import entry_fee_owed
from tournaments.selectors.rounds import event_next_round_number


def checkin_round_number(event: Event) -> int:
    """The round the check-in list is for: the first draft round, else the next to pair."""
    draft = (event.rounds_set.filter(status=RoundStatus.DRAFT).order_by("number")
             .values_list("number", flat=True).first())
    return draft or event_next_round_number(event)


def checkin_closes_at(event: Event, number: int, *, now: datetime) -> datetime:
    """When the check-in for round ``number`` closes: the statute's minutes before the round's
    start (the time an organiser set for the round, else the statute's schedule); without a
    start time, ``now`` (it closes when the round is paired)."""
    round_ = event.rounds_set.filter(number=number).only("scheduled_at").first()
    starts_at = (round_.scheduled_at if round_ is not None else None) or \
        event.round_planned_start(number)
    if starts_at is None:
        return now
    return starts_at - timedelta(minutes=event.check_in_closes_minutes)


def entry_expected(entry: Entry, number: int) -> bool:
    """Whether ``entry`` is expected at round ``number``: active (or withdrawn after it), joined,
    not gone on to the next stage, and not resting on a bye it asked for."""
    if entry.status == EntryStatus.WITHDRAWN and (entry.withdrawn_after_round or 0) < number:
        return False
    if entry.moved_on_after_round is not None and entry.moved_on_after_round < number:
        return False
    return entry.joined_round <= number and number not in (entry.requested_byes or [])


def entries_left_out(event: Event, number: int, *, now: datetime) -> list[Entry]:
    """The entries a round ``number`` paired at ``now`` leaves out: the event's format leaves
    out absent players (``FormatRules.leaves_out_absent``), its statute asks for a check-in,
    the check-in has closed, and they are expected but not checked in."""
    if not event.check_in or not event.format_rules.leaves_out_absent:
        return []
    if now < checkin_closes_at(event, number, now=now):
        return []
    checked = set(CheckIn.objects.filter(
        entry__event=event, round_number=event.check_in_round(number),
        checked_in_at__isnull=False).values_list("entry_id", flat=True))
    return [e for e in event.entries.order_by("number", "pk")
            if entry_expected(e, number) and e.pk not in checked]


@dataclass(frozen=True)
class CheckInRow:
    entry: Entry
    check_in: CheckIn | None
    # The entry fee still owed (``selectors/fees.py``), the one amount the arbiters see: 0 when
    # nothing is owed or the event takes no fees.
    owes: int = 0

    @property
    def is_in(self) -> bool:
        return self.check_in is not None and self.check_in.is_in

    @property
    def version(self) -> int:
        """The event's version when this entry's check-in last changed (0: never)."""
        return self.check_in.version if self.check_in is not None else 0


@dataclass(frozen=True)
class CheckInList:
    """The arbiters' check-in list of round ``round_number`` (``views/checkins.py``, the API)."""

    round_number: int
    closes_at: datetime | None  # None: when the round is paired (no start time)
    closed: bool
    rows: list[CheckInRow]
    left_out: list[Entry]  # a draft round's, as it was paired

    @property
    def checked_in(self) -> int:
        return sum(1 for r in self.rows if r.is_in)

    @property
    def missing(self) -> int:
        return len(self.rows) - self.checked_in


def checkin_list(event: Event, *, now: datetime) -> CheckInList:
    """Who is expected at the round the check-in is for, each with their check-in (by table
    number, then name), with what each still owes of the entry fee; when it closes; what a
    draft of that round left out."""
    number = checkin_round_number(event)
    round_ = Round.objects.filter(event=event, number=number).first()
    entries = [e for e in event.entries.select_related("player", "team").order_by("number", "pk")
               if entry_expected(e, number)]
    check_ins = {c.entry_id: c for c in CheckIn.objects.filter(
        entry__event=event, round_number=event.check_in_round(number))}
    starts_at = (round_.scheduled_at if round_ is not None else None) or \
        event.round_planned_start(number)
    closes_at = None if starts_at is None else \
        starts_at - timedelta(minutes=event.check_in_closes_minutes)
    owes = entry_fee_owed(event)
    by_number = {e.number: e for e in entries if e.number}
    left_out = [] if round_ is None else \
        [by_number[n] for n in round_.left_out if n in by_number]
    return CheckInList(
        round_number=number, closes_at=closes_at,
        closed=closes_at is not None and now >= closes_at,
        rows=[CheckInRow(e, check_ins.get(e.pk), owes.get(e.pk, 0)) for e in entries],
        left_out=left_out)
