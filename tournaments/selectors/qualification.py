"""Who qualifies into a championship's later stage, and how they are seeded: the plan the staff
preview and ``services/championships.py: stage_qualify`` applies.

The earlier stage's standings (each group's, after ``Stage.after_round`` when the others play
on) go to the qualification engine (``scoring/qualification.py``) with the stage's statute; the
qualifiers are seeded by ``scoring/seeding.py`` (earlier rank, group interleaving, snake into
groups, placement groups).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring import seeding
from scoring.qualification import QualificationError, qualify
from tournaments.adapters.championships import stage_rule, standing_lines
from tournaments.adapters.events import load_event
from tournaments.models import Entry, Qualification, RoundStatus, Stage, StageSeeding
from tournaments.selectors.standings import standings_table

PLAY_ON_RULES = (Qualification.FINAL_BEFORE_LAST, Qualification.PLAY_ON)


@dataclass(frozen=True)
class QualifierSeat:
    """A qualifier's place in the later stage: its seed (the entry's number there)."""

    seed: int
    entry: Entry  # the earlier stage's entry
    from_group: str
    from_rank: int


@dataclass(frozen=True)
class GroupPlan:
    label: str  # "" for a stage played as one event
    seats: tuple[QualifierSeat, ...]


@dataclass(frozen=True)
class PlayoffView:
    """Players tied at the qualification line, of whom ``places`` qualify (the arbiter records
    the winners)."""

    entries: tuple[Entry, ...]
    places: int


@dataclass(frozen=True)
class QualificationPlan:
    stage: Stage
    previous: Stage | None
    groups: tuple[GroupPlan, ...] = ()
    playoffs: tuple[PlayoffView, ...] = ()
    problems: tuple[str, ...] = ()
    moved_on_after_round: int | None = None

    @property
    def ready(self) -> bool:
        return not self.problems


def _problem(stage: Stage, previous: Stage | None, message: str) -> QualificationPlan:
    return QualificationPlan(stage, previous, problems=(message,))


def engine_message(error: QualificationError) -> str:
    """The engine's refusal in the user's language."""
    p = error.params
    messages = {
        "count": _("At least one player must qualify."),
        "too_many": _("%(count)s qualifiers, but the earlier stage (or a group) has "
                      "%(players)s players."),
        "best_next": _("Too many best-placed players for the groups to give."),
        "knockout_of_one": _("A knockout needs at least two players."),
        "blocks": _("The placement groups do not add up to the qualifiers."),
        "groups": _("The qualifiers cannot be seeded into these groups."),
        "playoff": _("The recorded play-off winners do not fit the play-off."),
    }
    text = messages.get(error.code, str(error))
    try:
        return text % p
    except (KeyError, TypeError, ValueError):
        return text


def _unfinished(events, after_round: int | None) -> str:
    """Why the earlier stage cannot be read yet; "" when it can."""
    for event in events:
        rounds = list(event.rounds_set.values_list("number", "status"))
        announced = event.rounds if event.format_rules.rounds_announced else None
        wanted = after_round or announced or max((n for n, _s in rounds), default=0)
        done = {n for n, s in rounds if s == RoundStatus.COMPLETED}
        if not rounds or any(n not in done for n in range(1, wanted + 1)) or (
                after_round is None and len(done) != len(rounds)):
            if after_round:
                return _("Round %(n)s of %(event)s is not completed yet.") % {
                    "n": after_round, "event": event.name}
            return _("%(event)s is not finished yet.") % {"event": event.name}
    return ""


def qualification_plan(stage: Stage) -> QualificationPlan:
    """The qualifiers of ``stage`` with their seeds, the play-offs pending and what stops the
    qualification (an unfinished earlier stage, a rule the engine refuses)."""
    previous = stage.category.stages.filter(number=stage.number - 1).first()
    if previous is None:
        return _problem(stage, None, _("The first stage has no qualification."))
    if not stage.qualification:
        return _problem(stage, previous, _("The qualification rule is not set yet."))
    events = list(previous.events.order_by("group_label"))
    rule = stage_rule(stage, previous)
    tables, entries, origin = [], {}, {}
    for event in events:
        record = load_event(event, public_only=True)
        _rounds, table = standings_table(event, record, rule.after_round)
        ids = {n: e.pk for n, e in record.entries.items()}
        lines = standing_lines(table, ids)
        tables.append(lines)
        entries.update({e.pk: e for e in record.entries.values()})
        origin.update({line.player: (event.group_label, line.rank) for line in lines})
    try:
        result = qualify(rule, tables, stage.playoff_winners or ())
        seated = _seat(stage, rule, tables, result.qualified) if result.complete else ()
    except QualificationError as error:
        return _problem(stage, previous, engine_message(error))
    playoffs = tuple(PlayoffView(tuple(entries[p] for p in o.players), o.places)
                     for o in result.playoffs)
    problems = [m for m in [_unfinished(events, rule.after_round)] if m]
    if playoffs:
        problems.append(_("A play-off at the qualification line is still to be played."))
    labels = stage.events.order_by("group_label").values_list("group_label", flat=True)
    groups = tuple(GroupPlan(label, tuple(QualifierSeat(i, entries[p], *origin[p])
                                          for i, p in enumerate(group, start=1)))
                   for label, group in zip(labels, seated, strict=False))
    return QualificationPlan(
        stage, previous, groups, playoffs, tuple(problems),
        moved_on_after_round=stage.after_round if stage.qualification in PLAY_ON_RULES else None)


def _seat(stage: Stage, rule, tables, qualified) -> tuple[tuple, ...]:
    """The qualifiers dealt into the later stage's groups, each group strongest first."""
    order = seeding.by_rank(tables, qualified)
    if stage.seeding == StageSeeding.INTERLEAVE:
        chosen = set(qualified)
        per_group = [[s.player for s in table if s.player in chosen][:rule.count]
                     for table in tables]
        first = seeding.interleaved(per_group)
        return (first + tuple(p for p in order if p not in set(first)),)
    if stage.seeding == StageSeeding.SNAKE:
        return seeding.snake(order, stage.groups)
    if rule.blocks:
        return seeding.blocks(order, rule.blocks)
    return (order,)
