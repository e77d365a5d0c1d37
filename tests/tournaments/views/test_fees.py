"""The treasurer's desk (views/fees.py): a payment typed as people write amounts, a refused one
shown in the user's language with nothing stored, a void, a receipt to print and as a PDF,
the transfer slip with its VietQR code, the Excel workbook, the summaries; who may open them;
and no public page or public API answer shows money."""

import io

import pytest
from openpyxl import load_workbook

from tests.tournaments.builders import UserFactory, championship_scenario, client_for, rr_scenario
from tournaments.models import Event, EventRole, Payment
from tournaments.services.championships import championship_role_assign
from tournaments.services.events import role_assign
from tournaments.services.fees import (
    entry_member_set,
    fee_schedule_set,
    payment_record,
)

pytestmark = pytest.mark.django_db
SECRET_NOTE = "GHICHU-TAICHINH"


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                      check_in="once")
    event = ctx["event"]
    fee_schedule_set(event=event, actor=organiser, standard=123_457, member=100_003,
                     bank_bin="970436", bank_account="0011001932418",
                     account_name="LIEN DOAN CO TUONG")
    ctx["treasurer"] = UserFactory(username="thuquy")
    role_assign(event=event, actor=organiser, user=ctx["treasurer"], role="treasurer")
    return ctx


def test_the_treasurer_records_voids_and_prints(ctx, arbiter):
    event, treasurer = ctx["event"], ctx["treasurer"]
    first, second = ctx["entries"][0], ctx["entries"][1]
    base = f"/manage/{event.slug}/fees/"
    browser = client_for(treasurer)
    page = browser.get(base).content.decode()
    assert 'data-testid="fees-desk"' in page and "123.457 đ" in page
    assert 'data-testid="fee-schedule"' not in page  # the statute is the organisers'
    # The tabs are the treasurer's: the desk, not the pages that would refuse them.
    nav = page[page.index('class="tabs"'):page.index("</nav>", page.index('class="tabs"'))]
    assert 'data-testid="fees-tab"' in nav
    for refused in ("Dashboard", "Entries", "Excel", "Check-in"):
        assert f">{refused}<" not in nav, refused
    # "200.000" typed with dots; a refund of more than was paid refused, nothing stored.
    response = browser.post(f"{base}entries/{first.pk}/pay/", {
        "kind": "payment", "amount": "123.457", "method": "transfer", "note": "CK sáng"})
    assert response.status_code == 302
    paid = Payment.objects.get()
    assert (paid.amount, paid.method, paid.recorded_by, paid.number) == (
        123_457, "transfer", treasurer, 1)
    refused = client_for(treasurer, lang="vi").post(f"{base}entries/{second.pk}/pay/", {
        "kind": "refund", "amount": "5", "method": "cash"})
    assert refused.status_code == 400 and Payment.objects.count() == 1
    assert "Hoàn trả tối đa số tiền đã nộp" in refused.content.decode()
    bad = browser.post(f"{base}entries/{second.pk}/pay/", {"kind": "payment", "amount": "abc"})
    assert bad.status_code == 400 and Payment.objects.count() == 1
    # The members' rate, then the unpaid filter shows who owes.
    browser.post(f"{base}entries/{second.pk}/member/", {"member": "1"})
    unpaid = browser.get(base + "?unpaid=1").content.decode()
    assert f'data-testid="fee-row-{second.pk}"' in unpaid and "100.003 đ" in unpaid
    assert f'data-testid="fee-row-{first.pk}"' not in unpaid
    # A receipt (A5) and its PDF.
    receipt = browser.get(f"{base}receipts/{paid.pk}/").content.decode()
    assert 'data-testid="receipt-amount"><strong>123.457 đ' in receipt
    assert "sheet-receipt" in receipt and "Receipt No. 1" in " ".join(receipt.split())
    pdf = browser.get(f"{base}receipts/{paid.pk}/?pdf=1")
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    # Void it: it stays on the desk, struck, and the entry owes again.
    browser.post(f"{base}receipts/{paid.pk}/void/", {"reason": "Nhầm VĐV"})
    paid.refresh_from_db()
    assert paid.void_reason == "Nhầm VĐV" and paid.voided_by == treasurer
    assert "VOID" in browser.get(f"{base}receipts/{paid.pk}/").content.decode()
    # The transfer slip of an entry who owes: its VietQR code, amount and memo.
    slip = browser.get(f"{base}entries/{first.pk}/transfer/").content.decode()
    assert 'data-testid="transfer-qr"' in slip and "<svg" in slip
    entry = Event.objects.get(pk=event.pk).entries.get(pk=first.pk)
    assert f"GIAIAPI {entry.number}" in slip
    # The arbiters read none of it, but the check-in list says what a player owes.
    assert client_for(arbiter).get(base).status_code == 403
    assert client_for(arbiter).post(f"{base}entries/{first.pk}/pay/", {
        "kind": "payment", "amount": "1", "method": "cash"}).status_code == 403
    checkin = client_for(arbiter).get(f"/manage/{event.slug}/check-in/").content.decode()
    assert f'data-testid="owes-{first.pk}">owes 123.457 đ' in checkin
    assert "transfer" not in checkin.lower() and "Receipt" not in checkin


