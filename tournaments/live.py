"""The live feed of an event: what its pages learn the moment it is stored.

A writer calls ``live_publish`` inside its transaction; the message is appended to the event's
feed only once the transaction commits (a rolled-back write says nothing), and a feed that
cannot be reached (Redis down) loses the message, never the write: the pages then learn the
change from the version check, as before the feed existed.

Every message has a kind (``version``: the event's pages changed; ``move``: a relayed game
moved) and an audience: ``public`` (every spectator, after the statute's relay delay) or
``staff`` (the event's staff, at once). Messages are numbered in the order of the feed, so a
reader that reconnects resumes after the last number it saw; a number the feed no longer
covers (trimmed past ``LIVE_FEED_KEEP``, or from before Redis lost its data) is answered by a
``reset``: the reader reloads what it shows and goes on from the feed's present.

The pages read the feed as Server-Sent Events (``views/live.py``, docs/live.md): ``live_stream``
under ASGI, where one reader task per process, event and audience fans each message out to
every connection of that process (5,000 spectators are not 5,000 Redis connections), and
``live_stream_sync`` under WSGI (``runserver``, the tests' live server), one blocking read per
connection. Both speak through ``sse_frame``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from functools import partial

from django.conf import settings
from django.core.signals import setting_changed
from django.db import transaction
from django.dispatch import receiver

log = logging.getLogger(__name__)

AUDIENCES = ("public", "staff")
# What the stream says first: how long a browser waits before it reconnects (ms).
RETRY_MS = 3000
# A comment line this often keeps proxies and clients from closing a quiet stream (seconds).
HEARTBEAT_SECONDS = 15
# A connection this many messages behind (a stalled client) is closed; it reconnects and
# resumes from the feed, which keeps them.
BACKLOG_LIMIT = 500


class FeedUnavailable(Exception):
    """The feed cannot be read (Redis unreachable): the live endpoints answer 503."""


@dataclass(frozen=True)
class LiveMessage:
    """One message of a feed: its number in the feed (``id``), its kind and its data."""

    id: str
    kind: str
    data: dict


def live_publish(event_id: int, kind: str, data: dict, *, audience: str = "public") -> None:
    """Append a message to the event's feed for ``audience`` once the current transaction
    commits (at once outside one)."""
    if audience not in AUDIENCES:
        raise ValueError(f"unknown audience {audience!r}")
    transaction.on_commit(partial(_append, event_id, audience, kind, data), robust=True)


def live_read(event_id: int, audience: str, *, after: str | None,
              block_ms: int = 0) -> list[LiveMessage]:
    """The messages of the feed after the number ``after`` (None: only those still to come),
    waiting up to ``block_ms`` for one when there are none yet."""
    the_feed = feed()
    if after is None:
        after, _reset = the_feed.start(event_id, audience, None)
    return the_feed.read(event_id, audience, after=after, block_ms=block_ms)


_paused_until = 0.0


def _append(event_id: int, audience: str, kind: str, data: dict) -> None:
    global _paused_until
    if time.monotonic() < _paused_until:
        log.warning("live feed paused: %s message of event %s not sent", kind, event_id)
        return
    try:
        feed().append(event_id, audience, kind, data)
    except Exception:  # the feed is a courtesy: the write is stored, the version check remains
        # Not tried again for a while: writes meanwhile do not wait for an unreachable Redis
        # (their messages are lost either way; the version check remains).
        _paused_until = time.monotonic() + settings.LIVE_FEED_RETRY_SECONDS
        log.warning("live feed unreachable: %s message of event %s not sent", kind, event_id,
                    exc_info=True)


def number(message_id: str) -> tuple[int, int] | None:
    """A message's number as a comparable pair (``"1700000000000-3"`` → (1700000000000, 3));
    None for anything that is not one."""
    first, dash, second = message_id.partition("-")
    if not (first.isdigit() and (not dash or second.isdigit())) or len(message_id) > 41:
        return None
    return int(first), int(second or 0)


def _resume_point(after: str | None, last: str, floor: str) -> tuple[str, bool]:
    """Where a reader resumes: after ``after`` if the feed still holds everything since (not
    below ``floor``, the lowest number from which nothing was lost, and not past ``last``, a
    number the feed never gave), else a reset at ``last``."""
    if after is None:
        return last, False
    asked = number(after)
    if asked is None or asked > number(last) or asked < number(floor):
        return last, True
    return after, False


class MemoryFeed:
    """The feed of one process (the embedded defaults: one web process, tasks in-process).
    Its numbers start with the moment it was made, so a number from an earlier process (a
    server restarted) is below all of them: a reset."""

    def __init__(self, keep: int = 1000):
        self._keep = keep
        self._lines: dict[tuple[int, str], deque[LiveMessage]] = {}
        self._born = int(time.time() * 1000)
        self._floors: dict[tuple[int, str], str] = {}
        self._count = 0
        self._changed = threading.Condition()

    def append(self, event_id: int, audience: str, kind: str, data: dict) -> str:
        with self._changed:
            self._count += 1
            message = LiveMessage(f"{self._born}-{self._count}", kind,
                                  json.loads(json.dumps(data)))
            line = self._lines.setdefault((event_id, audience), deque(maxlen=self._keep))
            if len(line) == self._keep:
                self._floors[event_id, audience] = line[0].id
            line.append(message)
            self._changed.notify_all()
            return message.id

    def start(self, event_id: int, audience: str, after: str | None) -> tuple[str, bool]:
        """Where a reader asking for the messages after ``after`` resumes, and whether it must
        reset (``_resume_point``)."""
        with self._changed:
            return _resume_point(after, f"{self._born}-{self._count}",
                                 self._floors.get((event_id, audience), f"{self._born}-0"))

    def read(self, event_id: int, audience: str, *, after: str,
             block_ms: int = 0) -> list[LiveMessage]:
        start = number(after) or (0, 0)
        with self._changed:
            found = self._after(event_id, audience, start)
            if not found and block_ms:
                self._changed.wait_for(lambda: self._after(event_id, audience, start),
                                       timeout=block_ms / 1000)
                found = self._after(event_id, audience, start)
            return found

    def _after(self, event_id: int, audience: str, start: tuple[int, int]) -> list[LiveMessage]:
        line = self._lines.get((event_id, audience), ())
        return [m for m in line if number(m.id) > start]


def _entries(answer) -> list[LiveMessage]:
    return [LiveMessage(entry_id.decode(), fields[b"kind"].decode(), json.loads(fields[b"data"]))
            for _key, entries in answer or () for entry_id, fields in entries]


def _stream_point(info: dict | None, born: int) -> tuple[str, str]:
    """The last number a stream gave, and its floor: the lowest number a reader may resume
    after without a reset (``_resume_point``).

    ``born`` is when this Redis's feed began (``_BORN``: set once, kept while Redis keeps its
    data): a number from before is from a Redis that lost its data since (a restart without
    persistence), whose last messages are gone. A stream that was never trimmed holds every
    message since its first; once trimmed, since its first kept entry (Redis does not say
    which number it trimmed last: a reader at the one just before is reset, needlessly but
    harmlessly). No stream: ``born``, less a millisecond, as both (later messages are above)."""
    before = f"{born - 1}-0"
    if info is None:
        return before, before
    last = info["last-generated-id"].decode()
    first = info.get("first-entry")
    if info["entries-added"] <= info["length"]:
        return last, min(before, first[0].decode(), key=number) if first else before
    return last, first[0].decode() if first else last


# When this Redis's feed began (ms of Redis's clock), set by the first reader.
_BORN = """
local now = redis.call('TIME')
redis.call('SET', KEYS[1], now[1] * 1000 + math.floor(now[2] / 1000), 'NX')
return redis.call('GET', KEYS[1])
"""


def _missing(error: Exception) -> bool:
    return "no such key" in str(error).lower()


class RedisFeed:
    """The feed shared by every web process: one Redis stream per event and audience, whose
    entry ids number the messages (``XADD``; the oldest trimmed past ``LIVE_FEED_KEEP``)."""

    def __init__(self, url: str, keep: int):
        import redis

        self.url = url
        self._redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)
        # Blocking reads wait longer than the commands' timeout allows.
        self._blocking = redis.Redis.from_url(
            url, socket_timeout=HEARTBEAT_SECONDS + 10, socket_connect_timeout=2)
        self._keep = keep

    @staticmethod
    def key(event_id: int, audience: str) -> str:
        return f"{settings.LIVE_FEED_PREFIX}live:{event_id}:{audience}"

    @staticmethod
    def born_key() -> str:
        return f"{settings.LIVE_FEED_PREFIX}live:born"

    def append(self, event_id: int, audience: str, kind: str, data: dict) -> str:
        entry = {"kind": kind, "data": json.dumps(data, separators=(",", ":"))}
        made = self._redis.xadd(self.key(event_id, audience), entry, maxlen=self._keep,
                                approximate=True)
        return made.decode()

    def start(self, event_id: int, audience: str, after: str | None) -> tuple[str, bool]:
        """Where a reader resumes (``_resume_point``, ``_stream_point``): from when the feed
        began and the stream's numbers (``XINFO STREAM``; ``entries-added`` needs Redis 7)."""
        import redis

        try:
            born = int(self._redis.eval(_BORN, 1, self.born_key()))
            info = self._redis.xinfo_stream(self.key(event_id, audience))
        except redis.ResponseError as error:
            if not _missing(error):
                raise
            info = None
        except redis.RedisError as error:
            raise FeedUnavailable from error
        return _resume_point(after, *_stream_point(info, born))

    def read(self, event_id: int, audience: str, *, after: str,
             block_ms: int = 0) -> list[LiveMessage]:
        client = self._blocking if block_ms else self._redis
        return _entries(client.xread({self.key(event_id, audience): after},
                                     block=block_ms or None))


