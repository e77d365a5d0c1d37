"""The archive as it grows: ten seasons of 300 public events (3,000) with 50,000 players and
their entries, bulk-inserted, each event under one of the organisations of a tree (a
federation, a province per place, five clubs in each); then, in a fresh process with an empty
cache, each page asked many times, the cache emptied before every request (every figure a cold
render): the home and a finished phase's page, the archive's seasons, the search (page and
API), a player's career page and rating history, the calendar (a month; an organisation's
subtree with a format and a category), an organisation's page and its ICS feed.

    createdb -h 127.0.0.1 -U postgres bench_archive
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_archive \\
        .venv/bin/python benchmarks/bench_archive.py [--events 3000] [--players 50000]
        [--requests 50] [--url /custom/{player}/ ...]

Without ``BENCH_DATABASE_URL`` a throwaway SQLite database. ``--url`` replaces the default
addresses (``URLS``); ``{player}``, ``{other}``, ``{year}``, ``{q}``, ``{event}``, ``{month}``
and ``{org}`` are filled in turn with a public player's id, another's (a head-to-head:
``/players/{player}/vs/{other}/``; with rounds played, two players who met), a season, a
search, an event's address, a month (``2019-05``) and a federation's or province's address, so
a new page is one more ``--url``. ``--measure-only`` measures a database already built (the second
process does that). ``--played 7``: seven rounds played in every event, the events rated.
Prints seconds, the first request's time (the process's first request also loads the
templates and the code), p50 and p95 in ms over every request, the most queries a request took
and the process's peak memory.
"""

import argparse
import datetime
import itertools
import os
import random
import resource
import statistics
import subprocess
import sys
import time

import throwaway_db  # benchmarks/ is on the path of a script run from it

throwaway_db.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from tournaments.models import (  # noqa: E402
    Board,
    Entry,
    Event,
    Organisation,
    Player,
    Round,
    RoundStatus,
)

URLS = ["/", "/?phase=finished&page=5", "/archive/", "/archive/?year={year}&page=3",
        "/search/?q={q}", "/api/search/?q={q}", "/players/{player}/",
        "/ratings/players/{player}/", "/events/{event}/",
        "/calendar/?month={month}", "/calendar/?org={org}&format=swiss&sex=F&born=2008",
        "/org/{org}/", "/org/{org}/calendar.ics"]
CLUBS_PER_PROVINCE = 5
SEARCHES = ["nguyen van", "Đà Nẵng", "tran thi hoa", "giai co tuong 2019", "le", "hue",
            "cup", "vo dich", "pham duc", "2024"]
FAMILY = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng",
          "Bùi", "Đỗ", "Hồ", "Ngô", "Dương", "Lý", "Trương", "Đinh", "Lâm", "Mai"]
MIDDLE = ["Văn", "Thị", "Đức", "Minh", "Quốc", "Hữu", "Thanh", "Ngọc", "Xuân", "Công"]
GIVEN = ["An", "Bình", "Cường", "Dũng", "Hòa", "Hùng", "Hương", "Khánh", "Lan", "Long",
         "Mai", "Nam", "Phong", "Quang", "Sơn", "Tâm", "Thảo", "Trung", "Tuấn", "Việt",
         "Yến", "Đào", "Hải", "Linh", "Phúc", "Thắng", "Toàn", "Vinh", "Hiếu", "Lộc"]
PLACES = ["Hà Nội", "Đà Nẵng", "Huế", "TP. Hồ Chí Minh", "Cần Thơ", "Hải Phòng", "Nghệ An",
          "Quảng Ninh", "Bình Định", "Khánh Hòa", "Lâm Đồng", "Đồng Nai"]
KINDS = ["Giải Cờ tướng", "Cúp", "Giải Vô địch", "Giải Trẻ", "Giải Đồng đội", "Giải Nhanh"]
FIRST_SEASON = datetime.date.today().year - 9  # the tenth season is this year's
ENTRIES_PER_EVENT = 30
BATCH = 5000


