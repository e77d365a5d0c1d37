"""Removing a championship, one of its categories or its last stage, with their stage events.

Only the championship's organisers remove (``tournaments.change_championship``). Nothing that
has been played is removed: once a stage's event has a round, its games belong to the record of
the event (Art. 21: results and standings), so the removal is refused with the reason. A later
stage depends on the one before (its qualification rule reads it), so stages are removed from
the last one back.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Category, Championship, Event, Stage
from tournaments.services._access import championship_require, event_lock


def _refuse_if_played(events, what: str) -> None:
    played = events.filter(rounds_set__isnull=False).order_by("name").first()
    if played is not None:
        raise ServiceError(_("%(what)s cannot be removed: %(event)s already has rounds."),
                           what=what, event=played.name)


def _remove_events(events) -> None:
    """The stage events go with their entries, roles and drafts (cascade); ``Event.stage`` is
    protected so a stage is never left half-removed. Each is locked first, which also bumps its
    version, so no cached public page of a removed event is served after the
    commit."""
    for event in events:
        event_lock(event=event).delete()


@transaction.atomic
def stage_remove(*, stage: Stage, actor) -> None:
    """Remove the category's last stage and its events, if none has rounds."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=stage.category.championship)
    stage = Stage.objects.select_for_update().get(pk=stage.pk)
    if stage.category.stages.filter(number__gt=stage.number).exists():
        raise ServiceError(_("Only the category's last stage can be removed: a later stage "
                             "takes its players from this one."))
    events = Event.objects.filter(stage=stage)
    _refuse_if_played(events, str(stage))
    _remove_events(events)
    stage.delete()


@transaction.atomic
def category_remove(*, category: Category, actor) -> None:
    """Remove a category with all its stages, if none of their events has rounds."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=category.championship)
    category = Category.objects.select_for_update().get(pk=category.pk)
    events = Event.objects.filter(stage__category=category)
    _refuse_if_played(events, category.name)
    _remove_events(events)
    category.delete()


@transaction.atomic
def championship_remove(*, championship: Championship, actor) -> None:
    """Remove a championship with its categories, stages and roles, if no stage event has
    rounds."""
    championship_require(actor=actor, perm="tournaments.change_championship",
                         championship=championship)
    championship = Championship.objects.select_for_update().get(pk=championship.pk)
    events = Event.objects.filter(stage__category__championship=championship)
    _refuse_if_played(events, championship.name)
    _remove_events(events)
    championship.delete()
