"""Spectators of one event on the live feed's streams (docs/live.md), on the production set-up.

Starts, loopback only: uvicorn (``config.asgi``, ``config.settings_production``) on a throwaway
PostgreSQL database, a Redis server of its own on a free port for the feed (so it can be
stopped), the local Redis (its own key prefix) as the cache. One public event.

1. The curve: for each number of connections (``--connections``), that many spectators open
   ``/events/<slug>/live/`` (raw asyncio sockets, in this process: they share the cores with
   the server) and a message a second carrying its time is appended to the event's feed for
   ``--seconds``; half-way a tenth of them reconnect with their Last-Event-ID. Per line: the
   delivery latency (p50, p95, p99), the messages missed or out of order (none allowed: every
   spectator must see every message once, in order, across its reconnect), the server's memory
   per connection and its CPU time per delivered message, the machine's load.
2. Recorders: ``--recorders`` recorders each enter a relayed move on their board every 20 s
   (``services/relay.py: relay_move``, which publishes a ``move`` message) while
   ``--spectators`` watch; the feed's Redis is stopped for 10 s meanwhile. Every move must be
   stored; every spectator must see each board's moves in order (a reset excepted) and end on
   each board's last stored move.

    ulimit -n 20000; .venv/bin/python benchmarks/bench_live.py [--connections 500 1000 2000 5000]
        [--seconds 20] [--workers 1] [--recorders 20] [--spectators 1000]

Needs PostgreSQL (user postgres, trust), redis-server and Redis on 127.0.0.1.
"""

import argparse
import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = "postgres://postgres@127.0.0.1:5432"
CACHE = "redis://127.0.0.1:6379/12"


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _redis_start(port: int, folder: Path) -> subprocess.Popen:
    import redis

    process = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no", "--dir", str(folder), "--maxclients", "20000"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            redis.Redis(port=port, socket_connect_timeout=1).ping()
            return process
        except redis.ConnectionError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