_feed: MemoryFeed | RedisFeed | None = None
_feed_lock = threading.Lock()


def feed() -> MemoryFeed | RedisFeed:
    """This process's feed: Redis when ``LIVE_REDIS_URL`` is set, else the process's memory."""
    global _feed
    with _feed_lock:
        if _feed is None:
            url = settings.LIVE_REDIS_URL
            keep = settings.LIVE_FEED_KEEP
            _feed = RedisFeed(url, keep) if url else MemoryFeed(keep)
        return _feed


@receiver(setting_changed)
def _feed_forget(*, setting, **kwargs) -> None:
    """A test that points the feed elsewhere gets a feed of its settings."""
    global _feed, _paused_until
    if setting.startswith("LIVE_"):
        with _feed_lock:
            _feed = None
            _paused_until = 0.0
            _hubs.clear()


# -- Server-Sent Events ---------------------------------------------------------------------


def sse_frame(message: LiveMessage) -> bytes:
    """One message as an event of the stream: its number, kind and data (JSON)."""
    data = json.dumps(message.data, separators=(",", ":"), ensure_ascii=False)
    return f"id: {message.id}\nevent: {message.kind}\ndata: {data}\n\n".encode()


def _opening(start: str, reset: bool) -> bytes:
    """The stream's first words: the reconnection delay, then the number to resume after (an
    ``id`` alone sets the browser's Last-Event-ID without an event), or a reset there."""
    head = f"retry: {RETRY_MS}\n\n"
    if reset:
        return (head + f"id: {start}\nevent: reset\ndata: {{}}\n\n").encode()
    return (head + f"id: {start}\n\n").encode()


