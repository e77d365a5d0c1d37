"""What every public page of an event shares: the event if the visitor may see it, its tabs and
rounds, the ``?after=`` round, and the refresh while a round is in play (the frame read by
``selectors/event_page.py``)."""

from django.urls import reverse
from django.utils import timezone

from tournaments.access import event_seen, event_staff
from tournaments.selectors.event_page import (
    EventFrame,
    event_frame,
    round_after,
    round_numbers_played,
)

REFRESH_SECONDS = 30


def get_visible_event_or_404(request, slug):
    """The event if the visitor may see it; a draft run by others is not found
    (``tournaments/access.py``). A finished event's page is kept longer in the shared cache
    (``public_cache.py``: ``FINISHED_PUBLIC_CACHE_SECONDS``)."""
    event = event_seen(request.user, slug=slug)
    request.public_read_finished = event.finished_on(timezone.localdate())
    return event


def is_staff_of(request, event) -> bool:
    return event_staff(request.user, event)


def page_context(request, event, tab, *, frame: EventFrame | None = None, **extra):
    """What every public page of an event shows: its tabs, rounds, and whether to refresh;
    ``frame``: the page's read model's (``selectors/event_page.py``), else read here."""
    staff = is_staff_of(request, event)
    frame = frame or event_frame(event, staff=staff)
    return {
        "event": event, "rules": event.format_rules, "tab": tab, "rounds": frame.rounds,
        "staff": staff,
        # Links to entries, built once per page rather than reversed per row.
        "entry_prefix": reverse("tournaments:entries", kwargs={"slug": event.slug}),
        "last_update": frame.last_update, "in_play": frame.in_play,
        "refresh_seconds": REFRESH_SECONDS, **extra,
    }


def after_round(request, rounds):
    """The round asked for by ``?after=`` if it is played, and the played rounds."""
    return round_after(rounds, request.GET.get("after", "")), round_numbers_played(rounds)
