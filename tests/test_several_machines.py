"""Several web machines behind a proxy (docs/deployment.md): two gunicorn processes
with the production settings, on two ports, share one PostgreSQL database and one Redis and
nothing else. A result written through one is seen through the other at once (the event's
version, published in Redis on commit, makes the other's cached answer stale), and failed
sign-ins through one count on the other (``tournaments/signin_throttle.py``).

The processes read the test database, so the data is committed (a transactional test); the
Redis keys carry a prefix of their own. It needs PostgreSQL and Redis on 127.0.0.1, so it runs
in the PostgreSQL pass.
"""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.tournaments.builders import rr_scenario

pytestmark = [
    pytest.mark.services,
    pytest.mark.xdist_group("several-machines"),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="processes sharing one database: the PostgreSQL pass runs it"),
]

ROOT = Path(__file__).resolve().parents[1]
REDIS = "redis://127.0.0.1:6379/13"
FAILURE_LIMIT = 3
# A loaded CI machine boots a gunicorn worker (Django's imports, the app registry) slowly.
TIMEOUT = 60


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _environment(prefix: str) -> dict:
    database = connection.settings_dict
    keep = {k: v for k, v in os.environ.items()
            if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_", "CACHE_"))}
    return {**keep, "DJANGO_SETTINGS_MODULE": "config.settings_production",
            "SECRET_KEY": "two-machines-" + "x" * 50,
            "DATABASE_URL": f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:"
                            f"{database['PORT'] or 5432}/{database['NAME']}",
            "CACHE_URL": REDIS, "CACHE_KEY_PREFIX": prefix, "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "false", "SECURE_HSTS_SECONDS": "0",
            "SIGNIN_FAILURE_LIMIT": str(FAILURE_LIMIT)}


def _call(port: int, path: str, *, method="GET", body=None, headers=None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/json",
                 **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, dict(refused.headers), refused.read()


def _wait_until_up(process, port: int, log: Path) -> None:
    """Until the worker answers a request: the master's socket accepts before it has booted."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        assert process.poll() is None, f"gunicorn stopped:\n{log.read_text()[-3000:]}"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        except OSError:
            time.sleep(0.1)
            continue
        _call(port, "/")  # any answer will do
        return
    raise AssertionError(f"gunicorn did not start:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def two_machines(django_db_setup, tmp_path_factory):
    """Two web processes (one gunicorn worker each) on two ports, on the test database; their
    ports."""
    import redis

    tmp_path = tmp_path_factory.mktemp("machines")
    prefix = f"t{uuid.uuid4().hex[:12]}"
    env = _environment(prefix)
    started = []
    try:
        for name in ("first", "second"):
            port, log = _free_port(), tmp_path / f"{name}.log"
            process = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "1",
                 "--bind", f"127.0.0.1:{port}"],
                cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
            started.append((process, port, log))
        for process, port, log in started:
            _wait_until_up(process, port, log)
        yield [port for _, port, _ in started]
    finally:
        for process, _port, _log in started:
            process.terminate()
            process.wait(timeout=20)
        shared = redis.Redis.from_url(REDIS)
        for key in shared.scan_iter(f"{prefix}:*"):
            shared.delete(key)


@pytest.mark.django_db(transaction=True)
def test_a_result_written_through_one_machine_is_seen_through_the_other(
        two_machines, make_event, organiser, chief_arbiter, arbiter):
    first, second = two_machines
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    standings = f"/api/events/{ctx['event'].pk}/standings/"
    status, headers, body = _call(second, standings)
    assert status == 200 and {row["points"] for row in json.loads(body)["rows"]} == {"0"}
    assert _call(second, standings, headers={"If-None-Match": headers["ETag"]})[0] == 304
    token = Token.objects.create(user=arbiter).key
    written = _call(first, f"/api/boards/{ctx['board'].pk}/result/", method="PUT",
                    body={"result": "1-0", "version": 0},
                    headers={"Authorization": f"Token {token}"})
    assert written[0] == 200, written
    status, fresh_headers, body = _call(second, standings,
                                        headers={"If-None-Match": headers["ETag"]})
    assert status == 200 and fresh_headers["ETag"] != headers["ETag"]
    assert sorted(row["points"] for row in json.loads(body)["rows"]) == ["0", "0", "0", "1"]


def test_failed_sign_ins_count_across_machines(two_machines):
    first, second = two_machines
    wrong = {"username": "nobody", "password": "wrong"}
    for _ in range(FAILURE_LIMIT):
        assert _call(first, "/api/token/", method="POST", body=wrong)[0] == 400
    status, headers, body = _call(second, "/api/token/", method="POST", body=wrong)
    assert status == 429 and json.loads(body)["code"] == "throttled"
    assert "Retry-After" in headers
