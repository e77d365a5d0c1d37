"""Awarding a title or classification of the federation's list to a player of the register
(``models/titles.py``), and revoking one entered in error.

Who may: ``tournaments.award_title`` (``tournaments/rules.py``): the register's keepers
(superusers and holders of ``tournaments.change_player``, the federation's staff) until the
organisations tree decides which of a federation's administrators may. Each award keeps its
history (who, when, why); the events the player is entered in have their version raised, since
their closing documents print the titles (Art. 15.1, 19.4).
"""

from __future__ import annotations

import datetime

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Player, PlayerTitle, TitleKind
from tournaments.services._access import reason_check
from tournaments.services._history import history_note
from tournaments.services.players import player_events_lock


def title_award_require(*, actor) -> None:
    """Refuse unless ``actor`` may award titles and classifications."""
    if actor is None or not actor.has_perm("tournaments.award_title"):
        raise PermissionDenied(_("Only the register's keepers (the federation's staff) may "
                                 "award or revoke titles and classifications."))


def _clean(text: str, limit: int, label: str) -> str:
    text = " ".join((text or "").split())
    if len(text) > limit:
        raise ServiceError(_("%(label)s is too long: %(n)s characters at most."),
                           label=label, n=limit)
    return text


@transaction.atomic
def player_title_award(*, player: Player, kind: TitleKind, awarded_on: datetime.date, actor,
                       awarded_by: str = "", note: str = "", reason: str = "") -> PlayerTitle:
    """Record that ``player`` holds ``kind`` since ``awarded_on``."""
    title_award_require(actor=actor)
    reason_check(reason=reason)
    if not isinstance(awarded_on, datetime.date):
        raise ServiceError(_("The date awarded is missing."))
    if awarded_on > datetime.date.today():
        raise ServiceError(_("The date awarded is in the future."))
    awarded_by = _clean(awarded_by, 120, _("Awarded by"))
    note = _clean(note, 200, _("Note"))
    player_events_lock(player=player)
    if PlayerTitle.objects.filter(player=player, kind=kind, awarded_on=awarded_on).exists():
        raise ServiceError(_("%(name)s already holds %(title)s awarded on that date."),
                           name=player.full_name, title=kind.label)
    title = PlayerTitle(player=player, kind=kind, awarded_on=awarded_on,
                        awarded_by=awarded_by or kind.awarded_by, note=note, created_by=actor)
    history_note(row=title, actor=actor, reason=reason or "award")
    title.save()
    return title


@transaction.atomic
def player_title_revoke(*, title: PlayerTitle, actor, reason: str) -> None:
    """Take away an award entered in error (its history keeps who, when and why)."""
    title_award_require(actor=actor)
    reason_check(reason=reason)
    if not (reason or "").strip():
        raise ServiceError(_("Say why the title is revoked."))
    player_events_lock(player=title.player)
    title = PlayerTitle.objects.select_for_update().get(pk=title.pk)
    history_note(row=title, actor=actor, reason=reason)
    title.delete()


