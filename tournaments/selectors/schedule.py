"""The schedule of an event's rounds (the statute's "lịch thi đấu"): for each round, played or
still to be paired, when it starts (``Round.starts_at``: the organiser's time for that round,
else the statute's first date and the day's start times, ``Event.round_planned_start``), and
each change of a round's time with who made it and why."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tournaments.models import Event, Round, RoundStatus, RoundTimeChange


@dataclass(frozen=True)
class RoundTime:
    """Round ``number`` starts at ``starts_at`` (None: not scheduled); ``moved``: an organiser
    set this round's time by hand; ``round`` None for a round not paired yet."""

    number: int
    starts_at: datetime | None
    moved: bool = False
    round: Round | None = None


def event_schedule(event: Event, rounds: list[Round]) -> list[RoundTime]:
    """Every round of ``event`` from 1 to the statute's number of rounds (or the last round
    made, if more): the rounds in ``rounds`` (the reader's, e.g. ``event_rounds``), the others
    by the statute's schedule. No query."""
    made = {r.number: r for r in rounds}
    last = max([event.rounds or 0, *made])
    return [RoundTime(n, made[n].starts_at, made[n].scheduled_at is not None, made[n])
            if n in made else RoundTime(n, event.round_planned_start(n))
            for n in range(1, last + 1)]


def public_schedule(event: Event) -> list[RoundTime]:
    """The schedule the public sees (the calendar file): drafts are the staff's, so a round
    still a draft shows at the statute's time. One query."""
    rounds = [r for r in event.rounds_set.all() if r.status != RoundStatus.DRAFT]
    return event_schedule(event, rounds)


def round_schedule_history(round_: Round) -> list[RoundTimeChange]:
    """Each change of ``round_``'s start time, newest first: when, who, from what to what
    (None: the statute's time), and the reason given. One query."""
    return list(round_.time_changes.select_related("changed_by"))
