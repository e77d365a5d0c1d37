"""The live feed (``tournaments/live.py``) on a real Redis: messages in order, a reader resuming
after a number, a number trimmed or never given answered by a reset, the two audiences apart,
a rolled-back write saying nothing; the process's fan-out: many connections, one Redis reader.

Every test has a key prefix of its own on the local Redis (``LIVE_FEED_PREFIX``), so runs in
parallel never read each other's streams. The same checks hold for the process's memory feed
(the embedded defaults)."""

import asyncio
import uuid

import pytest
import redis
from django.db import transaction

from tournaments import live
from tournaments.live import MemoryFeed, live_publish, live_read, live_stream

# Asyncio and async views after a browser test of this worker (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("no_browser_loop")

REDIS = "redis://127.0.0.1:6379/12"


@pytest.fixture
def redis_feed(settings):
    prefix = f"test-{uuid.uuid4().hex}:"
    settings.LIVE_REDIS_URL = REDIS
    settings.LIVE_FEED_PREFIX = prefix
    settings.LIVE_FEED_KEEP = 1000
    yield live.feed()
    server = redis.Redis.from_url(REDIS)
    keys = server.keys(f"{prefix}*")
    if keys:
        server.delete(*keys)


@pytest.fixture(params=["redis", "memory"])
def any_feed(request, settings):
    if request.param == "redis":
        return request.getfixturevalue("redis_feed")
    settings.LIVE_REDIS_URL = ""
    return live.feed()


def kinds(messages) -> list[tuple[str, dict]]:
    return [(m.kind, m.data) for m in messages]


def test_messages_come_in_order_and_a_reader_resumes_after_a_number(any_feed):
    for n in range(1, 6):
        any_feed.append(7, "public", "version", {"version": n})
    everything = any_feed.read(7, "public", after="0-0")
    assert kinds(everything) == [("version", {"version": n}) for n in range(1, 6)]
    assert [live.number(m.id) for m in everything] == sorted(live.number(m.id)
                                                             for m in everything)
    third = everything[2].id
    assert any_feed.start(7, "public", third) == (third, False)
    assert kinds(any_feed.read(7, "public", after=third)) == [("version", {"version": 4}),
                                                              ("version", {"version": 5})]
    assert live_read(7, "public", after=everything[-1].id) == []


def test_a_reader_with_no_number_starts_at_the_feeds_present(any_feed):
    any_feed.append(7, "public", "version", {"version": 1})
    start, reset = any_feed.start(7, "public", None)
    assert not reset
    assert any_feed.read(7, "public", after=start) == []
    any_feed.append(7, "public", "version", {"version": 2})
    assert kinds(any_feed.read(7, "public", after=start)) == [("version", {"version": 2})]


def test_the_audiences_and_the_events_are_apart(any_feed):
    any_feed.append(7, "staff", "move", {"ply": 12})
    any_feed.append(7, "public", "move", {"ply": 1})
    any_feed.append(8, "public", "version", {"version": 9})
    assert kinds(any_feed.read(7, "staff", after="0-0")) == [("move", {"ply": 12})]
    assert kinds(any_feed.read(7, "public", after="0-0")) == [("move", {"ply": 1})]
    assert kinds(any_feed.read(8, "public", after="0-0")) == [("version", {"version": 9})]
    with pytest.raises(ValueError):
        live_publish(7, "move", {}, audience="everyone")


def test_a_number_trimmed_from_the_feed_is_answered_by_a_reset(settings, any_feed):
    settings.LIVE_FEED_KEEP = 5  # a new feed of that size (the settings' receiver)
    trimmed_feed = live.feed()
    first = trimmed_feed.append(7, "public", "version", {"version": 0})
    for n in range(1, 400):
        trimmed_feed.append(7, "public", "version", {"version": n})
    last, _ = trimmed_feed.start(7, "public", None)
    assert trimmed_feed.start(7, "public", first) == (last, True)
    # The last message is always covered: nothing after it was trimmed.
    assert trimmed_feed.start(7, "public", last) == (last, False)


