"""Public standings and crosstable pages for large events: seconds, peak memory and SQL queries.

Builds a Swiss-like event (random pairings, random results) straight into a throwaway SQLite
database with bulk inserts, then requests the pages through Django's test client.

    .venv/bin/python benchmarks/bench_pages.py [--players 1000 2000] [--rounds 11 13]
        [--pages standings crosstable]
"""

import argparse
import random
import time
import tracemalloc

import throwaway_db  # benchmarks/ is on the path of a script run from it

throwaway_db.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournaments.models import Board, Entry, Event, Round  # noqa: E402

RESULTS = ["1-0", "0-1", "1/2-1/2"]


def build(players: int, rounds: int, rng: random.Random) -> Event:
    event = Event.objects.create(name=f"Bench {players}", slug=f"bench-{players}-{rounds}",
                                 start_date="2026-11-01", format="swiss", rounds=rounds,
                                 visibility="public")
    people = throwaway_db.bench_players(players)
    entries = Entry.objects.bulk_create(
        Entry(event=event, player=p, number=i + 1, rating=p.rating)
        for i, p in enumerate(people))
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, status="completed",
                                      method="dutch")
        order = entries[:]
        rng.shuffle(order)
        boards = [Board(round=round_, number=i // 2 + 1, white=order[i], black=order[i + 1],
                        result=rng.choice(RESULTS)) for i in range(0, len(order) - 1, 2)]
        if len(order) % 2:
            boards.append(Board(round=round_, number=len(boards) + 1, white=order[-1],
                                bye="U"))
        Board.objects.bulk_create(boards)
    event.refresh_from_db()
    return event


def measure(client: Client, url: str) -> tuple[float, float, float, int]:
    """Seconds and CPU seconds of a plain request (best of two; on a shared machine the CPU
    time is the steadier figure), then peak memory of one more under tracemalloc (which slows
    Python down too much to time with it on). The public cache (tournaments/public_cache.py)
    is cleared before each request: every figure is a cold render."""
    seconds = cpu = float("inf")
    for _ in range(2):
        cache.clear()
        started, cpu_started = time.perf_counter(), time.process_time()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        seconds = min(seconds, time.perf_counter() - started)
        cpu = min(cpu, time.process_time() - cpu_started)
        count = len(queries)  # read now: the next request clears Django's query log
        assert response.status_code == 200, response.status_code
    cache.clear()
    tracemalloc.start()
    client.get(url)
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return seconds, cpu, peak, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--rounds", type=int, nargs="+", default=[11, 13])
    parser.add_argument("--pages", nargs="+", default=["standings", "crosstable"])
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    rng = random.Random(7)
    client = Client()
    print(f"{'page':<12}{'players':>8}{'rounds':>8}{'seconds':>9}{'CPU s':>7}{'peak MiB':>10}"
          f"{'queries':>9}")
    for players, rounds in zip(args.players, args.rounds, strict=True):
        event = build(players, rounds, rng)
        for page in args.pages:
            seconds, cpu, peak, queries = measure(client, f"/events/{event.slug}/{page}/")
            print(f"{page:<12}{players:>8}{rounds:>8}{seconds:>9.2f}{cpu:>7.2f}{peak:>10.1f}"
                  f"{queries:>9}")


if __name__ == "__main__":
    main()
