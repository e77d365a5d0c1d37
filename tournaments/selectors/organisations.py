"""Organisations as the pages and the API read them: a node's subtree and ancestors (by its
materialised ``path``, bounded queries), its public page, its clubs' members on a date, the
people its administrators may find, the public calendar and an organisation's backup.

The calendar lists public events, stand-alone ones and championships' stages alike, filtered
by organisation (with everything under it), province, format, month and category (the sex and
birth year a player would enter with, read from the statute's eligibility, Art. 18 b)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.contrib.auth import get_user_model
from django.db.models import F, Q, QuerySet

from tournaments.models import (
    ClubMembership,
    Event,
    EventRole,
    Format,
    Gender,
    Organisation,
    OrganisationKind,
    OrganisationRole,
    Player,
    Visibility,
)
from tournaments.text import SEARCH_MAX_CHARS, SEARCH_MAX_WORDS, fold

CALENDAR_LIMIT = 200  # events on one calendar page or feed
PEOPLE_LIMIT = 10


def organisation_subtree(organisation: Organisation) -> QuerySet[Organisation]:
    """The organisation and every organisation under it (one query)."""
    return Organisation.objects.filter(path__startswith=organisation.path)


def organisation_ancestors(organisation: Organisation) -> list[Organisation]:
    """The organisations above ``organisation``, from the root (one query)."""
    rows = {o.pk: o for o in Organisation.objects.filter(pk__in=organisation.lineage[:-1])}
    return [rows[pk] for pk in organisation.lineage[:-1] if pk in rows]


def organisation_by_slug(slug: str) -> Organisation | None:
    return Organisation.objects.filter(slug=slug).first()


def organisations_all() -> QuerySet[Organisation]:
    """Every organisation, tree order (the path), for the lists and the API."""
    return Organisation.objects.select_related("parent").order_by("path")


def organisations_administered(user) -> QuerySet[Organisation]:
    """The organisations ``user`` administers, with everything under them (all of them for a
    superuser), tree order."""
    if not user.is_authenticated:
        return Organisation.objects.none()
    if user.is_superuser:
        return organisations_all()
    paths = list(OrganisationRole.objects.filter(user=user).values_list(
        "organisation__path", flat=True))
    if not paths:
        return Organisation.objects.none()
    query = Q()
    for path in paths:
        query |= Q(path__startswith=path)
    return Organisation.objects.filter(query).order_by("path")


def organisation_children(organisation: Organisation) -> list[Organisation]:
    return list(organisation.children.order_by("kind", "name"))


def player_by_register_id(value: str) -> Player | None:
    """The register player with this national or international ID (case ignored)."""
    text = (value or "").strip()
    if not text:
        return None
    return Player.objects.filter(Q(national_id__iexact=text) | Q(fide_id__iexact=text)).first()


def organisation_admins(organisation: Organisation) -> QuerySet[OrganisationRole]:
    return organisation.roles.select_related("user").order_by("user__username")


def organisation_memberships(organisation: Organisation) -> QuerySet[ClubMembership]:
    """The members of the organisation's clubs (its own list and those under it), current
    first."""
    return (ClubMembership.objects.filter(organisation__path__startswith=organisation.path)
            .select_related("player", "organisation")
            .order_by(F("until").desc(nulls_first=True), "player__sort_key", "-since"))


def player_member_of(player: Player, organisation: Organisation,
                     on: datetime.date) -> bool:
    """Whether ``player`` was a member of ``organisation`` (or of a club under it) on ``on``:
    member rates and eligibility read it."""
    return ClubMembership.objects.filter(player=player).held_on(on, under=organisation).exists()


def organisation_people(query: str, *, organisation: Organisation) -> list:
    """The people an organisation's administrator may find to appoint: the account whose
    username or e-mail is exactly ``query`` (never a superuser), then, by a part of the name,
    only the administrators of the organisation's subtree and the staff of its events (nobody
    else's accounts are listed)."""
    text = query.strip()[:SEARCH_MAX_CHARS]
    if len(text) < 2:
        return []
    users = get_user_model().objects.filter(is_active=True)
    exact = Q(username__iexact=text) | (Q(email__iexact=text) if "@" in text else Q(pk=None))
    found = list(users.filter(exact, is_superuser=False).order_by("username")[:PEOPLE_LIMIT])
    subtree = organisation_subtree(organisation).values("pk")
    pool = users.filter(is_superuser=False).filter(
        Q(organisation_roles__organisation__in=subtree)
        | Q(pk__in=EventRole.objects.filter(event__organisation__in=subtree).values("user_id"))
    ).distinct().order_by("username")[:500]
    words = [fold(w) for w in dict.fromkeys(text.lower().split())][:SEARCH_MAX_WORDS]
    found += [u for u in pool if u not in found and all(
        w in fold(f"{u.username} {u.first_name} {u.last_name}") for w in words)]
    return found[:PEOPLE_LIMIT]


