"""Reads of online registration (Art. 18 b, 19): whether an event takes registrations now, its
places, the organisers' review list with each registration's eligibility and duplicates, and
the register as a player finds themselves in it (an exact name, diacritics ignored)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import F, Func, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from records.eligibility import Eligibility, Failure, Unrated
from tournaments.adapters.registrations import event_eligibility, failures_of
from tournaments.models import (
    LIVE_STATUSES,
    Category,
    Entry,
    Event,
    Player,
    Registration,
    RegistrationMember,
    RegistrationStatus,
    TeamMember,
    Visibility,
)
from tournaments.models.registrations import ApplicantFields
from tournaments.text import SEARCH_MAX_CHARS, fold

# The engine's codes in the reader's words (Art. 18 b: the statute's who may enter).
FAILURE_WORDS = {
    Failure.SEX: _("the event is for the other sex"),
    Failure.SEX_MISSING: _("the sex is not given"),
    Failure.BORN_TOO_EARLY: _("born before the earliest year allowed"),
    Failure.BORN_TOO_LATE: _("born after the latest year allowed"),
    Failure.BIRTH_YEAR_MISSING: _("the birth year is not given"),
    Failure.RATING_BELOW: _("rating below the lowest allowed"),
    Failure.RATING_ABOVE: _("rating above the highest allowed"),
    Failure.UNRATED: _("a rating is needed"),
    Failure.RATED: _("only unrated players may enter"),
    Failure.FEDERATION: _("federation not allowed"),
    Failure.PROVINCE: _("province not allowed"),
    Failure.NOT_A_MEMBER: _("not a member of the organising club or organisation"),
}
REGISTER_MATCHES_MAX = 5


def registration_failures_words(failures: list[Failure]) -> str:
    """The reasons, in the reader's language, joined."""
    return "; ".join(str(FAILURE_WORDS[f]) for f in failures)


def registration_fields_asked(event: Event) -> set[str]:
    """What the form asks of each player besides the name: the statute's choice, and whatever
    its rule of who may enter reads (a U16 girls' event asks the sex and the birth year)."""
    rule = event_eligibility(event)
    needed = {"gender": bool(rule.sex),
              "birth_year": rule.born_from is not None or rule.born_to is not None,
              "rating": rule.rating_min is not None or rule.rating_max is not None
              or rule.unrated != Unrated.ALLOWED,
              "federation": bool(rule.federations), "province": bool(rule.provinces)}
    return (set(event.registration_asks) | {name for name, need in needed.items() if need}) \
        - {"phone"}


def registration_places_taken(event: Event) -> int:
    """The places taken: the event's entries (a championship stage's: every group's) and the
    registrations waiting for a decision."""
    entries = (Entry.objects.filter(event__stage=event.stage_id) if event.stage_id
               else event.entries)
    return entries.count() + event.registrations.filter(
        status=RegistrationStatus.PENDING).count()


def _scalar(rows, function: str, field: str = "pk") -> Coalesce:
    """``function`` (COUNT, MAX) of ``field`` over ``rows`` as one subquery, 0 for none."""
    return Coalesce(Subquery(rows.order_by().annotate(
        value=Func(F(field), function=function, output_field=IntegerField())).values("value")),
        Value(0))


def registration_places(event: Event) -> tuple[int, int]:
    """The places taken (``registration_places_taken``) and the waiting list's last place given
    (0 for none), in one query: what a registration sent needs."""
    entries = (Entry.objects.filter(event__stage=event.stage_id) if event.stage_id
               else Entry.objects.filter(event=OuterRef("pk")))
    registrations = Registration.objects.filter(event=OuterRef("pk"))
    return Event.objects.filter(pk=event.pk).values_list(
        _scalar(entries, "COUNT")
        + _scalar(registrations.filter(status=RegistrationStatus.PENDING), "COUNT"),
        _scalar(registrations, "MAX", "position")).get()


