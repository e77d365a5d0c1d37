"""The live feed's two doors (``tournaments/views/live.py``), on a real Redis: the public stream
of an event anyone may see, the staff's stream of its organisers and arbiters only; a result
entered reaches both as an event, in the Server-Sent Events format; a reconnect resumes after
the last number it saw; the feed unreachable is a 503 at once and the result is stored anyway.

The WSGI path (``runserver``, the browser tests' live server) is read here through pytest-django's
``live_server`` by a plain HTTP client; the ASGI path through Django's ``AsyncClient`` (the
requests of an ASGI server) and, with real processes, in ``tests/test_live_processes.py``."""

import asyncio
import time
import uuid

import pytest
import redis
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient

from records import Result
from tests.sse_client import Stream
from tests.tournaments.builders import client_for, rr_scenario
from tournaments.live import live_hub
from tournaments.models import Board
from tournaments.services.results import result_record

# Asyncio and async views after a browser test of this worker (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("no_browser_loop")

REDIS = "redis://127.0.0.1:6379/12"


@pytest.fixture
def feed_on_redis(settings):
    prefix = f"test-{uuid.uuid4().hex}:"
    settings.LIVE_REDIS_URL = REDIS
    settings.LIVE_FEED_PREFIX = prefix
    yield
    server = redis.Redis.from_url(REDIS)
    keys = server.keys(f"{prefix}*")
    if keys:
        server.delete(*keys)


@pytest.fixture
def scenario(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published")


def enter_result(board: Board, chief) -> None:
    board.refresh_from_db()
    result_record(board=board, result=Result.WHITE_WINS, actor=chief,
                  expected_version=board.version)


def session_cookie(user) -> str:
    client = client_for(user)
    return f"sessionid={client.cookies['sessionid'].value}"


@pytest.mark.django_db(transaction=True)
def test_through_a_wsgi_server_both_streams_deliver_a_result_and_resume(
        live_server, feed_on_redis, scenario, chief_arbiter, arbiter):
    event = scenario["event"]
    port = int(live_server.url.rsplit(":", 1)[1])
    public = Stream(port, f"/events/{event.slug}/live/")
    staff = Stream(port, f"/manage/{event.slug}/live/",
                   headers={"Cookie": session_cookie(arbiter)})
    try:
        for stream in (public, staff):
            assert stream.status == 200
            assert stream.headers["content-type"] == "text/event-stream"
            assert stream.headers["cache-control"] == "no-cache"
            assert stream.headers["x-accel-buffering"] == "no"
            assert stream.opening() is not None
        event.refresh_from_db()
        enter_result(scenario["board"], chief_arbiter)
        for stream in (public, staff):
            (message,) = stream.events(1)
            assert (message.kind, message.data) == ("version", {"version": event.version + 1})
        seen = public.last_id
    finally:
        public.close()
        staff.close()

    # Two results while the spectator is away: a reconnect with the last number gets both.
    enter_result(scenario["board"], chief_arbiter)
    enter_result(scenario["board"], chief_arbiter)
    back = Stream(port, f"/events/{event.slug}/live/", headers={"Last-Event-ID": seen})
    try:
        assert back.opening() == seen and not back.reset
        assert [m.data["version"] for m in back.events(2)] == [event.version + 2,
                                                                event.version + 3]
    finally:
        back.close()


@pytest.mark.django_db(transaction=True)
def test_a_number_the_feed_never_gave_is_answered_by_a_reset(live_server, feed_on_redis,
                                                             scenario):
    """A number from another feed (Redis emptied since): the page reloads its live parts."""
    event = scenario["event"]
    port = int(live_server.url.rsplit(":", 1)[1])
    stream = Stream(port, f"/events/{event.slug}/live/?after=99999999999999-0")
    try:
        stream.opening()
        assert stream.reset
    finally:
        stream.close()


@pytest.mark.django_db
def test_only_the_events_staff_may_read_its_staff_stream(scenario, stranger, chief_arbiter):
    event = scenario["event"]
    assert client_for().get(f"/manage/{event.slug}/live/").status_code == 403
    assert client_for(stranger).get(f"/manage/{event.slug}/live/").status_code == 403
    assert client_for().get("/events/no-such-event/live/").status_code == 404
    assert client_for().get("/manage/no-such-event/live/").status_code == 404


@pytest.mark.django_db
def test_a_draft_event_has_no_public_stream(make_event, organiser, chief_arbiter):
    draft = rr_scenario(make_event, organiser, chief_arbiter, public=False)["event"]
    assert client_for().get(f"/events/{draft.slug}/live/").status_code == 404


@pytest.mark.django_db
def test_the_public_stream_is_never_stored_by_the_public_cache(scenario, feed_on_redis):
    event = scenario["event"]
    client = client_for()
    answer = client.get(f"/events/{event.slug}/live/")
    assert answer.streaming and "ETag" not in answer
    assert next(iter(answer.streaming_content)).startswith(b"retry: 3000\n\nid: ")
    answer.close()


@pytest.mark.django_db(transaction=True)
def test_redis_unreachable_the_stream_is_refused_at_once_and_the_result_stored(
        settings, scenario, chief_arbiter):
    settings.LIVE_REDIS_URL = "redis://127.0.0.1:1/0"
    event = scenario["event"]
    started = time.monotonic()
    answer = client_for().get(f"/events/{event.slug}/live/")
    assert answer.status_code == 503
    assert time.monotonic() - started < 2
    assert answer["Retry-After"] == "10"
    assert "every 30 seconds" in answer.content.decode()
    enter_result(scenario["board"], chief_arbiter)
    assert Board.objects.get(pk=scenario["board"].pk).result == Result.WHITE_WINS

    async def through_asgi():
        try:
            return await AsyncClient().get(f"/events/{event.slug}/live/")
        finally:
            await sync_to_async(connections.close_all)()  # the shared thread's connection

    assert asyncio.run(through_asgi()).status_code == 503


@pytest.mark.django_db(transaction=True)
def test_through_asgi_the_stream_comes_from_the_process_reader(scenario, feed_on_redis,
                                                               chief_arbiter):
    event = scenario["event"]
    event.refresh_from_db()

    async def through_asgi():
        answer = await AsyncClient().get(f"/events/{event.slug}/live/")
        assert answer.status_code == 200
        assert answer["Content-Type"] == "text/event-stream"
        body = aiter(answer.streaming_content)
        assert (await anext(body)).startswith(b"retry: 3000\n\nid: ")
        # On the shared thread, whose connection is closed below (a worker thread's would be
        # left open, and PostgreSQL refuses to drop the test database).
        await sync_to_async(enter_result)(scenario["board"], chief_arbiter)
        frame = await asyncio.wait_for(anext(body), 10)
        assert frame.endswith(f'data: {{"version":{event.version + 1}}}\n\n'.encode())
        await body.aclose()
        await live_hub().aclose()
        await sync_to_async(connections.close_all)()  # the shared thread's connection

    asyncio.run(through_asgi())
