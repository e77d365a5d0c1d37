"""Correcting a player of the register: name, rating, club, province, federation, IDs.

The register belongs to the federation and is shared by all events, so entering a player in an
event gives no right over his details: the organisations' tree decides who corrects him
(``models/organisations.py``): the administrators of a club, province or city he is a member of
today, or of one above it, and the federation's administrators; besides them, the register's
keepers (the superuser gives Django's ``tournaments.change_player`` in the admin). The right is
``tournaments.edit_player`` (``tournaments/rules.py: governs_player``). Every change is kept
in the player's history (who, when, from what to what, and why), read by
``selectors/players.py: player_history``.

An entry keeps the rating the player had when entered (the event's seeding, C.04.2). A rating
corrected before the event's first round follows into that event's entry, when the entry still
carries the old rating; once a round is paired the entry's rating is the event's own.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import ServiceError
from tournaments.models import Entry, Event, Player
from tournaments.services._access import event_lock, reason_check
from tournaments.services._history import history_note

# Why a player's details may not be corrected (the pages and the API say it too).
PLAYER_EDIT_REFUSAL = gettext_lazy(
    "Only the administrators of this player's club or province, those of the federation and "
    "the register's keepers may correct this player's details.")
EDITABLE_FIELDS = ("full_name", "gender", "birth_year", "club", "province", "federation",
                   "national_id", "fide_id", "rating", "title", "email")


def player_edit_require(*, actor, player: Player) -> None:
    """Refuse unless ``actor`` may correct ``player`` (see the module's docstring)."""
    if actor is None or not actor.has_perm("tournaments.edit_player", player):
        raise PermissionDenied(PLAYER_EDIT_REFUSAL)


def _normalised(field: str, value):
    if field in ("national_id", "fide_id"):
        return (value or "").strip() or None
    if field == "federation":
        return (value or "").strip().upper() or "VIE"
    if field == "email":
        return (value or "").strip()
    if field in ("full_name", "club", "province"):
        return " ".join((value or "").split())
    if field in ("gender", "title"):
        return value or ""
    return value


def _player_changes(player: Player, values: dict) -> dict[str, tuple]:
    """The fields ``values`` would change, each with (before, after); unknown keys refused."""
    unknown = set(values) - set(EDITABLE_FIELDS)
    if unknown:
        raise ServiceError(_("These fields cannot be changed: %(fields)s."),
                           fields=", ".join(sorted(unknown)))
    changes = {}
    for field, value in values.items():
        after = _normalised(field, value)
        before = getattr(player, field)
        if after != before:
            changes[field] = (before, after)
    return changes


def _check_ids(player: Player) -> None:
    for field in ("national_id", "fide_id"):
        value = getattr(player, field)
        other = (Player.objects.filter(**{f"{field}__iexact": value}).exclude(pk=player.pk)
                 .first() if value else None)
        if other is not None:
            raise ServiceError(_("%(label)s %(id)s already belongs to %(name)s."),
                               label=Player._meta.get_field(field).verbose_name,
                               id=getattr(other, field),
                               name=other.full_name)


def _validate(player: Player) -> None:
    if not player.full_name:
        raise ServiceError(_("The name is missing."))
    if not (len(player.federation) == 3 and player.federation.isascii()
            and player.federation.isalpha()):
        raise ServiceError(_("Federation “%(value)s” is not a three-letter code such as VIE."),
                           value=player.federation)
    _check_ids(player)
    try:
        player.full_clean(exclude=["name_folded", "sort_key", "national_id", "fide_id"])
    except ValidationError as error:
        raise ServiceError("%(errors)s", errors=" ".join(
            f"{Player._meta.get_field(f).verbose_name}: {' '.join(m)}"
            for f, m in error.message_dict.items())) from error


def player_create(*, actor, **fields) -> Player:
    """A new player of the register, added by ``actor`` (kept as who added him), in the
    caller's transaction: the quick add and an approved registration's new player."""
    return Player.objects.create(**fields, created_by=actor)


def player_apply(*, player: Player, values: dict, actor, reason: str) -> dict[str, tuple]:
    """Write ``values`` into a locked ``player`` with its history, in the caller's transaction
    (the rights already checked); returns the changes. Shared by the form, the API and the
    imports that update players already registered."""
    changes = _player_changes(player, values)
    if not changes:
        return changes
    old_rating = player.rating
    for field, (_before, after) in changes.items():
        setattr(player, field, after)
    _validate(player)
    history_note(row=player, actor=actor, reason=reason or "edit")
    player.save()
    if "rating" in changes:
        Entry.objects.filter(player=player, rating=old_rating,
                             event__rounds_set__isnull=True,
                             event__closed_at__isnull=True).update(rating=player.rating)
    return changes


@transaction.atomic
def player_update(*, player: Player, actor, reason: str = "", **values) -> Player:
    """Correct a player of the register (the one entry point of the pages and the API)."""
    player_edit_require(actor=actor, player=player)
    reason_check(reason=reason)
    player_events_lock(player=player)  # the name shows on their pages: their version moves
    player = Player.objects.select_for_update().get(pk=player.pk)
    player_apply(player=player, values=values, actor=actor, reason=reason)
    return player


def player_events_lock(*, player: Player) -> None:
    """Lock the events the player is entered in, by id (their pages show the player's name
    and titles, so their versions move with the player's changes)."""
    for pk in _events_of(player):
        event_lock(event=pk, closed_ok=True)  # the register's change, not the event's


def _events_of(player: Player) -> list[int]:
    """The events the player is entered in, alone or in a team's roster, by id."""
    return sorted(set(Event.objects.filter(
        Q(entries__player=player) | Q(entries__members__player=player))
        .values_list("pk", flat=True)))
