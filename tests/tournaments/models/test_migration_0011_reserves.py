"""Migration 0011 (appendix §4): the statute's one reserve rule becomes each match's
choice. An event whose statute said "last board" keeps that choice on its matches, for both
teams, so its stored line-ups keep their meaning; other events' matches get "same board"."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0010_deputy_chief_withdrawal_reason")]
AFTER = [("tournaments", "0011_h14a_reserves_per_match_law_scoring")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_appendix_4_migration_keeps_a_last_board_statute_on_its_matches():
    apps = _migrate(BEFORE)
    user = apps.get_model("auth", "User").objects.create(username="old-organiser")
    Event, Round, Board = (apps.get_model("tournaments", name)
                           for name in ("Event", "Round", "Board"))
    boards = {}
    for rule in ("last", "same"):
        event = Event.objects.create(name=f"Giải {rule}", slug=f"giai-{rule}", created_by=user,
                                     start_date=datetime.date(2026, 1, 1), format="rr",
                                     participant_kind="team", substitution=rule)
        round_ = Round.objects.create(event=event, number=1)
        boards[rule] = Board.objects.create(round=round_, number=1).pk
    try:
        apps = _migrate(AFTER)
        Board = apps.get_model("tournaments", "Board")
        choices = {rule: Board.objects.values_list("first_substitution", "second_substitution")
                   .get(pk=pk) for rule, pk in boards.items()}
        assert choices == {"last": ("last", "last"), "same": ("same", "same")}
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
