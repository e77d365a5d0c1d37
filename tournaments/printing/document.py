"""A print sheet as a document: its HTML (the print page) and its PDF, with the file name it is
offered under. The print page, the PDF download and the background job all come through here."""

from __future__ import annotations

from collections.abc import Callable

from django.template.loader import render_to_string
from django.utils import timezone

from tournaments.context_processors import VOCABULARY
from tournaments.models import Event
from tournaments.printing.pdf import pdf_bytes
from tournaments.printing.sheets import Sheet, sheet_context, sheet_for

PDF = "application/pdf"


def sheet_html(ctx: dict, *, pdf: bool, request=None, **page) -> str:
    """The sheet's HTML: for the PDF renderer (``pdf=True``: no toolbar, no script) or for the
    browser's print page (``page``: the toolbar's links)."""
    return render_to_string(ctx["sheet"].template,
                            {**VOCABULARY, **ctx, **page, "pdf": pdf,
                             "printed_at": timezone.now()},
                            request=request)


def pdf_filename(event: Event, sheet: Sheet, ctx: dict) -> str:
    round_ = ctx.get("round")
    suffix = f"-r{round_.number}" if round_ is not None else ""
    return f"{event.slug}-{sheet.key}{suffix}.pdf"


def sheet_pdf(event: Event, key: str, *, staff: bool, public_url: str,
              number: int | None = None, after: int | None = None, top: int | None = None,
              progress: Callable[[int, int], None] | None = None,
              ctx: dict | None = None) -> tuple[bytes, str]:
    """The PDF of sheet ``key`` and its file name; ``progress`` hears three steps: the data
    gathered, the pages laid out, the file written. ``ctx``: the sheet's data if already read."""
    sheet = sheet_for(event, key, staff=staff)
    if ctx is None:
        ctx = sheet_context(event, sheet, staff=staff, public_url=public_url, number=number,
                            after=after, top=top)
    if progress:
        progress(1, 3)
    html = sheet_html(ctx, pdf=True)
    data = pdf_bytes(html, progress=(lambda done, total: progress(1 + done, 3))
                     if progress else None)
    return data, pdf_filename(event, sheet, ctx)
