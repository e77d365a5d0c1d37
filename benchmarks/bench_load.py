"""Public pages of a 1,000-player event under load, on the production set-up.

Starts what docs/deployment.md describes on this machine, loopback only: gunicorn with
``config.settings_production`` on a throwaway PostgreSQL database and the local Redis (its own
key prefix, removed at the end). Builds a Swiss event with bulk inserts (the last round in
play, no results yet), then, for each number of gunicorn workers, requests the public
standings and the pairings of the round in play from several client connections for a few
seconds each:

- unchanged: nothing is written meanwhile (every answer after the first comes from the cache);
- after changes: an arbiter enters a result through the API every ``--write-every`` seconds,
  so the pages are rendered again after each (the others get the previous answer meanwhile).

Bounded: ``--seconds`` per measurement, nothing listens beyond 127.0.0.1, everything started
is stopped and the database dropped.

    .venv/bin/python benchmarks/bench_load.py [--players 1000] [--rounds 9] [--workers 1 2 3 4]
        [--seconds 5] [--clients 8] [--write-every 1]

Needs PostgreSQL (user postgres, trust) and Redis on 127.0.0.1, as the tests' PostgreSQL pass.
"""

import argparse
import http.client
import json
import multiprocessing
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import throwaway_db  # benchmarks/ is on the path of a script run from it

