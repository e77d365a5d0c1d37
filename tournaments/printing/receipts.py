"""The entry fees' paper (``models/fees.py``): a receipt per ledger row (A5, two to an A4
sheet) and an entry's transfer slip with its VietQR code. The treasurer's and organisers'
only (``tournaments.read_fees``); never a public sheet, so not in ``sheets.SHEETS``."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournaments.context_processors import VOCABULARY
from tournaments.models import Event, Payment
from tournaments.printing.pdf import pdf_bytes
from tournaments.printing.qr import transfer_qr_svg
from tournaments.printing.sheets import Sheet

RECEIPT = Sheet("receipt", gettext_lazy("Receipt"), staff_only=True, wall=False)
TRANSFER = Sheet("transfer", gettext_lazy("Bank transfer of the entry fee"), staff_only=True,
                 wall=False)


def receipt_html(event: Event, payment: Payment, *, pdf: bool, request=None, **page) -> str:
    """A receipt: the event, the entry, what was paid (waived, refunded), how, when, by whom;
    a void one says so."""
    return render_to_string(RECEIPT.template, {
        **VOCABULARY, **page, "event": event, "sheet": RECEIPT, "payment": payment,
        "pdf": pdf, "printed_at": timezone.now()}, request=request)


def receipt_pdf(event: Event, payment: Payment) -> tuple[bytes, str]:
    """The receipt as a PDF, and its file name."""
    html = receipt_html(event, payment, pdf=True)
    return pdf_bytes(html), f"{event.slug}-receipt-{payment.number}.pdf"


def transfer_html(event: Event, row, payload: str, schedule, *, request=None, **page) -> str:
    """An entry's transfer slip: the amount owed, the account, the memo, the QR code."""
    return render_to_string(TRANSFER.template, {
        **VOCABULARY, **page, "event": event, "sheet": TRANSFER, "row": row,
        "schedule": schedule, "payload": payload, "qr": transfer_qr_svg(payload),
        "pdf": False, "printed_at": timezone.now()}, request=request)
