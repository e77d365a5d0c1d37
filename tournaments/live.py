"""The live feed of an event: what its pages learn the moment it is stored.

A writer calls ``live_publish`` inside its transaction; the message is appended to the event's
feed only once the transaction commits (a rolled-back write says nothing), and a feed that
cannot be reached (Redis down) loses the message, never the write: the pages then learn the
change from the version check, as before the feed existed.

Every message has a kind (``version``: the event's pages changed; ``move``: a relayed game
moved) and an audience: ``public`` (every spectator, after the statute's relay delay) or
``staff`` (the event's staff, at once). Messages are numbered in the order of the feed, so a
reader that reconnects resumes after the last number it saw.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import deque
from dataclasses import dataclass
from functools import partial

from django.conf import settings
from django.db import transaction

log = logging.getLogger(__name__)

AUDIENCES = ("public", "staff")


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
    return feed().read(event_id, audience, after=after, block_ms=block_ms)


def _append(event_id: int, audience: str, kind: str, data: dict) -> None:
    try:
        feed().append(event_id, audience, kind, data)
    except Exception:  # the feed is a courtesy: the write is stored, the version check remains
        log.warning("live feed unreachable: %s message of event %s not sent", kind, event_id,
                    exc_info=True)


class MemoryFeed:
    """The feed of one process (the embedded defaults: one web process, tasks in-process)."""

    def __init__(self, keep: int = 1000):
        self._keep = keep
        self._lines: dict[tuple[int, str], deque[LiveMessage]] = {}
        self._count = 0
        self._changed = threading.Condition()

    def append(self, event_id: int, audience: str, kind: str, data: dict) -> str:
        with self._changed:
            self._count += 1
            message = LiveMessage(f"{self._count}-0", kind, json.loads(json.dumps(data)))
            line = self._lines.setdefault((event_id, audience), deque(maxlen=self._keep))
            line.append(message)
            self._changed.notify_all()
            return message.id

    def read(self, event_id: int, audience: str, *, after: str | None,
             block_ms: int = 0) -> list[LiveMessage]:
        with self._changed:
            start = _number(after) if after is not None else self._count
            found = self._after(event_id, audience, start)
            if not found and block_ms:
                self._changed.wait_for(lambda: self._after(event_id, audience, start),
                                       timeout=block_ms / 1000)
                found = self._after(event_id, audience, start)
            return found

    def _after(self, event_id: int, audience: str, start: int) -> list[LiveMessage]:
        line = self._lines.get((event_id, audience), ())
        return [m for m in line if _number(m.id) > start]


def _number(message_id: str) -> int:
    return int(message_id.split("-", 1)[0])


class RedisFeed:
    """The feed shared by every web process: one Redis stream per event and audience, whose
    entry ids number the messages (``XADD``; the oldest trimmed past ``LIVE_FEED_KEEP``)."""

    def __init__(self, url: str, keep: int):
        import redis

        self._redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)
        self._keep = keep

    @staticmethod
    def key(event_id: int, audience: str) -> str:
        return f"{settings.LIVE_FEED_PREFIX}live:{event_id}:{audience}"

    def append(self, event_id: int, audience: str, kind: str, data: dict) -> str:
        entry = {"kind": kind, "data": json.dumps(data, separators=(",", ":"))}
        made = self._redis.xadd(self.key(event_id, audience), entry, maxlen=self._keep,
                                approximate=True)
        return made.decode()

    def read(self, event_id: int, audience: str, *, after: str | None,
             block_ms: int = 0) -> list[LiveMessage]:
        key = self.key(event_id, audience)
        answer = self._redis.xread({key: after or "$"}, block=block_ms or None)
        return [LiveMessage(entry_id.decode(), fields[b"kind"].decode(),
                            json.loads(fields[b"data"]))
                for _key, entries in answer for entry_id, fields in entries]


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
