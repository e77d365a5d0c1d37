"""Excel pages: the export area of an event, public downloads, imports, backups and restores.
Exports, imports and restores are background jobs, followed on the job's page
(``views/jobs.py``).

Thin: rights and writes are the services' business (``services/jobs.py``, ``imports.py``,
``backup.py``), workbooks are built by ``tournaments/excel``.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from tournaments.access import event_seen
from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel import workbook
from tournaments.excel.workbook import XLSX, ExportError, Table
from tournaments.models import Event
from tournaments.selectors.excel import round_numbers
from tournaments.selectors.jobs import jobs_recent
from tournaments.selectors.trf import trf_export
from tournaments.services.backup import event_backup, restore_start
from tournaments.services.imports import import_start
from tournaments.services.jobs import export_start
from tournaments.views._access import staff_perms
from tournaments.views.errors import PageNotFound


class UploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Excel file (.xlsx)"))


class RestoreForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Backup file (.json)"))


def _event(request, slug: str) -> Event:
    return event_seen(request.user, slug=slug)


def _staff_event(request, slug: str) -> Event:
    event = _event(request, slug)
    if not request.user.has_perm("tournaments.export_event", event):
        raise PermissionDenied(_("Only the people who run this event can do this."))
    return event


def table_choices(event: Event, *, drafts: bool) -> list[dict]:
    """The tables of ``event`` offered for download, in the export area's order."""
    out = [{"table": "players", "label": _("Teams") if event.is_team else _("Players")}]
    if event.format_rules.has_standings:
        out += [{"table": "standings", "label": _("Standings")},
                {"table": "crosstable", "label": _("Crosstable")}]
    else:
        out.append({"table": "bracket", "label": _("Bracket")})
    if event.format_rules.has_standings and event.prize_list:
        out.append({"table": "prizes", "label": _("Prize winners")})
    if event.is_team:
        out.append({"table": "team_boards", "label": _("Team results by board")})
    elif event.rated:
        out.append({"table": "ratings", "label": _("Rating report")})
    out.append({"table": "closing", "label": _("Closing documents (Art. 19.4)")})
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
        "event": event, "rules": event.format_rules,
        "tables": table_choices(event, drafts=True), "jobs": jobs,
        "public_tables": table_choices(event, drafts=False) if event.is_public else [],
        "can_organise": request.user.has_perm("tournaments.change_event", event),
        "perms": staff_perms(request.user, event),
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
        **({"perms": staff_perms(request.user, event)} if event is not None else
           {"perms_register": request.user.has_perm("tournaments.export_register")}),
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
    return _upload(request, event=event, back=reverse("tournaments:manage_entries",
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
    if event.is_team or not event.format_rules.has_standings:
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
