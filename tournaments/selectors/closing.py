"""The law's closing documents (Art. 15.1, 19.4, 20.3 l) as the print sheets and the workbooks
read them: the list of players selected for higher events, the list of those reaching the
statute's classification, and the chief arbiter's final report.

The ranking is the event's final one: the standings (with their shared ranks), or a knockout's
placings (appendix §2, §3). The statute names the classification and its threshold
(``Event.classification_*``), and these lists say who reaches it; each line also names the
titles and classifications its player holds in the federation's register
(``models/titles.py``), as held when the document is printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

from django.db.models import Count, Q

from tournaments.models import (
    Entry,
    Event,
    EventRole,
    PlayerTitle,
    ResultCode,
    Role,
    Round,
    RoundStatus,
)
from tournaments.selectors.disqualifications import event_disqualifications
from tournaments.selectors.fouls import event_fouls
from tournaments.selectors.knockout import event_bracket
from tournaments.selectors.protests import event_protests
from tournaments.selectors.standings import event_standings


@dataclass(frozen=True)
class Ranked:
    """One line of the final ranking: the place as printed ("3", "3–4"), its first number, the
    entry and its points ("" for a knockout)."""

    place: str
    first: int
    entry: Entry
    points: str
    titles: tuple = ()  # the player's PlayerTitle rows, strongest first


@dataclass(frozen=True)
class RoundSummary:
    """A round in the final report: its dates and how its games ended."""

    round: Round
    games: int
    white_wins: int
    draws: int
    black_wins: int
    forfeits: int


@dataclass(frozen=True)
class FinalReport:
    """The chief arbiter's final report to the organisers (Art. 20.3 l)."""

    event: Event
    staff: list[tuple[str, list[str]]]
    entries: list[Entry]
    rounds: list[RoundSummary]
    ranking: list[Ranked]
    selected: list[Ranked]
    classified: list[Ranked]
    protests: list = field(default_factory=list)
    disqualifications: list = field(default_factory=list)
    fouls: list = field(default_factory=list)


def _points(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ".").replace("½", ".5"))
    except (InvalidOperation, AttributeError):
        return None


def event_final_ranking(event: Event) -> list[Ranked]:
    """The final ranking: the standings' rows, or the bracket's placings, each with the titles
    its player holds (one query)."""
    if event.format_rules.has_standings:
        table = event_standings(event)
        if not table.after_round:
            return []
        ranking = [Ranked(f"{row.rank}=" if row.shared else str(row.rank), row.rank, row.entry,
                          row.points) for row in table.rows]
    else:
        ranking = [Ranked(p.label, p.place, p.entry, "")
                   for p in event_bracket(event, staff=False).placings]
    held: dict[int, list[PlayerTitle]] = {}
    for title in (PlayerTitle.objects.filter(
            player_id__in=[r.entry.player_id for r in ranking if r.entry.player_id])
            .select_related("kind").order_by("kind__order", "-awarded_on", "pk")):
        held.setdefault(title.player_id, []).append(title)
    return [replace(r, titles=tuple(held.get(r.entry.player_id, ()))) for r in ranking]


def event_selected(event: Event, ranking: list[Ranked] | None = None) -> list[Ranked]:
    """Art. 19.4: the players selected for higher events, the statute's first places (a
    shared place is selected whole)."""
    if not event.selected_top:
        return []
    ranking = event_final_ranking(event) if ranking is None else ranking
    return [r for r in ranking if r.first <= event.selected_top]


def event_classified(event: Event, ranking: list[Ranked] | None = None) -> list[Ranked]:
    """Art. 15.1, 19.4: the players reaching the statute's classification, by place (the first
    ``classification_top``) or by points (at least ``classification_points``)."""
    top, least = event.classification_top, event.classification_points
    if not event.classification_name or (top is None and least is None):
        return []
    ranking = event_final_ranking(event) if ranking is None else ranking

    def reaches(row: Ranked) -> bool:
        points = _points(row.points)
        return ((top is not None and row.first <= top)
                or (least is not None and points is not None and points >= least))
    return [r for r in ranking if reaches(r)]


def _staff(event: Event) -> list[tuple[str, list[str]]]:
    names: dict[str, list[str]] = {}
    for role in (EventRole.objects.filter(event=event).select_related("user")
                 .order_by("role", "user__username")):
        name = role.user.get_full_name() or role.user.get_username()
        names.setdefault(role.role, []).append(name)
    return [(Role(code).label, names[code]) for code in Role.values if code in names]


FORFEITS = (ResultCode.WHITE_WINS_FORFEIT, ResultCode.BLACK_WINS_FORFEIT,
            ResultCode.DOUBLE_FORFEIT)


def _rounds(event: Event) -> list[RoundSummary]:
    played = Q(boards__black__isnull=False)
    rounds = event.rounds_set.exclude(status=RoundStatus.DRAFT).annotate(
        games=Count("boards", filter=played),
        white_wins=Count("boards", filter=played & Q(boards__result=ResultCode.WHITE_WINS)),
        draws=Count("boards", filter=played & Q(boards__result=ResultCode.DRAW)),
        black_wins=Count("boards", filter=played & Q(boards__result=ResultCode.BLACK_WINS)),
        forfeits=Count("boards", filter=played & Q(boards__result__in=FORFEITS)),
    ).order_by("number")
    return [RoundSummary(r, r.games, r.white_wins, r.draws, r.black_wins, r.forfeits)
            for r in rounds]


def event_final_report(event: Event) -> FinalReport:
    """Everything the chief arbiter's final report holds (Art. 20.3 l, 19.4)."""
    ranking = event_final_ranking(event)
    return FinalReport(
        event=event, staff=_staff(event),
        entries=list(event.entries.select_related("player", "team").order_by("number", "pk")),
        rounds=_rounds(event), ranking=ranking,
        selected=event_selected(event, ranking), classified=event_classified(event, ranking),
        protests=event_protests(event), disqualifications=event_disqualifications(event),
        fouls=event_fouls(event, staff=True))