ROOT = Path(__file__).resolve().parent.parent
PG = "postgres://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379/12"
RESULTS = ["1-0", "0-1", "1/2-1/2"]


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def _django(database: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"{PG}/{database}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()


def build(players: int, rounds: int, rng: random.Random) -> dict:
    """A public Swiss event: ``rounds - 1`` rounds played, the last one published without
    results; an arbiter with an API token."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from tournaments.models import Board, Entry, Event, EventRole, Round

    event = Event.objects.create(name=f"Load {players}", slug=f"load-{players}",
                                 start_date="2026-11-01", format="swiss", rounds=rounds,
                                 visibility="public")
    people = throwaway_db.bench_players(players)
    entries = Entry.objects.bulk_create(
        Entry(event=event, player=p, number=i + 1, rating=p.rating)
        for i, p in enumerate(people))
    for number in range(1, rounds + 1):
        live = number == rounds
        round_ = Round.objects.create(event=event, number=number, method="dutch",
                                      status="published" if live else "completed")
        order = entries[:]
        rng.shuffle(order)
        boards = [Board(round=round_, number=i // 2 + 1, white=order[i], black=order[i + 1],
                        result="" if live else rng.choice(RESULTS))
                  for i in range(0, len(order) - 1, 2)]
        if len(order) % 2:
            boards.append(Board(round=round_, number=len(boards) + 1, white=order[-1],
                                bye="U"))
        Board.objects.bulk_create(boards)
    arbiter = get_user_model().objects.create_user("load-arbiter", password="x")
    EventRole.objects.create(event=event, user=arbiter, role="arbiter")
    open_boards = list(Board.objects.filter(round__event=event, round__number=rounds,
                                            black__isnull=False).values_list("pk", flat=True))
    return {"slug": event.slug, "round": rounds, "boards": open_boards,
            "token": Token.objects.create(user=arbiter).key}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _environment(database: str, prefix: str, static: Path) -> dict:
    keep = {k: v for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_", "CACHE_"))}
    return {**keep, "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "SECRET_KEY": "bench-load-" + "x" * 50, "DATABASE_URL": f"{PG}/{database}",
            "CACHE_URL": REDIS, "CACHE_KEY_PREFIX": prefix, "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "false", "SECURE_HSTS_SECONDS": "0",
            "STATIC_ROOT": str(static)}


def _serve(env: dict, workers: int, log: Path) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", str(workers),
         "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=env, stdout=log.open("w"),
        stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"gunicorn stopped:\n{log.read_text()[-2000:]}")
        try:
            _get(port, "/")
            return process, port
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("gunicorn did not start")


def _get(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers={"Cookie": "django_language=vi"})
    answer = conn.getresponse()
    answer.read()
    conn.close()
    return answer.status


def _client(args) -> list[float]:
    """One client process: ``threads`` connections asking ``path`` until ``deadline``."""
    port, path, threads, deadline = args
    latencies: list[float] = []
    lock = threading.Lock()

    def loop():
        mine = []
        while time.time() < deadline:
            started = time.perf_counter()
            status = _get(port, path)
            if status != 200:
                raise SystemExit(f"{path}: {status}")
            mine.append(time.perf_counter() - started)
        with lock:
            latencies.extend(mine)

    workers = [threading.Thread(target=loop) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return latencies


# wrk's report, in a form read back below: requests, seconds, errors, p50 and p95 (µs).
WRK_REPORT = """
done = function(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("WRK %d %f %d %f %f\\n", summary.requests, summary.duration / 1e6,
    errors, latency:percentile(50), latency:percentile(95)))
end
"""


def load_wrk(port: int, path: str, clients: int, seconds: float) -> tuple[float, ...]:
    """The same measure with wrk (Debian's package; C, so the client takes little CPU); and
    the requests that failed (wrk gives up on an answer after 2 s)."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(WRK_REPORT)
    out = subprocess.run(
        ["wrk", "-t2", f"-c{clients}", f"-d{seconds:g}s", "-s", script.name,
         "-H", "Cookie: django_language=vi", f"http://127.0.0.1:{port}{path}"],
        capture_output=True, text=True, timeout=seconds + 60, check=True).stdout
    os.unlink(script.name)
    requests, duration, errors, p50, p95 = next(
        line.split()[1:] for line in out.splitlines() if line.startswith("WRK "))
    return (int(requests) / float(duration), float(p50) / 1000, float(p95) / 1000,
            int(errors))


def load(port: int, path: str, clients: int, seconds: float) -> tuple[float, ...]:
    """Requests per second, median and 95th percentile latency (ms), failures; with wrk when it is
    installed (``apt-get install wrk``), else with Python clients in two processes (which
    need CPU of their own: expect lower figures)."""
    if shutil.which("wrk"):
        return load_wrk(port, path, clients, seconds)
    processes = 2
    deadline = time.time() + seconds
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        parts = pool.map(_client, [(port, path, clients // processes, deadline)] * processes)
    latencies = sorted(x for part in parts for x in part)
    if not latencies:
        return 0.0, 0.0, 0.0, 0
    return (len(latencies) / seconds, 1000 * latencies[len(latencies) // 2],
            1000 * latencies[int(len(latencies) * 0.95)], 0)


def _writer_once(port: int, event: dict) -> None:
    """The arbiter enters the result of the next board of the round in play (API)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("PUT", f"/api/boards/{event['boards'].pop()}/result/",
                 body=json.dumps({"result": "1-0", "version": 0}),
                 headers={"Authorization": f"Token {event['token']}",
                          "Content-Type": "application/json"})
    answer = conn.getresponse()
    answer.read()
    conn.close()
    if answer.status != 200:
        raise SystemExit(f"the result was refused: {answer.status}")


def _writer(port: int, event: dict, every: float, stop: threading.Event) -> None:
    """The arbiter enters one result every ``every`` seconds."""
    while not stop.wait(every):
        _writer_once(port, event)


def _cpu_seconds(master: int) -> float:
    """CPU time used so far by gunicorn's master and workers (Linux /proc)."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    total = 0
    for pid in [master, *map(int, children)]:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def _measure(master: int, port: int, path: str, args, event: dict, *, writes: bool) -> str:
    """One line of the table: requests/s, p50, p95, failures, and the web processes' CPU time
    per request (what the figures would be on idle cores: 1,000 / it per core), load."""
    stop = threading.Event()
    writer = threading.Thread(target=_writer, args=(port, event, args.write_every, stop))
    cpu = _cpu_seconds(master)
    if writes:
        writer.start()
    try:
        rate, p50, p95, failed = load(port, path, args.clients, args.seconds)
    finally:
        stop.set()
        if writes:
            writer.join()
    per_request = 1000 * (_cpu_seconds(master) - cpu) / max(1, rate * args.seconds)
    return (f"{rate:>8.0f}{p50:>8.1f}{p95:>8.1f}{failed:>7}{per_request:>7.1f}"
            f"{os.getloadavg()[0]:>6.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--write-every", type=float, default=1.0)
    args = parser.parse_args()

    database, prefix = f"cotuong_bench_load_{os.getpid()}", f"bench{uuid.uuid4().hex[:10]}"
    work = Path(tempfile.mkdtemp())
    _admin(f'CREATE DATABASE "{database}"')
    try:
        _django(database)
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        event = build(args.players, args.rounds, random.Random(7))
        env = _environment(database, prefix, work / "static")
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
                       cwd=ROOT, env=env, check=True)
        from django.db import connections

        connections.close_all()
        pages = {"standings": f"/events/{event['slug']}/standings/",
                 "pairings": f"/events/{event['slug']}/rounds/{event['round']}/"}
        print(f"{args.players} players, {args.rounds} rounds; {args.clients} client "
              f"connections, {args.seconds:g} s per line; a result every "
              f"{args.write_every:g} s in 'after changes'")
        print(f"{'page':<10}{'workers':>8}{'state':>16}{'req/s':>8}{'p50 ms':>8}"
              f"{'p95 ms':>8}{'failed':>7}{'CPU ms':>7}{'load':>6}")
        for workers in args.workers:
            process, port = _serve(env, workers, work / f"gunicorn-{workers}.log")
            try:
                for path in pages.values():  # every worker loads its code before the figures
                    load(port, path, args.clients, 1)
                for name, path in pages.items():
                    for state in ("unchanged", "after changes"):
                        figures = _measure(process.pid, port, path, args, event,
                                           writes=state != "unchanged")
                        print(f"{name:<10}{workers:>8}{state:>16}{figures}")
            finally:
                process.terminate()
                process.wait(timeout=30)
    finally:
        from django.db import connections

        connections.close_all()
        _admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        import redis

        shared = redis.Redis.from_url(REDIS)
        for key in shared.scan_iter(f"{prefix}:*"):
            shared.delete(key)


if __name__ == "__main__":
    main()
