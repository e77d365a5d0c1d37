"""Every query parameter a public read uses is listed in ``public_cache.py: READ_QUERIES``
(the others are taken out of the request before the view runs, so an unlisted one would be
silently ignored). Each public read is requested, with and without its listed parameters,
through a ``request.GET`` that notes every name the view, or a selector it passes
``request.GET`` to, asks for (whether or not the address holds it)."""

from urllib.parse import urlencode

import pytest
from django.http import QueryDict
from django.urls import reverse

from tests.tournaments.builders import (
    client_for,
    knockout_scenario,
    rr_scenario,
    teams_scenario,
)
from tournaments import public_cache
from tournaments.models import Entry
from tournaments.services.game_records import game_moves_record

pytestmark = pytest.mark.django_db

# A value of each listed parameter that leads the read past its checks (a round that exists,
# the round after which, a game, a ply, a sort the register knows...).
SAMPLE = {"round": "1", "after": "1", "after_round": "1", "game": "1", "ply": "1", "top": "3",
          "board": "1", "find": "a", "sort": "name", "q": "a", "page": "1", "drafts": "1",
          "edition": "2026", "pieces": "letters", "sex": "M", "title": "GM", "club": "a",
          "province": "a", "status": "active", "every": "5", "views": "standings", "rows": "5"}
# Reads in PUBLIC_READS whose address takes only uploads today (a GET is 405).
UPLOADS_ONLY = {"round-pgn"}


class _Noting(QueryDict):
    """A query string that notes the names asked of it (not a template's look-up of one of its
    methods, ``{{ request.GET.urlencode }}``, which tries ``GET["urlencode"]`` first)."""

    asked: set

    def __getitem__(self, key):
        if not hasattr(QueryDict, key):
            self.asked.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.asked.add(key)
        return super().get(key, default)

    def getlist(self, key, default=None):
        self.asked.add(key)
        return super().getlist(key, default)

    def __contains__(self, key):
        self.asked.add(key)
        return super().__contains__(key)


@pytest.fixture
def noted(monkeypatch):
    """View name -> the query names its read asked for, after the unlisted ones were taken
    out (``_used_queries_only``)."""
    asked: dict[str, set] = {}
    kept = public_cache._used_queries_only

    def noting(request, view_name):
        kept(request, view_name)
        query = _Noting(mutable=True)
        for name, values in request.GET.lists():
            query.setlist(name, values)
        query._mutable = False
        query.asked = asked.setdefault(view_name, set())
        request.GET = query

    monkeypatch.setattr(public_cache, "_used_queries_only", noting)
    return asked


