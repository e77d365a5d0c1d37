"""Excel pages: the export area of an event, public downloads, imports with their preview, the
job page (progress by htmx polling, the file when ready), backups and restores.

Thin: rights and writes are the services' business (``services/jobs.py``, ``imports.py``,
``backup.py``), workbooks are built by ``tournaments/excel``.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel import workbook
from tournaments.excel.workbook import XLSX, ExportError, Table
from tournaments.models import Event, Job, JobKind, JobStatus
from tournaments.printing.document import PDF
from tournaments.selectors.events import visible_event
from tournaments.selectors.excel import jobs_recent, round_numbers
from tournaments.selectors.trf import trf_export
from tournaments.services.backup import event_backup, restore_start
from tournaments.services.imports import import_confirm, import_start
from tournaments.services.jobs import can_see_job, export_start, job_cancel
from tournaments.views.errors import PageNotFound

PREVIEW_PAGE = 200


class UploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Excel file (.xlsx)"))


class RestoreForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Backup file (.json)"))


def _event(request, slug: str) -> Event:
    event = visible_event(request.user, slug)
    if event is None:
        raise Http404("No such event, or it is not public yet.")
    return event


def _staff_event(request, slug: str) -> Event:
    event = _event(request, slug)
    if not request.user.has_perm("tournaments.export_event", event):
        raise PermissionDenied(_("Only the people who run this event can do this."))
    return event


def table_choices(event: Event, *, drafts: bool) -> list[dict]:
    """The tables of ``event`` offered for download, in the export area's order."""
    out = [{"table": "players", "label": _("Teams") if event.is_team else _("Players")}]
    if event.is_knockout:
        out.append({"table": "bracket", "label": _("Bracket")})
    else:
        out += [{"table": "standings", "label": _("Standings")},
                {"table": "crosstable", "label": _("Crosstable")}]
    if event.is_team:
        out.append({"table": "team_boards", "label": _("Team results by board")})
    elif event.rated:
        out.append({"table": "ratings", "label": _("Rating report")})
    for n in round_numbers(event, drafts=drafts):
        out += [{"table": "pairings", "round": n, "label": _("Pairings, round %(n)s") % {"n": n}},
                {"table": "results", "round": n, "label": _("Results, round %(n)s") % {"n": n}}]
    return out


# --- exports --------------------------------------------------------------------------------


@login_required
def export_area(request, slug):
    """The staff's export page: every table, or the whole event, as a background job."""
    event = _staff_event(request, slug)
    if request.method == "POST":
        table = request.POST.get("table", "")
        try:
            number = int(request.POST["round"]) if request.POST.get("round") else None
            job = export_start(event=event, actor=request.user, table=table, round=number,
                               lang=get_language())
        except (ServiceError, ValueError) as exc:
            messages.error(request, str(exc))
            return redirect("tournaments:excel_export", slug=event.slug)
        return redirect("tournaments:job", pk=job.pk)
    jobs = jobs_recent(event, request.user)
    return render(request, "tournaments/excel/export_area.html", {
        "event": event, "tables": table_choices(event, drafts=True), "jobs": jobs,
        "public_tables": table_choices(event, drafts=False) if event.is_public else [],
        "can_organise": request.user.has_perm("tournaments.change_event", event),
    })


def public_download(request, slug, table):
    """A single table of a public event, built on the spot: what anyone may read (published
    rounds, no federation IDs)."""
    event = _event(request, slug)
    if not event.is_public and not request.user.has_perm("tournaments.export_event", event):
        raise Http404("This event is not public.")
    if table == workbook.EVENT:
        raise PageNotFound(_("The whole event's workbook is built by the staff's export area; "
                             "here each table downloads by itself."))
    try:
        number = int(request.GET["round"]) if request.GET.get("round") else None
        item = Table(table, number)
        wb = workbook.build(event, item, lang=get_language(), public=True)
    except (ExportError, ValueError):
        raise PageNotFound(_("This event has no such table.")) from None
    response = HttpResponse(workbook.to_bytes(wb), content_type=XLSX)
    name = workbook.filename(event, item, get_language())
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


# --- jobs -----------------------------------------------------------------------------------


def _job(request, pk: int) -> Job:
    job = get_object_or_404(Job.objects.select_related("event", "user"), pk=pk)
    if not can_see_job(request.user, job):
        raise Http404("No such job.")
    return job


def _job_context(request, job: Job) -> dict:
    ctx = {"job": job, "polling": job.status in (JobStatus.QUEUED, JobStatus.RUNNING)}
    if job.preview:
        rows = job.preview.get("rows", [])
        columns = job.preview.get("columns", [])
        lang = get_language()
        labels = {k: reader.COLUMN_LABELS[k](lang) if k in reader.COLUMN_LABELS else k
                  for k in columns}
        page = Paginator(rows, PREVIEW_PAGE).get_page(request.GET.get("page"))
        ctx.update(
            columns=[labels[c] for c in columns],
            rows=[_preview_row(r, columns) for r in page.object_list],
            page=page,
            error_rows=[_preview_row(r, columns) for r in rows if r["errors"]][:500],
            counts=job.preview.get("counts", {}),
            ignored=job.preview.get("ignored", []),
        )
    if job.result and job.result.get("rows_skipped"):
        ctx["skipped_rows"] = [
            {"row": r["row"], "errors": [reader.message(e["code"], e["params"])
                                         for e in r["errors"]]}
            for r in job.result["rows_skipped"][:500]]
    return ctx


