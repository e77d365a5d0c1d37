"""Online registration under a rush (Art. 18 b): ``--count`` registrations sent to one event's
public registration page by ``--threads`` threads at once, each from its own address (so the
per-address throttle, ``REGISTRATIONS_PER_HOUR``, lets them through as it would real people),
through the whole stack (middleware, throttle, form, service; Django's test client, one database
connection per thread). Every submission locks the event row, so they are written one at a time
whatever the threads: the table says how long the rush takes, and the check after it that none
was lost or written twice, and that the waiting list beyond the maximum is numbered 1, 2, 3...
without a gap or a repeat.

Row locks need PostgreSQL: give a throwaway database (SQLite serialises the whole file):

    createdb -h 127.0.0.1 -U postgres bench_registration
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_registration \\
        .venv/bin/python benchmarks/bench_registration.py [--count 500] [--threads 8]
"""

import argparse
import threading
import time
from collections import Counter

import throwaway_db  # benchmarks/ is on the path of a script run from it

throwaway_db.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, connections  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournaments.models import Registration  # noqa: E402
from tournaments.services.events import event_create, event_update  # noqa: E402


def submit(slug: str, numbers: list[int], results: list, lock: threading.Lock) -> None:
    """Send one registration per number, each from its own address; record (status, seconds,
    queries) of each."""
    client = Client()
    mine = []
    for n in numbers:
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            response = client.post(f"/events/{slug}/register/", {
                "name": f"Trưởng đoàn {n}", "email": f"doan{n}@example.vn",
                "p-TOTAL_FORMS": "1", "p-INITIAL_FORMS": "0",
                "p-0-full_name": f"Đấu Thủ Số {n}", "p-0-birth_year": str(1960 + n % 50)},
                REMOTE_ADDR=f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}")
        mine.append((response.status_code, time.perf_counter() - started, len(queries)))
    connections.close_all()
    with lock:
        results.extend(mine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--places", type=int, default=400,
                        help="the statute's maximum: the others wait on the list")
    args = parser.parse_args()
    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    actor, _ = get_user_model().objects.get_or_create(username="bench-organiser",
                                                      is_superuser=True)
    event = event_create(actor=actor, name=f"Giải đăng ký {time.time_ns()}",
                         start_date="2026-12-01", format="swiss", rounds=7,
                         tiebreaks=["BH/C1", "SB"])
    event = event_update(event=event, actor=actor, visibility="public",
                         registration_online=True, registration_max=args.places,
                         registration_asks=["birth_year"])
    connections.close_all()
    shares = [list(range(i, args.count, args.threads)) for i in range(args.threads)]
    results: list = []
    lock = threading.Lock()
    threads = [threading.Thread(target=submit, args=(event.slug, share, results, lock))
               for share in shares]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - started

    rows = list(Registration.objects.filter(event=event).values_list(
        "full_name", "status", "position"))
    names = Counter(name for name, _status, _position in rows)
    positions = sorted(p for _name, _status, p in rows if p is not None)
    statuses = Counter(status for _name, status, _position in rows)
    answers = Counter(code for code, _seconds, _queries in results)
    per_request = sorted(seconds for _code, seconds, _queries in results)
    queries = Counter(q for _code, _seconds, q in results)
    print(f"{args.count} registrations, {args.threads} threads, "
          f"{args.places} places, {connection.vendor}")
    print(f"{'seconds':>8} {'requests/s':>11} {'median ms':>10} {'p95 ms':>8} "
          f"{'queries/request':>16}")
    print(f"{wall:>8.2f} {len(results) / wall:>11.1f} "
          f"{per_request[len(per_request) // 2] * 1000:>10.1f} "
          f"{per_request[int(len(per_request) * 0.95)] * 1000:>8.1f} "
          f"{', '.join(f'{q} ({n})' for q, n in sorted(queries.items())):>16}")
    print(f"answers: {dict(answers)}; stored: {len(rows)}, {dict(statuses)}")
    lost = args.count - len(rows)
    doubled = sum(n - 1 for n in names.values() if n > 1)
    gaps = positions != list(range(1, len(positions) + 1))
    print(f"lost: {lost}, written twice: {doubled}, waiting list numbered 1..{len(positions)} "
          f"without gap or repeat: {not gaps}")
    if lost or doubled or gaps or statuses.get("pending") != min(args.places, args.count):
        raise SystemExit("registrations were lost, doubled or misnumbered")


if __name__ == "__main__":
    main()
