"""Creating an event from its statute, changing it, and appointing who runs it."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import (
    AddressKind,
    Event,
    EventRole,
    Format,
    Role,
    Visibility,
    law_defaults,
)
from tournaments.rules import roles_forget
from tournaments.selectors.addresses import address_taken
from tournaments.selectors.events import STATUTE_FIELDS, event_slug_free
from tournaments.services._access import event_writer, organisation_require
from tournaments.services._addresses import address_change
from tournaments.services.round_checks import drafts_check_schedule
from tournaments.text import slug_valid


def _check_fields(values: dict) -> None:
    unknown = set(values) - STATUTE_FIELDS
    if unknown:
        raise ServiceError(_("Unknown statute fields: %(fields)s"),
                           fields=", ".join(sorted(unknown)))


@transaction.atomic
def event_create(*, actor, name: str, start_date, organisation=None, **statute) -> Event:
    """Create an event, under ``organisation`` or the site's; the creator becomes its
    organiser. Unknown fields are refused."""
    organisation_require(actor=actor, organisation=organisation)
    return event_build(actor=actor, name=name, start_date=start_date, organisation=organisation,
                       **statute)


def event_build(*, actor, name: str, start_date, organisation=None, **statute) -> Event:
    """Make the event and its organiser role, the right already checked by the caller:
    ``event_create`` (the global right to create events) or ``stage_add`` (organising the
    championship the stage belongs to). Runs inside the caller's transaction."""
    _check_fields(statute)
    fmt = statute.get("format", Format.SWISS)
    values = {**law_defaults(fmt, statute.get("games_per_match")), **statute}
    event = Event(name=name, start_date=start_date, created_by=actor,
                  organisation=organisation, **values)
    if not event.slug:
        event.slug = event_slug_free(name)
    elif not slug_valid(event.slug) or address_taken(AddressKind.EVENT, event.slug):
        raise ServiceError(_("The address %(slug)s is taken or not allowed: choose another."),
                           slug=event.slug)
    event.full_clean()
    event.save()
    EventRole.objects.create(event=event, user=actor, role=Role.ORGANISER)
    return event


# Pairing options that decided the rounds already drawn: the initial colour and the
# acceleration (C.04.3 A.1, E; Baku), the knockout bracket's seeding and third-place match
# (appendix §2, §3), the double round robin's order at the turn (C.05 Annex 1). Changed later,
# the next rounds would follow another rule than the first ones.
DRAW_OPTIONS = frozenset({"initial_colour", "acceleration", "dutch_edition", "seeding",
                          "third_place_match", "fide_cycle_swap"})


def _check_fixed_after_the_draw(event: Event, changes: dict, made: int) -> None:
    changed = {k for k, v in changes.items() if getattr(event, k) != v}
    if changed & {"format", "participant_kind", "games_per_match"}:
        raise ServiceError(_("The format, the kind of participants and the games per match "
                             "cannot change once the event has rounds."))
    if "team_boards" in changed:
        # Appendix §4: a team match has one game per board, stored when it is paired.
        raise ServiceError(_("The number of boards per team cannot change once the event "
                             "has rounds."))
    if changed & DRAW_OPTIONS:
        raise ServiceError(_("The pairing options cannot change once the event has rounds: "
                             "%(fields)s."),
                           fields=", ".join(str(Event._meta.get_field(k).verbose_name)
                                            for k in sorted(changed & DRAW_OPTIONS)))
    rounds = changes.get("rounds")
    if "rounds" in changed and event.format_rules.rounds_announced and rounds is not None \
            and rounds < made:
        raise ServiceError(_("The event already has %(n)s rounds."), n=made)


def _check_agrees_with_stage(event: Event, changes: dict) -> None:
    """A championship stage's event keeps its stage's format and its category's kind of
    participants (Art. 17.3: the championship's statute decides each stage's format, and the
    qualification rule of the next stage is written for it; parallel groups play one format).
    The stage is changed on the championship's page, not through one of its events."""
    if event.stage_id is None:
        return
    stage = event.stage
    if changes.get("format", stage.format) != stage.format:
        raise ServiceError(_("This event is %(stage)s of the championship %(championship)s: "
                             "its format is the stage's (%(format)s) and cannot change here."),
                           stage=stage, championship=stage.category.championship,
                           format=stage.get_format_display())
    kind = stage.category.participant_kind
    if changes.get("participant_kind", kind) != kind:
        raise ServiceError(_("This event is %(stage)s of the championship %(championship)s: "
                             "its participants are the category's and cannot change here."),
                           stage=stage, championship=stage.category.championship)


@event_writer(perm="tournaments.change_event")
def event_update(*, event: Event, actor, **changes) -> Event:
    """Change the statute. What shaped the rounds already drawn is fixed once a round exists.

    Scoring, points and the tie-break order stay open: standings are computed on read, so a
    statute corrected late ranks every round by the same rule (Art. 21.3, 21.4).
    """
    _check_fields(changes)
    _check_agrees_with_stage(event, changes)
    made = event.rounds_set.count()
    if made:
        _check_fixed_after_the_draw(event, changes, made)
    if "slug" in changes:  # the former address redirects to the new one
        address_change(row=event, kind=AddressKind.EVENT, actor=actor, slug=changes.pop("slug"))
    for field, value in changes.items():
        setattr(event, field, value)
    event.full_clean()
    event.save()
    if made:
        drafts_check_schedule(event=event)
    return event


@event_writer(perm="tournaments.change_event")
def event_visibility_set(*, event: Event, actor, public: bool) -> Event:
    event.visibility = Visibility.PUBLIC if public else Visibility.DRAFT
    event.save(update_fields=["visibility", "updated_at"])
    return event


@event_writer(perm="tournaments.change_event")
def role_assign(*, event: Event, actor, user, role: str) -> EventRole:
    """Appoint ``user`` (Art. 19, 20): organisers appoint the chief arbiter and arbiters
    (the public overview names them: the event's version moves)."""
    if role not in Role.values:
        raise ServiceError(_("Unknown role."))
    if role == Role.CHIEF_ARBITER:
        current = EventRole.objects.filter(event=event, role=Role.CHIEF_ARBITER).exclude(user=user)
        if current.exists():
            raise ServiceError(_("This event already has a chief arbiter; remove them first."))
    event_role, _created = EventRole.objects.get_or_create(event=event, user=user, role=role)
    roles_forget(user)
    return event_role


@event_writer(perm="tournaments.change_event", closed_ok=True)
def role_remove(*, event: Event, actor, user, role: str) -> None:
    """Take a role away; on a closed event too (a right taken back, not the event's record)."""
    if role == Role.ORGANISER and user.pk == event.created_by_id:
        raise ServiceError(_("The event's creator stays its organiser."))
    EventRole.objects.filter(event=event, user=user, role=role).delete()
    roles_forget(user)
