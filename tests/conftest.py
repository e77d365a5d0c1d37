"""Shared fixtures: users with roles, players, events (factory-boy factories in
tests/tournaments/builders.py)."""

import datetime

import pytest
from django.contrib.auth.models import Group, Permission
from hypothesis import HealthCheck, settings

from tests.tournaments.builders import PlayerFactory, UserFactory, statute_order_choose
from tournaments.services.events import event_create, role_assign

# The suite shares two cores between two workers, PostgreSQL and the browser: a pause of the
# machine is no sign of a slow strategy, so the timing health check is off; every other check
# stays, and each test's examples and deadline are its own.
settings.register_profile("suite", suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


@pytest.fixture
def organiser(db):
    group, _ = Group.objects.get_or_create(name="Organisers")
    group.permissions.add(Permission.objects.get(codename="add_event"))
    user = UserFactory(username="organiser")
    user.groups.add(group)
    return user


@pytest.fixture
def chief_arbiter(db):
    return UserFactory(username="chief")


@pytest.fixture
def arbiter(db):
    return UserFactory(username="arbiter")


@pytest.fixture
def stranger(db):
    """A logged-in user with no role in the event (e.g. an arbiter of another event)."""
    return UserFactory(username="stranger")


@pytest.fixture
def make_event(organiser, chief_arbiter, arbiter):
    def make(**statute):
        statute.setdefault("name", "Giải thử")
        statute.setdefault("start_date", datetime.date(2026, 11, 20))
        event = event_create(actor=organiser, **statute)
        statute_order_choose(event)
        role_assign(event=event, actor=organiser, user=chief_arbiter, role="chief")
        role_assign(event=event, actor=organiser, user=arbiter, role="arbiter")
        return event

    return make


@pytest.fixture
def players(db):
    return PlayerFactory.create_batch(24)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """Real hashing costs half a second per user; tests need no strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _english_messages(settings):
    """Tests read messages in English: services' messages directly, and pages' messages too
    (a request without a language cookie falls back to LANGUAGE_CODE). Tests of the language
    itself, and the browser tests, set Vietnamese, the product's default, back."""
    from django.utils import translation

    settings.LANGUAGE_CODE = "en"
    with translation.override("en"):
        yield


@pytest.fixture
def no_browser_loop():
    """The test runs as in a plain thread. Playwright's sync API, once a browser test has run in
    this worker, leaves its event loop marked as the thread's running loop for the rest of the
    session (it lives in a paused greenlet), and then ``asyncio.run`` and Django's
    ``async_to_sync`` (an async view called by the test client) refuse to run. A test that
    makes no Playwright call uses this fixture to lift the mark and put it back after."""
    import asyncio

    loop = asyncio._get_running_loop()
    if loop is None:
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Counters (sign-in failures, API throttles) start at zero in every test."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def redis_server_start(port: int, folder):
    """Start ``redis-server`` on this loopback port, keeping nothing on disk, and return its
    process once it answers (a test that stopped one starts it again on the same port)."""
    import subprocess
    import time

    import redis

    process = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while True:
        try:
            redis.Redis.from_url(f"redis://127.0.0.1:{port}/0", socket_connect_timeout=1).ping()
            return process
        except redis.ConnectionError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise
            time.sleep(0.05)


def redis_server_stop(process) -> None:
    """End a server started by ``redis_server_start``, by its process id."""
    import subprocess

    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class RedisServer:
    """A Redis server of the test's own on a free port, which the test can kill, stop and
    start again on the same port (the workers, the web processes and the cache reconnect)."""

    def __init__(self, folder):
        import socket

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.folder = folder
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = redis_server_start(self.port, folder)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()

    def start(self) -> None:
        self.process = redis_server_start(self.port, self.folder)

    def stop(self) -> None:
        if self.process.poll() is None:
            redis_server_stop(self.process)

    def keys(self) -> list[bytes]:
        import redis

        return redis.Redis.from_url(self.url).keys("*")


@pytest.fixture(scope="module")
def private_redis(tmp_path_factory):
    """A Redis server of the test's own, on a free loopback port, keeping nothing on disk:
    what a test does to it (a worker's queue, stopping it) reaches no other test run. Yields
    ``(url, process)``; the server is ended by its process id."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = redis_server_start(port, tmp_path_factory.mktemp("redis"))
    try:
        yield f"redis://127.0.0.1:{port}/0", process
    finally:
        redis_server_stop(process)


_DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences",
                      "django_db_serialized_rollback", "django_db_setup", "live_server"}


def _uses_the_database(item):
    return (item.get_closest_marker("django_db") is not None
            or item.get_closest_marker("services") is not None
            or not _DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ())))


def pytest_addoption(parser):
    parser.addoption(
        "--embedded-pass", action="store_true",
        help="the SQLite pass of `make test`: the tests that use no database and the tests "
             "marked `sqlite`; the PostgreSQL pass runs every test that uses the database")


def _embedded_pass_keeps(item):
    return not _uses_the_database(item) or item.get_closest_marker("sqlite") is not None


def pytest_collection_modifyitems(config, items):
    """Each test runs once in `make test`. The PostgreSQL pass (DATABASE_URL set), production's
    database, runs every test that uses the database, the browser tests among them; the SQLite
    pass (``--embedded-pass``) runs the pure engines and the source checks, which answer alike
    on either database, and the tests marked ``sqlite``, which prove the embedded defaults of
    `make serve` (the demo built from nothing, every page walked; they run on both). Without
    either, as when a file is run on its own, every collected test runs."""
    from django.db import connection

    if connection.vendor == "postgresql":
        keep = _uses_the_database
    elif config.getoption("--embedded-pass"):
        keep = _embedded_pass_keeps
    else:
        return
    kept = [item for item in items if keep(item)]
    left = [item for item in items if not keep(item)]
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
