"""Merging a duplicate player of the register into the one kept: the duplicate's entries,
team rosters, team games, registrations, rating list rows and rating changes, titles (with
their history) follow the kept player, and the duplicate is deleted, in one transaction.

Refused when both played in the same event (alone or on a team's roster): one of those entries
would have to go, and the event's results with it; the refusal names the events. The kept
player takes the duplicate's IDs, birth year, sex, club, province and e-mail where his own are
empty; his history records the merge naming both (ids and names), and the duplicate's deletion
is recorded in the duplicate's own history with the same note, so both histories stay readable.

Who may: ``tournaments.edit_player`` on both players (``tournaments/rules.py``: the register's
keepers, or the organisations' tree: the administrators of both players' clubs or of an
organisation above them, a federation's administrators). The duplicate's club memberships
follow the kept player like every other row naming him.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Event, Player, PlayerTitle
from tournaments.services._access import event_lock, reason_check
from tournaments.services._history import history_note
from tournaments.services.players import PLAYER_EDIT_REFUSAL

# The kept player's empty details filled from the duplicate's.
FILLED_FIELDS = ("national_id", "fide_id", "birth_year", "gender", "club", "province", "email")


def _events(player: Player) -> set[int]:
    return set(Event.objects.filter(
        Q(entries__player=player) | Q(entries__members__player=player))
        .values_list("pk", flat=True))


def _relations():
    """Every foreign key to a player (those without a reverse name too: a team game's
    players), but the history tables' (history stays as it was)."""
    for relation in Player._meta.get_fields(include_hidden=True):
        if not relation.auto_created or relation.concrete:
            continue
        model = relation.related_model
        if model.__name__.startswith("Historical") or not relation.one_to_many:
            continue
        yield model, relation.field.name


@transaction.atomic
def player_merge(*, keep: Player, duplicate: Player, actor, reason: str = "") -> dict[str, int]:
    """Move everything of ``duplicate`` to ``keep`` and delete ``duplicate``; returns how many
    rows of each kind moved."""
    if actor is None or not (actor.has_perm("tournaments.edit_player", keep)
                             and actor.has_perm("tournaments.edit_player", duplicate)):
        raise PermissionDenied(PLAYER_EDIT_REFUSAL)
    reason_check(reason=reason)
    if keep.pk == duplicate.pk:
        raise ServiceError(_("Pick two different players."))
    kept_events, duplicate_events = _events(keep), _events(duplicate)
    shared = kept_events & duplicate_events
    if shared:
        names = ", ".join(Event.objects.filter(pk__in=shared).order_by("pk")
                          .values_list("name", flat=True))
        raise ServiceError(_("%(keep)s and %(duplicate)s both played in %(events)s: merging "
                             "them would leave one player twice in those events. Withdraw or "
                             "remove one of the entries first; nothing was merged."),
                           keep=keep.full_name, duplicate=duplicate.full_name, events=names)
    for pk in sorted(kept_events | duplicate_events):  # their pages show the player
        event_lock(event=pk, closed_ok=True)  # a register's merge passes a closed event
    keep = Player.objects.select_for_update().get(pk=keep.pk)
    duplicate = Player.objects.select_for_update().get(pk=duplicate.pk)
    note = (_("merged: #%(duplicate_id)s %(duplicate)s into #%(keep_id)s %(keep)s")
            % {"duplicate_id": duplicate.pk, "duplicate": duplicate.full_name,
               "keep_id": keep.pk, "keep": keep.full_name})
    if reason:
        note = f"{note}: {reason}"
    moved = _move(keep, duplicate)
    filled = {f: getattr(duplicate, f) for f in FILLED_FIELDS
              if getattr(duplicate, f) not in (None, "") and getattr(keep, f) in (None, "")}
    history_note(row=duplicate, actor=actor, reason=note[:100])
    if filled:  # the IDs are unique: the duplicate gives them up before the kept player takes them
        Player.objects.filter(pk=duplicate.pk).update(national_id=None, fide_id=None)
    duplicate.delete()
    for field, value in filled.items():
        setattr(keep, field, value)
    history_note(row=keep, actor=actor, reason=note[:100])
    keep.save()
    return moved


def _move(keep: Player, duplicate: Player) -> dict[str, int]:
    # A title the kept player holds already (same kind, same date) is not held twice.
    held = set(PlayerTitle.objects.filter(player=keep).values_list("kind_id", "awarded_on"))
    twice = [t.pk for t in PlayerTitle.objects.filter(player=duplicate)
             if (t.kind_id, t.awarded_on) in held]
    PlayerTitle.objects.filter(pk__in=twice).delete()
    PlayerTitle.history.filter(player_id=duplicate.pk).update(player_id=keep.pk)
    moved = {}
    for model, field in _relations():
        count = model._default_manager.filter(**{field: duplicate}).update(**{field: keep})
        if count:
            key = model._meta.model_name + ("" if field == "player" else f".{field}")
            moved[key] = moved.get(key, 0) + count
    return moved
