"""A championship's category read across its stages (Art. 17.3, *đấu hỗn hợp*): the overall
results, the team classification from the individual results, and each player's path.

Every stage's events are read as the pages read them (published rounds only): a round robin or
Swiss group by the standings engine (``selectors/standings.py: standings_table``), a knockout by
its bracket's placings (``selectors/knockout.py: event_bracket``, the players still in it sharing
the places still open). ``scoring/overall.py`` puts the stages together, last stage first;
``scoring/team_ranks.py`` ranks the clubs or provinces. A player (or a team) is the same across
stages: their entries in each stage's events point to one register row.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from scoring.overall import StageResult, overall, stage_order
from scoring.qualification import Standing
from scoring.seeding import colour_chooser
from scoring.team_ranks import summable, team_points, team_ranks
from tournaments.adapters.championships import standing_lines
from tournaments.adapters.events import load_event
from tournaments.models import (
    Category,
    Championship,
    Entry,
    Event,
    Player,
    SharedPlaces,
    Stage,
    StageSeeding,
    TeamClassification,
    TeamRanksBy,
)
from tournaments.selectors.knockout import event_bracket
from tournaments.selectors.standings import standings_table


def entry_key(entry: Entry) -> Hashable:
    """The player or team an entry stands for, the same in every stage of the category."""
    return ("player", entry.player_id) if entry.player_id else ("team", entry.team_id)


@dataclass(frozen=True)
class StageLine:
    """A player's line in one stage: where they played, their place there (``rank_to`` >
    ``rank``: shared) and their points (None in a knockout); ``moved_on``: they went on to the
    next stage."""

    stage: Stage
    event: Event
    entry: Entry
    rank: int
    rank_to: int
    points: Fraction | None
    moved_on: bool = False
    score: tuple = ()  # points then the tie-break values, as the engine compares them
    # Points, then the tie-break values a team prize may add up (``summable``), with their codes.
    team_score: tuple = ()
    team_criteria: tuple[str, ...] = ()

    @property
    def group(self) -> str:
        return self.event.group_label

    @property
    def label(self) -> str:
        return f"{self.rank}–{self.rank_to}" if self.rank_to > self.rank else str(self.rank)


@dataclass(frozen=True)
class OverallRow:
    """A player's overall place in the category and the furthest stage they reached."""

    place: int
    place_to: int
    line: StageLine  # their line in the stage that placed them

    @property
    def entry(self) -> Entry:
        return self.line.entry

    @property
    def stage(self) -> Stage:
        return self.line.stage

    @property
    def shared(self) -> bool:
        return self.place_to > self.place

    @property
    def label(self) -> str:
        return f"{self.place}–{self.place_to}" if self.shared else str(self.place)


@dataclass(frozen=True)
class TeamRow:
    """A club's or province's result from its players' individual results. ``rank`` None: too
    few players to be ranked; ``total``: the sum of points or of ranks; ``tiebreaks``: the sums
    of the counted players' tie-break values (points only); ``counted``: the players counted,
    best first; ``best``: the best individual place among them."""

    team: str
    rank: int | None
    total: object
    tiebreaks: tuple
    counted: tuple[str, ...]
    best: int | None


@dataclass(frozen=True)
class CategoryResults:
    """Everything the category's overall page, its API and its sheet show."""

    category: Category
    stages: tuple[Stage, ...]
    rows: tuple[OverallRow, ...]
    teams: tuple[TeamRow, ...] = ()
    classification: str = ""  # TeamClassification: "points", "ranks" or ""
    # Points: the codes of the tie-breaks summed in ``TeamRow.tiebreaks`` (the first stage's).
    team_criteria: tuple[str, ...] = ()
    paths: dict = field(default_factory=dict, repr=False)  # entry_key -> tuple[StageLine]


def _knockout_lines(stage: Stage, event: Event) -> list[tuple[Standing, StageLine]]:
    """A knockout's placings; the players still in it (or all, before it starts) share the
    places still open."""
    entries = list(event.entries.select_related("player", "team"))
    placed = {p.entry.pk: (p.place, p.place_to)
              for p in event_bracket(event, staff=False).placings}
    open_places = len(entries) - len(placed)
    out = []
    for entry in entries:
        rank, rank_to = placed.get(entry.pk, (1, open_places))
        out.append((Standing(entry_key(entry), rank, (), rank_to),
                    StageLine(stage, event, entry, rank, rank_to, None)))
    return out


