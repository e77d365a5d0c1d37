"""Redis stopped under a running site (config/cache.py): the production cache backend on a Redis
server of the test's own, killed in the middle of the test and started again.

What a visitor, an arbiter and someone signing in see while it is down: the public pages and the
API answer from the database, and with the event's current version (never a stale one); a
result write answers 200 and is stored; sign-in works and its throttle still counts; the outage
and the recovery are each logged once, however many requests came meanwhile. Nothing here
replaces the cache or the services with a mock: the server is really gone.
"""

import logging

import pytest

from tests.conftest import RedisServer, redis_server_stop
from tests.tournaments.builders import UserFactory, api_for, client_for, rr_scenario
from tournaments.models import Board, Event

pytestmark = [pytest.mark.services, pytest.mark.django_db]

LIMIT = 10



@pytest.fixture
def redis_cache(settings, tmp_path):
    """The production cache (``config/settings_production.py``) on a private server, asked
    again 0.2 s after a failure (5 s in production) so the test sees the recovery at once."""
    server = RedisServer(tmp_path)
    settings.CACHES = {"default": {
        "BACKEND": "config.cache.FaultTolerantRedisCache", "LOCATION": server.url,
        "OPTIONS": {**settings.CACHE_FAULT_OPTIONS, "RETRY_SECONDS": 0.2}}}
    settings.EVENT_VERSION_CACHE_SECONDS = 60
    settings.PUBLIC_CACHE_SECONDS = 600
    try:
        yield server
    finally:
        redis_server_stop(server.process)


@pytest.fixture
def victim(db):
    user = UserFactory(username="victim")
    user.set_password("the-right-one")
    user.save()
    return user


def sign_in(password: str, address: str):
    return client_for().post("/accounts/login/", {"username": "victim", "password": password},
                             REMOTE_ADDR=address)


def outage_lines(caplog) -> tuple[list[str], list[str]]:
    lines = [r.getMessage() for r in caplog.records if r.name == "config.cache"]
    return ([m for m in lines if m.startswith("cache unreachable")],
            [m for m in lines if m.startswith("cache reachable again")])


def test_redis_killed_the_site_reads_and_writes_from_the_database_and_says_so(
        redis_cache, make_event, organiser, chief_arbiter, victim, caplog):
    caplog.set_level(logging.INFO, logger="config.cache")
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    event, board = ctx["event"], ctx["board"]
    standings = f"/events/{event.slug}/standings/"
    assert client_for().get(standings).status_code == 200
    assert any(b"public-read" in key for key in redis_cache.keys())  # the page is in Redis

    redis_cache.kill()

    # Public pages and API reads: from the database.
    for _ in range(3):
        page = client_for().get(standings)
        assert page.status_code == 200 and event.name in page.content.decode()
    api_read = api_for().get(f"/api/events/{event.pk}/")
    assert api_read.status_code == 200 and api_read.json()["name"] == event.name

    # A result write: answered 200, stored, and the next read shows the new version.
    before = Event.objects.get(pk=event.pk).version
    written = api_for(chief_arbiter).put(f"/api/boards/{board.pk}/result/",
                                         {"result": "1-0", "version": board.version},
                                         format="json")
    assert written.status_code == 200, written.content
    assert Board.objects.get(pk=board.pk).result == "1-0"
    version = client_for().get(f"/events/{event.slug}/version/").json()["version"]
    assert version == Event.objects.get(pk=event.pk).version > before

    # Sign-in works, and its throttle still counts (in this process).
    assert sign_in("the-right-one", "198.51.100.1").status_code == 302
    for _ in range(LIMIT):
        assert sign_in("wrong", "198.51.100.2").status_code == 200
    assert sign_in("the-right-one", "198.51.100.2").status_code == 429
    assert sign_in("the-right-one", "198.51.100.3").status_code == 302

    unreachable, reachable = outage_lines(caplog)
    assert len(unreachable) == 1 and f"127.0.0.1:{redis_cache.port}" in unreachable[0]
    assert reachable == []

    redis_cache.start()
    import time

    time.sleep(0.3)  # RETRY_SECONDS: the next call asks Redis again
    assert client_for().get(standings).status_code == 200
    assert client_for().get(standings).status_code == 200
    unreachable, reachable = outage_lines(caplog)
    assert len(unreachable) == 1 and len(reachable) == 1
    assert any(b"public-read" in key for key in redis_cache.keys())  # cached in Redis again
