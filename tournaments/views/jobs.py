"""The page of a background job, whatever its kind (``models/jobs.py``: an export, a print
sheet's PDF, an import with its preview, a restore, the pairing of a large event's next round):
its progress by htmx polling, then its file, its preview, the round it paired or its error.

Thin: who may see a job is ``rules.py: job_visible``; confirming and cancelling are
services (``imports.py``, ``jobs.py``).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.workbook import XLSX
from tournaments.models import Event, Job, JobKind, JobStatus
from tournaments.printing.document import PDF
from tournaments.rules import job_visible
from tournaments.selectors.jobs import jobs_with_event, pairing_job_of_task
from tournaments.services.imports import import_confirm
from tournaments.services.jobs import job_cancel, job_refresh
from tournaments.text import whole_number
from tournaments.views.errors import PageNotFound

PREVIEW_PAGE = 200


def _job(request, pk: int) -> Job:
    job = get_object_or_404(jobs_with_event(), pk=pk)
    if not job_visible(request.user, job):
        raise Http404("No such job.")
    return job


def _job_seen(request, pk: int) -> Job:
    """The job as its page shows it: one whose worker died, or whose task waits for the
    broker, is dealt with as it is read (``services/jobs.py: jobs_recover``)."""
    return job_refresh(job=_job(request, pk))


def _paired(request, job: Job) -> str:
    """A pairing job done: the message for the round page, and its address."""
    messages.success(request, _("Round %(n)s paired. Review the pairings, then publish.")
                     % {"n": job.result["round"]})
    return reverse("tournaments:manage_round",
                   kwargs={"slug": job.event.slug, "number": job.result["round"]})


def pairing_rendered(request, event: Event, job: Job):
    """A pairing job just started (``services/formats.py: round_start``): the round or the
    refusal when it ran in-process (no broker), else the job's page, which follows it."""
    if job.status == JobStatus.DONE:
        return redirect(_paired(request, job))
    if job.status == JobStatus.FAILED:
        messages.error(request, job.error)
        return redirect("tournaments:manage_event", slug=event.slug)
    return redirect("tournaments:job", pk=job.pk)


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
            conflicts=_conflicts(rows, columns),
            identical=[{"row": r["row"], "other": r["duplicate_of"]} for r in rows
                       if r.get("duplicate_of")],
        )
    if job.result and job.result.get("rows_skipped"):
        ctx["skipped_rows"] = [
            {"row": r["row"], "errors": [reader.message(e["code"], e["params"])
                                         for e in r["errors"]]}
            for r in job.result["rows_skipped"][:500]]
    return ctx


def _conflicts(rows: list[dict], columns: list[str]) -> list[dict]:
    """Rows naming one player with different data, side by side for the organiser to pick
    one: by conflict, each row's cells with those that differ from the others' marked."""
    groups: dict[str, list[dict]] = {}
    for row in rows:
        if row.get("conflict"):
            groups.setdefault(row["conflict"], []).append(row)
    out = []
    for key, members in groups.items():
        shown = [_preview_row(r, columns) for r in members]
        differs = [len({str(r["values"][i]) for r in shown}) > 1 for i in range(len(columns))]
        out.append({"key": key, "one_id": not key.startswith("person:"),
                    "rows": [{**r, "cells": list(zip(r["values"], differs, strict=True))}
                             for r in shown]})
    return out


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


def _back_url(job: Job) -> str | None:
    """Where the job's page leads back to: the page it was started from (a round's print sheet
    to its round, another PDF and a pairing to the event's page, an import to the entries, an
    export to the Excel page)."""
    if job.event is None:
        return None
    slug = job.event.slug
    if job.kind == JobKind.PDF and job.params.get("round"):
        return reverse("tournaments:manage_round",
                       kwargs={"slug": slug, "number": job.params["round"]})
    if job.kind in (JobKind.PDF, JobKind.PAIRING):
        return reverse("tournaments:manage_event", kwargs={"slug": slug})
    if job.kind == JobKind.IMPORT:
        return reverse("tournaments:manage_entries", kwargs={"slug": slug})
    return reverse("tournaments:excel_export", kwargs={"slug": slug})


@login_required
def job_detail(request, pk):
    job = _job_seen(request, pk)
    return render(request, "tournaments/jobs/job.html",
                  {**_job_context(request, job), "back_url": _back_url(job)})


@login_required
def job_status(request, pk):
    """The job's body alone: what the page's htmx polling swaps in until the job ends. A
    pairing that ends well moves the page on to its round, as the arbiter waits for it."""
    job = _job_seen(request, pk)
    if job.kind == JobKind.PAIRING and job.status == JobStatus.DONE and request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = _paired(request, job)
        return response
    return render(request, "tournaments/jobs/_job_body.html", _job_context(request, job))


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
                       valid_only=request.POST.get("valid_only") == "1",
                       keep=_kept(request.POST))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("tournaments:job", pk=job.pk)


def _kept(post) -> dict[str, int]:
    """The organiser's picks among rows naming one player (``keep-<conflict>``: the row's
    number; "all" or nothing: no pick)."""
    picks = {}
    for name, value in post.items():
        if name.startswith("keep-") and value != "all":
            number = whole_number(value)
            picks[name.removeprefix("keep-")] = number if number is not None else -1
    return picks


@login_required
@require_POST
def job_cancel_view(request, pk):
    job = _job(request, pk)
    try:
        job_cancel(job=job, actor=request.user)
        messages.success(request, _("Job cancelled; nothing of it was stored."))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("tournaments:job", pk=job.pk)


@login_required
def pairing_job_moved(request, slug, task_id):
    """The address of a pairing's progress page before pairing was a job like the others
    (``/manage/<event>/pairing/<task id>/``): for good at the job's page."""
    job = pairing_job_of_task(task_id)
    if job is None or job.event.slug != slug or not job_visible(request.user, job):
        raise Http404("No such job.")
    return redirect("tournaments:job", pk=job.pk, permanent=True)
