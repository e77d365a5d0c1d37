"""Addresses (slugs) of events and championships as they are read: whether one is taken now or
was before (``models/addresses.py``), the first free one for a new name, and where a former one
leads now."""

from tournaments.models import AddressKind, Championship, Event, OldAddress
from tournaments.text import unique_slug

OWNERS = {AddressKind.EVENT: Event, AddressKind.CHAMPIONSHIP: Championship}


def address_taken(kind: str, slug: str) -> bool:
    """Whether ``slug`` is the address of an event (or championship) or was one: a new page
    never takes over a link shared for another."""
    return (OWNERS[kind].objects.filter(slug=slug).exists()
            or OldAddress.objects.filter(kind=kind, slug=slug).exists())


def address_free(kind: str, name: str) -> str:
    """The first free address for a new event or championship, made from its name
    (``text.py: unique_slug``)."""
    return unique_slug(name, fallback=str(kind), taken=lambda slug: address_taken(kind, slug))


def address_now(kind: str, slug: str) -> str | None:
    """The current address (slug) of the event or championship that had ``slug``, if one had."""
    old = (OldAddress.objects.filter(kind=kind, slug=slug)
           .select_related("event", "championship").first())
    if old is None:
        return None
    owner = old.event if old.event_id else old.championship
    return owner.slug