def build(events: int, players: int, rng: random.Random, played: int = 0) -> None:
    """The players, the events (``events / 10`` a season over ten seasons, the last this year's,
    so a calendar from this month on has its events; all public) and ``ENTRIES_PER_EVENT``
    entries each, bulk-inserted with their search columns filled as ``save`` fills them;
    ``played``: that many rounds played in each (``play``)."""
    people = []
    for i in range(players):
        player = Player(full_name=f"{rng.choice(FAMILY)} {rng.choice(MIDDLE)} "
                                  f"{rng.choice(GIVEN)} {i}",
                        rating=1200 + rng.randrange(1300), province=rng.choice(PLACES))
        player.derived_fill()
        people.append(player)
    people = Player.objects.bulk_create(people, batch_size=BATCH)
    rows = []
    per_season = max(1, events // 10)
    for i in range(events):
        season, n = divmod(i, per_season)
        start = datetime.date(FIRST_SEASON + season, 1, 1) + datetime.timedelta(
            days=n * 365 // per_season)
        place = rng.choice(PLACES)
        event = Event(name=f"{rng.choice(KINDS)} {place} {start.year} số {n + 1}",
                      slug=f"archive-{i}", start_date=start,
                      end_date=start + datetime.timedelta(days=2), venue=place,
                      organiser=f"Liên đoàn Cờ tướng {place}", format="swiss", rounds=7,
                      visibility="public")
        event.derived_fill()
        rows.append(event)
    nodes = tree()
    for event in rows:
        event.organisation = rng.choice(nodes)
    stored = Event.objects.bulk_create(rows, batch_size=BATCH)
    entries = (Entry(event=event, player=player, rating=player.rating)
               for event in stored for player in rng.sample(people, ENTRIES_PER_EVENT))
    made = []
    while batch := list(itertools.islice(entries, BATCH)):
        made += Entry.objects.bulk_create(batch)
    if played:
        play(stored, made, played, rng)


def tree() -> list[Organisation]:
    """A federation, a province for each place and ``CLUBS_PER_PROVINCE`` clubs in each, their
    paths set as ``services/organisations.py`` sets them; the provinces and clubs (who
    organise the events)."""
    root = Organisation.objects.create(name="Liên đoàn Cờ tướng", slug="lien-doan",
                                       kind="federation")
    Organisation.objects.filter(pk=root.pk).update(path=f"/{root.pk}/")
    root.path = f"/{root.pk}/"
    provinces = Organisation.objects.bulk_create(
        Organisation(name=place, slug=f"tinh-{i}", kind="province", parent=root)
        for i, place in enumerate(PLACES))
    for province in provinces:
        province.path, province.province = f"{root.path}{province.pk}/", province
    Organisation.objects.bulk_update(provinces, ["path", "province"])
    clubs = Organisation.objects.bulk_create(
        Organisation(name=f"CLB {province.name} {n}", slug=f"clb-{province.pk}-{n}",
                     kind="club", parent=province, province=province)
        for province in provinces for n in range(1, CLUBS_PER_PROVINCE + 1))
    for club in clubs:
        club.path = f"{club.parent.path}{club.pk}/"
    Organisation.objects.bulk_update(clubs, ["path"])
    return provinces + clubs


def play(events: list[Event], entries: list[Entry], rounds: int, rng: random.Random) -> None:
    """``rounds`` completed rounds in every event (each round's entries paired at random, a
    random result on every board), the events rated: a career's lines then rank real
    standings and rating reports."""
    Event.objects.filter(pk__in=[e.pk for e in events]).update(rated=True)
    by_event: dict[int, list[Entry]] = {}
    for entry in entries:
        by_event.setdefault(entry.event_id, []).append(entry)
    made = Round.objects.bulk_create(
        (Round(event=event, number=n, status=RoundStatus.COMPLETED, method="manual")
         for event in events for n in range(1, rounds + 1)), batch_size=BATCH)
    boards = []
    for round_ in made:
        field = rng.sample(by_event[round_.event_id], len(by_event[round_.event_id]))
        boards += [Board(round=round_, number=i // 2 + 1, white=field[i], black=field[i + 1],
                         result=rng.choice(throwaway_db.RESULTS))
                   for i in range(0, len(field) - 1, 2)]
    Board.objects.bulk_create(boards, batch_size=BATCH)


def _filled(url: str, turn: int, samples: dict) -> str:
    return url.format(**{name: values[turn % len(values)] for name, values in samples.items()})


def measure(urls: list[str], requests: int) -> None:
    """Each address ``requests`` times, the cache emptied before each; the table."""
    rng = random.Random(2)
    entered = list(Entry.objects.values_list("player_id", flat=True)[:5000])
    players = rng.sample(entered, min(len(entered), requests))
    others = players[1:] + players[:1]
    met = list(Board.objects.filter(black__isnull=False)
               .values_list("white__player", "black__player")[:5000])
    if met:
        players, others = zip(*rng.sample(met, min(len(met), requests)), strict=True)
    samples = {"player": players, "other": others,
               "year": sorted({d.year for d in Event.objects.dates("start_date", "year")}),
               "q": SEARCHES,
               "event": list(Event.objects.order_by("?").values_list("slug", flat=True)[:20]),
               "month": [f"{d.year}-{d.month:02}" for d in Event.objects.dates("start_date",
                                                                                "month")],
               "org": list(Organisation.objects.exclude(kind="club").order_by("pk")
                           .values_list("slug", flat=True))}
    settings.ALLOWED_HOSTS = ["testserver"]
    client = Client()
    print(f"{'address':<34}{'seconds':>9}{'first ms':>9}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'queries':>9}{'peak MB':>9}")
    for url in urls:
        times, queries = [], []
        for turn in range(requests):
            address = _filled(url, turn, samples)
            cache.clear()
            with CaptureQueriesContext(connection) as captured:
                started = time.perf_counter()
                response = client.get(address)
                times.append(time.perf_counter() - started)
            assert response.status_code == 200, (address, response.status_code)
            queries.append(len(captured))
        first = times[0]
        times.sort()
        p95 = times[max(0, round(0.95 * len(times)) - 1)]
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{url:<34}{sum(times):>9.2f}{first * 1000:>9.1f}"
              f"{statistics.median(times) * 1000:>9.1f}"
              f"{p95 * 1000:>9.1f}{max(queries):>9}{peak:>9.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=3000)
    parser.add_argument("--players", type=int, default=50000)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--url", action="append", help="an address to measure (repeatable)")
    parser.add_argument("--measure-only", action="store_true")
    parser.add_argument("--played", type=int, default=0,
                        help="rounds played in every event (random pairings and results)")
    args = parser.parse_args()
    urls = args.url or URLS
    if args.measure_only:
        measure(urls, args.requests)
        return
    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    build(args.events, args.players, random.Random(1), args.played)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print(f"{connection.vendor}: built {args.events} events, {args.players} players, "
          f"{args.events * ENTRIES_PER_EVENT} entries, {args.played} rounds played, "
          f"in {time.perf_counter() - started:.1f} s")
    # A fresh process: nothing of this one's cache, connections or imports.
    command = [sys.executable, __file__, "--measure-only", "--requests", str(args.requests)]
    command += [part for url in urls for part in ("--url", url)]
    env = {**os.environ, "BENCH_DATABASE_URL": os.environ["DATABASE_URL"]}
    subprocess.run(command, check=True, env=env)


if __name__ == "__main__":
    main()
