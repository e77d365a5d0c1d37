"""Migration 0026: the statute's one move check (``time_check_moves``, ``time_check_minutes``)
becomes the schedule ``time_checks`` (Art. 10.1.2), "25/60", nothing lost; the pace (standard,
rapid, blitz) is read from the minutes each, as the fault register read it before
(rapid: 30 minutes or less; blitz: 10 or less, Art. 10.1.1 e)."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0025_h35amb_statute_readings")]
AFTER = [("tournaments", "0026_h35clock_time_schedule")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_art_10_1_2_the_single_check_becomes_the_schedule():
    apps = _migrate(BEFORE)
    Event = apps.get_model("tournaments", "Event")
    rows = {"checked": (90, 25, 60), "no-minutes": (120, 30, None), "none": (60, None, None),
            "rapid": (25, None, None), "blitz": (5, None, None)}
    for slug, (base, moves, minutes) in rows.items():
        Event.objects.create(slug=slug, name=slug, start_date=datetime.date(2026, 1, 1),
                             time_base_minutes=base, time_check_moves=moves,
                             time_check_minutes=minutes)
    try:
        apps = _migrate(AFTER)
        Event = apps.get_model("tournaments", "Event")
        migrated = {e.slug: (e.time_checks, e.pace) for e in Event.objects.all()}
        assert migrated == {"checked": ("25/60", "standard"),
                            "no-minutes": ("30/120", "standard"), "none": ("", "standard"),
                            "rapid": ("", "rapid"), "blitz": ("", "blitz")}
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
