"""The spectators' home: public events and championships as ongoing, upcoming and finished,
newest first, paged; a championship's stages and groups listed under it, not again as events.

A phase is read from the dates: upcoming before the start date, finished after the end date
(the start date when there is none), ongoing in between."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from enum import StrEnum

from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Championship, Event, Visibility
from tournaments.selectors.championship_tree import public_championships
from tournaments.selectors.events import events_search, finished_filter, public_events_listed
from tournaments.text import whole_number

# The home shows this many items of each phase; a phase's own page lists them all, paged.
PREVIEW = 10
PAGE_SIZE = 20


class Phase(StrEnum):
    ONGOING = "ongoing"
    UPCOMING = "upcoming"
    FINISHED = "finished"

    @property
    def title(self) -> str:
        return str(_PHASE_TITLES[self])


_PHASE_TITLES = {Phase.ONGOING: _("Ongoing"), Phase.UPCOMING: _("Upcoming"),
                 Phase.FINISHED: _("Finished")}


@dataclass(frozen=True)
class HomeStage:
    """A stage of a championship on the home: its category and name, and its public events
    (one, or its groups A, B...)."""

    category: str
    name: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class HomeItem:
    """A stand-alone event or a championship (``stages`` under it)."""

    name: str
    url: str
    start_date: datetime.date
    end_date: datetime.date | None
    venue: str
    event: Event | None = None
    championship: Championship | None = None
    stages: tuple[HomeStage, ...] = ()


@dataclass(frozen=True)
class HomeSection:
    phase: Phase
    items: tuple[HomeItem, ...]
    count: int
    page: Page | None  # on a phase's own page; None on the home (``more`` says if it is cut)

    @property
    def title(self) -> str:
        return self.phase.title

    @property
    def more(self) -> bool:
        return self.page is None and self.count > len(self.items)


@dataclass(frozen=True)
class HomePage:
    query: str
    phase: Phase | None  # a phase's own page, or None for the home with all three
    sections: tuple[HomeSection, ...]

    @property
    def all_phases(self) -> tuple[Phase, ...]:
        return tuple(Phase)

    @property
    def empty(self) -> bool:
        return not any(s.count for s in self.sections)


def _phase_filter(phase: Phase, today: datetime.date) -> Q:
    finished = finished_filter(today)
    if phase is Phase.UPCOMING:
        return Q(start_date__gt=today)
    if phase is Phase.FINISHED:
        return finished
    return Q(start_date__lte=today) & ~finished


def _stages(championships: list[Championship]) -> dict[int, tuple[HomeStage, ...]]:
    """Each championship's stages with their public events, category by category, stage by
    stage, groups A, B... (one query)."""
    events = (Event.objects.filter(visibility=Visibility.PUBLIC,
                                   stage__category__championship__in=championships)
              .select_related("stage__category")
              .order_by("stage__category__order", "stage__category__pk", "stage__number",
                        "group_label", "pk"))
    grouped: dict[int, dict[int, list[Event]]] = {}
    for event in events:
        category = event.stage.category
        grouped.setdefault(category.championship_id, {}).setdefault(event.stage_id, []).append(
            event)
    return {cid: tuple(HomeStage(group[0].stage.category.name, str(group[0].stage),
                                 tuple(group)) for group in stages.values())
            for cid, stages in grouped.items()}


def _first(rows: QuerySet, upto: int) -> tuple[list, int]:
    """The first ``upto`` rows and how many there are (a count only when the list is cut)."""
    shown = list(rows[:upto])
    return shown, (rows.count() if len(shown) == upto else len(shown))


def _items(query: str, phase: Phase, today: datetime.date,
           upto: int) -> tuple[list[HomeItem], int]:
    """The phase's first ``upto`` items, newest first, and how many it has: events and
    championships each read up to ``upto`` in the database's order (by the index of public
    events by date), then merged."""
    when = _phase_filter(phase, today)
    order = ("-start_date", "name", "pk")
    events, event_count = _first(
        events_search(query, public_events_listed().filter(stage__isnull=True)).filter(when)
        .order_by(*order), upto)
    championships, championship_count = _first(
        events_search(query, public_championships()).filter(when).order_by(*order), upto)
    stages = _stages(championships) if championships else {}
    items = [HomeItem(e.name, e.get_absolute_url(), e.start_date, e.end_date, e.venue, event=e)
             for e in events]
    items += [HomeItem(c.name, c.get_absolute_url(), c.start_date, c.end_date, c.venue,
                       championship=c, stages=stages.get(c.pk, ())) for c in championships]
    items.sort(key=lambda i: i.name)
    items.sort(key=lambda i: i.start_date, reverse=True)  # newest first, then by name
    return items[:upto], event_count + championship_count


def home_page(*, query: str = "", phase: str = "", page: str | int = 1,
              today: datetime.date | None = None) -> HomePage:
    """The home (``phase`` empty: each phase's first ``PREVIEW`` items) or one phase's own
    page, ``PAGE_SIZE`` items a page (a page out of range gives the last). A phase's page
    ``n`` reads the first ``n`` pages of events and of championships: the archive
    (``selectors/archive.py``) pages the finished events season by season."""
    today = today or timezone.localdate()
    chosen = Phase(phase) if phase in Phase.__members__.values() else None
    sections = []
    for each in (chosen,) if chosen else tuple(Phase):
        if chosen:
            number = max(1, whole_number(page) or 1)
            items, count = _items(query, each, today, number * PAGE_SIZE)
            # Beyond the last page every item was read (fewer than asked): the last page.
            # The paginator counts ``count`` items, of which the page's are read.
            padded = items + [None] * (count - len(items))
            shown = Paginator(padded, PAGE_SIZE).get_page(number)
            sections.append(HomeSection(each, tuple(shown), count, shown))
        else:
            items, count = _items(query, each, today, PREVIEW)
            sections.append(HomeSection(each, tuple(items[:PREVIEW]), count, None))
    return HomePage(query, chosen, tuple(sections))
