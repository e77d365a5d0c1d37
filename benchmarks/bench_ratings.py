"""Rating lists and an event's rating changes: seconds, peak memory and SQL queries.

1. Import a federation's list of N rows (CSV and .xlsx) through ``rating_list_import``: read,
   check every row, store all of them, set the register's ratings.
2. The rating report of a large rated Swiss event (built as ``bench_export.py`` builds it), then
   applying its changes to the list and reverting them.

    .venv/bin/python benchmarks/bench_ratings.py [--rows 20000] [--players 1000] [--rounds 11]
"""

import argparse
import datetime
import io
import random
import time
import tracemalloc

from bench_export import build_event  # sets Django up on a throwaway database
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import Workbook

from tournaments.models import Player
from tournaments.selectors.ratings import event_report
from tournaments.services.ratings import (
    event_ratings_apply,
    event_ratings_revert,
    rating_list_import,
)


def _list_file(rows: list[tuple], xlsx: bool, name: str) -> io.BytesIO:
    header = ("Họ và tên", "Mã VĐV", "Elo", "Số ván")
    if xlsx:
        wb = Workbook(write_only=True)
        ws = wb.create_sheet()
        ws.append(header)
        for row in rows:
            ws.append(row)
        out = io.BytesIO()
        wb.save(out)
    else:
        text = "\n".join(",".join(str(v) for v in line) for line in [header, *rows])
        out = io.BytesIO(text.encode())
    out.name = name
    out.seek(0)
    return out


def measure(label: str, action) -> None:
    tracemalloc.start()
    started = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        action()
    seconds = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(f"| {label} | {seconds:.2f} | {peak:.1f} | {len(queries)} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(17)
    federation = get_user_model().objects.create(username="federation", is_superuser=True)
    event = build_event(args.players, args.rounds, rng)
    event.rated = True
    event.save()
    organiser = federation
    listed = [(p.full_name, p.national_id, p.rating, rng.randint(0, 300))
              for p in Player.objects.all()]
    extra = [(f"Kỳ thủ {i}", f"L{i:07d}", rng.choice([0, rng.randint(1200, 2600)]),
              rng.randint(0, 300)) for i in range(max(0, args.rows - len(listed)))]
    rows = (listed + extra)[:args.rows]
    print(f"{args.rows:,} list rows; a {args.players:,}-player event of {args.rounds} rounds\n")
    print("| what | seconds | peak MiB | queries |")
    print("|---|---:|---:|---:|")
    for xlsx, day in ((False, 1), (True, 2)):
        upload = _list_file(rows, xlsx, "elo.xlsx" if xlsx else "elo.csv")
        measure(f"import {'.xlsx' if xlsx else 'CSV'}", lambda u=upload, d=day: rating_list_import(
            actor=federation, upload=u, name=f"Elo {d}", list_date=datetime.date(2026, 1, d)))
    measure("rating report", lambda: event_report(event))
    measure("apply the changes", lambda: event_ratings_apply(event=event, actor=organiser))
    measure("revert them", lambda: event_ratings_revert(event=event, actor=organiser))


if __name__ == "__main__":
    main()
