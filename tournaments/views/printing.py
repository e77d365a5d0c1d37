"""Print sheets: each sheet as a print page (A4, the browser's print) and as a PDF.

Anyone may print what the public pages of a visible event show (published rounds); score
sheets and certificates, and drafts, are the staff's. A long PDF (``PDF_ASYNC_MIN_ROWS``) is
built in the background for the staff (``services/jobs.py: pdf_start``); the sheets' data and
documents are ``tournaments/printing``'s.
"""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import BadRequest
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language

from tournaments.errors import ServiceError
from tournaments.printing.document import PDF, sheet_html, sheet_pdf
from tournaments.printing.sheets import SheetError, sheet_context, sheet_for, sheet_size
from tournaments.selectors.rounds import rounds_visible
from tournaments.services.jobs import pdf_start
from tournaments.text import query_number
from tournaments.views.errors import PageNotFound
from tournaments.views.public_context import get_visible_event_or_404, is_staff_of


def _asked(request) -> dict:
    """The round, the round after which and the number of lines asked; a value that is not a
    whole number is a bad request (400) that says so, not a value silently ignored."""
    try:
        return {"number": query_number(request.GET.get("round"), minimum=1),
                "after": query_number(request.GET.get("after")),
                "top": query_number(request.GET.get("top"), minimum=1)}
    except ValueError as error:
        raise BadRequest(str(error)) from None


def _sheet(request, slug, key):
    """The event, whether the visitor runs it, the sheet, the public page's address and the
    sheet's data; a sheet the visitor may not print or a round not published is 'not found'
    with the reason."""
    event = get_visible_event_or_404(request, slug)
    staff = is_staff_of(request, event)
    public_url = request.build_absolute_uri(reverse("tournaments:event_detail",
                                                    kwargs={"slug": event.slug}))
    try:
        sheet = sheet_for(event, key, staff=staff)
        ctx = sheet_context(event, sheet, staff=staff, public_url=public_url, **_asked(request))
    except SheetError as error:
        raise PageNotFound(str(error)) from None
    return event, staff, sheet, public_url, ctx


def _back_url(event, staff: bool, ctx: dict) -> str:
    """Where a print page leads back to: a round's sheet to its round (the staff's round page
    or the public one), any other sheet to the event's page."""
    round_ = ctx.get("round")
    if round_ is not None:
        return reverse("tournaments:manage_round" if staff else "tournaments:round",
                       kwargs={"slug": event.slug, "number": round_.number})
    return reverse("tournaments:manage_event" if staff else "tournaments:event_detail",
                   kwargs={"slug": event.slug})


def print_page(request, slug, sheet):
    """The sheet as a page to print from the browser, with its PDF link."""
    event, staff, found, _url, ctx = _sheet(request, slug, sheet)
    query = request.GET.urlencode()
    pdf_url = reverse("tournaments:print_pdf", kwargs={"slug": slug, "sheet": sheet})
    back = _back_url(event, staff, ctx)
    rounds = [r.number for r in rounds_visible(event, staff=staff)] if found.per_round else []
    html = sheet_html(ctx, pdf=False, request=request, back_url=back,
                      pdf_url=f"{pdf_url}?{query}" if query else pdf_url, rounds_nav=rounds)
    return HttpResponse(html)


def print_pdf(request, slug, sheet):
    """The sheet as a PDF download; a long one (a large crosstable) is offered to the staff as
    a background job, and to the public as the print page."""
    event, staff, found, public_url, ctx = _sheet(request, slug, sheet)
    if sheet_size(ctx) < settings.PDF_ASYNC_MIN_ROWS:
        data, name = sheet_pdf(event, sheet, staff=staff, public_url=public_url, ctx=ctx)
        response = HttpResponse(data, content_type=PDF)
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    if request.method == "POST" and staff:
        try:
            job = pdf_start(event=event, actor=request.user, sheet=sheet, public_url=public_url,
                            lang=get_language(),
                            round=ctx["round"].number if "round" in ctx else None,
                            after=_asked(request)["after"], top=_asked(request)["top"])
        except ServiceError as error:
            messages.error(request, str(error))
            return redirect(request.get_full_path())
        return redirect("tournaments:job", pk=job.pk)
    return render(request, "tournaments/print/pdf_long.html",
                  {"event": event, "sheet": found, "staff": staff,
                   "back_url": _back_url(event, staff, ctx),
                   "print_url": reverse("tournaments:print", kwargs={"slug": slug,
                                                                    "sheet": sheet})
                   + (f"?{request.GET.urlencode()}" if request.GET else "")})
