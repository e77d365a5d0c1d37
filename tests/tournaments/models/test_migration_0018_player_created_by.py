"""Migration 0018: each register player's adder (``Player.created_by``, the organiser who may
correct the player while the player is in none of other organisers' events) is read from the
player's history: the first record's user; a player created with no known user has none, so
only the register's keepers correct him."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0017_h30job_pairing_jobs")]
AFTER = [("tournaments", "0018_h37sec_player_created_by")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_the_adder_is_the_user_of_the_players_first_history_record():
    apps = _migrate(BEFORE)
    User = apps.get_model("auth", "User")
    Player, HistoricalPlayer = (apps.get_model("tournaments", name)
                                for name in ("Player", "HistoricalPlayer"))
    adder, corrector = (User.objects.create(username=name) for name in ("adder", "corrector"))
    players = {}
    for name, first_user in (("known", adder), ("unknown", None)):
        player = Player.objects.create(full_name=name, name_folded=name, sort_key=name)
        players[name] = player.pk
        for kind, user, day in (("+", first_user, 1), ("~", corrector, 2)):
            HistoricalPlayer.objects.create(
                id=player.pk, full_name=name, name_folded=name, sort_key=name,
                federation="VIE", history_type=kind, history_user=user,
                history_date=datetime.datetime(2026, 1, day, tzinfo=datetime.UTC),
                created_at=player.created_at, updated_at=player.updated_at)
    try:
        apps = _migrate(AFTER)
        Player = apps.get_model("tournaments", "Player")
        adders = dict(Player.objects.values_list("pk", "created_by__username"))
        assert adders == {players["known"]: "adder", players["unknown"]: None}
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