def test_the_roles_page_appoints_the_treasurer(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    person = UserFactory(username="ketoan")
    client_for(organiser).post(f"/manage/{event.slug}/roles/",
                               {"username": "ketoan", "role": "treasurer"})
    assert EventRole.objects.filter(event=event, user=person, role="treasurer").exists()
    # The desk opens for them; the results' pages do not.
    assert client_for(person).get(f"/manage/{event.slug}/fees/").status_code == 200
    assert client_for(person).get(f"/manage/{event.slug}/check-in/").status_code == 403
    mine = client_for(person).get("/manage/").content.decode()
    assert f'data-testid="fees-{event.slug}"' in mine
    assert f'data-testid="fees-{event.slug}"' not in client_for(organiser).get(
        "/manage/").content.decode()  # the organisers reach it from the event's tabs


def test_the_workbook_and_summary_add_up(ctx, organiser):
    event, treasurer = ctx["event"], ctx["treasurer"]
    first, second = ctx["entries"][0], ctx["entries"][1]
    payment_record(entry=first, actor=treasurer, kind="payment", amount=123_457, method="cash")
    payment_record(entry=second, actor=treasurer, kind="payment", amount=23_457,
                   method="transfer")
    payment_record(entry=second, actor=treasurer, kind="refund", amount=3_457, method="cash")
    summary = client_for(treasurer).get(f"/manage/{event.slug}/fees/summary/")
    assert "adds up" in summary.content.decode()
    response = client_for(treasurer).get(f"/manage/{event.slug}/fees/fees.xlsx")
    book = load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Fees ledger", "Fees by entry", "Fees summary"]
    amounts = [row[4] for row in book["Fees ledger"].iter_rows(values_only=True)
               if isinstance(row[0], int)]
    assert amounts == [123_457, 23_457, 3_457]
    lines = {row[1]: row[2] for row in book["Fees summary"].iter_rows(values_only=True)
             if row[1]}
    # 4 entries × 123,457 due; paid 146,914; refunded 3,457; owed 4 × 123,457 − 143,457.
    assert (lines["Due"], lines["Paid"], lines["Refunded"], lines["Owed"]) == (
        493_828, 146_914, 3_457, 493_828 - 146_914 + 3_457)


def test_no_public_page_or_public_api_answer_shows_money(ctx, client):
    event, treasurer = ctx["event"], ctx["treasurer"]
    entry = ctx["entries"][0]
    entry_member_set(entry=entry, actor=treasurer, member=True)
    payment_record(entry=entry, actor=treasurer, kind="payment", amount=100_003,
                   method="cash", note=SECRET_NOTE)
    slug, pk = event.slug, event.pk
    pages = [f"/events/{slug}/", f"/events/{slug}/entries/", f"/events/{slug}/entries/{entry.pk}/",
             f"/events/{slug}/rounds/", f"/events/{slug}/rounds/1/", f"/events/{slug}/standings/",
             f"/events/{slug}/crosstable/", f"/events/{slug}/print/pairings/?round=1",
             f"/api/events/{pk}/", f"/api/events/{pk}/entries/", f"/api/entries/{entry.pk}/",
             f"/api/events/{pk}/rounds/1/", f"/api/events/{pk}/standings/",
             f"/api/players/{entry.player_id}/"]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.content.decode()
        for secret in ("100.003", "100003", "123.457", "123457", SECRET_NOTE, "0011001932418",
                       "970436", "treasurer", "thuquy"):
            assert secret not in text, (url, secret)
    for url in (f"/manage/{slug}/fees/", f"/manage/{slug}/fees/summary/",
                f"/manage/{slug}/fees/fees.xlsx", f"/api/events/{pk}/fees/",
                f"/api/events/{pk}/fees/summary/"):
        assert client.get(url).status_code in (302, 401, 403, 404), url


def test_a_championship_summary_by_category(make_event, organiser, chief_arbiter):
    ctx = championship_scenario(make_event, organiser, chief_arbiter)
    championship = ctx["championship"]
    stage_event = ctx["swiss"]
    category = stage_event.stage.category
    url = f"/manage/championships/{championship.slug}/fees/"
    prefix = f"category{category.pk}-"
    refused = client_for(organiser, lang="vi").post(
        f"{url}categories/{category.pk}/", {prefix + "standard": "50000",
                                            prefix + "late_fee": "0",
                                            prefix + "bank_bin": "9704"})
    assert refused.status_code == 400
    assert "Mã BIN NAPAS của ngân hàng gồm sáu chữ số." in refused.content.decode()
    client_for(organiser).post(f"{url}categories/{category.pk}/", {
        prefix + "standard": "50000", prefix + "late_fee": "0"})
    assert category.fee_schedule.standard == 50_000
    treasurer = UserFactory(username="thuquy")
    championship_role_assign(championship=championship, actor=organiser, user=treasurer,
                             role="treasurer")
    entry = stage_event.entries.order_by("pk").first()
    payment_record(entry=entry, actor=treasurer, kind="payment", amount=50_000, method="cash")
    count = stage_event.entries.count()
    response = client_for(treasurer).get(url)
    page = response.content.decode()
    assert f'data-testid="category-fees-{category.pk}"' not in page  # the organisers' form
    assert client_for(treasurer).post(f"{url}categories/{category.pk}/", {
        prefix + "standard": "1"}).status_code == 403
    assert response.status_code == 200 and "adds up" in page
    assert f"<td>{count * 50_000}</td>" in page
    assert client_for(UserFactory(username="ai")).get(
        f"/manage/championships/{championship.slug}/fees/").status_code in (403, 404)