# The public pages -------------------------------------------------------------------------


@dataclass(frozen=True)
class OrganisationPage:
    organisation: Organisation
    ancestors: list[Organisation]
    children: list[Organisation]
    upcoming: list[Event]
    ongoing: list[Event]
    finished: list[Event]


def _public_under(organisation: Organisation) -> QuerySet[Event]:
    return Event.objects.filter(visibility=Visibility.PUBLIC,
                                organisation__path__startswith=organisation.path)


def organisation_page(organisation: Organisation, *, today: datetime.date) -> OrganisationPage:
    """An organisation's public page: where it sits, its clubs (or provinces), and the public
    events held under it, upcoming, ongoing and finished (the last 50)."""
    events = _public_under(organisation).select_related("organisation").order_by("start_date",
                                                                                "name")
    finished = Q(end_date__lt=today) | Q(end_date__isnull=True, start_date__lt=today)
    return OrganisationPage(
        organisation=organisation,
        ancestors=organisation_ancestors(organisation),
        children=organisation_children(organisation),
        upcoming=list(events.filter(start_date__gt=today)[:CALENDAR_LIMIT]),
        ongoing=list(events.filter(start_date__lte=today).exclude(finished)[:CALENDAR_LIMIT]),
        finished=list(events.filter(finished).order_by("-start_date", "name")[:50]),
    )


@dataclass(frozen=True)
class CalendarFilters:
    """The calendar's filters, read from the address; a value it does not know is ignored."""

    organisation: Organisation | None = None
    province: Organisation | None = None
    format: str = ""
    month: datetime.date | None = None  # the month's first day
    sex: str = ""
    born: int | None = None
    since: datetime.date | None = None  # without a month: from this month's first day on

    def query(self) -> dict[str, str]:
        """The filters as they go back into an address (the ICS link keeps them)."""
        values = {"org": self.organisation.slug if self.organisation else "",
                  "province": self.province.slug if self.province else "",
                  "format": self.format, "month": self.month.strftime("%Y-%m") if self.month
                  else "", "sex": self.sex, "born": str(self.born or "")}
        return {k: v for k, v in values.items() if v}

    def query_string(self) -> str:
        return urlencode(self.query())


@dataclass(frozen=True)
class CalendarPage:
    filters: CalendarFilters
    events: list[Event]
    organisations: list[Organisation] = field(default_factory=list)
    provinces: list[Organisation] = field(default_factory=list)
    formats: list = field(default_factory=list)  # (value, label, chosen)
    sexes: list = field(default_factory=list)


def calendar_filters(params, *, today: datetime.date,
                     organisation: Organisation | None = None) -> CalendarFilters:
    """The filters an address asks for (``org``, ``province``, ``format``, ``month`` as
    2026-11, ``sex`` M or F, ``born`` a year); ``organisation``: the page's own, when the
    address names it (``/org/<slug>/calendar.ics``). Without a month, a calendar is what is on
    from ``today``'s month on (the archive keeps the seasons before)."""
    def one(name):
        return (params.get(name) or "").strip()[:80]

    org = organisation or (organisation_by_slug(one("org")) if one("org") else None)
    province = organisation_by_slug(one("province")) if one("province") else None
    if province is not None and province.kind not in (OrganisationKind.PROVINCE,
                                                      OrganisationKind.CITY):
        province = None
    month = None
    try:
        month = datetime.datetime.strptime(one("month"), "%Y-%m").date()
    except ValueError:
        pass
    born = int(one("born")) if one("born").isdigit() and 1900 <= int(one("born")) <= 2100 \
        else None
    return CalendarFilters(
        organisation=org, province=province,
        format=one("format") if one("format") in Format.values else "",
        month=month, sex=one("sex") if one("sex") in Gender.values else "", born=born,
        since=None if month is not None else today.replace(day=1))


