"""The staff review page of a draft Swiss round: reading the check stored with the round, against
checking it again on the request (what the page did before the check was stored), and wording
the stored explanation of the pairing (``selectors/swiss_explain.py``) alone.

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

from tournaments.selectors.rounds import round_boards  # noqa: E402
from tournaments.selectors.swiss import round_warnings  # noqa: E402
from tournaments.selectors.swiss_explain import round_explanation  # noqa: E402
from tournaments.services.swiss import swiss_round_pair  # noqa: E402


def build(players: int, rounds: int, actor, rng: random.Random):
    event = throwaway_db.swiss_played(f"review-{players}", players, rounds, actor, rng)
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
          f"{'check again s':>14}{'explain s':>10}")
    for players in args.players:
        event, draft, paired = build(players, args.rounds, actor, rng)
        url = f"/manage/{event.slug}/rounds/{draft.number}/"
        page, queries = best_of_two(lambda url=url: client.get(url))
        again, _count = best_of_two(lambda draft=draft: round_warnings(draft))
        boards = round_boards(draft)
        why, _count = best_of_two(lambda d=draft, b=boards: round_explanation(d, b))
        print(f"{players:>8}{draft.number:>6}{paired:>13.2f}{page:>8.2f}{queries:>8}"
              f"{again:>14.2f}{why:>10.3f}")


if __name__ == "__main__":
    main()
