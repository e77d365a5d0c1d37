"""The whole-event workbook of a large Swiss-like event: seconds, peak memory, SQL queries and
file size.

Builds the event (Vietnamese names, clubs, a score-group pairing each round, random results, one
withdrawal) straight into a throwaway SQLite database with bulk inserts, then builds the workbook
exactly as the export task does (``tournaments.excel.workbook.build`` + ``to_bytes``): a sheet for
the players, the standings with every tie-break of the statute, the crosstable, and the pairings
and results of every round.

    .venv/bin/python benchmarks/bench_export.py [--players 1000] [--rounds 11] [--out FILE]
"""

import argparse
import random
import time
import tracemalloc
from pathlib import Path

import throwaway_db  # benchmarks/ is on the path of a script run from it

throwaway_db.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournaments.demo.events import FAMILY, GIVEN_F, GIVEN_M, MIDDLE_F, MIDDLE_M, PROVINCES  # noqa: E402
from tournaments.excel.workbook import Table, build, to_bytes  # noqa: E402
from tournaments.models import Board, Entry, Event, Player, Round  # noqa: E402
from tournaments.text import fold, name_sort_key  # noqa: E402

RESULTS = [("1-0", 1, 0), ("0-1", 0, 1), ("1/2-1/2", 0.5, 0.5)]


def _players(count: int, rng: random.Random) -> list[Player]:
    people, first = [], Player.objects.count()
    for i in range(count):
        female = rng.random() < 0.2
        name = (f"{rng.choice(FAMILY)} {rng.choice(MIDDLE_F if female else MIDDLE_M)} "
                f"{rng.choice(GIVEN_F if female else GIVEN_M)}")
        province = rng.choice(PROVINCES)
        people.append(Player(
            full_name=name, name_folded=fold(name), sort_key=name_sort_key(name),
            gender="F" if female else "M", birth_year=rng.randint(1960, 2014),
            club=f"CLB Cờ Tướng {province}", province=province, national_id=f"B{first + i:07d}",
            rating=rng.randint(1500, 2500)))
    return Player.objects.bulk_create(people)


def build_event(players: int, rounds: int, rng: random.Random) -> Event:
    event = Event.objects.create(name=f"Giải Cờ Tướng Mở rộng — {players} kỳ thủ",
                                 slug=f"bench-{players}-{rounds}-{Event.objects.count()}",
                                 start_date="2026-11-01",
                                 end_date="2026-11-08", venue="Cung Văn hóa Hữu nghị, Hà Nội",
                                 format="swiss", rounds=rounds, visibility="public")
    people = _players(players, rng)
    entries = Entry.objects.bulk_create(
        Entry(event=event, player=p, number=i + 1, rating=p.rating)
        for i, p in enumerate(sorted(people, key=lambda p: -p.rating)))
    points = {e.pk: 0.0 for e in entries}
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(event=event, number=number, status="completed",
                                      method="dutch")
        # Swiss-like: score groups, then rating; neighbours meet.
        order = sorted(entries, key=lambda e: (-points[e.pk], -e.rating, rng.random()))
        boards = []
        for i in range(0, len(order) - 1, 2):
            white, black = (order[i], order[i + 1]) if rng.random() < 0.5 \
                else (order[i + 1], order[i])
            result, w, b = rng.choice(RESULTS)
            points[white.pk] += w
            points[black.pk] += b
            boards.append(Board(round=round_, number=i // 2 + 1, white=white, black=black,
                                result=result))
        if len(order) % 2:
            boards.append(Board(round=round_, number=len(boards) + 1, white=order[-1],
                                bye="U"))
            points[order[-1].pk] += 1
        Board.objects.bulk_create(boards)
    # One withdrawal after round 3 (Art. 21.5.2: results stand).
    Entry.objects.filter(pk=entries[-1].pk).update(status="withdrawn", withdrawn_after_round=3)
    event.refresh_from_db()
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[1000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--out", help="also write the last workbook to this file")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(2026)
    print(f"{'players':>8} {'rounds':>6} {'sheets':>6} {'seconds':>8} {'CPU s':>6} {'peak MiB':>9} "
          f"{'queries':>7} {'size KiB':>9}")
    for players in args.players:
        event = build_event(players, args.rounds, rng)
        started, cpu = time.perf_counter(), time.process_time()
        with CaptureQueriesContext(connection) as queries:
            wb = build(event, Table("event"), lang="vi")
            content = to_bytes(wb)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        tracemalloc.start()
        to_bytes(build(event, Table("event"), lang="vi"))
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        print(f"{players:>8} {args.rounds:>6} {len(wb.sheetnames):>6} {seconds:>8.2f} {cpu:>6.2f} "
              f"{peak:>9.1f} {len(queries):>7} {len(content) / 1024:>9.0f}")
        if args.out:
            Path(args.out).write_bytes(content)


if __name__ == "__main__":
    main()