def registration_category_event(category: Category) -> Event | None:
    """The event a championship category's registrations go to: its first stage's (the first
    group's when the stage is played in groups: approving deals the players into the groups)."""
    return (Event.objects.filter(stage__category=category, stage__number=1)
            .order_by("group_label", "pk").first())


def registration_closed_reason(event: Event, now: datetime) -> str:
    """Why ``event`` takes no registration at ``now`` ("" when it does)."""
    if not event.registration_online or event.visibility != Visibility.PUBLIC:
        return str(_("This event does not take registrations online."))
    if event.registration_opens_at is not None and now < event.registration_opens_at:
        return str(_("Registration opens on %(when)s.") % {"when": date_format(
            timezone.localtime(event.registration_opens_at), "SHORT_DATETIME_FORMAT")})
    if event.registration_closes_at is not None and now >= event.registration_closes_at:
        return str(_("Registration is closed."))
    return ""


def registration_register_matches(full_name: str, birth_year: int | None = None) -> list[Player]:
    """The register's players whose whole name is ``full_name`` (case and diacritics ignored:
    "nguyen van an" finds "Nguyễn Văn An"), and born in ``birth_year`` when given: a player
    finds themselves without anyone reading the register by parts of names."""
    name = fold(" ".join(full_name[:SEARCH_MAX_CHARS].split()))
    if len(name) < 3:
        return []
    players = Player.objects.filter(name_folded=name)
    if birth_year:
        players = players.filter(birth_year=birth_year)
    return list(players.order_by("sort_key", "id")[:REGISTER_MATCHES_MAX])


def registration_register_match(row: ApplicantFields) -> Player | None:
    """The register's player a registration's new details name: the same national or
    international ID, or the only player of the same name (diacritics ignored) and birth
    year."""
    if row.player_id:
        return row.player
    for field in ("national_id", "fide_id"):
        value = getattr(row, field).strip()
        found = Player.objects.filter(**{f"{field}__iexact": value}).first() if value else None
        if found is not None:
            return found
    if not row.birth_year:
        return None
    same = list(Player.objects.filter(name_folded=fold(row.full_name),
                                      birth_year=row.birth_year)[:2])
    return same[0] if len(same) == 1 else None


def registration_entered(event: Event) -> tuple[set[int], set[tuple]]:
    """The players entered in ``event``, alone or on a team's roster, and their national and
    international IDs as ``registration_keys`` writes them: one query."""
    fields = ("player_id", "player__national_id", "player__fide_id")
    alone = Entry.objects.filter(event=event, player__isnull=False).order_by().values_list(*fields)
    rostered = TeamMember.objects.filter(entry__event=event).order_by().values_list(*fields)
    players: set[int] = set()
    ids: set[tuple] = set()
    for pk, national_id, fide_id in alone.union(rostered, all=True):
        players.add(pk)
        if national_id is not None:
            ids.add(("id", national_id.upper()))
        if fide_id is not None:
            ids.add(("fide", fide_id.upper()))
    return players, ids


def _keys(player_id, national_id: str, fide_id: str, name_folded: str,
          birth_year) -> set[tuple]:
    keys = set()
    if player_id:
        keys.add(("player", player_id))
    if national_id:
        keys.add(("id", national_id.strip().upper()))
    if fide_id:
        keys.add(("fide", fide_id.strip().upper()))
    if birth_year and name_folded:
        keys.add(("name", name_folded, birth_year))
    return keys


def registration_keys(row: ApplicantFields) -> set[tuple]:
    """What makes two registrations one player: the register's player, the national or
    international ID, or the same name (diacritics ignored) and birth year."""
    return _keys(row.player_id, row.national_id, row.fide_id,
                 fold(" ".join(row.full_name.split())), row.birth_year)


_KEY_FIELDS = ("player_id", "national_id", "fide_id", "name_folded", "birth_year")


