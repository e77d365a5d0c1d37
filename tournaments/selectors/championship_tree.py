"""Championships as their pages list them: which ones a visitor sees, and one championship's
categories, stages and stage events (groups) in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet

from tournaments.models import Category, Championship, ChampionshipRole, Event, Stage, Visibility


def public_championships() -> QuerySet[Championship]:
    return Championship.objects.filter(visibility=Visibility.PUBLIC).annotate(
        category_count=Count("categories", distinct=True))


def championships_run_by(user) -> QuerySet[Championship]:
    """Championships the user organises or arbitrates (all of them for a superuser)."""
    rows = Championship.objects.all()
    if not user.is_superuser:
        ids = ChampionshipRole.objects.filter(user=user).values("championship_id")
        rows = rows.filter(Q(pk__in=ids) | Q(created_by=user))
    return rows.annotate(category_count=Count("categories", distinct=True))


def championships_visible(user) -> QuerySet[Championship]:
    """Public championships and, for a signed-in user, those the user runs; newest first."""
    rows = public_championships()
    if user.is_authenticated:
        rows = (rows | championships_run_by(user)).distinct()
    return rows.order_by("-start_date", "name")


def stages_with_championship() -> QuerySet[Stage]:
    """Stages to find by id, each with its category and championship (whose rights apply)."""
    return Stage.objects.select_related("category__championship")


def stage_event_ids(stage: Stage) -> list[int]:
    """The ids of a stage's events: one, or its groups in order A, B..."""
    return list(stage.events.order_by("group_label", "pk").values_list("pk", flat=True))


def championship_roles(championship: Championship) -> QuerySet[ChampionshipRole]:
    """Who runs the championship: its roles with their people, by role."""
    return championship.roles.select_related("user").order_by("role")


def championship_if_visible(user, slug: str | None = None, *,
                         pk: int | None = None) -> Championship | None:
    """The championship of that address (or id) if the user may see it: public, or run by the
    user (``tournaments.view_championship``)."""
    championship = Championship.objects.filter(
        **({"slug": slug} if pk is None else {"pk": pk})).first()
    if championship is None or not user.has_perm("tournaments.view_championship",
                                                  championship):
        return None
    return championship


@dataclass(frozen=True)
class StageView:
    stage: Stage
    events: tuple[Event, ...]  # one, or the groups in order A, B...
    previous: Stage | None

    @property
    def started(self) -> bool:
        return any(e.round_count for e in self.events)


@dataclass(frozen=True)
class CategoryView:
    category: Category
    stages: tuple[StageView, ...]


def championship_tree(championship: Championship) -> tuple[CategoryView, ...]:
    """Every category with its stages and their events (entries and rounds counted): three
    queries whatever the size."""
    events = Event.objects.order_by("group_label").annotate(
        entry_count=Count("entries", distinct=True), round_count=Count("rounds_set",
                                                                       distinct=True))
    stages = Stage.objects.order_by("number").prefetch_related(Prefetch("events", events))
    categories = championship.categories.prefetch_related(Prefetch("stages", stages))
    out = []
    for category in categories:
        rows = list(category.stages.all())
        out.append(CategoryView(category, tuple(
            StageView(stage, tuple(stage.events.all()), rows[i - 1] if i else None)
            for i, stage in enumerate(rows))))
    return tuple(out)
