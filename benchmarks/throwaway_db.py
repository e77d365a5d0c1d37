"""For the benchmarks that go through Django: the project importable, a throwaway SQLite
database (never the project's own), Django set up. Call ``setup()`` before importing models.

``BENCH_DATABASE_URL`` names another throwaway database instead (e.g. an empty PostgreSQL
database created for the run: ``createdb -h 127.0.0.1 -U postgres bench``); its tables are
created by the script's ``migrate`` and left there."""

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    database = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    os.environ["DATABASE_URL"] = os.environ.get("BENCH_DATABASE_URL", f"sqlite:///{database}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


RESULTS = ["1-0", "0-1", "1/2-1/2"]


def bench_players(players: int):
    """``players`` players of the register, bulk-inserted, ratings falling with the number."""
    from tournaments.models import Player

    return Player.objects.bulk_create(
        Player(full_name=f"Nguyễn Văn {i}", name_folded=f"nguyen van {i}",
               sort_key=f"{i} nguyen van", rating=2400 - i % 800) for i in range(players))


def swiss_played(slug: str, players: int, rounds: int, actor, rng):
    """A Swiss event of ``players`` bulk-inserted entries (ratings falling with the number) with
    ``rounds`` rounds paired, published, played (random results) and closed through the
    services, two rounds left to pair."""
    from tournaments.models import Entry, Event
    from tournaments.services.results import result_record
    from tournaments.services.rounds import round_complete, round_publish
    from tournaments.services.swiss import swiss_round_pair

    event = Event.objects.create(name=f"Bench {players}", slug=slug, start_date="2026-11-01",
                                 format="swiss", rounds=rounds + 2)
    Entry.objects.bulk_create(Entry(event=event, player=p, rating=p.rating)
                              for p in bench_players(players))
    for _ in range(rounds):
        round_ = swiss_round_pair(event=event, actor=actor, seed=1)
        round_publish(round_=round_, actor=actor)
        for board in round_.boards.filter(black__isnull=False):
            result_record(board=board, result=rng.choice(RESULTS), actor=actor,
                          expected_version=0)
        round_complete(round_=round_, actor=actor)
    return event
