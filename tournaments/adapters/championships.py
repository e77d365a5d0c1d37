"""Championship rows as the qualification engine sees them (``scoring/qualification.py``,
``scoring/seeding.py``): a stage's statute as a ``Rule``, an event's standings as ``Standing``
lines keyed by entry id."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from scoring.qualification import Rule, Standing
from scoring.standings import Standings
from tournaments.models import LineTies, Qualification, SharedPlaces, Stage, StageSeeding

_PER_GROUP = (Qualification.TOP_PER_GROUP, Qualification.TOP_PER_GROUP_AND_BEST)


def stage_rule(stage: Stage, previous: Stage) -> Rule:
    """The later stage's qualification statute as the engine's ``Rule``. A stage in groups
    seeded by rank is cut into placement groups of equal size (Hanoi: 1 v 2 and 3 v 4)."""
    per_group = stage.qualification in _PER_GROUP
    rule = Rule(
        count=stage.qualifiers or 0,
        per_group=per_group,
        best_next=stage.best_of_next or 0 if per_group else 0,
        after_round=stage.after_round,
        ties="playoff" if stage.line_ties == LineTies.PLAYOFF else "tiebreaks",
        knockout=stage.format_rules.has_bracket,
        seeding=stage.seeding if stage.seeding in StageSeeding.values else "rank",
        groups=stage.groups,
        split_shared=stage.places == SharedPlaces.EARLIER_RANK,
        colour_choice=stage.higher_rank_chooses_colour,
    )
    if stage.groups > 1 and stage.seeding == StageSeeding.RANK:
        total, groups = rule.total(previous.groups), stage.groups
        rule = replace(rule, blocks=tuple(total // groups + (1 if g < total % groups else 0)
                                          for g in range(groups)))
    return rule


def _comparable(value: object) -> object:
    """Tie-break values compare as numbers; anything else (a shown text) as 0."""
    if isinstance(value, (int, float, Fraction)):
        return value
    return 0


def standing_lines(table: Standings, entry_ids: dict[int, int]) -> list[Standing]:
    """The scoring engine's standings as the qualification engine's lines: the entry id, the
    rank after every tie-break, and the score compared across groups (points, then the
    statute's tie-breaks)."""
    skip = 1 if table.criteria and table.criteria[0] == "PTS" else 0
    return [Standing(player=entry_ids[row.number], rank=row.rank,
                     score=(row.points, *(_comparable(v) for v in row.values[skip:])))
            for row in table.rows]
