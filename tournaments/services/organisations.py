"""Writing the organisations' tree: a node created under its parent, renamed, its
administrators appointed and removed, its clubs' members added and their membership ended.

Each write checks ``tournaments.manage_organisation`` on the node it changes or creates under
(``tournaments/rules.py``: its administrators and those of any node above it; a root federation
is the superuser's to create), keeps the tree's ``path`` and ``province`` (models/organisations.py)
and who did it in the row's history. None of these is an event change: an organisation's page
and the calendar read the tree fresh (tests/tournaments/services/test_versions.py).
"""

from __future__ import annotations

import datetime

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import ServiceError
from tournaments.models import (
    CHILD_KINDS,
    ClubMembership,
    Organisation,
    OrganisationKind,
    OrganisationRole,
    Player,
)
from tournaments.rules import roles_forget
from tournaments.services._history import history_note
from tournaments.text import slug_valid

MANAGE = "tournaments.manage_organisation"


# Why an organisation's write or its administrators' read is refused (the API says it too).
ORGANISATION_REFUSAL = gettext_lazy(
    "Only this organisation's administrators (or those of an organisation above it) can do "
    "this.")


def _require(actor, organisation: Organisation) -> None:
    if actor is None or not actor.has_perm(MANAGE, organisation):
        raise PermissionDenied(ORGANISATION_REFUSAL)


def _name_check(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ServiceError(_("The name is missing."))
    if len(name) > 200:
        raise ServiceError(_("The name is too long: %(n)s characters at most."), n=200)
    return name


@transaction.atomic
def organisation_create(*, actor, name: str, kind: str, slug: str,
                        parent: Organisation | None = None,
                        short_name: str = "") -> Organisation:
    """A new organisation under ``parent`` (its administrators' right), of a kind that may sit
    there (a province, a city or a club under a federation, a club under a province or city);
    a federation without a parent is the superuser's."""
    if parent is None:
        if actor is None or not actor.is_superuser:
            raise PermissionDenied(_("Only the site's administrator creates a federation."))
        if kind != OrganisationKind.FEDERATION:
            raise ServiceError(_("An organisation without a parent is a federation."))
    else:
        _require(actor, parent)
        if kind not in CHILD_KINDS[OrganisationKind(parent.kind)]:
            raise ServiceError(_("A %(kind)s cannot be part of a %(parent)s."),
                               kind=OrganisationKind(kind).label if kind in
                               OrganisationKind.values else kind,
                               parent=OrganisationKind(parent.kind).label)
    slug = (slug or "").strip().lower()
    if not slug_valid(slug) or Organisation.objects.filter(slug=slug).exists():
        raise ServiceError(_("The address %(slug)s is taken or not allowed: choose another."),
                           slug=slug)
    organisation = Organisation(name=_name_check(name), short_name=" ".join(short_name.split()),
                                slug=slug, kind=kind, parent=parent, path="/")
    if len(organisation.short_name) > 40:
        raise ServiceError(_("The short name is too long: %(n)s characters at most."), n=40)
    history_note(row=organisation, actor=actor, reason="create")
    organisation.save()
    organisation.path = f"{parent.path if parent else '/'}{organisation.pk}/"
    if kind in (OrganisationKind.PROVINCE, OrganisationKind.CITY):
        organisation.province = organisation
    else:
        organisation.province = parent.province if parent else None
    Organisation.objects.filter(pk=organisation.pk).update(path=organisation.path,
                                                           province=organisation.province)
    return organisation


@transaction.atomic
def organisation_update(*, actor, organisation: Organisation, name: str | None = None,
                        short_name: str | None = None) -> Organisation:
    """Rename an organisation (its place in the tree and its address stay)."""
    _require(actor, organisation)
    organisation = Organisation.objects.select_for_update().get(pk=organisation.pk)
    if name is not None:
        organisation.name = _name_check(name)
    if short_name is not None:
        organisation.short_name = " ".join(short_name.split())[:40]
    history_note(row=organisation, actor=actor, reason="rename")
    organisation.save()
    return organisation


@transaction.atomic
def organisation_admin_assign(*, actor, organisation: Organisation, user) -> OrganisationRole:
    """Make ``user`` an administrator of ``organisation`` (and so of everything under it)."""
    _require(actor, organisation)
    if user is None or not user.is_active:
        raise ServiceError(_("No active account has this username."))
    role, _created = OrganisationRole.objects.get_or_create(
        organisation=organisation, user=user, role=OrganisationRole.Kind.ADMIN)
    roles_forget(user)
    return role


@transaction.atomic
def organisation_admin_remove(*, actor, role: OrganisationRole) -> None:
    """Remove an administrator; an organisation keeps at least one while it has none above
    it (a root federation is never left without)."""
    _require(actor, role.organisation)
    if role.organisation.parent_id is None and role.organisation.roles.count() == 1:
        raise ServiceError(_("A federation keeps at least one administrator."))
    history_note(row=role, actor=actor, reason="remove")
    role.delete()
    roles_forget(role.user)


@transaction.atomic
def membership_add(*, actor, organisation: Organisation, player: Player,
                   since: datetime.date, until: datetime.date | None = None) -> ClubMembership:
    """``player`` a member of ``organisation`` (a club, or a province's or city's own list)
    from ``since``; two memberships of one club never overlap."""
    _require(actor, organisation)
    if organisation.kind == OrganisationKind.FEDERATION:
        raise ServiceError(_("Players are members of a club, a province or a city, not of the "
                             "federation: the register is the federation's."))
    if until is not None and until < since:
        raise ServiceError(_("The membership ends before it starts."))
    overlapping = ClubMembership.objects.filter(player=player, organisation=organisation) \
        .exclude(until__lt=since)
    if until is not None:
        overlapping = overlapping.filter(since__lte=until)
    if overlapping.exists():
        raise ServiceError(_("%(name)s is already a member of %(club)s at that time."),
                           name=player.full_name, club=organisation.name)
    membership = ClubMembership(player=player, organisation=organisation, since=since,
                                until=until)
    history_note(row=membership, actor=actor, reason="add")
    membership.save()
    return membership


@transaction.atomic
def membership_finish(*, actor, membership: ClubMembership,
                      until: datetime.date) -> ClubMembership:
    """End a membership on ``until`` (the last day as a member)."""
    _require(actor, membership.organisation)
    membership = ClubMembership.objects.select_for_update().get(pk=membership.pk)
    if until < membership.since:
        raise ServiceError(_("The membership ends before it starts."))
    membership.until = until
    history_note(row=membership, actor=actor, reason="finish")
    membership.save()
    return membership
