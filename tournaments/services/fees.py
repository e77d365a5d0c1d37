"""Entry fees (``models/fees.py``; no article of the law: the statute's). Every write locks the
event and raises its version (``event_writer``), and keeps its row's history with who and why
(``_history.py: history_note``); the ledger is never edited: a mistake is voided and recorded
again.

- ``fee_schedule_set``: the organisers set the event's fees (the statute) and the bank account
  of its transfers; ``category_fees_set``: a championship category's, for its first stage.
- ``entry_member_set``: the desk (the treasurer, the organisers) gives an entry the member rate,
  or takes it back.
- ``payment_record``: a payment, a waiver or a refund of an entry; a refund or a waiver never
  takes the entry below nothing owed (refunded at most what was paid and not refunded yet).
- ``payment_void``: a row taken out of every total, with the reason; it stays in the ledger.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import (
    FEE_MAX,
    Category,
    Entry,
    EntryFee,
    Event,
    FeeSchedule,
    Payment,
    PaymentKind,
    PaymentMethod,
)
from tournaments.models.fees import NOTE_MAX_LENGTH
from tournaments.selectors.fees import entry_fee_due
from tournaments.services._access import championship_require, event_writer
from tournaments.services._history import history_note

SCHEDULE_FIELDS = ("standard", "member", "late_fee", "late_after", "bank_bin", "bank_account",
                   "account_name")


def _schedule_save(*, schedule: FeeSchedule, actor, values: dict) -> FeeSchedule:
    unknown = set(values) - set(SCHEDULE_FIELDS)
    if unknown:
        raise ServiceError(_("Unknown fields: %(names)s."), names=", ".join(sorted(unknown)))
    for name, value in values.items():
        setattr(schedule, name, value)
    try:
        schedule.full_clean(exclude=["event", "category"])
    except ValidationError as error:
        raise ServiceError("; ".join(f"{m}" for ms in error.message_dict.values()
                                     for m in ms)) from error
    if bool(schedule.bank_bin) != bool(schedule.bank_account):
        raise ServiceError(_("A transfer needs both the bank's BIN and the account number."))
    history_note(row=schedule, actor=actor, reason=_("Fee schedule"))
    schedule.save()
    return schedule


@event_writer(perm="tournaments.change_event")
def fee_schedule_set(*, event: Event, actor, **values) -> FeeSchedule:
    """Set the event's fees (the fields of ``SCHEDULE_FIELDS`` given; the others kept)."""
    schedule = FeeSchedule.objects.filter(event=event).first() or FeeSchedule(event=event)
    return _schedule_save(schedule=schedule, actor=actor, values=values)


@transaction.atomic
def category_fees_set(*, category: Category, actor, **values) -> FeeSchedule:
    """Set a championship category's fees, paid by the entries of its first stage's events
    that have no schedule of their own."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=category.championship)
    schedule = FeeSchedule.objects.filter(category=category).first() or \
        FeeSchedule(category=category)
    return _schedule_save(schedule=schedule, actor=actor, values=values)


@event_writer(perm="tournaments.record_payment", of="entry")
def entry_member_set(*, entry: Entry, actor, event: Event, member: bool) -> EntryFee:
    """Give ``entry`` the members' rate (``member``), or take it back."""
    row = EntryFee.objects.select_for_update().filter(entry=entry).first() or \
        EntryFee(entry=entry)
    if row.pk is not None and row.member == member:
        return row
    row.member = member
    history_note(row=row, actor=actor,
                 reason=_("Member rate") if member else _("Member rate taken back"))
    row.save()
    return row


def _note(text: str) -> str:
    text = " ".join((text or "").split())
    if len(text) > NOTE_MAX_LENGTH:
        raise ServiceError(_("The note is too long: %(n)s characters at most."),
                           n=NOTE_MAX_LENGTH)
    return text


@event_writer(perm="tournaments.record_payment", of="entry")
def payment_record(*, entry: Entry, actor, event: Event, kind: str, amount: int,
                   method: str = "", note: str = "", now: datetime | None = None) -> Payment:
    """Record a payment, a waiver or a refund of ``amount`` đồng for ``entry``, by ``method``
    (cash or transfer; none for a waiver). A refund gives back at most what was paid and not
    refunded yet; a waiver forgives at most what is owed."""
    if kind not in PaymentKind.values:
        raise ServiceError(_("Say whether this is a payment, a waiver or a refund."))
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= FEE_MAX:
        raise ServiceError(_("The amount is a whole number of đồng, more than 0 and at most "
                             "%(max)s."), max=f"{FEE_MAX:,}".replace(",", "."))
    if kind == PaymentKind.WAIVER:
        method = ""
    elif method not in PaymentMethod.values:
        raise ServiceError(_("Say how the money moved: cash or bank transfer."))
    live = Payment.objects.filter(entry=entry, voided_at__isnull=True)
    sums = {k: sum(p.amount for p in live if p.kind == k) for k in PaymentKind.values}
    if kind == PaymentKind.REFUND and \
            amount > sums[PaymentKind.PAYMENT] - sums[PaymentKind.REFUND]:
        raise ServiceError(_("A refund gives back at most what was paid: %(n)s đồng."),
                           n=sums[PaymentKind.PAYMENT] - sums[PaymentKind.REFUND])
    if kind == PaymentKind.WAIVER:
        owed = entry_fee_due(entry) - sums[PaymentKind.PAYMENT] + sums[PaymentKind.REFUND] \
            - sums[PaymentKind.WAIVER]
        if amount > owed:
            raise ServiceError(_("A waiver forgives at most what is owed: %(n)s đồng."),
                               n=max(owed, 0))
    number = (Payment.objects.filter(entry__event=event).aggregate(n=Max("number"))["n"]
              or 0) + 1
    payment = Payment(entry=entry, number=number, kind=kind, amount=amount, method=method,
                      note=_note(note), recorded_by=actor, recorded_at=now or timezone.now())
    history_note(row=payment, actor=actor, reason=PaymentKind(kind).label)
    payment.save()
    return payment


@event_writer(perm="tournaments.record_payment", of="payment")
def payment_void(*, payment: Payment, actor, event: Event, reason: str,
                 now: datetime | None = None) -> Payment:
    """Take ``payment`` out of every total, saying why; the row stays in the ledger."""
    payment = Payment.objects.select_for_update().get(pk=payment.pk)
    if payment.is_void:
        raise ServiceError(_("Receipt %(n)s is already void."), n=payment.number)
    reason = _note(reason)
    if not reason:
        raise ServiceError(_("Say why the receipt is void."))
    live = Payment.objects.filter(entry_id=payment.entry_id, voided_at__isnull=True) \
        .exclude(pk=payment.pk)
    paid = sum(p.amount for p in live if p.kind == PaymentKind.PAYMENT)
    refunded = sum(p.amount for p in live if p.kind == PaymentKind.REFUND)
    if payment.kind == PaymentKind.PAYMENT and refunded > paid:
        raise ServiceError(_("Void the refund of this payment first."))
    payment.voided_at = now or timezone.now()
    payment.voided_by = actor
    payment.void_reason = reason
    history_note(row=payment, actor=actor, reason=reason)
    payment.save(update_fields=["voided_at", "voided_by", "void_reason"])
    return payment
