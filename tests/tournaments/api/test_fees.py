"""The entry fees' writes through the API (api/fees.py, thin over services/fees.py): a payment
recorded by the treasurer shows in the ledger and the summary; a refund over what was paid is
refused with the service's message (in the caller's language) and writes nothing; a void takes
the row out of every total; the member rate; the statute's fees of an event and of a
championship category, the organisers'. No article of the law: the statute's."""

import pytest

from tests.tournaments.builders import UserFactory, api_for, championship_scenario, rr_scenario
from tournaments.models import Event, FeeSchedule, Payment
from tournaments.services.events import role_assign

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    ctx["treasurer"] = UserFactory(username="thuquy")
    role_assign(event=ctx["event"], actor=organiser, user=ctx["treasurer"], role="treasurer")
    # The organiser sets the statute's fees through the API: 150.000 đ, members 100.000 đ.
    response = api_for(organiser).put(f"/api/events/{ctx['event'].pk}/fees/schedule/",
                                      {"standard": 150_000, "member": 100_000}, format="json")
    assert response.status_code == 200, response.data
    return ctx


def _row(client, event, entry) -> dict:
    rows = client.get(f"/api/events/{event.pk}/fees/").json()
    return next(r for r in rows if r["entry"] == entry.pk)


def test_a_payment_through_the_api_is_in_the_ledger_and_the_summary(ctx):
    event, treasurer, first = ctx["event"], ctx["treasurer"], ctx["entries"][0]
    n = len(ctx["entries"])
    api = api_for(treasurer)
    response = api.post(f"/api/entries/{first.pk}/payments/", {
        "kind": "payment", "amount": 60_000, "method": "cash", "note": "  nộp   tại bàn "},
        format="json")
    assert response.status_code == 201, response.data
    body = response.json()
    assert (body["number"], body["kind"], body["amount"], body["method"], body["note"],
            body["recorded_by"], body["voided_at"]) == (
        1, "payment", 60_000, "cash", "nộp tại bàn", "thuquy", None)
    row = _row(api, event, first)
    assert (row["totals"]["due"], row["totals"]["paid"], row["totals"]["owed"]) == (
        150_000, 60_000, 90_000)
    assert [p["number"] for p in row["payments"]] == [1]
    summary = api.get(f"/api/events/{event.pk}/fees/summary/").json()["totals"]
    assert (summary["due"], summary["paid"], summary["paid_cash"], summary["owed"],
            summary["adds_up"]) == (150_000 * n, 60_000, 60_000, 150_000 * n - 60_000, True)


def test_a_refund_over_what_was_paid_is_refused_and_writes_nothing(ctx):
    event, first = ctx["event"], ctx["entries"][0]
    api = api_for(ctx["treasurer"])
    api.post(f"/api/entries/{first.pk}/payments/",
             {"kind": "payment", "amount": 60_000, "method": "transfer"}, format="json")
    version = Event.objects.get(pk=event.pk).version
    refused = api.post(f"/api/entries/{first.pk}/payments/",
                       {"kind": "refund", "amount": 60_001, "method": "cash"}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"detail": "A refund gives back at most what was paid: 60000 đồng.",
                              "code": "ServiceError"}
    assert Payment.objects.count() == 1
    assert Event.objects.get(pk=event.pk).version == version
    # In Vietnamese: the language is the cookie's (tournaments/middleware.py: the browser's
    # Accept-Language is not consulted, Vietnamese unless English is chosen).
    vi = api_for(ctx["treasurer"])
    vi.cookies["django_language"] = "vi"
    refused = vi.post(f"/api/entries/{first.pk}/payments/",
                      {"kind": "refund", "amount": 70_000, "method": "cash"}, format="json")
    assert refused.status_code == 400
    assert refused.json()["detail"] == "Hoàn trả tối đa số tiền đã nộp: 60000 đồng."
    assert Payment.objects.count() == 1
    # A refund of what was paid is taken.
    taken = api.post(f"/api/entries/{first.pk}/payments/",
                     {"kind": "refund", "amount": 60_000, "method": "cash"}, format="json")
    assert taken.status_code == 201 and taken.json()["number"] == 2


