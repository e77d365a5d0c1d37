"""The entry fees' pages (``models/fees.py``): the treasurer's desk of an event (every entry
with what it is due, has paid and owes; a payment, waiver or refund per entry; the member rate;
voids), its summary, a receipt per ledger row, an entry's transfer slip with its VietQR code,
the Excel workbook, and a championship's summary. The treasurer's and organisers' only
(``tournaments.read_fees``, ``record_payment``); the statute's fees are the organisers'
(``change_event``). Nothing here is public, cached or linked from a public page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import championship_for
from tournaments.errors import ServiceError
from tournaments.excel.fees import fees_workbook, summary_workbook
from tournaments.excel.workbook import XLSX, to_bytes
from tournaments.forms import FeeScheduleForm, PaymentForm, VoidForm
from tournaments.printing.document import PDF
from tournaments.printing.receipts import receipt_html, receipt_pdf, transfer_html
from tournaments.selectors.fees import (
    championship_category,
    championship_fee_schedules,
    championship_fee_summary,
    entry_fee_transfer,
    event_fee_desk,
    event_fee_summary,
    event_payment,
)
from tournaments.services.fees import (
    category_fees_set,
    entry_member_set,
    fee_schedule_set,
    payment_record,
    payment_void,
)
from tournaments.views._access import event_for, staff_perms

READ, WRITE = "tournaments.read_fees", "tournaments.record_payment"


def _desk_page(request, event, *, schedule_form=None, payment_form=None, failed_entry=None,
               status=200):
    desk = event_fee_desk(event)
    unpaid = request.GET.get("unpaid") == "1"
    return render(request, "tournaments/staff/fees.html", {
        "event": event, "desk": desk, "rows": desk.unpaid if unpaid else desk.rows,
        "unpaid": unpaid,
        "schedule_form": schedule_form or FeeScheduleForm(instance=desk.schedule
                                                          if desk.schedule and
                                                          desk.schedule.event_id else None),
        "payment_form": PaymentForm(), "failed_form": payment_form,
        "failed_entry": failed_entry, "void_form": VoidForm(),
        "perms": {**staff_perms(request.user, event),
                  "record_payment": request.user.has_perm(WRITE, event)}}, status=status)


def _row(desk, entry_id: int):
    row = next((r for r in desk.rows if r.entry.pk == entry_id), None)
    if row is None:
        raise Http404
    return row


@login_required
def fees_desk(request, slug):
    """Every entry with its fees (``?unpaid=1``: those who owe), a form per entry."""
    return _desk_page(request, event_for(request, slug, READ))


@login_required
@require_POST
def fee_schedule_edit(request, slug):
    """The organisers set the statute's fees and the bank account."""
    event = event_for(request, slug, "tournaments.change_event")
    form = FeeScheduleForm(request.POST)
    if form.is_valid():
        try:
            fee_schedule_set(event=event, actor=request.user, **form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Fees saved."))
            return redirect("tournaments:fees_desk", slug=slug)
    return _desk_page(request, event, schedule_form=form, status=400)


@login_required
@require_POST
def payment_add(request, slug, entry_id):
    """A payment, a waiver or a refund of one entry."""
    event = event_for(request, slug, WRITE)
    row = _row(event_fee_desk(event), entry_id)
    form = PaymentForm(request.POST)
    if form.is_valid():
        try:
            payment = payment_record(entry=row.entry, actor=request.user, **form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Receipt %(n)s recorded.") % {"n": payment.number})
            return redirect(f"{reverse('tournaments:fees_desk', args=[slug])}#entry-{entry_id}")
    return _desk_page(request, event, payment_form=form, failed_entry=entry_id, status=400)


@login_required
@require_POST
def entry_member(request, slug, entry_id):
    """The members' rate given (``member`` "1") or taken back."""
    event = event_for(request, slug, WRITE)
    row = _row(event_fee_desk(event), entry_id)
    entry_member_set(entry=row.entry, actor=request.user, member=request.POST.get("member") == "1")
    return redirect(f"{reverse('tournaments:fees_desk', args=[slug])}#entry-{entry_id}")


@login_required
@require_POST
def payment_cancel(request, slug, payment_id):
    """A ledger row voided, with the reason."""
    event = event_for(request, slug, WRITE)
    payment = event_payment(event, payment_id)
    if payment is None:
        raise Http404
    form = VoidForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    else:
        try:
            payment_void(payment=payment, actor=request.user, reason=form.cleaned_data["reason"])
            messages.success(request, _("Receipt %(n)s voided.") % {"n": payment.number})
        except ServiceError as error:
            messages.error(request, str(error))
    return redirect(f"{reverse('tournaments:fees_desk', args=[slug])}#entry-{payment.entry_id}")


@login_required
def fees_summary(request, slug):
    event = event_for(request, slug, READ)
    return render(request, "tournaments/staff/fees_summary.html", {
        "event": event, "summary": event_fee_summary(event),
        "perms": staff_perms(request.user, event)})


@login_required
def fees_excel(request, slug):
    """The ledger, the entries and the summary as a workbook."""
    event = event_for(request, slug, READ)
    desk = event_fee_desk(event)
    data = to_bytes(fees_workbook(desk, event_fee_summary(event, desk), lang=get_language()))
    response = HttpResponse(data, content_type=XLSX)
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-fees.xlsx"'
    return response


@login_required
def payment_receipt(request, slug, payment_id):
    """A receipt to print (A5); ``?pdf=1``: as a PDF."""
    event = event_for(request, slug, READ)
    payment = event_payment(event, payment_id)
    if payment is None:
        raise Http404
    if request.GET.get("pdf") == "1":
        data, name = receipt_pdf(event, payment)
        response = HttpResponse(data, content_type=PDF)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    url = reverse("tournaments:payment_receipt", args=[slug, payment_id])
    return HttpResponse(receipt_html(
        event, payment, pdf=False, request=request, pdf_url=f"{url}?pdf=1",
        back_url=f"{reverse('tournaments:fees_desk', args=[slug])}#entry-{payment.entry_id}"))


@login_required
def entry_transfer(request, slug, entry_id):
    """An entry's transfer slip: what it owes, the account, the memo, the VietQR code."""
    event = event_for(request, slug, READ)
    desk = event_fee_desk(event)
    row = _row(desk, entry_id)
    payload = entry_fee_transfer(desk, row)
    if payload is None:
        messages.error(request, _("No transfer code: the statute gives no bank account, or "
                                  "this entry owes nothing."))
        return redirect(f"{reverse('tournaments:fees_desk', args=[slug])}#entry-{entry_id}")
    back = f"{reverse('tournaments:fees_desk', args=[slug])}#entry-{entry_id}"
    return HttpResponse(transfer_html(event, row, payload, desk.schedule, request=request,
                                      back_url=back, pdf_url=back))


def _championship_page(request, championship, *, failed=None, status=200):
    forms = []
    if request.user.has_perm("tournaments.change_championship", championship):
        for category, schedule in championship_fee_schedules(championship):
            form = failed[1] if failed and failed[0] == category.pk else \
                FeeScheduleForm(instance=schedule, prefix=f"category{category.pk}")
            forms.append((category, form))
    return render(request, "tournaments/staff/fees_summary.html", {
        "championship": championship, "summary": championship_fee_summary(championship),
        "category_forms": forms}, status=status)


@login_required
def championship_fees(request, slug):
    """A championship's fees summary, by category (``?xlsx=1``: as a workbook); its organisers
    also set each category's fees there."""
    championship = championship_for(request.user, "tournaments.read_championship_fees",
                                    slug=slug)
    if request.GET.get("xlsx") == "1":
        summary = championship_fee_summary(championship)
        response = HttpResponse(to_bytes(summary_workbook(summary, lang=get_language())),
                                content_type=XLSX)
        response["Content-Disposition"] = \
            f'attachment; filename="{championship.slug}-fees.xlsx"'
        return response
    return _championship_page(request, championship)


@login_required
@require_POST
def category_fees(request, slug, category_id):
    """A championship category's fees, paid by its first stage's entries."""
    championship = championship_for(request.user, "tournaments.change_championship", slug=slug)
    category = championship_category(championship, category_id)
    if category is None:
        raise Http404
    form = FeeScheduleForm(request.POST, prefix=f"category{category.pk}")
    if form.is_valid():
        try:
            category_fees_set(category=category, actor=request.user, **form.cleaned_data)
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Fees saved."))
            return redirect("tournaments:championship_fees", slug=slug)
    return _championship_page(request, championship, failed=(category.pk, form), status=400)
