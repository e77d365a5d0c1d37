"""The archive's search: public events (name, venue, organiser, year) and the players a
visitor may read (on a published rating list or entered in a public event), diacritics
ignored, "đ" read as "d", every word of the query the beginning of a word found ("nguy ha"
finds "Nguyễn Thị Hà"; "2024" the events of 2024).

PostgreSQL: full-text search with the ``simple`` configuration over the columns themselves,
folded by ``unaccent`` (``f_event_search``, ``f_player_search``: immutable functions, each with
its GIN index, migration 0034), the query's words as prefixes (``word:*``). Elsewhere (SQLite):
the stored ``search_text`` (the same words folded in Python, ``text.search_text``), each word
found with ``LIKE '% word%'``. Both cut a text at anything but a letter or a digit, so both
find the same rows (``tests/tournaments/selectors/test_search.py`` runs on both).

Ranked: the exact name first, then names that begin with the query, then events newest first
and players by their given name. At most ``limit`` of each, and whether there were more. An
answer is kept in the shared cache for ``SEARCH_CACHE_SECONDS`` (a query's answer changes only
when an event or a player does; a short time bounds how stale it may be).
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass, replace

from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchVectorField
from django.core.cache import cache
from django.db import connection
from django.db.models import Case, Exists, F, Func, IntegerField, OuterRef, QuerySet, Value, When
from django.urls import reverse

from tournaments.models import Entry, Event, Player, RatingListRow, Visibility
from tournaments.text import SEARCH_MAX_CHARS, SEARCH_MAX_WORDS, fold, search_tokens

SEARCH_LIMIT = 20
# Matching players are asked whether anyone may read them this many at a time, and no more
# than ``SEARCH_MAX_CANDIDATES`` of them (a word shared by more players is too common to
# search further: add a word).
PLAYER_BATCH = 200
SEARCH_MAX_CANDIDATES = 2000


@dataclass(frozen=True)
class EventFound:
    name: str
    url: str
    start_date: datetime.date
    end_date: datetime.date | None
    venue: str
    organiser: str


@dataclass(frozen=True)
class PlayerFound:
    id: int
    name: str
    url: str
    club: str
    province: str
    rating: int | None
    title: str


@dataclass(frozen=True)
class SearchResults:
    query: str
    words: tuple[str, ...]
    events: tuple[EventFound, ...]
    players: tuple[PlayerFound, ...]
    more_events: bool
    more_players: bool

    @property
    def empty(self) -> bool:
        return not (self.events or self.players)


def query_words(query: str) -> tuple[str, ...]:
    """The words searched for: ``query``'s first ``SEARCH_MAX_CHARS`` characters folded and
    cut as the stored texts are (``text.search_tokens``), at most ``SEARCH_MAX_WORDS``."""
    words = dict.fromkeys(search_tokens(query[:SEARCH_MAX_CHARS]))
    return tuple(words)[:SEARCH_MAX_WORDS]


def _matching(rows: QuerySet, words: tuple[str, ...], *, document: Func) -> QuerySet:
    if connection.vendor == "postgresql":
        prefixes = " & ".join(f"{word}:*" for word in words)
        return rows.alias(document=document).filter(
            document=SearchQuery(prefixes, search_type="raw", config="simple"))
    for word in words:
        rows = rows.filter(search_text__contains=" " + word)
    return rows


def _rank(name: str) -> Case:
    """0 for the exact name, 1 for a name that begins with it, 2 for the others."""
    return Case(When(name_folded=name, then=Value(0)),
                When(name_folded__startswith=name, then=Value(1)),
                default=Value(2), output_field=IntegerField())


def events_found(words: tuple[str, ...], name: str, limit: int) -> list[Event]:
    """Public events with every word, best first; ``limit`` + 1 at most (one query)."""
    document = Func(F("name"), F("venue"), F("organiser"), F("start_date"),
                    function="public.f_event_search", output_field=SearchVectorField())
    rows = _matching(Event.objects.filter(visibility=Visibility.PUBLIC), words,
                     document=document)
    return list(rows.annotate(rank=_rank(name))
                .only("name", "slug", "start_date", "end_date", "venue", "organiser")
                .order_by("rank", "-start_date", "name", "pk")[:limit + 1])


def players_found(words: tuple[str, ...], name: str, limit: int) -> list[Player]:
    """Players with every word whom anyone may read (``selectors/ratings.py:
    public_player``), best first; ``limit`` + 1 at most.

    The matching players are ranked first and taken ``PLAYER_BATCH`` at a time, and only those
    are asked whether anyone may read them: one query while a batch holds enough readable
    players (a register's players are there to play). Asked of every matching player at once,
    PostgreSQL would read every entry of every event to answer a common name."""
    document = Func(F("full_name"), function="public.f_player_search",
                    output_field=SearchVectorField())
    public = (Exists(Entry.objects.filter(player=OuterRef("pk"),
                                          event__visibility=Visibility.PUBLIC))
              | Exists(RatingListRow.objects.filter(player=OuterRef("pk"))))
    order = ("rank", "sort_key", "pk")
    candidates = (_matching(Player.objects.all(), words, document=document)
                  .annotate(rank=_rank(name)).order_by(*order).values("pk"))
    step = PLAYER_BATCH  # above the API's largest limit
    found: list[Player] = []
    for start in range(0, SEARCH_MAX_CANDIDATES, step):
        batch = candidates[start:start + step]
        found += (Player.objects.filter(pk__in=batch).filter(public)
                  .annotate(rank=_rank(name))
                  .only("full_name", "club", "province", "rating", "title").order_by(*order))
        if len(found) > limit or not candidates[start + step:start + step + 1].exists():
            break
    return found[:limit + 1]


def _answer(query: str, words: tuple[str, ...], name: str, limit: int) -> SearchResults:
    events = events_found(words, name, limit)
    players = players_found(words, name, limit)
    return SearchResults(
        query=query, words=words,
        events=tuple(EventFound(e.name, e.get_absolute_url(), e.start_date, e.end_date, e.venue,
                                e.organiser) for e in events[:limit]),
        players=tuple(PlayerFound(p.pk, p.full_name,
                                  reverse("tournaments:player_career", args=[p.pk]), p.club,
                                  p.province, p.rating, p.title) for p in players[:limit]),
        more_events=len(events) > limit, more_players=len(players) > limit)


def archive_search(query: str, *, limit: int = SEARCH_LIMIT) -> SearchResults:
    """Events and players found by ``query`` (module docstring), at most ``limit`` of each;
    nothing for a query without a word. Two queries (three when fewer than ``limit`` players
    are found: whether more were matched; at most one more for each further batch of players,
    ``players_found``), none when the shared cache holds the answer."""
    query = query.strip()[:SEARCH_MAX_CHARS]
    words = query_words(query)
    if not words:
        return SearchResults(query, (), (), (), False, False)
    seconds = settings.SEARCH_CACHE_SECONDS
    name = fold(query)  # the whole query folded: exact names first, and the cache's key
    key = "archive-search:" + hashlib.blake2b(
        f"{limit}\n{name}".encode(), digest_size=12).hexdigest()
    found = cache.get(key) if seconds else None
    if found is None:
        found = _answer(query, words, name, limit)
        if seconds:
            cache.set(key, found, seconds)
    return replace(found, query=query)
