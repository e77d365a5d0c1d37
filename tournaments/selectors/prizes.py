"""The statute's prize winners (``models/prizes.py``; engine ``records/prizes.py``), computed on
read from the standings after the last published round (a provisional list until the last round
is completed) or after ``after_round``.

What ranks the players: the event's standings (``selectors/standings.py``: points, then the
statute's tie-breaks); in a championship's stage, the category's overall results across its
stages (``selectors/championships.py``), players sharing an overall place tied. Team prizes
(``"teams": true``) go by the team standings of a team event, the team classification of an
individual event (``selectors/team_ranks.py``) or the championship category's team results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from records.eligibility import Eligibility, Unrated, folded
from records.prizes import (
    Award,
    Category,
    Outcome,
    Place,
    PrizeRules,
    Standing,
    prize_winners,
)
from tournaments.adapters.registrations import applicant_of
from tournaments.models import Event, RoundStatus
from tournaments.selectors.championships import category_results
from tournaments.selectors.standings import StandingsView, event_standings
from tournaments.selectors.team_ranks import standings_team_ranks


@dataclass(frozen=True)
class PrizeLine:
    """One prize as pages, sheets and the API show it."""

    category: str
    place: int | None
    label: str  # "1", "2 (2–3 shared)"; "—" for a tied player sharing beyond the places
    name: str
    club: str
    number: int | None  # the table number (None: a team of the classification)
    amount: int
    item: str
    pooled: tuple[int, int] | None
    tied: int


@dataclass(frozen=True)
class PassedLine:
    category: str
    place: int
    name: str
    held: str  # the category and place they hold, in words


@dataclass(frozen=True)
class PrizesView:
    event: Event
    after_round: int
    final: bool  # False: provisional (rounds still to be played or closed)
    lines: tuple[PrizeLine, ...]
    passed: tuple[PassedLine, ...]
    total: int
    by_number: dict[int, PrizeLine] = field(default_factory=dict, repr=False)


def prize_rules(event: Event) -> PrizeRules:
    return PrizeRules(one_per_player=event.prize_one_per_player,
                      precedence=event.prize_precedence, ties=event.prize_ties,
                      unit=event.prize_unit or 1)


def _rule(category: dict) -> Eligibility:
    return Eligibility(sex=category.get("sex", ""), born_from=category.get("born_from"),
                       born_to=category.get("born_to"), rating_min=category.get("rating_min"),
                       rating_max=category.get("rating_max"),
                       unrated=Unrated(category.get("unrated", Unrated.ALLOWED.value)),
                       provinces=tuple(category.get("provinces", ())))


def _category(raw: dict, members: frozenset[int] | None) -> Category:
    return Category(raw["name"], tuple(Place(p.get("amount", 0), p.get("item", ""))
                                       for p in raw["places"]), _rule(raw), members)


def _members(raw: dict, standings: list[Standing], clubs: dict[int, str],
             numbers: dict[int, int]) -> frozenset[int] | None:
    """A category naming clubs or a group (table numbers): only its players may win it."""
    allowed = {folded(c) for c in raw.get("clubs", [])}
    group = set(raw.get("group", []))
    if not allowed and not group:
        return None
    return frozenset(s.key for s in standings
                     if (not allowed or folded(clubs.get(s.key, "")) in allowed)
                     and (not group or numbers.get(s.key) in group))


def _place_label(award: Award) -> str:
    if award.pooled and award.pooled[1] > award.pooled[0]:
        shared = _("%(first)s–%(last)s shared") % {"first": award.pooled[0],
                                                     "last": award.pooled[1]}
        return f"{award.place or '—'} ({shared})"
    return str(award.place) if award.place else "—"


@dataclass(frozen=True)
class _Ranked:
    """Who is ranked, as the engine reads them, and how pages name them."""

    standings: list[Standing]
    names: dict[int, str]
    clubs: dict[int, str]
    numbers: dict[int, int]


def _players(event: Event, table: StandingsView) -> _Ranked:
    """The event's standings; in a championship's stage, the category's overall results."""
    if event.stage_id is not None:
        return _overall(event)
    standings, names, clubs, numbers = [], {}, {}, {}
    for position, row in enumerate(table.rows, start=1):
        entry = row.entry
        who = applicant_of(entry.player) if entry.player_id else None
        standings.append(Standing(row.number, position, row.points, who))
        names[row.number] = entry.name
        clubs[row.number] = (entry.player.club if entry.player_id else "") or ""
        numbers[row.number] = row.number
    return _Ranked(standings, names, clubs, numbers)


