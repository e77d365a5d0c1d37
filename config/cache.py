"""Django's Redis cache, made a cache rather than a single point of failure.

``FaultTolerantRedisCache`` is ``django.core.cache.backends.redis.RedisCache`` whose every call
survives Redis being down: a read misses (the caller then reads the database, as after an
eviction), a write is dropped, ``add`` answers False and ``incr`` answers as for a missing key.
Nothing the app asks of the cache raises, so a page, an API read or a write committed before an
after-commit hook touches the cache never becomes a 500.

The keys named by ``FALLBACK_KEY_PREFIXES`` (the sign-in and API throttle counters) are kept in
this process's memory while Redis is down, so a throttle still holds (per process: with three
web processes an address gets at most three times its limit); every other key simply misses,
so no process serves another's stale page or event version from memory.

The first failure is logged (an error) and opens a pause of ``RETRY_SECONDS`` during which
Redis is not asked at all (no request waits on a dead server); the first call after the pause
asks again, and the first success is logged (a warning, with how long it lasted). One line
each per process and outage, never one per request.

Options (``CACHES["default"]["OPTIONS"]``), besides those of Django's Redis cache:
``RETRY_SECONDS`` (default 5), ``FALLBACK_KEY_PREFIXES`` (default none) and the Redis
client's ``socket_connect_timeout`` / ``socket_timeout`` (default 1 second each here).

django-redis' ``IGNORE_EXCEPTIONS`` was considered: it swallows the errors too, but logs every
ignored call (a line per request during an outage), never says when Redis is back, keeps
asking a dead server on every call and has no fallback for counters; and it would replace the
backend Django ships. This class adds the missing part to the backend already in use.
"""

from __future__ import annotations

import logging
import threading
import time
from urllib.parse import urlsplit

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class _Health:
    """Whether a Redis server answers, as this process last saw it (shared by its threads)."""

    def __init__(self, where: str, retry_seconds: float):
        self.where, self.retry_seconds = where, retry_seconds
        self.down_since: float | None = None
        self.retry_at = 0.0
        self._lock = threading.Lock()

    def available(self) -> bool:
        return self.down_since is None or time.monotonic() >= self.retry_at

    def lost(self, error: Exception) -> None:
        now = time.monotonic()
        with self._lock:
            first = self.down_since is None
            if first:
                self.down_since = now
            self.retry_at = now + self.retry_seconds
        if first:
            logger.error("cache unreachable: Redis at %s does not answer (%s: %s); public pages "
                         "and the API read the database, throttle counters are kept in this "
                         "process, until it answers again", self.where, type(error).__name__,
                         error)

    def regained(self) -> None:
        if self.down_since is None:
            return
        with self._lock:
            if self.down_since is None:
                return
            lasted = time.monotonic() - self.down_since
            self.down_since = None
        logger.warning("cache reachable again: Redis at %s answers after %.0f s", self.where,
                       lasted)


_HEALTH: dict[str, _Health] = {}
_HEALTH_LOCK = threading.Lock()


def _where(server) -> str:
    """The server's address without its credentials, for the log."""
    first = (server.split(",") if isinstance(server, str) else list(server))[0]
    parts = urlsplit(first)
    return f"{parts.hostname}:{parts.port}{parts.path}" if parts.hostname else first


def _guarded(name: str, missing):
    """``RedisCache.<name>``, or what the cache answers while Redis is down."""

    def method(self, keys, *args, **kwargs):
        if self._health.available():
            try:
                answer = getattr(RedisCache, name)(self, keys, *args, **kwargs)
            except RedisError as error:
                self._health.lost(error)
            else:
                self._health.regained()
                return answer
        if self._falls_back(keys):
            return getattr(self._fallback, name)(keys, *args, **kwargs)
        return missing(keys, *args, **kwargs)

    method.__name__ = name
    return method


def _default(key, default=None, *args, **kwargs):
    return kwargs.get("default", default)


def _missing_key(key, *args, **kwargs):
    raise ValueError(f"Key '{key}' not found")


class FaultTolerantRedisCache(RedisCache):
    def __init__(self, server, params):
        params = dict(params)
        options = dict(params.get("OPTIONS") or {})
        retry_seconds = float(options.pop("RETRY_SECONDS", 5))
        self.fallback_prefixes = tuple(options.pop("FALLBACK_KEY_PREFIXES", ()))
        options.setdefault("socket_connect_timeout", 1)
        options.setdefault("socket_timeout", 1)
        params["OPTIONS"] = options
        super().__init__(server, params)
        where = _where(server)
        with _HEALTH_LOCK:
            self._health = _HEALTH.setdefault(where, _Health(where, retry_seconds))
        self._health.retry_seconds = retry_seconds
        # Shared by every instance of this process for the same server (LocMemCache keeps
        # its data per name).
        self._fallback = LocMemCache(f"redis-fallback:{where}",
                                     {"TIMEOUT": params.get("TIMEOUT", 300)})

    def _falls_back(self, keys) -> bool:
        if not self.fallback_prefixes:
            return False
        keys = [keys] if isinstance(keys, str) else list(keys)
        return bool(keys) and all(key.startswith(self.fallback_prefixes) for key in keys)

    get = _guarded("get", _default)
    set = _guarded("set", lambda *a, **k: None)
    add = _guarded("add", lambda *a, **k: False)
    touch = _guarded("touch", lambda *a, **k: False)
    delete = _guarded("delete", lambda *a, **k: False)
    has_key = _guarded("has_key", lambda *a, **k: False)
    incr = _guarded("incr", _missing_key)
    get_many = _guarded("get_many", lambda *a, **k: {})
    set_many = _guarded("set_many", lambda data, *a, **k: list(data))
    delete_many = _guarded("delete_many", lambda *a, **k: None)

    def clear(self):
        self._fallback.clear()
        if self._health.available():
            try:
                return super().clear()
            except RedisError as error:
                self._health.lost(error)
        return False
