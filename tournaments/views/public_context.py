"""What every public page of an event shares: the event if the visitor may see it, its tabs and
rounds, the ``?after=`` round, and the refresh while a round is in play."""

from django.db.models import Max
from django.urls import reverse

from tournaments.access import event_seen, event_staff
from tournaments.models import Board, RoundStatus
from tournaments.selectors.rounds import visible_rounds

REFRESH_SECONDS = 30


def get_visible_event_or_404(request, slug):
    """The event if the visitor may see it; a draft run by others is not found
    (``tournaments/access.py``)."""
    return event_seen(request.user, slug=slug)


def is_staff_of(request, event) -> bool:
    return event_staff(request.user, event)


def last_update(event):
    boards = Board.history.filter(round__event=event).aggregate(at=Max("history_date"))["at"]
    return max(filter(None, [boards, event.updated_at]))


def page_context(request, event, tab, **extra):
    """What every public page of an event shows: its tabs, rounds, and whether to refresh."""
    staff = is_staff_of(request, event)
    rounds = visible_rounds(event, staff=staff)
    in_play = any(r.status == RoundStatus.PUBLISHED for r in rounds)
    return {
        "event": event, "rules": event.format_rules, "tab": tab, "rounds": rounds,
        "staff": staff,
        # Links to entries, built once per page rather than reversed per row.
        "entry_prefix": reverse("tournaments:entries", kwargs={"slug": event.slug}),
        "last_update": last_update(event), "in_play": in_play,
        "refresh_seconds": REFRESH_SECONDS, **extra,
    }


def after_round(request, rounds):
    """The round asked for by ``?after=`` if it is played, and the played rounds."""
    played = [r.number for r in rounds if r.status != RoundStatus.DRAFT]
    try:
        after = int(request.GET.get("after", ""))
    except ValueError:
        after = None
    return after if after in played else None, played
