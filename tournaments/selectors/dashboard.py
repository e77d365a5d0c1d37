"""The staff dashboard's read model (``views/staff.py: manage_event``): the event's rounds with
their open boards, its entries counted (how many, whether all have their table number) and
the next step to offer (``next_step.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.models import Event, Round
from tournaments.selectors.event_page import ReadModel
from tournaments.selectors.next_step import NextStep, event_next_step
from tournaments.selectors.rounds import rounds_visible


@dataclass(frozen=True)
class StaffDashboard(ReadModel):
    """What the dashboard shows besides the event: its rounds (drafts included), the number
    of entries, and whether every entry has its table number (appendix §5: a round robin is
    drawn from the numbers)."""

    rounds: list[Round]
    entry_count: int
    numbered: bool
    next_step: NextStep  # what to offer: pair, review a draft, close a round, or why not


def event_dashboard(event: Event) -> StaffDashboard:
    """``event``'s dashboard for its staff: two queries."""
    counts = event.entries.aggregate(
        entries=Count("pk"), unnumbered=Count("pk", filter=Q(number__isnull=True)))
    rounds = rounds_visible(event, staff=True)
    numbered = bool(counts["entries"]) and not counts["unnumbered"]
    return StaffDashboard(rounds, counts["entries"], numbered,
                          event_next_step(event, rounds, numbered=numbered))
