"""Entry fees' reads (``models/fees.py``): what an entry owes, the treasurer's desk, the
summaries of an event and of a championship, a receipt, the VietQR transfer of an entry.

What an entry owes is computed here only (``entry_fee_due``, ``fee_due``): the schedule that
applies (the event's own; for a championship's first-stage event without one, its category's),
the member rate (``fee_members``, the one place that decides it: an entry the desk marked
(``EntryFee.member``), or whose player was a member of the event's organisation or of a club
under it on the event's first day (``ClubMembership``, the federation's register)), and the
late fee when the entry was received after the schedule's date (the
online registration's time when a registration made the entry, else the entry's).

    owed = due − paid + refunded − waived      (voided rows count nowhere)

A summary adds up: the sum of every entry's owed is the sum of due less payments, plus
refunds, less waivers; ``FeeTotals.adds_up`` says so and the pages show it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, OuterRef, QuerySet

from records.vietqr import memo_ascii, vietqr_payload
from tournaments.models import (
    Category,
    Championship,
    ClubMembership,
    Entry,
    EntryFee,
    Event,
    EventRole,
    FeeSchedule,
    Payment,
    PaymentKind,
    PaymentMethod,
    Registration,
    Role,
)


def fee_schedule_of(event: Event) -> FeeSchedule | None:
    """The schedule an event's entries pay by: the event's own; for the events of a
    championship category's first stage without one, the category's; else none (free)."""
    own = FeeSchedule.objects.filter(event=event).first()
    if own is not None or event.stage_id is None:
        return own
    return FeeSchedule.objects.filter(category__stages=event.stage_id,
                                      category__stages__number=1).first()


def fee_due(schedule: FeeSchedule | None, *, member: bool, received_at: datetime | None) -> int:
    """What an entry is due: the member's or the standard fee, and the late fee when received
    after the schedule's date. No schedule: nothing."""
    if schedule is None:
        return 0
    base = schedule.member if member and schedule.member is not None else schedule.standard
    late = schedule.late_after is not None and received_at is not None and \
        received_at > schedule.late_after
    return base + (schedule.late_fee if late else 0)


def fee_received_at(event: Event) -> dict[int, datetime]:
    """When each entry of ``event`` was received: its registration's time, else its own."""
    received = dict(event.entries.values_list("pk", "created_at"))
    for entry_id, sent in Registration.objects.filter(
            event=event, entry__isnull=False).values_list("entry_id", "created_at"):
        received[entry_id] = min(sent, received.get(entry_id, sent))
    return received


def fee_members(event: Event, *, entry: Entry | None = None) -> set[int]:
    """The entries of ``event`` (or just ``entry``) that pay the member rate: marked so at the
    desk, or whose player was a member of the event's organisation, or of a club under it, on
    the event's first day. Two queries, three with an organisation."""
    marked = EntryFee.objects.filter(entry__event=event, member=True)
    entries = event.entries.all()
    if entry is not None:
        marked, entries = marked.filter(entry=entry), entries.filter(pk=entry.pk)
    members = set(marked.values_list("entry_id", flat=True))
    if event.organisation_id is not None:
        members |= set(entries.filter(Exists(ClubMembership.objects.filter(
            player=OuterRef("player_id")).held_on(event.start_date, under=event.organisation)))
            .values_list("pk", flat=True))
    return members


def entry_fee_due(entry: Entry) -> int:
    """What ``entry`` is due by its event's schedule (the one selector of it)."""
    schedule = fee_schedule_of(entry.event)
    member = entry.pk in fee_members(entry.event, entry=entry)
    return fee_due(schedule, member=member,
                   received_at=fee_received_at(entry.event).get(entry.pk))


