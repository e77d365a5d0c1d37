"""Entry fees (models/fees.py; a statute's rule, the law is silent): a day at the desk with
60 entries, 5 of them late, 3 at the members' rate and 2 refunds, every total worked by hand;
the history of every change; what the desk refuses."""

from datetime import UTC, datetime

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import PlayerFactory, UserFactory
from tournaments.errors import ServiceError
from tournaments.models import Entry, EntryFee, Event, FeeSchedule, Payment, Registration
from tournaments.selectors.checkins import checkin_list
from tournaments.selectors.fees import (
    entry_fee_due,
    entry_fee_transfer,
    event_fee_desk,
    event_fee_summary,
)
from tournaments.services.events import role_assign
from tournaments.services.fees import (
    entry_member_set,
    fee_schedule_set,
    payment_record,
    payment_void,
)

pytestmark = pytest.mark.django_db
ON_TIME = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
LATE_AFTER = datetime(2026, 11, 1, 0, 0, tzinfo=UTC)
LATE = datetime(2026, 11, 10, 9, 0, tzinfo=UTC)
DAY = datetime(2026, 11, 20, 7, 30, tzinfo=UTC)


def _event(make_event, organiser, n):
    event = make_event(format="swiss", rounds=7, check_in="once")
    players = PlayerFactory.create_batch(n, created_by=organiser)
    Entry.objects.bulk_create([Entry(event=event, player=p, number=i + 1)
                               for i, p in enumerate(players)])
    return event


def _treasurer(event, organiser):
    user = UserFactory(username="thuquy")
    role_assign(event=event, actor=organiser, user=user, role="treasurer")
    return user


def test_a_day_at_the_desk_adds_up(make_event, organiser, arbiter):
    event = _event(make_event, organiser, 60)
    entries = list(event.entries.order_by("number"))
    # Entries 56-60 came after the late date; the others on time.
    Entry.objects.filter(pk__in=[e.pk for e in entries[:55]]).update(created_at=ON_TIME)
    Entry.objects.filter(pk__in=[e.pk for e in entries[55:]]).update(created_at=LATE)
    fee_schedule_set(event=event, actor=organiser, standard=200_000, member=150_000,
                     late_fee=50_000, late_after=LATE_AFTER, bank_bin="970436",
                     bank_account="0011001932418", account_name="LIEN DOAN CO TUONG")
    treasurer = _treasurer(event, organiser)
    version = Event.objects.get(pk=event.pk).version
    for e in entries[52:55]:  # three members
        entry_member_set(entry=e, actor=treasurer, member=True)

    def pay(i, amount, method="cash", kind="payment", **kw):
        return payment_record(entry=entries[i], actor=treasurer, kind=kind, amount=amount,
                              method=method, now=DAY, **kw)

    for i in range(40):  # entry 3 pays 300,000 by mistake: 100,000 refunded (refund 1)
        pay(i, 300_000 if i == 2 else 200_000)
    pay(2, 100_000, kind="refund", note="Trả lại tiền thừa")
    for i in range(40, 45):
        pay(i, 200_000, "transfer")
    pay(45, 200_000, kind="waiver", note="Khách mời")
    pay(46, 200_000, "transfer")  # withdrew before round 1: refunded, then let off
    pay(46, 200_000, "transfer", kind="refund")
    pay(46, 200_000, kind="waiver", note="Rút trước giải")
    wrong = pay(47, 2_000_000)  # three zeros too many: void, then right
    payment_void(payment=wrong, actor=treasurer, reason="Gõ nhầm số tiền", now=DAY)
    pay(47, 200_000)
    for i in range(52, 55):
        pay(i, 150_000)
    for i in range(55, 59):
        pay(i, 250_000, "transfer")
    pay(59, 200_000)
    pay(59, 50_000, kind="waiver", note="Ban tổ chức miễn phí muộn")

    desk = event_fee_desk(Event.objects.get(pk=event.pk))
    rows = {r.entry.number: r for r in desk.rows}
    # Due: 52 × 200,000 + 3 members × 150,000 + 5 late × 250,000.
    assert [rows[n].due for n in (1, 53, 56)] == [200_000, 150_000, 250_000]
    assert sum(r.late for r in desk.rows) == 5 and sum(r.member for r in desk.rows) == 3
    totals = desk.totals
    assert totals.due == 10_400_000 + 450_000 + 1_250_000 == 12_100_000
    # Paid in cash: 39 × 200,000 + 300,000 (1-40) + 200,000 (48) + 3 × 150,000 + 200,000 (60).
    assert totals.by_method["cash"]["payment"] == 8_100_000 + 200_000 + 450_000 + 200_000
    # By transfer: 5 × 200,000 (41-45) + 200,000 (47) + 4 × 250,000 (56-59).
    assert totals.by_method["transfer"]["payment"] == 2_200_000
    assert totals.paid == 11_150_000
    assert (totals.by_method["cash"]["refund"], totals.by_method["transfer"]["refund"]) == \
        (100_000, 200_000)
    assert totals.refunded == 300_000
    assert totals.waived == 200_000 + 200_000 + 50_000
    # owed = 12,100,000 − 11,150,000 + 300,000 − 450,000: entries 49-52 owe 200,000 each.
    assert totals.owed == 800_000 and totals.adds_up
    assert [r.entry.number for r in desk.unpaid] == [49, 50, 51, 52]
    assert totals.received == 10_850_000
    assert rows[48].payments[0].is_void and rows[48].owed == 0
    summary = event_fee_summary(event)
    assert (summary.count, summary.members, summary.late) == (60, 3, 5)
    # Every write is versioned: 3 member rates, 61 ledger rows, 1 void.
    assert Event.objects.get(pk=event.pk).version == version + 3 + 61 + 1
    # Receipts numbered 1-61 in the event, in the order recorded.
    assert list(Payment.objects.filter(entry__event=event).order_by("number")
                .values_list("number", flat=True)) == list(range(1, 62))
    # The history: every row once created, the void once changed, each with who and why.
    history = Payment.history.filter(entry__event=event)
    assert history.filter(history_type="+").count() == 61
    change = history.get(history_type="~")
    assert (change.history_user, change.history_change_reason, change.amount) == \
        (treasurer, "Gõ nhầm số tiền", 2_000_000)
    assert set(history.values_list("history_user", flat=True)) == {treasurer.pk}
    assert EntryFee.history.filter(entry__event=event, member=True).count() == 3
    assert FeeSchedule.history.filter(event=event).get().history_user == organiser
    # The arbiters' check-in list shows what each still owes, and no other amount.
    listing = checkin_list(Event.objects.get(pk=event.pk), now=DAY)
    owes = {r.entry.number: r.owes for r in listing.rows if r.owes}
    assert owes == {49: 200_000, 50: 200_000, 51: 200_000, 52: 200_000}
    # A transfer QR for an entry that owes: its amount and its memo.
    payload = entry_fee_transfer(desk, rows[49])
    assert "5406200000" in payload and rows[49].memo in payload
    assert entry_fee_transfer(desk, rows[1]) is None  # paid


