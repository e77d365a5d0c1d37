"""Online registration's pages (Art. 18 b, 19): the public registration page of an event (a
player finds themselves in the register or gives new details; a club or delegation leader sends
several players at once; a team event's leader a team with its roster and reserves), and the
organisers' review page (approve, reject with a reason, approve every eligible one, withdraw).
Thin: the services decide (``services/registrations.py``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import RegistrationContactForm, RegistrationPlayerFormSet
from tournaments.models import REGISTRATION_BATCH_MAX, AskedField
from tournaments.selectors.players import player_by_id
from tournaments.selectors.registrations import (
    registration_by_id,
    registration_closed_reason,
    registration_fields_asked,
    registration_mine,
    registration_places_taken,
    registration_register_matches,
    registration_review,
)
from tournaments.services import registrations as registration_services
from tournaments.text import whole_number
from tournaments.views._access import event_for as _event_for
from tournaments.views._access import staff_perms
from tournaments.views.public_context import get_visible_event_or_404

_SESSION_BATCH = "registration_batch"


def _rows(request, event) -> int:
    """How many player rows the form shows: a team's roster, else one player or, for a club or
    delegation leader, as many as asked (``?rows=``, at most the batch's maximum)."""
    if event.is_team:
        return event.team_boards + event.team_reserves
    asked = whole_number(request.GET.get("rows", "")) or 1
    return max(1, min(asked, REGISTRATION_BATCH_MAX))


def _formset(request, event, data=None):
    asks = registration_fields_asked(event)
    rows = _rows(request, event)
    initial = [{}] * rows if data is None else None
    return RegistrationPlayerFormSet(data, initial=initial, prefix="p",
                                     form_kwargs={"asks": asks})


def register(request, slug):
    """The event's registration page (GET the form, POST it)."""
    event = get_visible_event_or_404(request, slug)
    now = timezone.now()
    closed = registration_closed_reason(event, now)
    contact = RegistrationContactForm(request.POST or None)
    players = _formset(request, event, request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST" and not closed:
        sent = _submit(request, event, contact, players)
        if sent:
            request.session[_SESSION_BATCH] = sent[0].batch
            messages.success(request, _("Registration sent: the organisers will decide."))
            return redirect("tournaments:register_sent", slug=event.slug)
        status = 400
    elif request.method == "POST":
        status = 400
    name = request.GET.get("name", "")[:120]
    born = whole_number(request.GET.get("born", "")) or None
    return render(request, "tournaments/public/register.html", {
        "event": event, "closed": closed, "contact": contact, "players": players,
        "rows": _rows(request, event), "batch_max": REGISTRATION_BATCH_MAX,
        "asks_phone": AskedField.PHONE in event.registration_asks,
        "taken": registration_places_taken(event), "name": name, "born": born or "",
        "matches": registration_register_matches(name, born) if name else [],
    }, status=status)


def _submit(request, event, contact, players):
    """The form sent to the service: the register's player found (``player``), or the rows of
    new details (a team's name and roster in a team event). The refusal under the form."""
    found = player_by_id(whole_number(request.POST.get("player", "")))
    if not contact.is_valid():
        return None
    who = registration_services.Contact(**contact.cleaned_data)
    try:
        if found is not None and not event.is_team:
            return registration_services.registration_submit(
                event=event, contact=who, players=[{"player": found}])
        if not players.is_valid():
            return None
        rows = [form.details() for form in players]
        if event.is_team:
            boards = event.team_boards
            members = [{**row, "is_reserve": i >= boards} for i, row in enumerate(rows) if row]
            return registration_services.registration_submit(
                event=event, contact=who, team={"name": request.POST.get("team_name", "")[:200],
                                                "members": members})
        return registration_services.registration_submit(
            event=event, contact=who, players=[row for row in rows if row])
    except ServiceError as error:
        contact.add_error(None, str(error))
        return None


def register_sent(request, slug):
    """What the form sent, as the organisers will read it (this browser's last form)."""
    event = get_visible_event_or_404(request, slug)
    sent = registration_mine(event, request.session.get(_SESSION_BATCH, ""))
    if not sent:
        raise Http404
    return render(request, "tournaments/public/register_sent.html",
                  {"event": event, "sent": sent})


@login_required
def review(request, slug):
    """The organisers' review page: pending registrations with their eligibility, the waiting
    list in order, the decided ones."""
    event = _event_for(request, slug, "tournaments.change_event")
    page = registration_review(event)
    return render(request, "tournaments/staff/registrations.html", {
        "event": event, **page.context(), "perms": staff_perms(request.user, event)})


def _registration(event, registration_id):
    registration = registration_by_id(registration_id)
    if registration is None or registration.event_id != event.pk:
        raise Http404
    return registration


def _run(request, action, success: str) -> None:
    try:
        action()
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, success)


@login_required
@require_POST
def decide(request, slug, registration_id):
    event = _event_for(request, slug, "tournaments.change_event")
    registration = _registration(event, registration_id)
    approve = request.POST.get("decision") == "approve"
    _run(request, lambda: registration_services.registration_decide(
        registration=registration, actor=request.user, approve=approve,
        reason=request.POST.get("reason", "")[:1000]),
        (_("%(name)s approved and entered.") if approve else _("%(name)s rejected."))
        % {"name": registration.name})
    return redirect("tournaments:manage_registrations", slug=slug)


@login_required
@require_POST
def approve_eligible(request, slug):
    event = _event_for(request, slug, "tournaments.change_event")
    try:
        approved = registration_services.registrations_approve(event=event, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(n)s registrations approved.") % {"n": len(approved)})
    return redirect("tournaments:manage_registrations", slug=slug)


@login_required
@require_POST
def withdraw(request, slug, registration_id):
    event = _event_for(request, slug, "tournaments.change_event")
    registration = _registration(event, registration_id)
    _run(request, lambda: registration_services.registration_withdraw(
        registration=registration, actor=request.user),
        _("%(name)s withdrawn.") % {"name": registration.name})
    return redirect("tournaments:manage_registrations", slug=slug)
