"""API of the entry fees (``models/fees.py``), thin over ``services/fees.py`` (every rule is
the services'; a refusal of theirs answers 400 with its message in the caller's language).
Nothing here is public: the treasurer's and organisers' (``tournaments.read_fees``,
``record_payment``); the statute's fees are the organisers' (``change_event``), a
championship category's its organisers' (``change_championship``). Anyone else is refused
(401, 403); a stranger to a draft event or championship: not found (404).

- ``GET /api/events/<id>/fees/``: every entry with what it is due, has paid, waived, refunded
  and owes, and its ledger rows; ``GET .../fees/summary/``: the event's totals.
- ``GET /api/events/<id>/fees/schedule/``: the schedule the entries pay by (``category``: the
  championship category's when the event has none of its own); ``PUT``: the organisers set
  the event's own (the fields sent; the others kept).
- ``GET /api/categories/<id>/fees/``: a championship category's schedule (its treasurer and
  organisers); ``PUT``: its organisers set it (paid by its first stage's entries).
- ``PUT /api/entries/<id>/member/`` ``{"member": true|false}``: the member rate given or taken
  back; the answer is the entry's row of the ledger.
- ``POST /api/entries/<id>/payments/`` ``{"kind", "amount", "method", "note"}``: a payment, a
  waiver or a refund (201, the receipt's row).
- ``POST /api/payments/<id>/void/`` ``{"reason"}``: a row taken out of every total, kept in
  the ledger (the answer is the voided row).
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.response import Response

from tournaments.access import championship_seen, refusal
from tournaments.api.permissions import event_for
from tournaments.api.views import validated
from tournaments.models import Category, FeeSchedule, PaymentKind, PaymentMethod
from tournaments.selectors.events import entries_with_event
from tournaments.selectors.fees import (
    FeeTotals,
    category_fee_schedule,
    event_fee_desk,
    event_fee_summary,
    fee_schedule_of,
    payments_with_event,
)
from tournaments.services.fees import (
    category_fees_set,
    entry_member_set,
    fee_schedule_set,
    payment_record,
    payment_void,
)

READ, WRITE = "tournaments.read_fees", "tournaments.record_payment"
SCHEDULE = "tournaments.change_event"


class PaymentSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The receipt's number in the event.")
    kind = serializers.ChoiceField(choices=PaymentKind.choices)
    amount = serializers.IntegerField(help_text="Whole đồng.")
    method = serializers.CharField(help_text="cash, transfer; empty for a waiver.")
    note = serializers.CharField()
    recorded_by = serializers.CharField(source="recorded_by.get_username", default="")
    recorded_at = serializers.DateTimeField()
    voided_at = serializers.DateTimeField(allow_null=True)
    voided_by = serializers.CharField(source="voided_by.get_username", default="")
    void_reason = serializers.CharField()


class TotalsSerializer(serializers.Serializer):
    due = serializers.IntegerField()
    paid = serializers.IntegerField()
    waived = serializers.IntegerField()
    refunded = serializers.IntegerField()
    owed = serializers.IntegerField()
    paid_cash = serializers.IntegerField()
    paid_transfer = serializers.IntegerField()
    refunded_cash = serializers.IntegerField()
    refunded_transfer = serializers.IntegerField()
    adds_up = serializers.BooleanField()


class FeeEntrySerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    number = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    member = serializers.BooleanField()
    late = serializers.BooleanField()
    memo = serializers.CharField(help_text="The bank transfer's memo of this entry.")
    totals = TotalsSerializer()
    payments = PaymentSerializer(many=True)


class SummarySerializer(serializers.Serializer):
    entries = serializers.IntegerField()
    members = serializers.IntegerField()
    late = serializers.IntegerField()
    totals = TotalsSerializer()


class FeeScheduleSerializer(serializers.ModelSerializer):
    category = serializers.IntegerField(
        source="category_id", allow_null=True,
        help_text="The championship category the schedule is of: an event's entries pay by "
        "their category's when the event has none of its own; null: the event's own.")

    class Meta:
        model = FeeSchedule
        fields = ["category", "standard", "member", "late_fee", "late_after", "bank_bin",
                  "bank_account", "account_name"]


class FeeScheduleRequestSerializer(serializers.Serializer):
    """The fields to set, each optional (the others kept); their bounds are the service's."""

    standard = serializers.IntegerField(required=False, help_text="Whole đồng.")
    member = serializers.IntegerField(required=False, allow_null=True,
                                      help_text="Whole đồng; null: members pay the standard.")
    late_fee = serializers.IntegerField(required=False, help_text="Whole đồng.")
    late_after = serializers.DateTimeField(required=False, allow_null=True)
    bank_bin = serializers.CharField(required=False, allow_blank=True,
                                     help_text="The bank's NAPAS BIN, six digits.")
    bank_account = serializers.CharField(required=False, allow_blank=True)
    account_name = serializers.CharField(required=False, allow_blank=True)


class MemberRateSerializer(serializers.Serializer):
    member = serializers.BooleanField()


class PaymentRequestSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=PaymentKind.choices)
    amount = serializers.IntegerField(help_text="Whole đồng.")
    method = serializers.ChoiceField(choices=PaymentMethod.choices, required=False,
                                     allow_blank=True, default="",
                                     help_text="Empty (or ignored) for a waiver.")
    note = serializers.CharField(required=False, allow_blank=True, default="")


class PaymentVoidSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)


