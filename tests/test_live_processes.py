"""Two web processes deliver every message of the live feed (docs/live.md): two uvicorn
processes with the production settings, on two ports, share the test database and a Redis
server of this module's own. A spectator connected to each, and an arbiter to the staff's
stream of one; a result entered through the first process's API reaches all three at once.

Then the Redis server is killed: a result entered meanwhile is stored and answered 200, the
streams end and are refused (503) while it is gone; once it is back the streams open again, a
spectator's old number (from a Redis that lost its data) is answered by a reset, and the next
result reaches both processes. Nothing is a mock: the processes, the database and Redis are
real. Needs PostgreSQL (processes sharing one database): the PostgreSQL pass runs it.
"""

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.conftest import RedisServer
from tests.sse_client import Stream
from tests.test_several_machines import REDIS, ROOT, _environment, _free_port, _wait_until_up
from tests.tournaments.builders import client_for, rr_scenario
from tournaments.models import Board

pytestmark = [
    pytest.mark.services,
    pytest.mark.xdist_group("live-processes"),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="processes sharing one database: the PostgreSQL pass runs it"),
]


@pytest.fixture(scope="module")
def live_redis(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("live-redis"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def two_processes(django_db_setup, tmp_path_factory, live_redis):
    """Two uvicorn processes (one worker each) on the test database; their ports."""
    import redis

    tmp_path = tmp_path_factory.mktemp("uvicorn")
    prefix = f"t{uuid.uuid4().hex[:12]}"
    env = {**_environment(prefix), "LIVE_REDIS_URL": live_redis.url,
           "LIVE_FEED_RETRY_SECONDS": "0"}
    started = []
    try:
        for name in ("first", "second"):
            port, log = _free_port(), tmp_path / f"{name}.log"
            process = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host",
                 "127.0.0.1", "--port", str(port), "--workers", "1", "--lifespan", "off",
                 "--no-access-log", "--timeout-graceful-shutdown", "1"],
                cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
            started.append((process, port, log))
        for process, port, log in started:
            _wait_until_up(process, port, log)
        yield [port for _, port, _ in started]
    finally:
        for process, _port, _log in started:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shared = redis.Redis.from_url(REDIS)
        for key in shared.scan_iter(f"{prefix}:*"):
            shared.delete(key)


def put_result(port: int, board: Board, token: str) -> int:
    board.refresh_from_db()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/boards/{board.pk}/result/", method="PUT",
        data=json.dumps({"result": "1-0" if board.result != "1-0" else "0-1",
                         "version": board.version}).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/json",
                 "Authorization": f"Token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as refused:
        return refused.code


def session_cookie(user, settings) -> str:
    """A session of ``user`` the web processes accept: signed with their secret key."""
    settings.SECRET_KEY = _environment("")["SECRET_KEY"]
    return f"sessionid={client_for(user).cookies['sessionid'].value}"


def status_of(port: int, path: str) -> int:
    stream = Stream(port, path)
    try:
        return stream.status
    finally:
        stream.close()


@pytest.mark.django_db(transaction=True)
def test_a_result_entered_through_one_process_reaches_the_streams_of_both(
        two_processes, live_redis, make_event, organiser, chief_arbiter, arbiter, settings):
    first, second = two_processes
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    event, board = ctx["event"], ctx["board"]
    token = Token.objects.create(user=arbiter).key
    public = f"/events/{event.slug}/live/"
    streams = [Stream(first, public), Stream(second, public),
               Stream(second, f"/manage/{event.slug}/live/",
                      headers={"Cookie": session_cookie(arbiter, settings)})]
    try:
        assert [s.status for s in streams] == [200, 200, 200]
        for stream in streams:
            stream.opening()
        assert put_result(first, board, token) == 200
        event.refresh_from_db()
        for stream in streams:
            (message,) = stream.events(1)
            assert (message.kind, message.data) == ("version", {"version": event.version})
        # The two processes read one feed: the same number for the same message.
        assert streams[0].last_id == streams[1].last_id

        # Redis killed: the streams end, the result is stored all the same, the doors answer
        # 503 at once.
        live_redis.kill()
        for stream in streams:
            assert stream.response.readline() in (b"", b": keep-alive\n")
        assert put_result(second, board, token) == 200
        board.refresh_from_db()
        assert board.result == "0-1"
        for port in (first, second):
            started = time.monotonic()
            assert status_of(port, public) == 503
            assert time.monotonic() - started < 3
        seen = streams[0].last_id
    finally:
        for stream in streams:
            stream.close()

    # Redis back, empty: the streams open again; the old number is from a feed now gone.
    live_redis.start()
    deadline = time.monotonic() + 20
    while status_of(first, public) != 200 or status_of(second, public) != 200:
        assert time.monotonic() < deadline, "the streams did not open again"
    back = [Stream(first, public, headers={"Last-Event-ID": seen}), Stream(second, public)]
    try:
        back[0].opening()
        back[1].opening()
        assert back[0].reset and not back[1].reset
        assert put_result(first, board, token) == 200
        event.refresh_from_db()
        for stream in back:
            (message,) = stream.events(1)
            assert message.data == {"version": event.version}
    finally:
        for stream in back:
            stream.close()