def _preview_row(row: dict, columns: list[str]) -> dict:
    values = []
    for key in columns:
        value = row["values"].get(key)
        if key == "reserve":
            value = "x" if value else ""
        values.append("" if value is None else value)
    labels = {k: reader.COLUMN_LABELS[k](get_language()) for k in row.get("changes", {})}
    return {
        "row": row["row"], "values": values, "action": row["action"],
        "entered": row.get("entered", False),
        "changes": [{"label": labels[k], "before": "–" if b in (None, "") else b, "after": a}
                    for k, (b, a) in row.get("changes", {}).items()],
        "errors": [reader.message(e["code"], e["params"]) for e in row["errors"]],
        "warnings": [reader.message(w["code"], w["params"]) for w in row["warnings"]],
    }


@login_required
def job_detail(request, pk):
    job = _job(request, pk)
    return render(request, "tournaments/excel/job.html", _job_context(request, job))


@login_required
def job_status(request, pk):
    """The job's body alone: what the page's htmx polling swaps in until the job ends."""
    job = _job(request, pk)
    return render(request, "tournaments/excel/_job_body.html", _job_context(request, job))


@login_required
def job_download(request, pk):
    job = _job(request, pk)
    if job.kind not in (JobKind.EXPORT, JobKind.PDF) or job.status != JobStatus.DONE \
            or not job.file:
        raise PageNotFound(_("This job has no file to download."))
    try:
        handle = job.file.open("rb")
    except FileNotFoundError:
        raise PageNotFound(_("The file is no longer kept; export it again.")) from None
    return FileResponse(handle, as_attachment=True, filename=job.filename,
                        content_type=PDF if job.kind == JobKind.PDF else XLSX)


@login_required
@require_POST
def job_confirm(request, pk):
    job = _job(request, pk)
    try:
        import_confirm(job=job, actor=request.user,
                       existing=request.POST.get("existing", "update"),
                       valid_only=request.POST.get("valid_only") == "1")
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("tournaments:job", pk=job.pk)


@login_required
@require_POST
def job_cancel_view(request, pk):
    job = _job(request, pk)
    try:
        job_cancel(job=job, actor=request.user)
        messages.success(request, _("Import cancelled; nothing was stored."))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("tournaments:job", pk=job.pk)


# --- imports --------------------------------------------------------------------------------


def _upload(request, *, event: Event | None, back: str):
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            job = import_start(actor=request.user, upload=form.cleaned_data["file"], event=event,
                               lang=get_language())
        except ServiceError as exc:
            form.add_error("file", str(exc))
        else:
            return redirect("tournaments:job", pk=job.pk)
    return render(request, "tournaments/excel/import_form.html", {
        "form": form, "event": event, "back": back, "max_rows": reader.MAX_ROWS,
        "max_mb": reader.MAX_BYTES // (1024 * 1024),
        "template_url": reverse("tournaments:excel_template")
        + ("?team=1" if event is not None and event.is_team else ""),
    })


@login_required
def import_event(request, slug):
    """Register the players (or teams) of a spreadsheet in an event."""
    event = _event(request, slug)
    if not request.user.has_perm("tournaments.change_event", event):
        raise PermissionDenied(_("Only the organisers of this event can register entries."))
    return _upload(request, event=event, back=reverse("tournaments:excel_export",
                                                      kwargs={"slug": event.slug}))


@login_required
def import_register(request):
    """Add the players of a spreadsheet to the player register."""
    if not request.user.has_perm("tournaments.add_player"):
        raise PermissionDenied(_("You do not have the right to add players to the register."))
    return _upload(request, event=None, back=reverse("tournaments:my_events"))


def import_template(request):
    team = request.GET.get("team") == "1"
    wb = reader.template(get_language(), team=team)
    response = HttpResponse(workbook.to_bytes(wb), content_type=XLSX)
    name = "mau-nhap-doi.xlsx" if team else "mau-nhap-van-dong-vien.xlsx"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def trf_download(request, slug):
    """The event as a TRF-16 file (other pairing and rating programs read it); ``?drafts=1``
    adds a draft round, to compare its pairings with another program."""
    event = _staff_event(request, slug)
    if event.is_team or event.is_knockout:
        raise PageNotFound(_("TRF files record individual round robin and Swiss events."))
    try:
        text = trf_export(event, include_drafts=request.GET.get("drafts") == "1")
    except ServiceError as error:
        raise PageNotFound(str(error)) from error
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response


# --- backup and restore ---------------------------------------------------------------------


@login_required
def backup_download(request, slug):
    event = _event(request, slug)
    document = event_backup(event=event, actor=request.user)
    response = HttpResponse(json.dumps(document, ensure_ascii=False, indent=1),
                            content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-backup.json"'
    return response


@login_required
def restore(request):
    if not request.user.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))
    form = RestoreForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            job = restore_start(actor=request.user, upload=form.cleaned_data["file"],
                                lang=get_language())
        except ServiceError as exc:
            form.add_error("file", str(exc))
        else:
            return redirect("tournaments:job", pk=job.pk)
    return render(request, "tournaments/excel/restore_form.html", {"form": form})
