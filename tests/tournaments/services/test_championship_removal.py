"""Removing championships, categories and stages, a stage event's statute kept in
agreement with its stage, and stages added by an organiser appointed on the championship."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import UserFactory, championship_with_swiss
from tournaments.errors import ServiceError
from tournaments.models import Category, Championship, Entry, Event, Role, Stage
from tournaments.services.championship_removal import (
    category_remove,
    championship_remove,
    stage_remove,
)
from tournaments.services.championships import championship_role_assign, stage_add
from tournaments.services.events import event_update
from tournaments.services.formats import round_start

pytestmark = pytest.mark.django_db


def test_the_last_stage_goes_with_its_group_events(organiser, chief_arbiter):
    championship, category, first, event = championship_with_swiss(organiser, chief_arbiter)
    groups = stage_add(category=category, actor=organiser, format="rr", groups=2)
    group_ids = list(groups.events.values_list("pk", flat=True))
    stage_remove(stage=groups, actor=organiser)
    assert not Stage.objects.filter(pk=groups.pk).exists()
    assert not Event.objects.filter(pk__in=group_ids).exists()
    assert list(category.stages.all()) == [first]
    assert Entry.objects.filter(event=event).count() == 8  # the earlier stage is untouched


def test_an_earlier_stage_waits_for_the_later_one(organiser, chief_arbiter):
    championship, category, first, event = championship_with_swiss(organiser, chief_arbiter)
    stage_add(category=category, actor=organiser, format="ko")
    with pytest.raises(ServiceError, match="last stage"):
        stage_remove(stage=first, actor=organiser)
    assert Stage.objects.filter(pk=first.pk).exists() and Event.objects.filter(pk=event.pk) \
        .exists()


def test_nothing_played_is_removed(organiser, chief_arbiter):
    championship, category, stage, event = championship_with_swiss(organiser, chief_arbiter)
    round_start(event=event, actor=organiser)
    for remove, target in ((stage_remove, {"stage": stage}),
                           (category_remove, {"category": category}),
                           (championship_remove, {"championship": championship})):
        with pytest.raises(ServiceError, match="already has rounds"):
            remove(actor=organiser, **target)
    assert event.rounds_set.count() == 1 and Category.objects.filter(pk=category.pk).exists()


def test_a_championship_goes_with_everything_it_holds(organiser, chief_arbiter):
    championship, category, stage, event = championship_with_swiss(organiser, chief_arbiter)
    championship_remove(championship=championship, actor=organiser)
    assert not Championship.objects.filter(pk=championship.pk).exists()
    assert not Event.objects.filter(pk=event.pk).exists()
    assert not Stage.objects.filter(pk=stage.pk).exists()


def test_a_category_goes_with_its_stages(organiser, chief_arbiter):
    championship, category, stage, event = championship_with_swiss(organiser, chief_arbiter)
    category_remove(category=category, actor=organiser)
    assert not championship.categories.exists()
    assert not Event.objects.filter(pk=event.pk).exists()


def test_only_the_championship_organisers_remove(organiser, chief_arbiter, stranger):
    championship, category, stage, event = championship_with_swiss(organiser, chief_arbiter)
    for actor in (chief_arbiter, stranger, None):
        with pytest.raises(PermissionDenied):
            stage_remove(stage=stage, actor=actor)
        with pytest.raises(PermissionDenied):
            championship_remove(championship=championship, actor=actor)
    assert Event.objects.filter(pk=event.pk).exists()


@pytest.mark.parametrize("change", [{"format": "rr"}, {"participant_kind": "team"}])
def test_a_stage_event_keeps_its_stage_format(organiser, chief_arbiter, change):
    championship, category, stage, event = championship_with_swiss(organiser, chief_arbiter)
    with pytest.raises(ServiceError, match="cannot change here"):
        event_update(event=event, actor=organiser, **change)
    event.refresh_from_db()
    assert (event.format, event.participant_kind) == ("swiss", "individual")
    # The rest of its statute stays the organiser's to change.
    event_update(event=event, actor=organiser, rounds=5, format="swiss")
    event.refresh_from_db()
    assert event.rounds == 5


def test_an_appointed_organiser_adds_stages(organiser, chief_arbiter):
    """The right to add a stage is the championship's, not the global right to create events."""
    championship, category, stage, event = championship_with_swiss(organiser, chief_arbiter)
    appointed = UserFactory(username="appointed")
    assert not appointed.has_perm("tournaments.add_event")
    championship_role_assign(championship=championship, actor=organiser, user=appointed,
                             role=Role.ORGANISER)
    later = stage_add(category=category, actor=appointed, format="ko")
    made = later.events.get()
    assert appointed.has_perm("tournaments.change_event", made)
    # The championship's chief arbiter is given the new stage too.
    assert chief_arbiter.has_perm("tournaments.pair_round", made)
    with pytest.raises(PermissionDenied):
        stage_add(category=category, actor=chief_arbiter, format="ko")


def test_a_removed_events_cached_public_page_is_not_served_again(
        organiser, chief_arbiter, settings, django_capture_on_commit_callbacks):
    """Removing locks each stage event, which bumps its version, so a visitor's page
    kept in the shared cache (production: the versions cached too) is not served after it."""
    from tests.tournaments.builders import client_for

    settings.EVENT_VERSION_CACHE_SECONDS, settings.PUBLIC_CACHE_SECONDS = 60, 600
    championship, category, first, event = championship_with_swiss(organiser, chief_arbiter)
    Event.objects.filter(pk=event.pk).update(visibility="public")
    visitor = client_for()
    url = f"/events/{event.slug}/entries/"
    assert visitor.get(url).status_code == 200 and visitor.get(url).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        category_remove(category=category, actor=organiser)
    assert visitor.get(url).status_code == 404