def test_a_void_through_the_api_takes_the_row_out_of_every_total(ctx, organiser):
    event, first = ctx["event"], ctx["entries"][0]
    api = api_for(organiser)  # the organisers record money too
    paid = api.post(f"/api/entries/{first.pk}/payments/",
                    {"kind": "payment", "amount": 150_000, "method": "cash"}, format="json")
    pk = Payment.objects.get(number=paid.json()["number"]).pk
    treasurer = api_for(ctx["treasurer"])
    assert treasurer.post(f"/api/payments/{pk}/void/", {"reason": "  "},
                          format="json").json()["detail"] == "Say why the receipt is void."
    voided = treasurer.post(f"/api/payments/{pk}/void/", {"reason": "ghi nhầm người"},
                            format="json")
    assert voided.status_code == 200, voided.data
    body = voided.json()
    assert (body["void_reason"], body["voided_by"]) == ("ghi nhầm người", "thuquy")
    assert body["voided_at"] is not None
    row = _row(treasurer, event, first)
    assert (row["totals"]["paid"], row["totals"]["owed"]) == (0, 150_000)
    assert row["payments"][0]["void_reason"] == "ghi nhầm người"  # it stays in the ledger
    again = treasurer.post(f"/api/payments/{pk}/void/", {"reason": "lần nữa"}, format="json")
    assert again.status_code == 400
    assert again.json()["detail"] == "Receipt 1 is already void."


def test_the_member_rate_through_the_api(ctx):
    second = ctx["entries"][1]
    api = api_for(ctx["treasurer"])
    row = api.put(f"/api/entries/{second.pk}/member/", {"member": True}, format="json").json()
    assert (row["entry"], row["member"], row["totals"]["due"]) == (second.pk, True, 100_000)
    row = api.put(f"/api/entries/{second.pk}/member/", {"member": False}, format="json").json()
    assert (row["member"], row["totals"]["due"]) == (False, 150_000)


def test_the_schedule_is_the_organisers_and_bad_values_change_nothing(ctx, organiser):
    url = f"/api/events/{ctx['event'].pk}/fees/schedule/"
    treasurer = api_for(ctx["treasurer"])
    assert treasurer.get(url).json() == {
        "category": None, "standard": 150_000, "member": 100_000, "late_fee": 0,
        "late_after": None, "bank_bin": "", "bank_account": "", "account_name": ""}
    refused = treasurer.put(url, {"standard": 1}, format="json")
    assert refused.status_code == 403
    bad = api_for(organiser).put(url, {"bank_bin": "97043", "bank_account": "0011"},
                                 format="json")
    assert bad.status_code == 400
    assert bad.json()["detail"] == "A bank's NAPAS BIN is six digits."
    half = api_for(organiser).put(url, {"bank_bin": "970436"}, format="json")
    assert half.json()["detail"] == \
        "A transfer needs both the bank's BIN and the account number."
    assert FeeSchedule.objects.get().bank_bin == ""
    # The fields sent are set, the others kept.
    done = api_for(organiser).put(url, {"late_fee": 20_000}, format="json").json()
    assert (done["standard"], done["late_fee"]) == (150_000, 20_000)


def test_a_category_s_fees_through_the_api(organiser, chief_arbiter, arbiter):
    ctx = championship_scenario(None, organiser, chief_arbiter)
    url = f"/api/categories/{ctx['category'].pk}/fees/"
    api = api_for(organiser)
    assert api.get(url).json()["standard"] == 0
    set_ = api.put(url, {"standard": 200_000}, format="json")
    assert set_.status_code == 200, set_.data
    assert set_.json()["category"] == ctx["category"].pk
    # The first stage's event, without a schedule of its own, pays by the category's.
    stage_event = ctx["stage"].events.order_by("pk").first()
    schedule = api.get(f"/api/events/{stage_event.pk}/fees/schedule/").json()
    assert (schedule["category"], schedule["standard"]) == (ctx["category"].pk, 200_000)
    # A stranger to the draft championship is told nothing.
    assert api_for(UserFactory()).get(url).status_code == 404
