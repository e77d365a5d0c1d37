"""The archive: finished public events season by season (the year they started), newest
first, ``ARCHIVE_PAGE_SIZE`` a page, with every season and its number of events. Three queries
whatever the number of events (the seasons, the season's count, its page), read from the
index of public events by date (migration 0034); none while the shared cache holds the page
(``ARCHIVE_CACHE_SECONDS``: a finished event rarely changes, and the page shows no result).

A championship's stages are listed on its own page, not here (as on the home)."""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count
from django.db.models.functions import ExtractYear
from django.utils import timezone

from tournaments.models import Event, Visibility
from tournaments.selectors.events import finished_filter, public_events_listed
from tournaments.text import whole_number

ARCHIVE_PAGE_SIZE = 50


@dataclass(frozen=True)
class ArchiveSeason:
    year: int
    count: int


@dataclass(frozen=True)
class ArchivePage:
    seasons: tuple[ArchiveSeason, ...]
    year: int | None  # the season shown (None: no finished event at all)
    count: int  # its events
    number: int  # the page, from 1
    pages: int
    events: tuple[Event, ...]

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def has_next(self) -> bool:
        return self.number < self.pages

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def _finished(today: datetime.date):
    return Event.objects.filter(finished_filter(today), visibility=Visibility.PUBLIC,
                                stage__isnull=True)


def archive_seasons(today: datetime.date) -> tuple[ArchiveSeason, ...]:
    """Every season with finished public events, newest first, and how many (one query, no
    row read but the index's)."""
    rows = (_finished(today).order_by().annotate(year=ExtractYear("start_date"))
            .values("year").annotate(n=Count("pk")).order_by("-year"))
    return tuple(ArchiveSeason(row["year"], row["n"]) for row in rows)


def _page(year: int | None, number: int, today: datetime.date) -> ArchivePage:
    seasons = archive_seasons(today)
    if not seasons:
        return ArchivePage((), None, 0, 1, 1, ())
    known = {s.year: s.count for s in seasons}
    year = year if year in known else seasons[0].year
    count = known[year]
    pages = max(1, math.ceil(count / ARCHIVE_PAGE_SIZE))
    number = min(max(number, 1), pages)
    start = (number - 1) * ARCHIVE_PAGE_SIZE
    events = (public_events_listed().filter(finished_filter(today), stage__isnull=True,
                                            start_date__year=year)
              .order_by("-start_date", "name", "pk")[start:start + ARCHIVE_PAGE_SIZE])
    return ArchivePage(seasons, year, count, number, pages, tuple(events))


def archive_page(*, year: str | int | None = None, page: str | int = 1,
                 today: datetime.date | None = None) -> ArchivePage:
    """The season ``year`` (the latest one when it has no finished event), page ``page`` (out
    of range: the nearest). Two queries besides the page's events; none from the cache."""
    today = today or timezone.localdate()
    year = whole_number(year) if year not in (None, "") else None
    number = whole_number(page) or 1
    seconds = settings.ARCHIVE_CACHE_SECONDS
    key = f"archive:{today.isoformat()}:{year}:{number}"
    found = cache.get(key) if seconds else None
    if found is None:
        found = _page(year, number, today)
        if seconds:
            cache.set(key, found, seconds)
    return found