def _ranked_lines(stage: Stage, event: Event,
                  after_round: int | None = None) -> list[tuple[Standing, StageLine]]:
    """A round robin's or Swiss's standings (points, then the statute's tie-breaks; after
    ``after_round``, default the last published round); entries the standings set apart
    (Art. 21.5.1) share the place after the last."""
    record = load_event(event, public_only=True)
    _rounds, table = standings_table(event, record, after_round)
    by_id = {e.pk: e for e in record.entries.values()}
    lines = standing_lines(table, {n: e.pk for n, e in record.entries.items()})
    shares = {s.rank: sum(1 for o in lines if o.rank == s.rank) for s in lines}
    criteria = table.criteria[1:] if table.criteria[:1] == ("PTS",) else table.criteria
    keep = summable(criteria)
    out = []
    for s in lines:
        entry = by_id[s.player]
        rank_to = s.rank + shares[s.rank] - 1
        team_score = (s.score[0], *(s.score[1 + i] for i in keep))
        out.append((Standing(entry_key(entry), s.rank, s.score),
                    StageLine(stage, event, entry, s.rank, rank_to, s.points, score=s.score,
                              team_score=team_score,
                              team_criteria=tuple(criteria[i] for i in keep))))
    apart = [record.entries[n] for n in table.withdrawn]
    for entry in apart:
        rank = len(lines) + 1
        out.append((Standing(entry_key(entry), rank, (Fraction(0),)),
                    StageLine(stage, event, entry, rank, rank + len(apart) - 1, None)))
    return out


def _stage_result(stage: Stage, events: list[Event], earlier: list[Event]):
    """The engine's view of one stage and every player's line in it. ``earlier``: the events
    of the stage before, read as they stood when the players qualified (after the statute's
    round) where the statute places knockout losers by the earlier rank."""
    groups, lines = [], {}
    for event in events:
        read = _ranked_lines if event.format_rules.has_standings else _knockout_lines
        pairs = read(stage, event)
        groups.append(_table(pairs))
        lines.update({s.player: line for s, line in pairs})
    placement = stage.number > 1 and len(events) > 1 and stage.seeding == StageSeeding.RANK
    split = stage.places == SharedPlaces.EARLIER_RANK
    reference = _at_qualification(stage, earlier) if split and stage.after_round else None
    return StageResult(tuple(groups), placement=placement, split_shared=split,
                       reference=reference), lines


def _table(pairs) -> tuple[Standing, ...]:
    return tuple(sorted((s for s, _line in pairs), key=lambda s: s.rank))


def _at_qualification(stage: Stage, earlier: list[Event]) -> tuple[tuple[Standing, ...], ...]:
    """The earlier stage's tables as they stood when its players qualified into ``stage``
    (after the statute's round when the earlier stage played on)."""
    return tuple(_table(_ranked_lines(stage, e, stage.after_round) if e.format_rules.has_standings
                        else _knockout_lines(stage, e)) for e in earlier)


def category_results(category: Category) -> CategoryResults:
    """The category's overall results (``scoring/overall.py``), the team classification its
    statute asks for, and every player's path through the stages."""
    stages = list(category.stages.order_by("number"))
    events = list(Event.objects.filter(stage__in=stages).order_by("group_label", "pk"))
    results, paths = [], {}
    held = {stage.pk: [e for e in events if e.stage_id == stage.pk] for stage in stages}
    for i, stage in enumerate(stages):
        earlier = held[stages[i - 1].pk] if i else []
        result, lines = _stage_result(stage, held[stage.pk], earlier)
        results.append(result)
        for key, line in lines.items():
            paths.setdefault(key, []).append(line)
    paths = {key: _moved_on(steps) for key, steps in paths.items()}
    rows = tuple(OverallRow(p.place, p.place_to, paths[p.player][-1])
                 for p in overall(results))
    teams = _teams(category, rows, paths)
    summed = next((steps[0].team_criteria for steps in paths.values()), ())
    classification = category.team_classification or ""
    return CategoryResults(category, tuple(stages), rows, teams, classification,
                           summed if classification == TeamClassification.POINTS else (), paths)


def _moved_on(steps: list[StageLine]) -> tuple[StageLine, ...]:
    """Mark each line but the last: the player went on from there."""
    return tuple(replace(s, moved_on=i < len(steps) - 1) for i, s in enumerate(steps))