def _totals(t: FeeTotals) -> dict:
    return {"due": t.due, "paid": t.paid, "waived": t.waived, "refunded": t.refunded,
            "owed": t.owed, "adds_up": t.adds_up,
            **{f"{'paid' if kind == PaymentKind.PAYMENT else 'refunded'}_{method}":
               t.by_method[method][kind]
               for method in PaymentMethod.values
               for kind in (PaymentKind.PAYMENT, PaymentKind.REFUND)}}


def _right(request, perm: str, obj) -> None:
    """Signed in (401) and holding ``perm`` in ``obj`` (403, saying whose right it is)."""
    if not request.user.is_authenticated:
        raise NotAuthenticated
    if not request.user.has_perm(perm, obj):
        raise PermissionDenied(refusal(perm))


def _fees_event(request, event_pk, perm: str = READ):
    event = event_for(request, event_pk)
    _right(request, perm, event)
    return event


def _row(r) -> dict:
    return {"entry": r.entry.pk, "number": r.entry.number, "name": r.entry.name,
            "member": r.member, "late": r.late, "memo": r.memo, "totals": _totals(r.totals),
            "payments": PaymentSerializer(r.payments, many=True).data}


@extend_schema(responses=FeeEntrySerializer(many=True))
@api_view(["GET"])
def event_fees(request, event_pk):
    """Every entry's fees and ledger rows (voided rows too), by table number."""
    desk = event_fee_desk(_fees_event(request, event_pk))
    return Response([_row(r) for r in desk.rows])


@extend_schema(responses=SummarySerializer)
@api_view(["GET"])
def event_fees_summary(request, event_pk):
    """The event's totals: due, paid, waived, refunded, owed, by method; whether they add up."""
    summary = event_fee_summary(_fees_event(request, event_pk))
    return Response({"entries": summary.count, "members": summary.members,
                     "late": summary.late, "totals": _totals(summary.totals)})


def _schedule(schedule: FeeSchedule | None) -> dict:
    """``schedule`` (none: the defaults, nothing due)."""
    return FeeScheduleSerializer(schedule or FeeSchedule()).data


@extend_schema(methods=["GET"], responses=FeeScheduleSerializer)
@extend_schema(methods=["PUT"], request=FeeScheduleRequestSerializer,
               responses=FeeScheduleSerializer)
@api_view(["GET", "PUT"])
def event_fee_schedule(request, event_pk):
    """The fees the event's entries pay by (GET: its treasurer and organisers); PUT: the
    organisers set the event's own (the fields sent; the others kept)."""
    if request.method == "GET":
        return Response(_schedule(fee_schedule_of(_fees_event(request, event_pk))))
    event = _fees_event(request, event_pk, SCHEDULE)
    values = validated(FeeScheduleRequestSerializer, request)
    return Response(_schedule(fee_schedule_set(event=event, actor=request.user, **values)))


@extend_schema(methods=["GET"], responses=FeeScheduleSerializer)
@extend_schema(methods=["PUT"], request=FeeScheduleRequestSerializer,
               responses=FeeScheduleSerializer)
@api_view(["GET", "PUT"])
def category_fee_schedule_view(request, pk):
    """A championship category's fees, paid by its first stage's entries that have no
    schedule of their own (GET: its treasurer and organisers); PUT: its organisers set them."""
    category = get_object_or_404(Category, pk=pk)
    championship = championship_seen(request.user, pk=category.championship_id)
    if request.method == "GET":
        _right(request, "tournaments.read_championship_fees", championship)
        return Response(_schedule(category_fee_schedule(category)))
    _right(request, "tournaments.change_championship", championship)
    values = validated(FeeScheduleRequestSerializer, request)
    return Response(_schedule(category_fees_set(category=category, actor=request.user,
                                                **values)))


def _desk_entry(request, pk):
    """The entry ``pk`` if the user sees its event (404) and keeps its fees (401, 403)."""
    entry = get_object_or_404(entries_with_event(), pk=pk)
    _fees_event(request, entry.event_id, WRITE)
    return entry


@extend_schema(request=MemberRateSerializer, responses=FeeEntrySerializer)
@api_view(["PUT"])
def entry_member(request, pk):
    """Give the entry the members' rate (``member`` true), or take it back."""
    entry = _desk_entry(request, pk)
    member = validated(MemberRateSerializer, request)["member"]
    entry_member_set(entry=entry, actor=request.user, member=member)
    desk = event_fee_desk(entry.event)
    return Response(_row(next(r for r in desk.rows if r.entry.pk == entry.pk)))


@extend_schema(request=PaymentRequestSerializer, responses={201: PaymentSerializer})
@api_view(["POST"])
def entry_payments(request, pk):
    """Record a payment, a waiver or a refund of the entry (a refund gives back at most what
    was paid; a waiver forgives at most what is owed)."""
    entry = _desk_entry(request, pk)
    data = validated(PaymentRequestSerializer, request)
    payment = payment_record(entry=entry, actor=request.user, **data)
    return Response(PaymentSerializer(payment).data, status=status.HTTP_201_CREATED)


@extend_schema(request=PaymentVoidSerializer, responses=PaymentSerializer)
@api_view(["POST"])
def payment_cancel(request, pk):
    """Void a ledger row, saying why: out of every total, kept in the ledger."""
    payment = get_object_or_404(payments_with_event(), pk=pk)
    _fees_event(request, payment.entry.event_id, WRITE)
    reason = validated(PaymentVoidSerializer, request)["reason"]
    return Response(PaymentSerializer(payment_void(payment=payment, actor=request.user,
                                                   reason=reason)).data)
