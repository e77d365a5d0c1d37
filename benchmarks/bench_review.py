"""The staff review page of a draft Swiss round: reading the check stored with the round, against
checking it again on the request (what the page did before the check was stored).

Builds a Swiss event in a throwaway SQLite database (players bulk-inserted), plays ``--rounds``
rounds paired by the service (random results), pairs the next one as a draft (stored with its
check), then times the page and the checker alone.

    .venv/bin/python benchmarks/bench_review.py [--players 100 1000] [--rounds 3]
"""

import argparse
import random
import time

import throwaway_db  # benchmarks/ is on the path of a script run from it

throwaway_db.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournaments.models import Entry, Event, Player  # noqa: E402
from tournaments.selectors.swiss import round_warnings  # noqa: E402
from tournaments.services.results import result_record  # noqa: E402
from tournaments.services.rounds import round_complete, round_publish  # noqa: E402
from tournaments.services.swiss import swiss_round_pair  # noqa: E402

RESULTS = ["1-0", "0-1", "1/2-1/2"]


def build(players: int, rounds: int, actor, rng: random.Random):
    event = Event.objects.create(name=f"Bench {players}", slug=f"review-{players}",
                                 start_date="2026-11-01", format="swiss", rounds=rounds + 2)
    people = Player.objects.bulk_create(
        Player(full_name=f"Nguyễn Văn {i}", name_folded=f"nguyen van {i}",
               sort_key=f"{i} nguyen van", rating=2400 - i % 800) for i in range(players))
    Entry.objects.bulk_create(Entry(event=event, player=p, rating=p.rating) for p in people)
    for _ in range(rounds):
        round_ = swiss_round_pair(event=event, actor=actor, seed=1)
        round_publish(round_=round_, actor=actor)
        for board in round_.boards.filter(black__isnull=False):
            result_record(board=board, result=rng.choice(RESULTS), actor=actor,
                          expected_version=0)
        round_complete(round_=round_, actor=actor)
    started = time.perf_counter()
    draft = swiss_round_pair(event=event, actor=actor)
    return event, draft, time.perf_counter() - started


def best_of_two(action) -> tuple[float, int]:
    seconds, count = float("inf"), 0
    for _ in range(2):
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            action()
        seconds = min(seconds, time.perf_counter() - started)
        count = len(queries)
    return seconds, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    actor = get_user_model().objects.create(username="chief", is_superuser=True)
    client = Client()
    client.force_login(actor)
    rng = random.Random(7)
    print(f"{'players':>8}{'round':>6}{'pair+check s':>13}{'page s':>8}{'queries':>8}"
          f"{'check again s':>14}")
    for players in args.players:
        event, draft, paired = build(players, args.rounds, actor, rng)
        url = f"/manage/{event.slug}/rounds/{draft.number}/"
        page, queries = best_of_two(lambda url=url: client.get(url))
        again, _count = best_of_two(lambda draft=draft: round_warnings(draft))
        print(f"{players:>8}{draft.number:>6}{paired:>13.2f}{page:>8.2f}{queries:>8}"
              f"{again:>14.2f}")


if __name__ == "__main__":
    main()
