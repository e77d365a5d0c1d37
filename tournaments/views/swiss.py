"""Staff and public pages of Swiss events: editing a draft round by hand with the checker's
warnings, requested byes, players who must not meet, the law's guidance on rounds, and TRF
files (download, upload). Pairing the next round is every format's (``views/staff.py: draw``);
a large event's is a job, followed on the job's page (``views/jobs.py``)."""

from __future__ import annotations

import base64

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import event_seen
from tournaments.errors import ServiceError
from tournaments.forms import swiss_rounds_guidance
from tournaments.models import (
    FORMAT_RULES,
    REASON_MAX_LENGTH,
    ByeKind,
    Entry,
    Event,
    Format,
    Round,
)
from tournaments.selectors.swiss import event_check, round_stored_warnings
from tournaments.selectors.trf import trf_export
from tournaments.services import board_edit
from tournaments.services.round_checks import round_check_refresh
from tournaments.services.swiss import bye_request, forbidden_group_set
from tournaments.services.trf_import import (
    trf_import,
    trf_import_start,
    trf_job_check,
    trf_preview,
    trf_upload_read,
)
from tournaments.views._access import event_for as _event_for
from tournaments.views.errors import PageNotFound

# --- the round page's edits (the page itself: selectors/round_page.py) -------------------------


class EditForm(forms.Form):
    op = forms.ChoiceField(choices=[(o, o) for o in ("swap", "exchange", "bye", "pair",
                                                     "remove")])
    board = forms.IntegerField(required=False, min_value=1)
    first = forms.IntegerField(required=False)
    second = forms.IntegerField(required=False)
    kind = forms.ChoiceField(required=False, choices=ByeKind.choices)
    reason = forms.CharField(required=False, max_length=REASON_MAX_LENGTH)


@login_required
@require_POST
def round_edit(request, slug, number):
    event = _event_for(request, slug, "tournaments.pair_round")
    round_ = get_object_or_404(Round, event=event, number=number)
    form = EditForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("This change is incomplete."))
    else:
        try:
            round_ = board_edit.board_edit_apply(round_=round_, actor=request.user,
                                                 operation=form.cleaned_data)
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            _report_check(request, round_stored_warnings(round_))
    return redirect("tournaments:manage_round", slug=slug, number=number)


def _report_check(request, warnings) -> None:
    if warnings is None:
        messages.success(request, _("Changed. The round is being checked."))
    elif any(not w.is_difference for w in warnings):
        messages.warning(request, _("Changed. Read the warnings before publishing."))
    else:
        messages.success(request, _("Changed. No rule is broken."))


@login_required
@require_POST
def round_check(request, slug, number):
    """Check the round again (e.g. a draft restored from a backup)."""
    event = _event_for(request, slug, "tournaments.pair_round")
    round_ = get_object_or_404(Round, event=event, number=number)
    round_check_refresh(round_=round_, actor=request.user)
    return redirect("tournaments:manage_round", slug=slug, number=number)


# --- entries: requested byes, players who must not meet ---------------------------------------


@login_required
@require_POST
def entry_bye(request, slug, entry_id):
    event = _event_for(request, slug, "tournaments.grant_bye")
    entry = get_object_or_404(Entry, pk=entry_id, event=event)
    try:
        number = int(request.POST.get("round", ""))
    except ValueError:
        messages.error(request, _("Give the round of the bye."))
    else:
        cancel = request.POST.get("cancel") == "1"
        try:
            bye_request(entry=entry, actor=request.user, round_number=number, cancel=cancel)
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, (_("Bye request of %(name)s for round %(n)s withdrawn.")
                                       if cancel else
                                       _("%(name)s has a half-point bye in round %(n)s."))
                             % {"name": entry.name, "n": number})
    return redirect("tournaments:manage_entries", slug=slug)


@login_required
@require_POST
def forbidden_groups(request, slug):
    """Add a group of entries who must not meet, or remove one (by its position)."""
    event = _event_for(request, slug, "tournaments.change_event")
    groups = [list(g) for g in event.forbidden_groups or []]
    if "remove" in request.POST:
        try:
            groups.pop(int(request.POST["remove"]))
        except (ValueError, IndexError):
            pass
    else:
        try:
            chosen = sorted({int(v) for v in request.POST.getlist("entries")})
        except ValueError:
            chosen = []
        if len(chosen) < 2:
            messages.error(request, _("Choose at least two players."))
            return redirect("tournaments:manage_entries", slug=slug)
        groups.append(chosen)
    try:
        forbidden_group_set(event=event, actor=request.user, groups=groups)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Saved: these players will not be paired together."))
    return redirect("tournaments:manage_entries", slug=slug)


