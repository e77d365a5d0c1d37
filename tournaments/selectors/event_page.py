"""What every public page of an event shows around its content (``views/public_context.py``):
its rounds for the tabs and the round picker, whether a round is in play (the page then
refreshes itself), when its results last changed, and the played round a table is shown after
(``?after=``)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime

from django.db.models import Max

from tournaments.models import Board, Event, Round, RoundStatus
from tournaments.selectors.rounds import rounds_visible
from tournaments.text import whole_number


class ReadModel:
    """A page's read model (a frozen dataclass built by one selector): its fields are the
    names its template reads; an event page's ``frame`` goes through the views' common
    context (``views/public_context.py: page_context``)."""

    def context(self) -> dict:
        """The fields by name (not ``dataclasses.asdict``, which would copy every row)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "frame"}


def round_numbers_played(rounds: list[Round]) -> list[int]:
    """The numbers of the rounds shown to everyone (published or closed)."""
    return [r.number for r in rounds if r.status != RoundStatus.DRAFT]


def round_after(rounds: list[Round], asked: str) -> int | None:
    """The round a table is asked after (``?after=``) if it is played, else None (the last
    played round)."""
    after = whole_number(asked)
    return after if after in round_numbers_played(rounds) else None


@dataclass(frozen=True)
class EventFrame:
    """The frame of an event's public pages: two queries."""

    rounds: list[Round]  # drafts only for the event's staff
    in_play: bool
    last_update: datetime

    @property
    def public_rounds(self) -> list[Round]:
        """The rounds everyone may read, in number order (what ``load_event(public_only=True)``
        reads: handed to it, so it does not read them again)."""
        return [r for r in self.rounds if r.status != RoundStatus.DRAFT]


def event_last_update(event: Event) -> datetime:
    """When a result, a board or the event last changed: the latest board history row or the
    event's own change (one query)."""
    boards = Board.history.filter(round__event=event).aggregate(at=Max("history_date"))["at"]
    return max(filter(None, [boards, event.updated_at]))


def event_frame(event: Event, *, staff: bool) -> EventFrame:
    """The frame of ``event``'s public pages for a visitor, or for its ``staff`` (who also see
    draft rounds)."""
    rounds = rounds_visible(event, staff=staff)
    return EventFrame(rounds, any(r.status == RoundStatus.PUBLISHED for r in rounds),
                      event_last_update(event))