def test_late_is_judged_by_the_registration_not_the_approval(make_event, organiser):
    event = _event(make_event, organiser, 1)
    entry = event.entries.get()
    Entry.objects.filter(pk=entry.pk).update(created_at=LATE)  # approved after the date
    fee_schedule_set(event=event, actor=organiser, standard=100_000, late_fee=30_000,
                     late_after=LATE_AFTER)
    assert entry_fee_due(Entry.objects.get(pk=entry.pk)) == 130_000
    registration = Registration.objects.create(event=event, entry=entry, full_name="A",
                                               submitted_by_name="A", batch="b")
    Registration.objects.filter(pk=registration.pk).update(created_at=ON_TIME)
    assert entry_fee_due(Entry.objects.get(pk=entry.pk)) == 100_000
    # No members' fee: a member pays the entry fee.
    entry_member_set(entry=entry, actor=organiser, member=True)
    assert entry_fee_due(Entry.objects.get(pk=entry.pk)) == 100_000


def test_the_desk_refuses_what_does_not_add_up_and_changes_nothing(make_event, organiser,
                                                                     arbiter):
    event = _event(make_event, organiser, 2)
    first, second = event.entries.order_by("number")
    fee_schedule_set(event=event, actor=organiser, standard=100_000)
    treasurer = _treasurer(event, organiser)
    payment_record(entry=first, actor=treasurer, kind="payment", amount=100_000,
                   method="cash")
    refused = [
        dict(entry=first, kind="refund", amount=100_001, method="cash"),  # more than paid
        dict(entry=second, kind="waiver", amount=100_001),  # more than owed
        dict(entry=second, kind="payment", amount=0, method="cash"),
        dict(entry=second, kind="payment", amount=1_000_000_001, method="cash"),
        dict(entry=second, kind="payment", amount=5, method="cheque"),
        dict(entry=second, kind="gift", amount=5, method="cash"),
        dict(entry=second, kind="payment", amount=5, method="cash", note="x" * 201),
    ]
    for arguments in refused:
        with pytest.raises(ServiceError):
            payment_record(actor=treasurer, **arguments)
    with pytest.raises(ServiceError):
        fee_schedule_set(event=event, actor=organiser, bank_bin="97043")
    with pytest.raises(ServiceError):  # a BIN without an account
        fee_schedule_set(event=event, actor=organiser, bank_bin="970436")
    with pytest.raises(PermissionDenied):  # arbiters record no money
        payment_record(entry=second, actor=arbiter, kind="payment", amount=5, method="cash")
    with pytest.raises(PermissionDenied):  # the treasurer sets no statute
        fee_schedule_set(event=event, actor=treasurer, standard=1)
    paid = Payment.objects.get()
    with pytest.raises(ServiceError):  # a void says why
        payment_void(payment=paid, actor=treasurer, reason="  ")
    assert Payment.objects.count() == 1 and not Payment.objects.get().is_void
    assert FeeSchedule.objects.get().standard == 100_000
    payment_void(payment=paid, actor=treasurer, reason="Nhầm người")
    with pytest.raises(ServiceError):
        payment_void(payment=paid, actor=treasurer, reason="again")


