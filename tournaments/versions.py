"""An event's version, as the public pages read it.

``Event.version`` grows with every transaction that changes what the event's public pages and
API reads show: the writing services bump it when they lock the event
(``services/_access.py: event_lock``), and once the transaction commits the new number is put in
the cache shared by every web process (Redis in production), so a public request learns the
version without SQL. A cache that lost the number reads it from the database once; a cache
that cannot be reached (Redis down: ``config/cache.py``) misses every time, so each request
reads the number from the database (slower, never wrong), and a number it failed to publish
leaves no error on the committed write (``services/_access.py: event_lock``).

Validators (ETags) and cached pages are keyed by this number, so a write makes every cached
page of that event, and only of that event, unreachable at once.
"""

from django.conf import settings
from django.core.cache import cache

from tournaments.models import Event


def _timeout() -> int:
    """``EVENT_VERSION_CACHE_SECONDS``: how long the cache keeps an event's number without a
    write (a miss costs one query); 0 reads the database on every request. Short, so that two
    commits published in the opposite order cannot keep a stale number for long."""
    return settings.EVENT_VERSION_CACHE_SECONDS


def _key_pk(pk: int) -> str:
    return f"event-version:pk:{pk}"


def _key_slug(slug: str) -> str:
    return f"event-version:slug:{slug}"


def version_publish(pk: int, slug: str, version: int) -> None:
    """Put a committed version in the shared cache (called on commit by the writers), unless
    a later one is there already."""
    if not _timeout():
        return
    known = cache.get(_key_pk(pk))
    if known is not None and known[1] >= version:
        return
    cache.set_many({_key_pk(pk): (pk, version), _key_slug(slug): (pk, version)},
                   timeout=_timeout())


def version_of(*, pk: int | None = None, slug: str | None = None) -> tuple[int, int] | None:
    """``(event id, version)`` of the event with this id or slug, or None if there is none.

    From the cache when it holds it (no SQL); otherwise one query, whose answer is added to the
    cache unless a writer published a number meanwhile (``add`` never overwrites one).
    """
    key = _key_pk(pk) if pk is not None else _key_slug(slug)
    found = cache.get(key) if _timeout() else None
    if found is not None:
        return tuple(found)
    rows = Event.objects.filter(**({"pk": pk} if pk is not None else {"slug": slug}))
    row = rows.values_list("pk", "version").first()
    if row is not None and _timeout():
        cache.add(key, row, timeout=_timeout())
    return row
