"""The three walks of docs/architecture.md, measured on real requests: "pair next round" (the
dashboard's POST), "record a result" (the round page's PUT to the API) and "a public read" (a
visitor's round page). For each, the modules of the app whose code runs (the files), the chain
of app modules on the stack when the walk reaches its writer or its engine (the hops: the
middlewares, the view, then each module it goes through), and the SQL queries.

The chains are pinned: a new hop between the view and the writer fails here and is a change of
docs/architecture.md too. The files and queries are written down there (the queries are pinned
in ``test_query_counts.py``)."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from records import Result
from tests.tournaments.builders import play, swiss_event
from tournaments.models import Board
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db
APP = ("tournaments.", "pairings.", "scoring.", "records", "xiangqi.")


@dataclass
class Walk:
    target: str  # "module:function" where the chain is taken
    files: set[str] = field(default_factory=set)
    chain: list[str] = field(default_factory=list)
    queries: int = 0


def _module(frame) -> str:
    return frame.f_globals.get("__name__", "")


def _importing(frame) -> bool:
    """Whether the call runs while a module is being imported (Django loads the URL
    configuration, and with it every view, on a process's first request): not the walk's."""
    while frame is not None:
        if frame.f_code.co_name == "<module>" and _module(frame).startswith(APP):
            return True
        frame = frame.f_back
    return False


def _walked(target: str, request) -> Walk:
    """Run ``request()`` with a profiler noting every app module whose code runs, and the chain
    of app modules on the stack at the first call of ``target``."""
    walk = Walk(target)
    module, function = target.split(":")

    def note(frame, event, _arg):
        if event != "call":
            return
        name = _module(frame)
        if name.startswith(APP) and not _importing(frame):
            walk.files.add(name)
            if not walk.chain and name == module and frame.f_code.co_name == function:
                stack, f = [], frame
                while f is not None:
                    if _module(f).startswith(APP) and (not stack or stack[-1] != _module(f)):
                        stack.append(_module(f))
                    f = f.f_back
                walk.chain = stack[::-1]

    with CaptureQueriesContext(connection) as queries:
        sys.setprofile(note)
        try:
            request()
        finally:
            sys.setprofile(None)
    walk.queries = len(queries)
    return walk


@pytest.fixture
def swiss(make_event, organiser, chief_arbiter, arbiter):
    """Ten players, round 1 played and closed, public."""
    event = swiss_event(make_event, organiser, 10, rounds=5, name="Thụy Sĩ mười")
    play(swiss_round_pair(event=event, actor=chief_arbiter), arbiter, chief_arbiter,
         random.Random(10))
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


def test_the_walk_of_pair_next_round(swiss, chief_arbiter):
    client = Client()
    client.force_login(chief_arbiter)
    walk = _walked("tournaments.services.rounds:round_store",
                   lambda: client.post(f"/manage/{swiss.slug}/draw/"))
    assert walk.chain == [
        "tournaments.middleware", "tournaments.signin_throttle", "tournaments.middleware",
        "tournaments.public_cache",
        "tournaments.views.staff", "tournaments.services.formats",
        "tournaments.services._access", "tournaments.services.swiss",
        "tournaments.services.rounds",
    ]
    assert swiss.rounds_set.count() == 2
    assert walk.queries == 21  # test_query_counts.py: the later rounds' POST


def test_the_walk_of_record_a_result(swiss, chief_arbiter, arbiter):
    round_publish(round_=swiss_round_pair(event=swiss, actor=chief_arbiter), actor=chief_arbiter)
    board = Board.objects.filter(round__event=swiss, round__number=2,
                                 black__isnull=False).order_by("number").first()
    client = APIClient()
    client.force_login(arbiter)
    walk = _walked("tournaments.services._history:versioned_save", lambda: client.put(
        f"/api/boards/{board.pk}/result/",
        {"result": Result.WHITE_WINS, "version": board.version}, format="json"))
    assert walk.chain == [
        "tournaments.middleware", "tournaments.signin_throttle", "tournaments.middleware",
        "tournaments.public_cache",
        "tournaments.api.views", "tournaments.services.results", "tournaments.services._history",
    ]
    board.refresh_from_db()
    assert board.result == Result.WHITE_WINS
    assert walk.queries == 16  # test_query_counts.py: test_exact_queries_result_entry


def test_the_walk_of_a_public_read(swiss, chief_arbiter):
    round_publish(round_=swiss_round_pair(event=swiss, actor=chief_arbiter), actor=chief_arbiter)
    walk = _walked("scoring.standings:standings",
                   lambda: Client().get(f"/events/{swiss.slug}/rounds/2/"))
    assert walk.chain == [
        "tournaments.middleware", "tournaments.signin_throttle", "tournaments.middleware",
        "tournaments.public_cache",
        "tournaments.views.public", "tournaments.selectors.round_page",
        "tournaments.selectors.pairing_sheet", "tournaments.selectors.standings",
        "scoring.standings",
    ]
    assert walk.queries == 11  # test_query_counts.py: test_exact_queries_public_round_page