def entries_context(event: Event, entries) -> dict:
    """The Swiss parts of the staff entries page: players kept apart; ``entries``: the page's
    (``entries_page``)."""
    if not event.format_rules.pairs_by_score:
        return {}
    entries = {e.pk: e for e in entries}
    groups = [[entries[i] for i in group if i in entries] for group in event.forbidden_groups]
    return {"swiss_groups": groups}


# --- guidance on the number of rounds ---------------------------------------------------------


@login_required
def rounds_guidance(request):
    """Appendix §1: the law's guidance for the number of players (htmx, statute page)."""
    rules = FORMAT_RULES.get(request.GET.get("format", Format.SWISS))
    if rules is None or not rules.rounds_announced:
        return HttpResponse("")
    try:
        players = max(0, int(request.GET.get("players", "")))
    except ValueError:
        return HttpResponse("")
    return HttpResponse(swiss_rounds_guidance(players))


# --- TRF ---------------------------------------------------------------------------------------


def _trf_response(event: Event, text: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}.trf"'
    return response


def trf_public(request, slug):
    """Anyone's TRF file of a public event (published rounds only)."""
    event = event_seen(request.user, slug=slug)
    try:
        return _trf_response(event, trf_export(event))
    except ServiceError as error:
        raise PageNotFound(str(error)) from error


class TrfUploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("TRF file"))
    format = forms.ChoiceField(label=gettext_lazy("Format"), initial=Format.SWISS, choices=[
        (Format.SWISS, gettext_lazy("Swiss system")),
        (Format.ROUND_ROBIN, gettext_lazy("Round robin")),
        (Format.DOUBLE_ROUND_ROBIN, gettext_lazy("Double round robin"))])
    name = forms.CharField(label=gettext_lazy("Name (empty: the file's)"), required=False,
                           max_length=200)


# The file waiting for the organiser's confirmation after its preview, in the session.
_PENDING_TRF = "trf_import"


@login_required
def trf_upload(request):
    """Import a TRF file into a new event (organisers): the file, then its preview (players,
    rounds, results, warnings), then, on confirmation, the import; nothing is stored before."""
    if not request.user.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))
    if request.method == "POST" and "confirm" in request.POST:
        return _trf_confirm(request)
    form = TrfUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            data = trf_upload_read(upload=form.cleaned_data["file"])
            preview = trf_preview(data=data, format=form.cleaned_data["format"],
                                  name=form.cleaned_data["name"])
        except ServiceError as error:
            form.add_error("file", str(error))
        else:
            request.session[_PENDING_TRF] = {
                "data": base64.b64encode(data).decode("ascii"), "format": preview.format,
                "name": form.cleaned_data["name"]}
            return render(request, "tournaments/staff/trf_preview.html", {"preview": preview})
    return render(request, "tournaments/staff/trf_import.html", {"form": form})


def _trf_confirm(request):
    pending = request.session.pop(_PENDING_TRF, None)
    if pending is None:
        messages.error(request, _("Upload the TRF file again: its preview is no longer there."))
        return redirect("tournaments:trf_upload")
    data = base64.b64decode(pending["data"])
    try:
        if trf_job_check(data=data):  # a large file: imported by a job, followed on its page
            job = trf_import_start(data=data, actor=request.user, format=pending["format"],
                                   name=pending["name"], lang=get_language())
            return redirect("tournaments:job", pk=job.pk)
        event = trf_import(data=data, actor=request.user, format=pending["format"],
                           name=pending["name"])
    except ServiceError as error:
        messages.error(request, str(error))
        return redirect("tournaments:trf_upload")
    messages.success(request, _("Event imported from the TRF file (a draft: check it, "
                                "then make it public)."))
    return redirect("tournaments:manage_event", slug=event.slug)


@login_required
def event_check_page(request, slug):
    """Every round of a Swiss event against the Dutch system (C.04.3): the rules a round breaks
    and the boards the rules pair otherwise, e.g. after rounds made by another program."""
    event = _event_for(request, slug)
    if not event.format_rules.rounds_checked:
        raise PageNotFound(_("Only Swiss rounds are checked against the Dutch system."))
    return render(request, "tournaments/staff/swiss_check.html",
                  {"event": event, "report": event_check(event)})