def registration_live_keys(event: Event) -> set[tuple]:
    """The keys (``registration_keys``) of every player in a registration of ``event`` holding
    or waiting for a place, a team's roster included: one query, no rows built."""
    keys: set[tuple] = set()
    alone = event.registrations.filter(status__in=LIVE_STATUSES).exclude(
        full_name="").order_by().values_list(*_KEY_FIELDS)
    rostered = RegistrationMember.objects.filter(
        registration__event=event, registration__status__in=LIVE_STATUSES
    ).order_by().values_list(*_KEY_FIELDS)
    for values in alone.union(rostered, all=True):
        keys |= _keys(*values)
    return keys


@dataclass(frozen=True)
class ReviewLine:
    """One registration on the organisers' review page."""

    registration: Registration
    members: tuple
    failures: str  # why the player (or a team's player) may not enter, in words; "" if they may
    register_match: Player | None  # the register's player the new details name

    @property
    def eligible(self) -> bool:
        return not self.failures


@dataclass(frozen=True)
class ReviewPage:
    event: Event
    rule: Eligibility
    lines: tuple[ReviewLine, ...]
    taken: int

    @property
    def pending(self) -> tuple[ReviewLine, ...]:
        return tuple(line for line in self.lines
                     if line.registration.status == RegistrationStatus.PENDING)

    @property
    def waiting(self) -> tuple[ReviewLine, ...]:
        return tuple(sorted((line for line in self.lines
                             if line.registration.status == RegistrationStatus.WAITING),
                            key=lambda line: line.registration.position))

    @property
    def decided(self) -> tuple[ReviewLine, ...]:
        return tuple(line for line in self.lines if line.registration.status not in (
            RegistrationStatus.PENDING, RegistrationStatus.WAITING))

    def context(self) -> dict:
        return {"review": self, "pending": self.pending, "waiting": self.waiting,
                "decided": self.decided, "taken": self.taken}


def registration_failures(rule: Eligibility, registration: Registration,
                          members=()) -> str:
    """Why a registration may not be approved under ``rule``, in words ("" when it may); a
    team's players each named."""
    if not registration.is_team:
        return registration_failures_words(failures_of(rule, registration))
    return "; ".join(
        f"{m.player.full_name if m.player else m.full_name}: {registration_failures_words(f)}"
        for m in members if (f := failures_of(rule, m)))


def registration_review(event: Event) -> ReviewPage:
    """The organisers' review page: every registration of ``event``, newest decisions last,
    each with its eligibility and the register's player its new details name."""
    rule = event_eligibility(event)
    rows = list(event.registrations.select_related("player", "decided_by", "entry")
                .prefetch_related("members__player").order_by("created_at", "id"))
    lines = []
    for row in rows:
        members = tuple(row.members.all())
        lines.append(ReviewLine(
            row, members, registration_failures(rule, row, members),
            None if row.is_team or row.status != RegistrationStatus.PENDING
            else registration_register_match(row)))
    return ReviewPage(event, rule, tuple(lines), registration_places_taken(event))


def registration_by_id(pk: int) -> Registration | None:
    """A registration with its event, or None."""
    return Registration.objects.select_related("event").filter(pk=pk).first()


def registration_waiting_first(event: Event) -> Registration | None:
    """The first registration of the waiting list."""
    return (event.registrations.filter(status=RegistrationStatus.WAITING)
            .order_by("position", "id").first())



def registration_teams_taken(event: Event) -> set[str]:
    """The team names (folded) entered in ``event`` or in a live registration of it."""
    names = {fold(n) for n in Entry.objects.filter(event=event, team__isnull=False)
             .values_list("team__name", flat=True)}
    return names | {fold(n) for n in event.registrations.filter(
        status__in=LIVE_STATUSES).exclude(team_name="").values_list("team_name", flat=True)}


def registration_mine(event: Event, batch: str) -> list[Registration]:
    """The registrations one form sent (its batch), as the confirmation page lists them."""
    return list(event.registrations.filter(batch=batch).select_related("player")
                .order_by("id")) if batch else []
