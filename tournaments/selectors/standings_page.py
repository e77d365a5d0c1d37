"""The public standings and crosstable pages' read models: the event read once (its public
rounds handed over from the page's frame, not read again) and ranked by the statute."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.adapters.events import load_event
from tournaments.models import Event
from tournaments.selectors.event_page import (
    EventFrame,
    ReadModel,
    event_frame,
    round_after,
    round_numbers_played,
)
from tournaments.selectors.prizes import PrizesView, event_prizes
from tournaments.selectors.standings import (
    CrosstableView,
    StandingsView,
    event_crosstable,
    event_ranking,
    event_standings,
)
from tournaments.selectors.team_ranks import TeamRankRow, standings_team_ranks


@dataclass(frozen=True)
class StandingsPage(ReadModel):
    """The public standings (``views/public.py: standings``): the table after the round asked
    (Art. 21.2-21.4, each tie's reason), the played rounds to choose from, and the teams
    ranked by their players' ranks when the statute says (WXF, ``team_ranks_by``)."""

    frame: EventFrame
    table: StandingsView
    played: list[int]
    team_ranks: list[TeamRankRow]
    # The statute's prize of each winner, by table number (empty without a prize list).
    prizes: PrizesView | None = None


def standings_page(event: Event, *, staff: bool, after: str = "") -> StandingsPage:
    """``event``'s standings after the played round ``after`` (``?after=``; otherwise the last
    one): the frame's two queries and the event's three."""
    frame = event_frame(event, staff=staff)
    record = load_event(event, public_only=True, rounds=frame.public_rounds)
    table = event_standings(event, after_round=round_after(frame.rounds, after), record=record)
    prizes = event_prizes(event, table=table) if event.prize_list else None
    return StandingsPage(frame, table, round_numbers_played(frame.rounds),
                         standings_team_ranks(table), prizes)


@dataclass(frozen=True)
class CrosstablePage(ReadModel):
    """The public crosstable (*bảng điểm*, ``views/public.py: crosstable``) after the round
    asked, and the played rounds to choose from."""

    frame: EventFrame
    cross: CrosstableView
    played: list[int]


def crosstable_page(event: Event, *, staff: bool, after: str = "") -> CrosstablePage:
    """``event``'s crosstable after the played round ``after`` (``?after=``; otherwise the
    last one), read as ``standings_page`` reads the standings."""
    frame = event_frame(event, staff=staff)
    ranking = event_ranking(event, after_round=round_after(frame.rounds, after),
                            record=load_event(event, public_only=True,
                                              rounds=frame.public_rounds))
    return CrosstablePage(frame, event_crosstable(event, ranking=ranking),
                          round_numbers_played(frame.rounds))


@dataclass(frozen=True)
class PrizesPage(ReadModel):
    """The public prizes page (``views/public.py: prizes``): the statute's prize winners after
    the round asked (provisional until the last round is closed), the played rounds to choose
    from. Amounts are the staff's: the public sees places, winners and items."""

    frame: EventFrame
    prizes: PrizesView
    played: list[int]
    show_money: bool


def prizes_page(event: Event, *, staff: bool, after: str = "") -> PrizesPage:
    """``event``'s prize winners after the played round ``after`` (otherwise the last one),
    read as ``standings_page`` reads the standings."""
    frame = event_frame(event, staff=staff)
    if not event.format_rules.has_standings:  # a knockout: no standings to give prizes by
        return PrizesPage(frame, PrizesView(event, 0, False, (), (), 0), [], staff)
    record = load_event(event, public_only=True, rounds=frame.public_rounds)
    table = event_standings(event, after_round=round_after(frame.rounds, after), record=record)
    return PrizesPage(frame, event_prizes(event, table=table),
                      round_numbers_played(frame.rounds), staff)
