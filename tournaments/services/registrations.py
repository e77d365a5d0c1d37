"""Online registration (Art. 18 b: the statute says who may enter and how; Art. 19: the
organising committee registers the players).

- ``registration_submit``: anyone sends one player, several (a club or delegation leader), or a
  team with its roster, while the statute's registration is open. All or nothing: a duplicate (of
  an entry, of another registration of the event, or within the form), a closed registration or
  a bad field refuses the whole form. Beyond the statute's maximum, registrations wait on a
  list, in the order they came.
- ``registration_decide``: an organiser approves (the player is found in the register or added
  to it, and entered, through ``services/players.py`` and ``services/entries.py``) or rejects
  with a reason; ``registrations_approve``: every eligible one at once.
- ``registration_withdraw``: a registration taken back (an approved one's entry removed).

When a registration holding a place is rejected or withdrawn, the first of the waiting list
takes the place (``promoted_at`` records when). Each decision is told to whoever sent it
(``_decision_notify``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.adapters.registrations import event_eligibility
from tournaments.errors import ServiceError
from tournaments.models import (
    LIVE_STATUSES,
    REGISTRATION_BATCH_MAX,
    Entry,
    Event,
    NotificationKind,
    Player,
    Registration,
    RegistrationMember,
    RegistrationStatus,
)
from tournaments.models.registrations import ApplicantFields
from tournaments.selectors.registrations import (
    registration_closed_reason,
    registration_entered,
    registration_failures,
    registration_keys,
    registration_live_keys,
    registration_places,
    registration_places_taken,
    registration_register_match,
    registration_teams_taken,
    registration_waiting_first,
)
from tournaments.services._access import event_lock, event_writer
from tournaments.services._checks import entries_open_check
from tournaments.services.entries import entry_register, entry_remove
from tournaments.services.notifications import notification_send
from tournaments.services.players import player_create
from tournaments.services.teams import team_register
from tournaments.text import fold

APPLICANT_KEYS = ("player", "full_name", "gender", "birth_year", "club", "province",
                  "federation", "rating", "national_id", "fide_id")


@dataclass(frozen=True)
class Contact:
    """Who sends the form: a player for themselves, or a club or delegation leader."""

    name: str
    email: str = ""
    phone: str = ""


def _applicant(row: ApplicantFields, details: dict) -> None:
    """Fill ``row`` from ``details`` (a register player's own details when one is named)."""
    unknown = set(details) - set(APPLICANT_KEYS) - {"is_reserve"}
    if unknown:
        raise ServiceError(_("Unknown fields: %(fields)s"), fields=", ".join(sorted(unknown)))
    player: Player | None = details.get("player")
    if player is not None:
        for name in APPLICANT_KEYS[1:]:
            empty = None if name in ("birth_year", "rating") else ""
            setattr(row, name, getattr(player, name) or empty)
        row.player = player
        return
    for name in APPLICANT_KEYS[1:]:
        value = details.get(name)
        setattr(row, name, value if value is not None or name in ("birth_year", "rating")
                else "")
    row.full_name = " ".join(str(row.full_name).split())
    row.federation = str(row.federation).strip().upper()
    if not row.full_name:
        raise ServiceError(_("Give each player's full name."))


def _checked(row) -> None:
    """The model's own limits (lengths, choices, years, the e-mail address), as a refusal."""
    try:
        row.full_clean(exclude=["event", "registration", "player", "entry", "decided_by"])
    except ValidationError as error:
        raise ServiceError("%(errors)s", errors=" ".join(
            f"{type(row)._meta.get_field(f).verbose_name}: {' '.join(m)}"
            if f != "__all__" else " ".join(m) for f, m in error.message_dict.items())) from None


class _Seen:
    """What the event already holds, and what the form has sent so far: a second registration
    of one player is refused with the player's name."""

    def __init__(self, event: Event):
        self.players, self.ids = registration_entered(event)
        self.keys = registration_live_keys(event)

    def add(self, row: ApplicantFields) -> None:
        match = registration_register_match(row)
        keys = registration_keys(row)
        ids = {(kind, value.strip().upper()) for kind, value in (
            ("id", row.national_id), ("fide", row.fide_id)) if value}
        if (match is not None and match.pk in self.players) or ids & self.ids:
            raise ServiceError(_("%(player)s is already entered in this event."),
                               player=row.full_name)
        if keys & self.keys:
            raise ServiceError(_("%(player)s is already registered for this event."),
                               player=row.full_name)
        self.keys |= keys


@transaction.atomic
def registration_submit(*, event: Event, contact: Contact, players: Sequence[dict] = (),
                        team: dict | None = None, now=None) -> list[Registration]:
    """Register ``players`` (each a dict: a register ``player``, or new details: ``full_name``,
    ``gender``, ``birth_year``, ``club``, ``province``, ``federation``, ``rating``,
    ``national_id``, ``fide_id``), or in a team event one ``team`` (``name``, ``members``: such
    dicts in board order, reserves marked ``is_reserve``). Nobody's right is needed: the statute's
    registration must be open (Art. 18 b). Returns the registrations, pending or waiting."""
    now = now or timezone.now()
    event = event_lock(event=event)
    closed = registration_closed_reason(event, now)
    if closed:
        raise ServiceError(closed)
    if not event.format_rules.late_entries:  # a Swiss event asks no round (Art. 18 b)
        entries_open_check(event=event)
    if event.is_team != (team is not None) or (team is not None and players):
        raise ServiceError(_("This is a team event: register a team with its players.")
                           if event.is_team else
                           _("This is an individual event: register players."))
    if team is None and not 1 <= len(players) <= REGISTRATION_BATCH_MAX:
        raise ServiceError(_("Register 1 to %(n)s players at once."), n=REGISTRATION_BATCH_MAX)
    batch = secrets.token_hex(8)
    base = Registration(event=event, submitted_by_name=" ".join(contact.name.split()),
                        submitted_by_email=contact.email.strip(),
                        submitted_by_phone=contact.phone.strip(), batch=batch)
    if not base.submitted_by_name:
        raise ServiceError(_("Give your name, so the organisers can answer you."))
    seen = _Seen(event)
    rows: list[tuple[Registration, list[RegistrationMember]]] = []
    if team is not None:
        rows.append(_team_rows(event, base, team, seen))
    for details in players:
        row = Registration(**{f.attname: getattr(base, f.attname)
                              for f in Registration._meta.concrete_fields if not f.primary_key})
        _applicant(row, details)
        _checked(row)
        seen.add(row)
        rows.append((row, []))
    taken, last = registration_places(event)
    stored = []
    for row, members in rows:
        if event.registration_max is None or taken < event.registration_max:
            row.status, taken = RegistrationStatus.PENDING, taken + 1
        else:
            last += 1
            row.status, row.position = RegistrationStatus.WAITING, last
        row.save()
        for member in members:
            member.registration = row
            member.save()
        stored.append(row)
    return stored


def _team_rows(event: Event, base: Registration, team: dict,
               seen: _Seen) -> tuple[Registration, list[RegistrationMember]]:
    """A team's registration and its roster (appendix §4: board order, then reserves)."""
    if set(team) - {"name", "members"}:
        raise ServiceError(_("Unknown fields: %(fields)s"),
                           fields=", ".join(sorted(set(team) - {"name", "members"})))
    name = " ".join(str(team.get("name") or "").split())
    if not name:
        raise ServiceError(_("Give the team's name."))
    if fold(name) in registration_teams_taken(event):
        raise ServiceError(_("%(team)s is already registered."), team=name)
    row = Registration(**{f.attname: getattr(base, f.attname)
                          for f in Registration._meta.concrete_fields if not f.primary_key})
    row.team_name = name
    _checked(row)
    details = list(team.get("members") or [])
    boards = [d for d in details if not d.get("is_reserve")]
    reserves = [d for d in details if d.get("is_reserve")]
    if len(boards) != event.team_boards or len(reserves) > event.team_reserves:
        raise ServiceError(_("The team needs exactly %(n)s players, one per board, and at most "
                           "%(r)s reserves."), n=event.team_boards, r=event.team_reserves)
    members = []
    for order, one in enumerate([*boards, *reserves], start=1):
        member = RegistrationMember(board_order=order, is_reserve=order > len(boards))
        _applicant(member, one)
        _checked(member)
        seen.add(member)
        members.append(member)
    return row, members


def _decision_notify(registration: Registration, event: Event) -> None:
    """Tell whoever sent ``registration`` how it was decided (kind ``registration_decided``),
    in Vietnamese then English, sent once the decision commits: the one place a decision's
    message leaves. A registration sent without an e-mail address is told nothing."""
    if not registration.submitted_by_email:
        return
    url = settings.SITE_URL.rstrip("/") + reverse("tournaments:entries", args=[event.slug])

    def subject() -> str:
        return _("%(event)s: registration of %(name)s") % {"event": event.name,
                                                           "name": registration.name}

    def body() -> str:
        status = registration.get_status_display()
        lines = [_("Your registration of %(name)s for %(event)s: %(status)s.")
                 % {"name": registration.name, "event": event.name, "status": status}]
        if registration.reason:
            lines.append(_("Reason: %(reason)s") % {"reason": registration.reason})
        return "\n".join(lines)

    texts = []
    for lang in ("vi", "en"):
        with translation.override(lang):
            texts.append((subject(), body()))
    notification_send(event=event, kind=NotificationKind.REGISTRATION_DECIDED,
                      email=registration.submitted_by_email,
                      subject=" · ".join(dict.fromkeys(t[0] for t in texts)),
                      body="\n\n".join(t[1] for t in texts), url=url)


def _promote(event: Event, now) -> list[Registration]:
    """The waiting list's first ones take the places free, in order (``promoted_at``)."""
    promoted = []
    while event.registration_max is None or \
            registration_places_taken(event) < event.registration_max:
        first = registration_waiting_first(event)
        if first is None:
            break
        first.status, first.position, first.promoted_at = RegistrationStatus.PENDING, None, now
        first.save(update_fields=["status", "position", "promoted_at"])
        promoted.append(first)
    return promoted


def _player_for(row: ApplicantFields, actor) -> Player:
    """The register's player a registration names: the one found (by the page, the national
    ID, or the name and birth year), else a new one added by the approving organiser."""
    found = registration_register_match(row)
    if found is not None:
        return found
    fields = {name: getattr(row, name) for name in APPLICANT_KEYS[1:]}
    fields["federation"] = fields["federation"] or "VIE"
    fields["national_id"] = fields["national_id"] or None
    fields["fide_id"] = fields["fide_id"] or None
    return player_create(actor=actor, **fields)


def _approve(*, event: Event, registration: Registration, actor, now) -> Entry:
    failures = registration_failures(event_eligibility(event), registration,
                                     registration.members.select_related("player"))
    if failures:
        raise ServiceError(_("%(name)s may not enter (the statute, Art. 18): %(why)s."),
                           name=registration.name, why=failures)
    if registration.is_team:
        members = list(registration.members.select_related("player"))
        players = [_player_for(m, actor) for m in members]
        reserves = [p for p, m in zip(players, members, strict=True) if m.is_reserve]
        entry = team_register(event=event, actor=actor, name=registration.team_name,
                              players=[p for p in players if p not in reserves],
                              reserves=reserves, club=members[0].club if members else "")
    else:
        # A championship's first stage in groups takes them in its first group; the stage's
        # "deal" spreads them into the groups (services/championships.py: stage_register).
        player = _player_for(registration, actor)
        entry = entry_register(event=event, actor=actor, player=player)
        registration.player = player
    registration.status, registration.entry = RegistrationStatus.APPROVED, entry
    registration.decided_by, registration.decided_at = actor, now
    registration.save()
    return entry


def _registration_locked(registration: Registration, event: Event) -> Registration:
    locked = Registration.objects.select_for_update().get(pk=registration.pk)
    if locked.event_id != event.pk:
        raise ServiceError(_("This registration is not this event's."))
    return locked


@event_writer(perm="tournaments.change_event", of="registration")
def registration_decide(*, registration: Registration, actor, approve: bool, reason: str = "",
                        event: Event, now=None) -> Registration:
    """Approve a pending registration (its player entered) or reject a pending or waiting one
    with ``reason``; a rejected registration's place goes to the waiting list's first."""
    now = now or timezone.now()
    registration = _registration_locked(registration, event)
    reason = " ".join(reason.split())
    if approve:
        if registration.status != RegistrationStatus.PENDING:
            raise ServiceError(_("Only a registration waiting for the organisers can be "
                                 "approved: this one is %(status)s."),
                               status=registration.get_status_display())
        _approve(event=event, registration=registration, actor=actor, now=now)
    else:
        if registration.status not in (RegistrationStatus.PENDING, RegistrationStatus.WAITING):
            raise ServiceError(_("This registration is already decided: %(status)s."),
                               status=registration.get_status_display())
        if not reason:
            raise ServiceError(_("Say why the registration is rejected."))
        if len(reason) > Registration._meta.get_field("reason").max_length:
            raise ServiceError(_("The reason is too long: %(n)s characters at most."),
                               n=Registration._meta.get_field("reason").max_length)
        registration.status, registration.reason, registration.position = (
            RegistrationStatus.REJECTED, reason, None)
        registration.decided_by, registration.decided_at = actor, now
        registration.save()
        _promote(event, now)
    _decision_notify(registration, event)
    return registration


@event_writer(perm="tournaments.change_event")
def registrations_approve(*, event: Event, actor, now=None) -> list[Registration]:
    """Approve every pending registration that the statute's rule allows (Art. 18 b), in the
    order they came; the others stay pending, for the organisers to read their reasons."""
    now = now or timezone.now()
    approved = []
    rule = event_eligibility(event)
    for registration in (event.registrations.select_for_update()
                         .filter(status=RegistrationStatus.PENDING).order_by("created_at", "id")):
        members = list(registration.members.select_related("player"))
        if registration_failures(rule, registration, members):
            continue
        try:
            with transaction.atomic():
                _approve(event=event, registration=registration, actor=actor, now=now)
        except ServiceError:  # a duplicate of an entry made since: left for the organisers
            continue
        _decision_notify(registration, event)
        approved.append(registration)
    return approved


@event_writer(perm="tournaments.change_event", of="registration")
def registration_withdraw(*, registration: Registration, actor, event: Event,
                          now=None) -> Registration:
    """Take a registration back (the player or the leader asked the organisers): an approved
    one's entry is removed (not once paired: withdraw the entry then, Art. 21.5), and its place
    goes to the waiting list's first."""
    now = now or timezone.now()
    registration = _registration_locked(registration, event)
    if registration.status not in LIVE_STATUSES:
        raise ServiceError(_("This registration is already decided: %(status)s."),
                           status=registration.get_status_display())
    if registration.status == RegistrationStatus.APPROVED and registration.entry_id:
        entry_remove(entry=registration.entry, actor=actor)
    registration.status, registration.position, registration.entry = (
        RegistrationStatus.WITHDRAWN, None, None)
    registration.decided_by, registration.decided_at = actor, now
    registration.save()
    _promote(event, now)
    _decision_notify(registration, event)
    return registration
