"""The disqualifications page (Art. 15.6, 16.1 d–e, 16.2): the chief arbiter decides one with
its reason; the organisers approve striking a player from the list and the results."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import DisqualifyForm
from tournaments.models import Disqualification, EntryStatus
from tournaments.selectors.disqualifications import event_disqualifications
from tournaments.selectors.events import event_entries
from tournaments.services.disqualifications import disqualification_approve, entry_disqualify
from tournaments.views._access import event_for, staff_perms


def _page(request, event, form=None, status=200):
    entries = [e for e in event_entries(event) if e.status == EntryStatus.ACTIVE]
    return render(request, "tournaments/staff/disqualifications.html", {
        "event": event, "acts": event_disqualifications(event),
        "form": form or DisqualifyForm(entries=entries),
        "perms": staff_perms(request.user, event)}, status=status)


@login_required
def disqualifications(request, slug):
    return _page(request, event_for(request, slug))


@login_required
@require_POST
def disqualify(request, slug):
    event = event_for(request, slug, "tournaments.disqualify")
    entries = [e for e in event_entries(event) if e.status == EntryStatus.ACTIVE]
    form = DisqualifyForm(request.POST, entries=entries)
    if not form.is_valid():
        return _page(request, event, form=form, status=400)
    entry = next(e for e in entries if e.pk == form.cleaned_data["entry"])
    try:
        entry_disqualify(entry=entry, actor=request.user, sanction=form.cleaned_data["sanction"],
                         reason=form.cleaned_data["reason"])
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(name)s disqualified.") % {"name": entry.name})
    return redirect("tournaments:manage_disqualifications", slug=slug)


@login_required
@require_POST
def striking_approve(request, slug, act_id):
    event = event_for(request, slug, "tournaments.approve_striking")
    act = get_object_or_404(Disqualification.objects.select_related("entry__event"),
                            pk=act_id, entry__event=event)
    try:
        disqualification_approve(disqualification=act, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Striking approved: it takes effect now."))
    return redirect("tournaments:manage_disqualifications", slug=slug)