HEARTBEAT = b": keep-alive\n\n"


def live_stream_sync(event_id: int, audience: str, *, after: str | None) -> Iterator[bytes]:
    """The event's feed as Server-Sent Events for a WSGI server (a thread per connection):
    what came after ``after`` (or a reset), then each message as it comes, a heartbeat when
    quiet. Raises ``FeedUnavailable`` at once when the feed cannot be read; a feed lost later
    ends the stream (the browser reconnects)."""
    the_feed = feed()
    start, reset = the_feed.start(event_id, audience, after)
    return _sync_events(the_feed, event_id, audience, start, reset)


def _sync_events(the_feed, event_id, audience, start, reset) -> Iterator[bytes]:
    from django.db import connections

    connections.close_all()  # a stream of hours holds no database connection
    yield _opening(start, reset)
    last = start
    while True:
        try:
            found = the_feed.read(event_id, audience, after=last,
                                  block_ms=int(HEARTBEAT_SECONDS * 1000))
        except Exception:
            log.warning("live feed lost: the stream of event %s ends", event_id, exc_info=True)
            return
        if found:
            yield b"".join(sse_frame(message) for message in found)
            last = found[-1].id
        else:
            yield HEARTBEAT


async def live_stream(event_id: int, audience: str, *, after: str | None) -> AsyncIterator[bytes]:
    """The event's feed as Server-Sent Events for an ASGI server: the same words as
    ``live_stream_sync``, from this process's one reader of the event's feed. Raises
    ``FeedUnavailable`` at once when the feed cannot be read."""
    hub = _hub()
    subscriber = await hub.join(event_id, audience)
    try:
        start, reset = await hub.reader.start(event_id, audience, after)
        backlog = [] if reset else await hub.reader.read(event_id, audience, after=start)
    except FeedUnavailable:
        hub.leave(subscriber)
        raise
    except Exception as error:  # Redis lost between the two reads
        hub.leave(subscriber)
        raise FeedUnavailable(str(error)) from error
    except BaseException:
        hub.leave(subscriber)
        raise
    events = _async_events(hub, subscriber, start, reset, backlog)
    # Dropped unread (the client gone before the first word), its ``finally`` never runs.
    weakref.finalize(events, hub.leave, subscriber)
    return events


