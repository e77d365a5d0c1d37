"""Shared fixtures: users with roles, players, events (factory-boy factories in
tests/tournaments/builders.py)."""

import datetime

import pytest
from django.contrib.auth.models import Group, Permission

from tests.tournaments.builders import PlayerFactory, UserFactory
from tournaments.services.events import event_create, role_assign


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


@pytest.fixture(autouse=True)
def _empty_cache():
    """Counters (sign-in failures, API throttles) start at zero in every test."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="module")
def private_redis(tmp_path_factory):
    """A Redis server of the test's own, on a free loopback port, keeping nothing on disk:
    what a test does to it (a worker's queue, stopping it) reaches no other test run. Yields
    ``(url, process)``; the server is ended by its process id."""
    import socket
    import subprocess
    import time

    import redis

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tmp_path_factory.mktemp("redis")
    process = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + 20
    while True:
        try:
            redis.Redis.from_url(url, socket_connect_timeout=1).ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise
            time.sleep(0.05)
    try:
        yield url, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