@pytest.fixture
def addresses(make_event, organiser, chief_arbiter, arbiter):
    """An address of every public read, on events where each has something to show."""
    rr = rr_scenario(make_event, organiser, chief_arbiter, rounds="played",
                     prize_list=[{"name": "Chung cuộc", "places": [{"amount": 1000}]}])
    game_moves_record(event=rr["event"], board=rr["board"], text="P2-5 M8.7", actor=arbiter)
    team = teams_scenario(make_event, organiser, chief_arbiter, published=True)
    ko = knockout_scenario(make_event, organiser, chief_arbiter)
    slug, pk = rr["event"].slug, rr["event"].pk
    entry = rr["entries"][0]
    team_entry = Entry.objects.filter(event=team["event"]).first()

    def page(name, **kwargs):
        return reverse(f"tournaments:{name}", kwargs={"slug": slug, **kwargs})

    return {
        "tournaments:event_detail": [page("event_detail")],
        "tournaments:entries": [page("entries")],
        "tournaments:entry": [page("entry", entry_id=entry.pk)],
        "tournaments:rounds": [page("rounds")],
        "tournaments:round": [page("round", number=1)],
        "tournaments:standings": [page("standings")],
        "tournaments:crosstable": [page("crosstable")],
        "tournaments:prizes": [page("prizes")],
        "tournaments:trf_public": [page("trf_public")],
        "tournaments:bracket": [reverse("tournaments:bracket",
                                        kwargs={"slug": ko["event"].slug})],
        "tournaments:board_results": [reverse("tournaments:board_results",
                                              kwargs={"slug": team["event"].slug})],
        "tournaments:excel_download": [page("excel_download", table="standings"),
                                       page("excel_download", table="pairings")],
        "tournaments:event_version": [page("event_version")],
        "tournaments:hall_screen": [page("hall_screen")],
        "tournaments:game": [page("game", board_id=rr["board"].pk)],
        "tournaments:game_pgn": [page("game_pgn", board_id=rr["board"].pk)],
        "tournaments:round_pgn": [page("round_pgn", number=1)],
        "tournaments:event_pgn": [page("event_pgn")],
        "tournaments:print": [page("print", sheet="standings"), page("print", sheet="pairings")],
        "tournaments:print_pdf": [page("print_pdf", sheet="standings")],
        "tournaments:rounds_calendar": [page("rounds_calendar")],
        "event-detail": [f"/api/events/{pk}/"],
        "event-standings": [f"/api/events/{pk}/standings/"],
        "event-crosstable": [f"/api/events/{pk}/crosstable/"],
        "event-prizes": [f"/api/events/{pk}/prizes/"],
        "event-version": [f"/api/events/{pk}/version/"],
        "event-entries": [f"/api/events/{pk}/entries/"],
        "event-rounds": [f"/api/events/{pk}/rounds/"],
        "event-round": [f"/api/events/{pk}/rounds/1/"],
        "event-bracket": [f"/api/events/{ko['event'].pk}/bracket/"],
        "event-trf": [f"/api/events/{pk}/trf/"],
        "event-board-results": [f"/api/events/{team['event'].pk}/boards/"],
        "event-team": [f"/api/events/{team['event'].pk}/teams/{team_entry.pk}/"],
        "event-fouls": [f"/api/events/{pk}/fouls/"],
        "round-pgn": [f"/api/events/{pk}/rounds/1/pgn/"],
    }


def _unlisted(addresses, noted) -> dict[str, set]:
    """Each public read's asked names that ``READ_QUERIES`` does not list."""
    client = client_for()
    for name, urls in addresses.items():
        listed = public_cache.READ_QUERIES.get(name, set())
        for url in urls:
            statuses = {client.get(url + ("?" + urlencode(query) if query else "")).status_code
                        for query in ({}, {k: SAMPLE[k] for k in listed})}
            # The read ran: answered at least once (a table of a round needs its ?round=).
            assert (405 if name in UPLOADS_ONLY else 200) in statuses, (url, statuses)
    api = public_cache.API_QUERIES
    return {name: unlisted for name, asked in noted.items()
            if (unlisted := asked - public_cache.READ_QUERIES.get(name, set())
                - (set() if name.startswith("tournaments:") else api))}


def test_every_public_read_is_requested_here(addresses):
    assert set(addresses) == set(public_cache.PUBLIC_READS)
    assert set(public_cache.READ_QUERIES) <= set(public_cache.PUBLIC_READS)


def test_every_query_a_public_read_uses_is_listed(addresses, noted, settings):
    settings.PUBLIC_CACHE_SECONDS = 0  # every request runs its view
    assert _unlisted(addresses, noted) == {}
    # The reads did run: the names they ask for were noted.
    assert {"pieces", "ply", "game"} <= noted["tournaments:game"]
    assert {"sort", "q", "club", "status"} <= noted["tournaments:entries"]
    assert "after_round" in noted["event-standings"]


def test_a_parameter_left_out_of_the_list_is_found(addresses, noted, settings, monkeypatch):
    """The check above fails on an omission: the game's piece style and the register's
    province filter taken out of the list are both named."""
    settings.PUBLIC_CACHE_SECONDS = 0
    planted = {**public_cache.READ_QUERIES,
               "tournaments:game": public_cache.READ_QUERIES["tournaments:game"] - {"pieces"},
               "tournaments:entries":
                   public_cache.READ_QUERIES["tournaments:entries"] - {"province"}}
    monkeypatch.setattr(public_cache, "READ_QUERIES", planted)
    assert _unlisted(addresses, noted) == {"tournaments:game": {"pieces"},
                                           "tournaments:entries": {"province"}}