def _overall(event: Event) -> _Ranked:
    results = category_results(event.stage.category)
    standings, names, clubs, numbers = [], {}, {}, {}
    for position, row in enumerate(results.rows, start=1):
        entry = row.entry
        key = position
        who = applicant_of(entry.player) if entry.player_id else None
        standings.append(Standing(key, position, (row.place, row.place_to), who))
        names[key] = entry.name
        clubs[key] = (entry.player.club if entry.player_id else "") or ""
        numbers[key] = entry.number or 0
    return _Ranked(standings, names, clubs, numbers)


def _teams(event: Event, table: StandingsView) -> _Ranked:
    """The team classification: a team event's own standings, an individual event's team
    ranking, a championship category's team results."""
    if event.is_team and event.stage_id is None:
        return _Ranked([Standing(r.number, i, r.points) for i, r in enumerate(table.rows, 1)],
                       {r.number: r.entry.name for r in table.rows}, {}, {})
    if event.stage_id is not None:
            rows = [(t.team, t.rank) for t in category_results(event.stage.category).teams
                if t.rank is not None]
    else:
        rows = [(t.team, t.rank) for t in standings_team_ranks(table) if t.rank is not None]
    return _Ranked([Standing(i, i, rank) for i, (_team, rank) in enumerate(rows, 1)],
                   {i: team for i, (team, _rank) in enumerate(rows, 1)}, {}, {})


def _lines(outcome: Outcome, ranked: _Ranked, team: bool) -> tuple[list[PrizeLine], list]:
    lines = [PrizeLine(a.category, a.place, _place_label(a), ranked.names[a.key],
                       ranked.clubs.get(a.key, ""), None if team else ranked.numbers.get(a.key),
                       a.amount, a.item, a.pooled, a.tied) for a in outcome.awards]
    passed = [PassedLine(p.category, p.place, ranked.names[p.key],
                         f"{p.held[0]} {p.held[1] or '—'}") for p in outcome.passed]
    return lines, passed


def event_prizes(event: Event, *, after_round: int | None = None,
                 table: StandingsView | None = None) -> PrizesView:
    """The prize winners after ``after_round`` (default: the last published round), in the
    statute's order of categories; ``final`` once the last round is completed. ``table``: the
    standings already computed."""
    table = table or event_standings(event, after_round=after_round)
    rules = prize_rules(event)
    lines: list[PrizeLine] = []
    passed: list[PassedLine] = []
    raw = event.prize_list or []
    if any(not c.get("teams") for c in raw) and not (event.is_team and event.stage_id is None):
        ranked = _players(event, table)
        categories = [_category(c, _members(c, ranked.standings, ranked.clubs, ranked.numbers))
                      for c in raw if not c.get("teams")]
        more, missed = _lines(prize_winners(ranked.standings, categories, rules), ranked, False)
        lines += more
        passed += missed
    team_raw = [c for c in raw if c.get("teams") or (event.is_team and event.stage_id is None)]
    if team_raw:
        ranked = _teams(event, table)
        categories = [_category(c, None) for c in team_raw]
        more, _missed = _lines(prize_winners(ranked.standings, categories, rules), ranked, True)
        lines += more
    order = {c["name"]: i for i, c in enumerate(raw)}
    lines.sort(key=lambda line: order.get(line.category, 0))  # stable: places stay in order
    final = _final(event, table)
    by_number = {line.number: line for line in lines if line.number is not None
                 and event.stage_id is None}
    return PrizesView(event, table.after_round, final, tuple(lines), tuple(passed),
                      sum(line.amount for line in lines), by_number)


def _final(event: Event, table: StandingsView) -> bool:
    """The list is final once the statute's rounds (when it says how many) are all played and
    closed, and it is read after the last of them."""
    if not table.rounds_played or table.after_round < table.rounds_played or (
            event.rounds and table.rounds_played < event.rounds):
        return False
    # Every round, drafts too (a visitor's frame has the public ones only): one query.
    statuses = set(event.rounds_set.values_list("status", flat=True))
    return statuses == {RoundStatus.COMPLETED}
