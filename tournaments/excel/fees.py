"""The entry fees' workbook (``models/fees.py``): the ledger (every row, voided ones marked),
each entry's due, paid, waived, refunded and owed, and the summary by kind and method (by
category for a championship). The treasurer's and organisers' only: never among the event's
public or staff tables (``excel/workbook.py``). Figures from ``selectors/fees.py``."""

from __future__ import annotations

import datetime

from django.utils import timezone
from openpyxl import Workbook

from tournaments.excel import labels as L
from tournaments.excel.styles import NUMBER, Column, Heading, Sheet, new_workbook, write
from tournaments.models import PaymentKind, PaymentMethod
from tournaments.selectors.fees import FeeDesk, FeeSummary, FeeTotals

LEDGER = L.Text("Sổ thu lệ phí", "Fees ledger")
ENTRIES = L.Text("Lệ phí từng VĐV", "Fees by entry")
SUMMARY = L.Text("Tổng hợp lệ phí", "Fees summary")
RECEIPT = L.Text("Số phiếu", "Receipt")
KIND = L.Text("Loại", "Kind")
AMOUNT = L.Text("Số tiền (đ)", "Amount (VND)")
METHOD = L.Text("Hình thức", "Method")
NOTE = L.Text("Ghi chú", "Note")
RECORDED_BY = L.Text("Người ghi", "Recorded by")
RECORDED_AT = L.Text("Thời điểm", "Recorded at")
VOID = L.Text("Huỷ", "Void")
MEMBER = L.Text("Hội viên", "Member")
LATE = L.Text("Muộn", "Late")
DUE = L.Text("Phải nộp", "Due")
PAID = L.Text("Đã nộp", "Paid")
WAIVED = L.Text("Miễn", "Waived")
REFUNDED = L.Text("Hoàn trả", "Refunded")
OWED = L.Text("Còn nợ", "Owed")
PART = L.Text("Nội dung", "Part")
ITEM = L.Text("Khoản", "Item")
ADDS_UP = L.Text("Kiểm tra: còn nợ = phải nộp − đã nộp + hoàn trả − miễn: {ok}",
                 "Check: owed = due − paid + refunded − waived: {ok}")
YES = L.Text("đúng", "adds up")
NO = L.Text("SAI", "DOES NOT ADD UP")
KINDS = {PaymentKind.PAYMENT: L.Text("Nộp", "Payment"),
         PaymentKind.WAIVER: L.Text("Miễn", "Waiver"),
         PaymentKind.REFUND: L.Text("Hoàn trả", "Refund")}
METHODS = {PaymentMethod.CASH: L.Text("Tiền mặt", "Cash"),
           PaymentMethod.TRANSFER: L.Text("Chuyển khoản", "Bank transfer")}


def _heading(name: str, lang: str, today: datetime.date | None) -> Heading:
    return Heading(name, "", today or timezone.localdate(), lang)


def _totals_rows(totals: FeeTotals, lang: str) -> list[list]:
    rows = [[DUE(lang), totals.due], [PAID(lang), totals.paid]]
    rows += [[f"{PAID(lang)} — {METHODS[m](lang)}", totals.by_method[m][PaymentKind.PAYMENT]]
             for m in PaymentMethod.values]
    rows += [[WAIVED(lang), totals.waived], [REFUNDED(lang), totals.refunded]]
    rows += [[f"{REFUNDED(lang)} — {METHODS[m](lang)}",
              totals.by_method[m][PaymentKind.REFUND]] for m in PaymentMethod.values]
    rows.append([OWED(lang), totals.owed])
    return rows


def summary_sheet(summary: FeeSummary, lang: str) -> Sheet:
    rows = []
    for name, part in summary.parts:
        rows += [[name, *row] for row in _totals_rows(part, lang)]
    ok = (YES if summary.totals.adds_up else NO)(lang)
    return Sheet(SUMMARY(lang), SUMMARY(lang), [Column(PART(lang)), Column(ITEM(lang)),
                                               Column(AMOUNT(lang), NUMBER)],
                 rows=rows, notes=[ADDS_UP(lang, ok=ok)])


def fees_workbook(desk: FeeDesk, summary: FeeSummary, *, lang: str,
                  today: datetime.date | None = None) -> Workbook:
    """The event's fees: the ledger, the entries, the summary."""
    lang = L.language(lang)
    heading = _heading(desk.event.name, lang, today)
    wb = new_workbook(write_only=True)
    ledger = []
    for row in desk.rows:
        for p in row.payments:
            ledger.append([p.number, row.entry.number, row.entry.name, KINDS[p.kind](lang),
                           p.amount, METHODS[p.method](lang) if p.method else "", p.note,
                           p.recorded_by.get_username() if p.recorded_by else "",
                           timezone.localtime(p.recorded_at).replace(tzinfo=None),
                           p.void_reason if p.is_void else ""])
    ledger.sort(key=lambda r: r[0])
    write(wb, Sheet(LEDGER(lang), LEDGER(lang), [
        Column(RECEIPT(lang), NUMBER), Column(L.NUMBER(lang), NUMBER), Column(L.NAME(lang)),
        Column(KIND(lang)), Column(AMOUNT(lang), NUMBER), Column(METHOD(lang)),
        Column(NOTE(lang)), Column(RECORDED_BY(lang)), Column(RECORDED_AT(lang), width=18),
        Column(VOID(lang))], rows=ledger, landscape=True), heading)
    write(wb, Sheet(ENTRIES(lang), ENTRIES(lang), [
        Column(L.NUMBER(lang), NUMBER), Column(L.NAME(lang)), Column(MEMBER(lang)),
        Column(LATE(lang)), Column(DUE(lang), NUMBER), Column(PAID(lang), NUMBER),
        Column(WAIVED(lang), NUMBER), Column(REFUNDED(lang), NUMBER),
        Column(OWED(lang), NUMBER)],
        rows=[[r.entry.number, r.entry.name, "x" if r.member else "", "x" if r.late else "",
               r.due, r.totals.paid, r.totals.waived, r.totals.refunded, r.owed]
              for r in desk.rows], landscape=True), heading)
    write(wb, summary_sheet(summary, lang), heading)
    return wb


def summary_workbook(summary: FeeSummary, *, lang: str,
                     today: datetime.date | None = None) -> Workbook:
    """A championship's fees summary, by category."""
    lang = L.language(lang)
    wb = new_workbook(write_only=True)
    write(wb, summary_sheet(summary, lang), _heading(summary.title, lang, today))
    return wb