WRITES = {
    "set the fees": lambda e, entry, p, u: fee_schedule_set(event=e, actor=u, standard=1),
    "set the member rate": lambda e, entry, p, u: entry_member_set(entry=entry, actor=u,
                                                                   member=True),
    "record a payment": lambda e, entry, p, u: payment_record(
        entry=entry, actor=u, kind="payment", amount=1, method="cash"),
    "void a receipt": lambda e, entry, p, u: payment_void(payment=p, actor=u, reason="x"),
}
# Who may write what of the fees (tournaments/rules.py): the statute's fees are the organisers';
# the desk's rows the treasurer's and the organisers'; nobody else's.
ALLOWED = {"set the fees": {"organiser"},
           "set the member rate": {"organiser", "treasurer"},
           "record a payment": {"organiser", "treasurer"},
           "void a receipt": {"organiser", "treasurer"}}


@pytest.mark.parametrize("write", list(WRITES))
def test_who_writes_the_fees(write, make_event, organiser, chief_arbiter, arbiter, stranger):
    event = _event(make_event, organiser, 1)
    entry = event.entries.get()
    fee_schedule_set(event=event, actor=organiser, standard=5)
    paid = payment_record(entry=entry, actor=organiser, kind="payment", amount=5,
                          method="cash")
    people = {"organiser": organiser, "chief": chief_arbiter, "arbiter": arbiter,
              "stranger": stranger, "anonymous": None}
    for role in ("secretary", "appeals", "treasurer", "deputy"):
        people[role] = UserFactory(username=role)
        role_assign(event=event, actor=organiser, user=people[role], role=role)
    state = lambda: (Payment.objects.filter(voided_at__isnull=True).count(),  # noqa: E731
                     EntryFee.objects.count(), FeeSchedule.objects.get().standard)
    for who, user in people.items():
        if who in ALLOWED[write]:
            continue
        before = state()
        with pytest.raises(PermissionDenied):
            WRITES[write](event, entry, paid, user)
        assert state() == before, who
    for who in sorted(ALLOWED[write]):  # each allowed role writes, on a fresh receipt
        paid = payment_record(entry=entry, actor=organiser, kind="payment", amount=5,
                              method="cash")
        before = state()
        WRITES[write](event, entry, paid, people[who])
        if write != "set the member rate" or who == sorted(ALLOWED[write])[0]:
            assert state() != before, who


def test_members_of_the_organising_club_pay_the_member_rate_by_the_register(make_event,
                                                                           organiser):
    """A club's event: the federation's register says who is a member on the event's first day
    (20 November 2026), without the desk marking them; a membership ended before it, or of
    another club, is none; the desk may still mark anyone."""
    from tournaments.services.organisations import membership_add, organisation_create

    root = UserFactory(username="lien-doan", is_superuser=True)
    federation = organisation_create(actor=root, name="Liên đoàn", kind="federation", slug="ld")
    province = organisation_create(actor=root, name="Hà Nội", kind="province", slug="hn",
                                   parent=federation)
    club = organisation_create(actor=root, name="CLB Thăng Long", kind="club", slug="tl",
                               parent=province)
    other = organisation_create(actor=root, name="CLB Hồ Gươm", kind="club", slug="hg",
                                parent=province)
    event = _event(make_event, organiser, 5)
    Event.objects.filter(pk=event.pk).update(organisation=province)
    event.refresh_from_db()
    fee_schedule_set(event=event, actor=organiser, standard=200_000, member=150_000)
    e = list(event.entries.order_by("number"))
    d = datetime(2026, 1, 1).date()
    membership_add(actor=root, organisation=club, player=e[0].player, since=d)  # a club under
    membership_add(actor=root, organisation=club, player=e[1].player, since=d,
                   until=datetime(2026, 11, 19).date())  # ended the day before
    membership_add(actor=root, organisation=other, player=e[2].player,
                   since=datetime(2026, 11, 21).date())  # starts the day after
    entry_member_set(entry=e[3], actor=organiser, member=True)  # the desk's mark
    assert [entry_fee_due(x) for x in e] == [150_000, 200_000, 200_000, 150_000, 200_000]
    desk = event_fee_desk(event)
    assert [r.member for r in desk.rows] == [True, False, False, True, False]
    assert desk.totals.due == 900_000
