"""Organisations' pages: the public page of an organisation (its events, its clubs), the public
calendar with its filters and its calendar feeds (all events, or one organisation's with
everything under it), and the administrators' page of an organisation (its child
organisations, its administrators, its clubs' members).

The public pages read through ``selectors/organisations.py``; the administrators' page writes
through ``services/organisations.py``, which checks the right again."""

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import ics
from tournaments.errors import ServiceError
from tournaments.models import (
    CHILD_KINDS,
    ClubMembership,
    Organisation,
    OrganisationKind,
    OrganisationRole,
)
from tournaments.selectors.organisations import (
    calendar_events,
    calendar_filters,
    calendar_page,
    organisation_admins,
    organisation_ancestors,
    organisation_children,
    organisation_memberships,
    organisation_page,
    organisation_people,
    organisations_all,
    player_by_register_id,
)
from tournaments.selectors.users import user_named
from tournaments.services import organisations as services

MANAGE = "tournaments.manage_organisation"


def organisation_list(request):
    """Every organisation, tree order, each linked to its public page; the superuser creates a
    federation (the root of a tree) here."""
    if request.method == "POST":
        try:
            federation = services.organisation_create(
                actor=request.user, parent=None, kind=OrganisationKind.FEDERATION,
                name=request.POST.get("name", ""), slug=request.POST.get("slug", ""),
                short_name=request.POST.get("short_name", ""))
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            return redirect("tournaments:organisation_manage", slug=federation.slug)
    return render(request, "tournaments/organisations/list.html", {
        "organisations": organisations_all()})


def organisation_detail(request, slug):
    """An organisation's public page: where it sits, its events upcoming, ongoing and finished,
    its clubs (or provinces), its calendar feed."""
    organisation = get_object_or_404(Organisation, slug=slug)
    page = organisation_page(organisation, today=timezone.localdate())
    return render(request, "tournaments/organisations/detail.html", {
        "page": page, "can_manage": request.user.has_perm(MANAGE, organisation)})


def calendar(request):
    """The public calendar: events filtered by organisation (with everything under it),
    province, format, month and category (sex, birth year)."""
    page = calendar_page(request.GET, today=timezone.localdate())
    return render(request, "tournaments/organisations/calendar.html", {"page": page})


def _feed(request, events, name: str) -> HttpResponse:
    body = ics.events_calendar(
        events, name=name, domain=request.get_host().split(":")[0],
        url_of=lambda e: request.build_absolute_uri(e.get_absolute_url()),
        stamp=timezone.now())
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="calendar.ics"'
    return response


def calendar_feed(request):
    """The calendar as a feed (the page's filters kept) for a phone's or a club's calendar."""
    return _feed(request, calendar_events(calendar_filters(request.GET,
                                                           today=timezone.localdate())),
                 _("Xiangqi events"))


def organisation_feed(request, slug):
    """One organisation's events (and those of every organisation under it) as a feed."""
    organisation = get_object_or_404(Organisation, slug=slug)
    return _feed(request, calendar_events(calendar_filters(
        request.GET, today=timezone.localdate(), organisation=organisation)),
                 organisation.name)


def _date(value: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat((value or "").strip())
    except ValueError:
        return None


@login_required
def organisation_manage(request, slug):
    """The administrators' page: create an organisation under this one, appoint or remove an
    administrator, add a club member or end a membership, rename it. One form per action
    (``action``); a refused or wrong input changes nothing and says why."""
    organisation = get_object_or_404(Organisation, slug=slug)
    if not request.user.has_perm(MANAGE, organisation):
        raise PermissionDenied(services.ORGANISATION_REFUSAL)
    if request.method == "POST":
        try:
            _act(request, organisation, request.POST.get("action", ""))
        except ServiceError as error:
            messages.error(request, str(error))
        else:
            return redirect("tournaments:organisation_manage", slug=organisation.slug)
    query = request.GET.get("people", "")
    return render(request, "tournaments/organisations/manage.html", {
        "organisation": organisation,
        "ancestors": organisation_ancestors(organisation),
        "children": organisation_children(organisation),
        "child_kinds": [OrganisationKind(k) for k in CHILD_KINDS[OrganisationKind(
            organisation.kind)]],
        "admins": organisation_admins(organisation),
        "memberships": organisation_memberships(organisation)[:500],
        "takes_members": organisation.kind != OrganisationKind.FEDERATION,
        "people": organisation_people(query, organisation=organisation),
        "query": query, "today": timezone.localdate(),
    })


def _act(request, organisation: Organisation, action: str) -> None:
    data, actor = request.POST, request.user
    if action == "child":
        child = services.organisation_create(
            actor=actor, parent=organisation, name=data.get("name", ""),
            kind=data.get("kind", ""), slug=data.get("slug", ""),
            short_name=data.get("short_name", ""))
        messages.success(request, _("%(name)s was created.") % {"name": child.name})
    elif action == "rename":
        services.organisation_update(actor=actor, organisation=organisation,
                                     name=data.get("name", ""),
                                     short_name=data.get("short_name", ""))
        messages.success(request, _("Saved."))
    elif action == "admin":
        user = user_named(data.get("username", "").strip())
        services.organisation_admin_assign(actor=actor, organisation=organisation, user=user)
        messages.success(request, _("%(user)s is an administrator now.") % {
            "user": user.get_username()})
    elif action == "remove_admin":
        role = get_object_or_404(OrganisationRole, pk=data.get("role") or 0,
                                 organisation=organisation)
        services.organisation_admin_remove(actor=actor, role=role)
        messages.success(request, _("The administrator was removed."))
    elif action == "member":
        club = get_object_or_404(Organisation, slug=data.get("club") or organisation.slug)
        player = player_by_register_id(data.get("player", ""))
        since = _date(data.get("since", ""))
        if player is None or since is None:
            raise ServiceError(_("Give the player's national or international ID and the date "
                                 "the membership starts."))
        services.membership_add(actor=actor, organisation=club, player=player, since=since,
                                until=_date(data.get("until", "")))
        messages.success(request, _("%(name)s is a member now.") % {"name": player.full_name})
    elif action == "finish":
        membership = get_object_or_404(ClubMembership, pk=data.get("membership") or 0)
        until = _date(data.get("until", ""))
        if until is None:
            raise ServiceError(_("Give the membership's last day."))
        services.membership_finish(actor=actor, membership=membership, until=until)
        messages.success(request, _("The membership ends on %(day)s.") % {"day": until})
    else:
        raise ServiceError(_("Unknown action."))