async def _async_events(hub, subscriber, start, reset, backlog) -> AsyncIterator[bytes]:
    try:
        yield _opening(start, reset)
        last = number(start)
        if backlog:
            yield b"".join(sse_frame(message) for message in backlog)
            last = number(backlog[-1].id)
        while True:
            await subscriber.waiting.wait()  # the reader's heartbeat wakes a quiet stream
            subscriber.waiting.clear()
            if subscriber.ended:
                return
            fresh = [(at, frame) for at, frame in subscriber.take() if at is None or at > last]
            if fresh:
                last = max((at for at, _frame in fresh if at is not None), default=last)
                yield b"".join(frame for _at, frame in fresh)
    finally:
        hub.leave(subscriber)


@dataclass(eq=False)
class Subscriber:
    """One connection of this process to a line: the frames the reader handed it, not yet
    sent, and whether its stream must end (the feed lost, or the connection too far behind)."""

    line: tuple[int, str]
    waiting: asyncio.Event = field(default_factory=asyncio.Event)
    pending: list[tuple[tuple[int, int] | None, bytes]] = field(default_factory=list)
    ended: bool = False

    def give(self, at: tuple[int, int] | None, frame: bytes) -> None:
        """Hand the connection a message numbered ``at`` (None: the heartbeat)."""
        if len(self.pending) >= BACKLOG_LIMIT:
            self.end()
            return
        self.pending.append((at, frame))
        self.waiting.set()

    def take(self) -> list[tuple[tuple[int, int] | None, bytes]]:
        taken, self.pending = self.pending, []
        return taken

    def end(self) -> None:
        self.ended = True
        self.waiting.set()


class _AsyncRedis:
    """The feed's reads on ``redis.asyncio``, for one event loop."""

    def __init__(self, url: str):
        from redis import asyncio as aioredis

        self._redis = aioredis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=1)
        self._blocking = aioredis.Redis.from_url(
            url, socket_timeout=HEARTBEAT_SECONDS + 10, socket_connect_timeout=1)

    async def start(self, event_id: int, audience: str, after: str | None) -> tuple[str, bool]:
        import redis

        try:
            born = int(await self._redis.eval(_BORN, 1, RedisFeed.born_key()))
            info = await self._redis.xinfo_stream(RedisFeed.key(event_id, audience))
        except redis.ResponseError as error:
            if not _missing(error):
                raise
            info = None
        except redis.RedisError as error:
            raise FeedUnavailable from error
        return _resume_point(after, *_stream_point(info, born))

    async def read(self, event_id: int, audience: str, *, after: str,
                   block_ms: int = 0) -> list[LiveMessage]:
        client = self._blocking if block_ms else self._redis
        return _entries(await client.xread({RedisFeed.key(event_id, audience): after},
                                           block=block_ms or None))

    async def aclose(self) -> None:
        await self._redis.aclose()
        await self._blocking.aclose()