@dataclass
class FeeTotals:
    """Sums of a ledger: due, and the live rows by kind, payments and refunds by method."""

    due: int = 0
    paid: int = 0
    waived: int = 0
    refunded: int = 0
    owed: int = 0
    by_method: dict[str, dict[str, int]] = field(default_factory=lambda: {
        m: {PaymentKind.PAYMENT: 0, PaymentKind.REFUND: 0} for m in PaymentMethod.values})

    @property
    def received(self) -> int:
        """Money kept: paid less refunded."""
        return self.paid - self.refunded

    @property
    def adds_up(self) -> bool:
        methods_paid = sum(v[PaymentKind.PAYMENT] for v in self.by_method.values())
        methods_refunded = sum(v[PaymentKind.REFUND] for v in self.by_method.values())
        return self.owed == self.due - self.paid + self.refunded - self.waived and \
            methods_paid == self.paid and methods_refunded == self.refunded

    def add(self, other: FeeTotals) -> None:
        for name in ("due", "paid", "waived", "refunded", "owed"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for method, kinds in other.by_method.items():
            for kind, amount in kinds.items():
                self.by_method[method][kind] += amount


@dataclass
class EntryFeeRow:
    entry: Entry
    member: bool
    late: bool
    due: int
    payments: list[Payment]
    memo: str
    totals: FeeTotals

    @property
    def owed(self) -> int:
        return self.totals.owed


def fee_memo(event: Event, entry: Entry) -> str:
    """The transfer memo of ``entry``: the event's short name and the entry's table number
    (its id, ``#``, before numbers are drawn), without accents, at most 25 characters."""
    tail = str(entry.number) if entry.number else f"E{entry.pk}"
    head = memo_ascii(event.slug.replace("-", " ")).replace(" ", "").upper()
    return memo_ascii(f"{head[:24 - len(tail)]} {tail}")


def _totals(due: int, payments: list[Payment]) -> FeeTotals:
    totals = FeeTotals(due=due)
    for p in payments:
        if p.is_void:
            continue
        if p.kind == PaymentKind.PAYMENT:
            totals.paid += p.amount
        elif p.kind == PaymentKind.WAIVER:
            totals.waived += p.amount
        else:
            totals.refunded += p.amount
        if p.method and p.kind != PaymentKind.WAIVER:
            totals.by_method[p.method][p.kind] += p.amount
    totals.owed = due - totals.paid + totals.refunded - totals.waived
    return totals


@dataclass
class FeeDesk:
    """The treasurer's desk of an event: every entry with what it is due, its ledger, what it
    owes; the schedule and the totals."""

    event: Event
    schedule: FeeSchedule | None
    rows: list[EntryFeeRow]
    totals: FeeTotals

    @property
    def unpaid(self) -> list[EntryFeeRow]:
        return [r for r in self.rows if r.owed > 0]


def event_fee_desk(event: Event) -> FeeDesk:
    """Every entry of ``event`` with its fees (by table number, then name); five queries."""
    schedule = fee_schedule_of(event)
    received = fee_received_at(event)
    members = fee_members(event)
    payments: dict[int, list[Payment]] = defaultdict(list)
    for p in Payment.objects.filter(entry__event=event).select_related(
            "recorded_by", "voided_by").order_by("number"):
        payments[p.entry_id].append(p)
    rows, totals = [], FeeTotals()
    for entry in event.entries.select_related("player", "team").order_by("number", "pk"):
        member = entry.pk in members
        due = fee_due(schedule, member=member, received_at=received.get(entry.pk))
        late = schedule is not None and due > fee_due(schedule, member=member,
                                                      received_at=None)
        row_totals = _totals(due, payments[entry.pk])
        totals.add(row_totals)
        rows.append(EntryFeeRow(entry=entry, member=member, late=late, due=due,
                                payments=payments[entry.pk], memo=fee_memo(event, entry),
                                totals=row_totals))
    return FeeDesk(event=event, schedule=schedule, rows=rows, totals=totals)


def entry_fee_owed(event: Event) -> dict[int, int]:
    """What each entry of ``event`` still owes (the arbiters' check-in list shows it; no
    other amount): the entries that owe something."""
    return {r.entry.pk: r.owed for r in event_fee_desk(event).rows if r.owed > 0}


@dataclass
class FeeSummary:
    """The treasurer's summary: the totals, and per part (an event's one part; a
    championship's categories, each the sum of its stage events)."""

    title: str
    totals: FeeTotals
    parts: list[tuple[str, FeeTotals]]
    count: int  # entries
    members: int
    late: int


def event_fee_summary(event: Event, desk: FeeDesk | None = None) -> FeeSummary:
    """The event's totals; ``desk``: its desk when the caller has read it already."""
    desk = desk or event_fee_desk(event)
    return FeeSummary(title=event.name, totals=desk.totals, parts=[(event.name, desk.totals)],
                      count=len(desk.rows), members=sum(r.member for r in desk.rows),
                      late=sum(r.late for r in desk.rows))


def championship_fee_summary(championship: Championship) -> FeeSummary:
    """Every stage event's ledger of ``championship``, by category."""
    totals, parts, count, members, late = FeeTotals(), [], 0, 0, 0
    for category in Category.objects.filter(championship=championship).order_by("order", "pk"):
        part = FeeTotals()
        for event in Event.objects.filter(stage__category=category).order_by(
                "stage__number", "group_label"):
            summary = event_fee_summary(event)
            part.add(summary.totals)
            count, members, late = (count + summary.count, members + summary.members,
                                    late + summary.late)
        totals.add(part)
        parts.append((category.name, part))
    return FeeSummary(title=championship.name, totals=totals, parts=parts, count=count,
                      members=members, late=late)


def event_payment(event: Event, pk: int) -> Payment | None:
    """A ledger row of ``event`` (a receipt), or None."""
    return (Payment.objects.filter(entry__event=event, pk=pk)
            .select_related("entry__player", "entry__team", "recorded_by", "voided_by")
            .first())


def payments_with_event() -> QuerySet[Payment]:
    """Ledger rows to find by id, each with its entry's event (the rights are the event's)."""
    return Payment.objects.select_related("entry__event", "entry__player", "entry__team",
                                          "recorded_by", "voided_by")


def entry_fee_transfer(desk: FeeDesk, row: EntryFeeRow) -> str | None:
    """The VietQR payload of what ``row`` owes to the schedule's account (None: no account,
    or nothing owed)."""
    schedule = desk.schedule
    if schedule is None or not schedule.takes_transfers or row.owed <= 0:
        return None
    return vietqr_payload(bank_bin=schedule.bank_bin, account=schedule.bank_account,
                          amount=row.owed, memo=row.memo)


def championship_fee_schedules(championship: Championship) -> list[tuple[Category,
                                                                           FeeSchedule | None]]:
    """Each category of ``championship`` with its fee schedule (None: none yet)."""
    schedules = {s.category_id: s for s in FeeSchedule.objects.filter(
        category__championship=championship)}
    return [(c, schedules.get(c.pk)) for c in
            Category.objects.filter(championship=championship).order_by("order", "pk")]


def category_fee_schedule(category: Category) -> FeeSchedule | None:
    """A championship category's own fee schedule, or None (none set yet)."""
    return FeeSchedule.objects.filter(category=category).first()


def championship_category(championship: Championship, pk: int) -> Category | None:
    return Category.objects.filter(championship=championship, pk=pk).first()


def fee_events_of(user) -> set[int]:
    """The events ``user`` keeps the fees of as their treasurer (their events list links the
    desk: the event's other staff pages are not theirs)."""
    return set(EventRole.objects.filter(user=user, role=Role.TREASURER)
               .values_list("event_id", flat=True))