def _django(database: str, feed: str, prefix: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"{PG}/{database}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["LIVE_REDIS_URL"] = feed
    os.environ["LIVE_FEED_PREFIX"] = prefix
    os.environ["LIVE_FEED_RETRY_SECONDS"] = "0"
    import django

    django.setup()


def build(recorders: int) -> dict:
    """A public round robin of ``2 * recorders`` players, round 1 published, every board
    relayed: one board a recorder; the chief arbiter, who may enter moves on every board."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Board, Entry, Event, EventRole, Player, Round

    event = Event.objects.create(name="Live", slug="live", start_date="2026-11-01",
                                 format="rr", visibility="public")
    players = Player.objects.bulk_create(
        Player(full_name=f"Nguyễn Văn {i}", name_folded=f"nguyen van {i}",
               sort_key=f"{i} nguyen van", rating=2000) for i in range(2 * recorders))
    entries = Entry.objects.bulk_create(Entry(event=event, player=p, number=i + 1)
                                        for i, p in enumerate(players))
    round_ = Round.objects.create(event=event, number=1, method="berger", status="published")
    boards = Board.objects.bulk_create(
        Board(round=round_, number=i + 1, white=entries[2 * i], black=entries[2 * i + 1])
        for i in range(recorders))
    chief = get_user_model().objects.create_user("live-chief", password="x")
    EventRole.objects.create(event=event, user=chief, role="chief")
    from tournaments.services.relay import relay_board_set

    for board in boards:
        relay_board_set(round_=round_, actor=chief, number=board.number)
    return {"event": event, "boards": [b.pk for b in boards], "chief": chief}


def _environment(database: str, prefix: str, feed: str) -> dict:
    keep = {k: v for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_", "CACHE_", "LIVE_"))}
    return {**keep, "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "SECRET_KEY": "bench-live-" + "x" * 50, "DATABASE_URL": f"{PG}/{database}",
            "CACHE_URL": CACHE, "CACHE_KEY_PREFIX": prefix, "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "false", "SECURE_HSTS_SECONDS": "0",
            "LIVE_REDIS_URL": feed, "LIVE_FEED_PREFIX": prefix}


def _serve(env: dict, workers: int, log: Path) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
         "--port", str(port), "--workers", str(workers), "--lifespan", "off",
         "--no-access-log", "--backlog", "8192", "--timeout-graceful-shutdown", "2",
         "--timeout-worker-healthcheck", "30"],
        cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, port
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"uvicorn did not start: {log.read_text()[-2000:]}")


def _pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [master, *map(int, children)]


def _cpu_seconds(master: int) -> float:
    total = 0
    for pid in _pids(master):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _rss_mb(master: int) -> float:
    total = 0
    for pid in _pids(master):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


class Spectator:
    """One SSE connection, reconnecting as a browser does (after ``retry``, with its
    Last-Event-ID); notes each message's latency, misses and reorders by the message's
    sequence number, and resets."""

    def __init__(self, port: int, path: str):
        self.port, self.path = port, path
        self.last_id: str | None = None
        self.seen: list[int] = []
        self.plies: dict[int, list[int]] = {}  # a relayed board's plies, as the messages came
        self.latencies: list[float] = []
        self.resets = 0
        self.refused = 0
        self.connected = asyncio.Event()
        self.reconnect_now = False
        self.task: asyncio.Task | None = None

    async def run(self) -> None:
        while True:
            try:
                await self._once()
            except (OSError, asyncio.IncompleteReadError, ConnectionError):
                pass
            await asyncio.sleep(0.5 if self.reconnect_now else 3)
            self.reconnect_now = False

    async def _once(self) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port, limit=2 ** 20)
        try:
            head = f"GET {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
            if self.last_id:
                head += f"Last-Event-ID: {self.last_id}\r\n"
            writer.write((head + "\r\n").encode())
            status = (await reader.readline()).split()
            if status[1] != b"200":
                self.refused += 1
                return
            while (await reader.readline()) not in (b"\r\n", b""):
                pass
            self.connected.set()
            fields: dict[str, str] = {}
            while not self.reconnect_now:
                line = await reader.readline()
                if not line:
                    return
                line = line.decode().rstrip("\r\n")
                if line.startswith((":", "retry")) or (line and line[0] in "0123456789abcdef"
                                                       and ":" not in line):
                    continue  # a comment, the delay, a chunk's size
                if line:
                    name, _, value = line.partition(":")
                    fields[name] = value.strip()
                    continue
                self._dispatch(fields)
                fields = {}
        finally:
            writer.close()

    def _dispatch(self, fields: dict[str, str]) -> None:
        if "id" in fields:
            self.last_id = fields["id"]
        kind = fields.get("event")
        if kind == "reset":
            self.resets += 1
            self.seen.append(-1)  # a reset: the page reloads, numbering starts again
            for plies in self.plies.values():
                plies.append(-1)  # and reads its games again (live.json)
        elif kind == "move":
            data = json.loads(fields["data"])
            self.plies.setdefault(data["board"], []).append(data["ply"])
        elif kind in ("tick", "version"):
            data = json.loads(fields["data"])
            self.seen.append(data["seq"] if kind == "tick" else data["version"])
            if "at" in data:
                self.latencies.append(time.time() - data["at"])


def _gaps(seen: list[int]) -> tuple[int, int]:
    """Messages missed and out of order in a sequence that should count up by one (a reset,
    -1, starts it again)."""
    missed = reordered = 0
    previous = None
    for n in seen:
        if n == -1:
            previous = None
            continue
        if previous is not None:
            if n <= previous:
                reordered += 1
            elif n != previous + 1:
                missed += n - previous - 1
        previous = n
    return missed, reordered


def _percentile(values: list[float], share: float) -> float:
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(len(values) * share))] if values else 0.0


async def _open(port: int, path: str, count: int) -> list[Spectator]:
    spectators = [Spectator(port, path) for _ in range(count)]
    for i in range(0, count, 100):  # as a crowd arrives: a hundred at a time
        for s in spectators[i:i + 100]:
            s.task = asyncio.create_task(s.run())
        await asyncio.wait_for(asyncio.gather(*(s.connected.wait()
                                                for s in spectators[i:i + 100])), 120)
    return spectators


async def _curve_line(master: int, port: int, count: int, seconds: float, feed) -> str:
    warm = await _open(port, "/events/live/live/", 50)  # the code loaded, the reader started
    rss_before = _rss_mb(master)
    spectators = await _open(port, "/events/live/live/", count)
    await asyncio.sleep(2)
    rss_after = _rss_mb(master)
    cpu = _cpu_seconds(master)
    for seq in range(1, int(seconds) + 1):
        await asyncio.to_thread(feed.append, feed_event, "public", "tick",
                                {"seq": seq, "at": time.time()})
        if seq == int(seconds) // 2:
            for s in spectators[::10]:
                s.reconnect_now = True
        await asyncio.sleep(1)
    deadline = time.monotonic() + 60  # every message delivered, however late, or missed
    while (time.monotonic() < deadline
           and any(max(s.seen, default=0) < int(seconds) for s in spectators)):
        await asyncio.sleep(0.5)
    cpu = _cpu_seconds(master) - cpu
    for s in spectators + warm:
        s.task.cancel()
    await asyncio.gather(*(s.task for s in spectators + warm), return_exceptions=True)
    latencies = [x for s in spectators for x in s.latencies]
    delivered = len(latencies) + sum(len(s.latencies) for s in warm)
    missed = sum(int(seconds) - len({n for n in s.seen if n > 0}) for s in spectators)
    reordered = sum(_gaps(s.seen)[1] for s in spectators)
    return (f"{count:>7}{_percentile(latencies, .5):>8.0f}{_percentile(latencies, .95):>8.0f}"
            f"{_percentile(latencies, .99):>8.0f}{missed:>7}{reordered:>8}"
            f"{1024 * (rss_after - rss_before) / count:>8.1f}"
            f"{1e6 * cpu / max(1, delivered):>11.1f}{os.getloadavg()[0]:>6.1f}")


feed_event = 0


def _recorder(board_id: int, chief, stop: threading.Event, offset: float, stored: list) -> None:
    """A recorder entering this board's next move every 20 s, through the service: a legal
    move picked by the ply's number among the position's (deterministic)."""
    from django.db import connections

    import xiangqi
    from tournaments.models import Board
    from tournaments.services.relay import relay_move

    if stop.wait(offset):
        return
    position, ply = xiangqi.Position.from_fen(xiangqi.START_FEN), 0
    while True:
        board = Board.objects.select_related("round__event").get(pk=board_id)
        moves = sorted(position.legal_moves(), key=str)
        move = moves[(7 * ply + board_id) % len(moves)]
        ply += 1
        relay_move(event=board.round.event, board=board, ply=ply, move=str(move), actor=chief)
        position = position.after(move)
        stored.append(board_id)
        if stop.wait(20):
            connections.close_all()
            return


async def _recorders_run(port: int, args, built: dict, redis_port: int, folder: Path) -> str:

    spectators = await _open(port, "/events/live/live/", args.spectators)
    stop, stored = threading.Event(), []
    threads = [threading.Thread(target=_recorder, args=(b, built["chief"], stop, 20 * i /
                                                        len(built["boards"]), stored))
               for i, b in enumerate(built["boards"])]
    for t in threads:
        t.start()
    await asyncio.sleep(25)
    redis_process.kill()
    redis_process.wait()
    await asyncio.sleep(10)
    globals()["redis_process"] = await asyncio.to_thread(_redis_start, redis_port, folder)
    await asyncio.sleep(args.after)
    stop.set()
    for t in threads:
        await asyncio.to_thread(t.join)
    await asyncio.sleep(5)
    for s in spectators:
        s.task.cancel()
    await asyncio.gather(*(s.task for s in spectators), return_exceptions=True)
    final = await asyncio.to_thread(_stored_plies, built["boards"])
    # Current on a board: its last message is the last stored move, or a reset came after it
    # (a page then reads the game's live.json, which holds every stored move).
    on_last = sum(1 for s in spectators
                  if all(s.plies.get(b, [0])[-1] in (n, -1) for b, n in final.items()))
    missed = sum(_gaps(s.plies.get(b, []))[0] + _gaps(s.plies.get(b, []))[1]
                 for s in spectators for b in final)
    return (f"{len(stored)} moves entered, {sum(final.values())} stored; {args.spectators} "
            f"spectators: {on_last} current on every board at the end, "
            f"{sum(s.resets > 0 for s in spectators)} reset after the outage, "
            f"{sum(s.refused for s in spectators)} answers 503 during it, "
            f"{missed} moves missed or out of order between two messages of a board")


def _stored_plies(boards: list[int]) -> dict[int, int]:
    from tournaments.models import GameMoves

    return {m.board_id: m.ply_count for m in GameMoves.objects.filter(board__in=boards)}


redis_process: subprocess.Popen | None = None


def main() -> None:
    global redis_process, feed_event
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--connections", type=int, nargs="+", default=[500, 1000, 2000, 5000])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--recorders", type=int, default=20)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--after", type=float, default=15,
                        help="seconds of recording after Redis is back")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    database, prefix = f"cotuong_bench_live_{os.getpid()}", f"bench{uuid.uuid4().hex[:10]}"
    work = Path(tempfile.mkdtemp())
    redis_port = _free_port()
    redis_process = _redis_start(redis_port, work)
    feed_url = f"redis://127.0.0.1:{redis_port}/0"
    _admin(f'CREATE DATABASE "{database}"')
    server = None
    try:
        _django(database, feed_url, prefix)
        from django.core.management import call_command
        from django.db import connections

        from tournaments.live import feed

        call_command("migrate", verbosity=0)
        built = build(args.recorders)
        feed_event = built["event"].pk
        connections.close_all()
        env = _environment(database, prefix, feed_url)
        server, port = _serve(env, args.workers, work / "uvicorn.log")
        print(f"uvicorn, {args.workers} worker(s); {os.cpu_count()} cores shared with the "
              f"clients; a message a second for {args.seconds:g} s a line, a tenth of the "
              f"spectators reconnecting half-way")
        print(f"{'conns':>7}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'missed':>7}"
              f"{'reorder':>8}{'KB/conn':>8}{'CPU µs/msg':>11}{'load':>6}")
        for count in args.connections:
            print(asyncio.run(_curve_line(server.pid, port, count, args.seconds, feed())),
                  flush=True)
        if args.recorders:
            print(f"\n{args.recorders} recorders, a relayed move each every 20 s, "
                  f"{args.spectators} spectators; the feed's Redis killed 25 s in, back 10 s "
                  f"later")
            print(asyncio.run(_recorders_run(port, args, built, redis_port, work)), flush=True)
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        from django.db import connections

        connections.close_all()
        _admin(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        redis_process.terminate()
        import redis

        shared = redis.Redis.from_url(CACHE)
        for key in shared.scan_iter(f"{prefix}:*"):
            shared.delete(key)


if __name__ == "__main__":
    main()