class _AsyncMemory:
    """The process's memory feed read from an event loop (a thread per blocking read)."""

    def __init__(self, memory: MemoryFeed):
        self._memory = memory

    async def start(self, event_id: int, audience: str, after: str | None) -> tuple[str, bool]:
        return self._memory.start(event_id, audience, after)

    async def read(self, event_id: int, audience: str, *, after: str,
                   block_ms: int = 0) -> list[LiveMessage]:
        return await asyncio.to_thread(self._memory.read, event_id, audience, after=after,
                                       block_ms=block_ms)

    async def aclose(self) -> None:
        return None


@dataclass(eq=False)
class _Line:
    subscribers: set[Subscriber] = field(default_factory=set)
    task: asyncio.Task | None = None
    ready: asyncio.Future | None = None


class Hub:
    """The connections of one process (one event loop) to the feed: per event and audience,
    ONE reader task that waits on the feed (``XREAD BLOCK``) and hands each message, framed
    once, to every connection (and the heartbeat when the feed was quiet for
    ``HEARTBEAT_SECONDS``: no timer per connection); the reader starts with the first
    connection and stops with the last. A feed lost ends every connection's stream (they
    reconnect, and are answered 503 until it is back)."""

    def __init__(self, reader):
        self.reader = reader
        self.lines: dict[tuple[int, str], _Line] = {}

    async def join(self, event_id: int, audience: str) -> Subscriber:
        """A new connection to the line: returned once the line's reader knows where it reads
        from, so that what the connection reads itself from the feed after this, and what the
        reader hands it, leave no message out."""
        key = (event_id, audience)
        line = self.lines.get(key)
        if line is None:
            line = self.lines[key] = _Line()
            line.ready = asyncio.get_running_loop().create_future()
            line.task = asyncio.create_task(self._read(key, line))
        subscriber = Subscriber(key)
        line.subscribers.add(subscriber)
        try:
            await asyncio.shield(line.ready)
        except BaseException:
            self.leave(subscriber)
            raise
        return subscriber

    def leave(self, subscriber: Subscriber) -> None:
        """The connection gone (once or more): the line's reader stops with the last one."""
        line = self.lines.get(subscriber.line)
        if line is None or subscriber not in line.subscribers:
            return
        line.subscribers.discard(subscriber)
        if not line.subscribers:
            del self.lines[subscriber.line]
            line.task.cancel()

    async def _read(self, key: tuple[int, str], line: _Line) -> None:
        event_id, audience = key
        try:
            last, _reset = await self.reader.start(event_id, audience, None)
        except Exception as error:
            self._lose(key, line)
            line.ready.set_exception(FeedUnavailable(str(error)))
            line.ready.exception()  # retrieved: a line nobody waits on says nothing
            return
        line.ready.set_result(last)
        while True:
            try:
                found = await self.reader.read(event_id, audience, after=last,
                                               block_ms=int(HEARTBEAT_SECONDS * 1000))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("live feed lost: the streams of event %s end", event_id,
                            exc_info=True)
                self._lose(key, line)
                return
            for message in found:
                at, frame = number(message.id), sse_frame(message)
                for subscriber in tuple(line.subscribers):
                    subscriber.give(at, frame)
            if found:
                last = found[-1].id
            else:  # quiet for HEARTBEAT_SECONDS: a comment on every connection
                for subscriber in tuple(line.subscribers):
                    subscriber.give(None, HEARTBEAT)

    def _lose(self, key: tuple[int, str], line: _Line) -> None:
        if self.lines.get(key) is line:
            del self.lines[key]
        for subscriber in tuple(line.subscribers):
            subscriber.end()

    async def aclose(self) -> None:
        for line in tuple(self.lines.values()):
            line.task.cancel()
        self.lines.clear()
        await self.reader.aclose()


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] = weakref.WeakKeyDictionary()


def _hub() -> Hub:
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None:
        the_feed = feed()
        reader = (_AsyncRedis(the_feed.url) if isinstance(the_feed, RedisFeed)
                  else _AsyncMemory(the_feed))
        hub = _hubs[loop] = Hub(reader)
    return hub


def live_hub() -> Hub:
    """This event loop's hub (tests and the benchmark count its readers)."""
    return _hub()
