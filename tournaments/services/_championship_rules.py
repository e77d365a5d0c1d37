"""Checking a stage's qualification rule against the stages it joins (docs/championships.md).

A statute the stages cannot follow is refused with its reason before anything is stored:
qualifying more players than the earlier stage has, a knockout of one player, groups of one.
"""

from django.db.models import Count, Max
from django.utils.translation import gettext as _

from scoring.qualification import QualificationError, check_rule
from tournaments.adapters.championships import stage_rule
from tournaments.errors import ServiceError
from tournaments.models import Qualification, Stage, StageSeeding
from tournaments.selectors.qualification import engine_message

GROUP_RULES = (Qualification.TOP_PER_GROUP, Qualification.TOP_PER_GROUP_AND_BEST)
PLAY_ON_RULES = (Qualification.FINAL_BEFORE_LAST, Qualification.PLAY_ON)


def qualification_check(*, stage: Stage, previous: Stage) -> None:
    """Refuse a rule the stages cannot follow (raises ``ServiceError`` with the reason); fills
    the final's two qualifiers and its round (the last but one) when left empty."""
    if stage.qualification not in Qualification.values:
        raise ServiceError(_("Choose how players qualify into this stage."))
    if stage.qualification == Qualification.FINAL_BEFORE_LAST:
        stage.qualifiers = stage.qualifiers or 2
        if stage.qualifiers != 2:
            raise ServiceError(_("A final is played by two players."))
    if not stage.qualifiers:
        raise ServiceError(_("Say how many players qualify."))
    _check_groups_rule(stage, previous)
    _check_play_on(stage, previous)
    _check_sizes(stage, previous)


def _check_groups_rule(stage: Stage, previous: Stage) -> None:
    grouped = stage.qualification in GROUP_RULES
    if grouped and previous.groups < 2:
        raise ServiceError(_("The earlier stage is not played in groups."))
    if stage.best_of_next and stage.qualification != Qualification.TOP_PER_GROUP_AND_BEST:
        raise ServiceError(_("The best-placed of the next place count only with the rule "
                           "\"top K of each group and the M best-placed\"."))
    if stage.qualification == Qualification.TOP_PER_GROUP_AND_BEST and not (
            0 < (stage.best_of_next or 0) < previous.groups):
        raise ServiceError(_("The best-placed of the next place: between 1 and %(n)s (one "
                             "fewer than the groups)."), n=previous.groups - 1)


def _rounds_of(previous: Stage) -> int:
    return previous.events.aggregate(n=Max("rounds"))["n"] or 0


def _check_play_on(stage: Stage, previous: Stage) -> None:
    if stage.qualification not in PLAY_ON_RULES:
        if stage.after_round:
            raise ServiceError(_("Qualifying after a round is only for a Swiss stage whose "
                                 "other players play on."))
        return
    if not previous.format_rules.pairs_by_score or previous.groups != 1:
        raise ServiceError(_("Only a Swiss stage in one group can go on while the qualifiers "
                             "play the next stage."))
    rounds = _rounds_of(previous)
    if stage.qualification == Qualification.FINAL_BEFORE_LAST and not stage.after_round:
        stage.after_round = rounds - 1
    if not stage.after_round or not 1 <= stage.after_round < rounds:
        raise ServiceError(_("Qualify after a round between 1 and %(n)s: the others must have "
                             "a round left to play."), n=rounds - 1)


def _check_sizes(stage: Stage, previous: Stage) -> None:
    """The engine's check (``scoring/qualification.py: check_rule``) on the earlier stage's
    groups; before they have players, every group is taken as large enough, so only the
    shape of the rule is checked (a knockout of one, seeding the groups cannot follow)."""
    rule = stage_rule(stage, previous)
    sizes = [e["n"] for e in previous.events.order_by("group_label")
             .annotate(n=Count("entries")).values("n")]
    if not all(sizes):
        sizes = [rule.total(previous.groups) + 1] * previous.groups
    try:
        check_rule(rule, sizes)
    except QualificationError as error:
        raise ServiceError(engine_message(error)) from None
    total = rule.total(previous.groups)
    if total < 2 * stage.groups:
        raise ServiceError(_("%(q)s qualifiers cannot fill %(g)s groups of at least two "
                             "players."), q=total, g=stage.groups)
    if stage.seeding == StageSeeding.INTERLEAVE and not stage.format_rules.has_bracket:
        raise ServiceError(_("Group interleaving (A1 v B2) seeds a knockout."))