@pytest.mark.parametrize("asked", ["99999999999999-0", "not-a-number", "12-x", "-"])
def test_a_number_the_feed_never_gave_is_answered_by_a_reset(any_feed, asked):
    any_feed.append(7, "public", "version", {"version": 1})
    last, _ = any_feed.start(7, "public", None)
    assert any_feed.start(7, "public", asked) == (last, True)


def test_a_redis_that_lost_its_data_resets_a_returning_reader(redis_feed):
    """Redis restarted without its data, then a write before any reader came back: the
    reader's number looks older than the new stream's, and the messages between are gone."""
    redis_feed.append(7, "public", "version", {"version": 1})
    seen, _ = redis_feed.start(7, "public", None)
    server = redis.Redis.from_url(REDIS)
    server.delete(*server.keys(f"{redis_feed.key(7, 'public').rsplit('live:', 1)[0]}*"))
    # A restart takes more than the millisecond of ``seen``: the new feed begins later.
    while (lambda s, us: s * 1000 + us // 1000)(*server.time()) <= live.number(seen)[0] + 1:
        pass
    fresh = redis_feed.append(7, "public", "version", {"version": 3})
    assert redis_feed.start(7, "public", seen) == (fresh, True)
    assert redis_feed.start(7, "public", fresh) == (fresh, False)


def test_a_reader_of_an_event_without_messages_yet_gets_the_first(any_feed):
    hello, reset = any_feed.start(9, "public", None)
    assert not reset
    first = any_feed.append(9, "public", "version", {"version": 1})
    assert any_feed.start(9, "public", hello) == (hello, False)
    assert any_feed.start(9, "public", first) == (first, False)
    assert kinds(any_feed.read(9, "public", after=hello)) == [("version", {"version": 1})]


@pytest.mark.django_db(transaction=True)
def test_a_message_is_sent_only_once_its_write_commits(any_feed):
    with pytest.raises(RuntimeError), transaction.atomic():
        live_publish(7, "version", {"version": 1})
        raise RuntimeError("the write fails")
    assert any_feed.read(7, "public", after="0-0") == []
    with transaction.atomic():
        live_publish(7, "version", {"version": 2})
        assert any_feed.read(7, "public", after="0-0") == []  # not before the commit
    assert kinds(any_feed.read(7, "public", after="0-0")) == [("version", {"version": 2})]


@pytest.mark.django_db(transaction=True)
def test_an_unreachable_feed_loses_the_message_not_the_caller(settings, caplog):
    settings.LIVE_REDIS_URL = "redis://127.0.0.1:1/0"
    live_publish(7, "version", {"version": 1})  # no error: the write it follows is stored
    assert "live feed unreachable" in caplog.text
    with pytest.raises(live.FeedUnavailable):
        live.feed().start(7, "public", None)


def test_the_memory_feed_keeps_its_size():
    memory = MemoryFeed(keep=3)
    for n in range(10):
        memory.append(1, "public", "version", {"version": n})
    assert [m.data["version"] for m in memory.read(1, "public", after="0-0")] == [7, 8, 9]


async def _collect(stream, count: int, timeout: float = 10) -> list[bytes]:
    """The frames of ``count`` events of an SSE stream (its opening and heartbeats apart)."""
    frames: list[bytes] = []

    async def take():
        async for chunk in stream:
            frames.extend(f for f in chunk.split(b"\n\n") if f.startswith(b"id: ")
                          and b"\nevent: " in f)
            if len(frames) >= count:
                return

    await asyncio.wait_for(take(), timeout)
    return frames


def test_many_connections_of_a_process_share_one_redis_reader(settings, private_redis):
    """200 connections to an event: one reader task and one blocked Redis connection for
    them all (on a Redis server of the test's own, whose clients are all this test's); each
    connection gets every message, once, in order; the reader stops with the last
    connection."""
    url, _process = private_redis
    settings.LIVE_REDIS_URL = url

    async def scenario():
        hub = live.live_hub()
        streams = [await live_stream(7, "public", after=None) for _ in range(200)]
        openings = [await anext(stream) for stream in streams]
        assert all(o.startswith(b"retry: 3000\n\nid: ") for o in openings)
        assert list(hub.lines) == [(7, "public")]
        clients = await asyncio.to_thread(redis.Redis.from_url(url).client_list)
        blocked = [c for c in clients if "b" in c["flags"]]
        assert [c["cmd"] for c in blocked] == ["xread"]
        await asyncio.to_thread(_publish_three)
        received = await asyncio.gather(*(_collect(s, 3) for s in streams))
        for frames in received:
            assert [f.split(b"\n")[1] for f in frames] == [b"event: version"] * 3
            assert [f.split(b"\n")[2] for f in frames] == [
                b'data: {"version":1}', b'data: {"version":2}', b'data: {"version":3}']
        for stream in streams:
            await stream.aclose()
        assert hub.lines == {}
        await hub.aclose()

    asyncio.run(scenario())


def _publish_three():
    for n in (1, 2, 3):
        live.feed().append(7, "public", "version", {"version": n})


def test_a_connection_resumes_after_its_number_and_then_follows_the_reader(redis_feed):
    ids = [redis_feed.append(7, "public", "version", {"version": n}) for n in range(4)]
    redis.Redis.from_url(REDIS).xtrim(redis_feed.key(7, "public"), maxlen=3,
                                         approximate=False)  # ids[0] gone

    async def scenario():
        stream = await live_stream(7, "public", after=ids[1])
        opening = await anext(stream)
        assert opening == f"retry: 3000\n\nid: {ids[1]}\n\n".encode()
        backlog = await _collect(stream, 2)
        assert [f.split(b"\n")[0] for f in backlog] == [f"id: {i}".encode() for i in ids[2:]]
        await asyncio.to_thread(redis_feed.append, 7, "public", "version", {"version": 4})
        (fresh,) = await _collect(stream, 1)
        assert fresh.endswith(b'data: {"version":4}')
        await stream.aclose()
        last, _ = await asyncio.to_thread(redis_feed.start, 7, "public", None)
        stale = await live_stream(7, "public", after=ids[0])  # trimmed
        assert await anext(stale) == (f"retry: 3000\n\nid: {last}\nevent: reset\n"
                                      "data: {}\n\n").encode()
        await stale.aclose()
        await live.live_hub().aclose()

    asyncio.run(scenario())


def test_the_stream_of_an_unreachable_feed_is_refused_at_once(settings):
    settings.LIVE_REDIS_URL = "redis://127.0.0.1:1/0"

    async def scenario():
        with pytest.raises(live.FeedUnavailable):
            await live_stream(7, "public", after=None)
        assert live.live_hub().lines == {}

    asyncio.run(scenario())


def test_a_quiet_stream_gets_the_readers_heartbeat(redis_feed, monkeypatch):
    """Nothing published: every connection gets a comment when the reader's wait ends empty
    (every 15 s in production), and the sync stream the same from its own wait."""
    monkeypatch.setattr(live, "HEARTBEAT_SECONDS", 0.2)

    async def scenario():
        streams = [await live_stream(7, "public", after=None) for _ in range(3)]
        for stream in streams:
            await anext(stream)
        beats = await asyncio.gather(*(asyncio.wait_for(anext(s), 5) for s in streams))
        assert beats == [b": keep-alive\n\n"] * 3
        for stream in streams:
            await stream.aclose()
        await live.live_hub().aclose()

    asyncio.run(scenario())
    sync = live.live_stream_sync(7, "public", after=None)
    assert next(sync).startswith(b"retry: 3000\n\nid: ")
    assert next(sync) == b": keep-alive\n\n"


def test_a_stream_dropped_before_its_first_word_leaves_the_line(redis_feed):
    """The client gone while the answer still passes the middlewares: Django drops the stream
    unread, whose ``finally`` never runs; its connection leaves the line all the same, and the
    reader stops with the last one."""

    async def scenario():
        hub = live.live_hub()
        kept = await live_stream(7, "public", after=None)
        dropped = await live_stream(7, "public", after=None)
        (line,) = hub.lines.values()
        assert len(line.subscribers) == 2
        del dropped
        assert len(line.subscribers) == 1
        await anext(kept)
        await kept.aclose()
        assert hub.lines == {}
        assert line.task.cancelling() or line.task.cancelled()
        await hub.aclose()

    asyncio.run(scenario())