def calendar_events(filters: CalendarFilters) -> list[Event]:
    """The public events the filters keep, by start date (at most ``CALENDAR_LIMIT``)."""
    events = Event.objects.filter(visibility=Visibility.PUBLIC)
    if filters.organisation is not None:
        events = events.filter(organisation__path__startswith=filters.organisation.path)
    if filters.province is not None:
        events = events.filter(organisation__path__startswith=filters.province.path)
    if filters.format:
        events = events.filter(format=filters.format)
    if filters.month is not None:
        first = filters.month
        after = (first.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
        events = events.filter(start_date__lt=after).filter(
            Q(end_date__gte=first) | Q(end_date__isnull=True, start_date__gte=first))
    if filters.since is not None:
        events = events.filter(Q(end_date__gte=filters.since)
                               | Q(end_date__isnull=True, start_date__gte=filters.since))
    if filters.sex:
        events = events.filter(Q(eligible_sex="") | Q(eligible_sex=filters.sex))
    if filters.born is not None:
        events = events.filter(
            Q(eligible_born_from__isnull=True) | Q(eligible_born_from__lte=filters.born),
            Q(eligible_born_to__isnull=True) | Q(eligible_born_to__gte=filters.born))
    return list(events.select_related("organisation").order_by("start_date", "name", "pk")
                [:CALENDAR_LIMIT])


def calendar_page(params, *, today: datetime.date) -> CalendarPage:
    """The public calendar: the events the address's filters keep, and the filters' choices."""
    filters = calendar_filters(params, today=today)
    organisations = list(organisations_all())
    return CalendarPage(
        filters=filters, events=calendar_events(filters), organisations=organisations,
        provinces=[o for o in organisations
                   if o.kind in (OrganisationKind.PROVINCE, OrganisationKind.CITY)],
        formats=[(value, label, value == filters.format) for value, label in Format.choices],
        sexes=list(Gender.choices))


# An organisation's backup --------------------------------------------------------------------

ORGANISATION_BACKUP_FORMAT = "cotuong-organisation-backup"


def organisation_backup(organisation: Organisation) -> dict:
    """An organisation's whole data in one document: its subtree (each node by address, with
    its parent's), its administrators (usernames), its clubs' memberships (each player by
    register IDs and name) and every event held under it as that event's own backup
    (``selectors/backup.py``, restored one by one with ``restore_event``)."""
    from tournaments.selectors.backup import event_backup_document

    nodes = list(organisation_subtree(organisation).select_related("parent"))
    return {
        "format": ORGANISATION_BACKUP_FORMAT, "version": 1,
        "organisations": [{"slug": o.slug, "name": o.name, "short_name": o.short_name,
                           "kind": o.kind, "parent": o.parent.slug if o.parent else None}
                          for o in nodes],
        "admins": [{"organisation": r.organisation.slug, "username": r.user.username}
                   for r in OrganisationRole.objects.filter(organisation__in=nodes)
                   .select_related("organisation", "user").order_by("organisation__path",
                                                                     "user__username")],
        "memberships": [{"organisation": m.organisation.slug, "player": m.player.full_name,
                         "national_id": m.player.national_id, "fide_id": m.player.fide_id,
                         "since": m.since.isoformat(),
                         "until": m.until.isoformat() if m.until else None}
                        for m in organisation_memberships(organisation)],
        "events": [event_backup_document(e) for e in Event.objects.filter(
            organisation__in=nodes).order_by("start_date", "pk")],
    }