def _team_name(entry: Entry, by: str) -> str:
    player = entry.player
    if player is None:
        return ""
    return (player.club if by == TeamRanksBy.CLUB else player.province).strip()


def _teams(category: Category, rows: tuple[OverallRow, ...], paths: dict) -> tuple[TeamRow, ...]:
    """Team classification from the individual results: each club or province's best N players
    by the sum of their points in the first stage, the one everybody played (ties: the sums of
    their tie-break values, then the best individual place), or by the sum of their overall
    places, lower first (WXF 2023, VIII a; ties: the best place)."""
    how, by, members = category.team_classification, category.team_by, category.team_best_n
    if not how or not by or not members:
        return ()
    teams: dict[str, list[Hashable]] = {}
    names = {}
    for row in rows:
        team = _team_name(row.entry, by)
        if team:
            key = entry_key(row.entry)
            teams.setdefault(team, []).append(key)
            names[key] = row.entry.name
    places = {entry_key(r.entry): r.place for r in rows}
    if how == TeamClassification.RANKS:
        return tuple(TeamRow(str(t.team), t.rank, t.total, (),
                             _best(teams[t.team], places, names, members),
                             t.ranks[0] if t.ranks else None)
                     for t in team_ranks(places, teams, members=members))
    individual = {key: (places[key], paths[key][0].team_score or (Fraction(0),))
                  for key in places}
    scored = team_points(individual, teams, members=members)
    return tuple(TeamRow(str(t.team), t.rank, t.points, t.tiebreaks,
                         tuple(names[k] for k in t.counted), t.best) for t in scored)


def _best(players: list[Hashable], places: dict, names: dict, members: int) -> tuple[str, ...]:
    """The names of a team's best-placed ``members`` players, best first."""
    return tuple(names[k] for k in sorted(players, key=places.__getitem__)[:members])


def championship_results(championship: Championship) -> tuple[CategoryResults, ...]:
    """Every category's results, in the championship's order (the workbook's sheets)."""
    return tuple(category_results(c) for c in championship.categories.order_by("order", "pk"))


@dataclass(frozen=True)
class PathView:
    """A player's path through one category: a line per stage, their overall place."""

    category: Category
    steps: tuple[StageLine, ...]
    overall: OverallRow | None


def player_path(championship: Championship, player: Player) -> tuple[PathView, ...]:
    """Where ``player`` played in each category of ``championship`` they entered, stage by
    stage, and their overall place there."""
    key = ("player", player.pk)
    entered = Category.objects.filter(championship=championship,
                                      stages__events__entries__player=player).distinct()
    out = []
    for category in entered.order_by("order", "pk"):
        results = category_results(category)
        row = next((r for r in results.rows if entry_key(r.entry) == key), None)
        out.append(PathView(category, results.paths.get(key, ()), row))
    return tuple(out)


def colour_choices(event: Event) -> dict[str, Entry]:
    """Who chooses colour in the deciding game of each knockout match whose two players are
    known, where the championship's statute gives the choice to the player ranked higher in the
    earlier stage (Chinese rules; ``Stage.higher_rank_chooses_colour``): match code → entry.
    The earlier rank is the one the players qualified with; players the earlier stage could not
    separate are taken in its listed order. Empty for any other event."""
    stage = event.stage
    if stage is None or stage.number == 1 or not event.format_rules.has_bracket \
            or not stage.higher_rank_chooses_colour:
        return {}
    previous = stage.category.stages.filter(number=stage.number - 1).first()
    if previous is None:
        return {}
    earlier = list(previous.events.order_by("group_label", "pk"))
    order = [p for block in stage_order(StageResult(_at_qualification(stage, earlier)))
             for p in block]
    out = {}
    for match in event_bracket(event, staff=False).matches:
        home, away = match.home.entry, match.away.entry
        if home is None or away is None:
            continue
        if entry_key(home) in order and entry_key(away) in order:
            chooser = colour_chooser((entry_key(home), entry_key(away)), order)
            out[match.code] = home if chooser == entry_key(home) else away
    return out


def boards_annotate_colour_choosers(event: Event, boards) -> None:
    """The arbiter's round page of a stage's knockout: on each board, the entry who chooses
    colour in the deciding game by the championship's statute (``colour_choices``), or None
    where the event's own rule applies (the higher-placed player)."""
    choices = colour_choices(event)
    for board in boards:
        board.colour_chooser = choices.get(board.match_code)
