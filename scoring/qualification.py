"""Qualification from one stage of a championship to the next (Art. 17.3, *đấu hỗn hợp*).

The law names mixed formats but leaves the passage between stages to the championship's statute
(*Điều lệ giải*, Art. 18). This module reads a statute's qualification rule as data
(:class:`Rule`) and applies it to the earlier stage's standings:

- top N of the stage (one table, or several groups merged by place, then score);
- top K of each group, optionally with the M best-placed players of place K + 1 across groups;
- the same, read after an earlier round while the stage plays on (``after_round``): the top two
  before the last Swiss round play a final (WXF 2023), the top N go to a knockout while the
  others continue the Swiss (AXF); the engine only sees the standings it is given, the service
  reads them after that round;
- the next stage split into placement groups (``blocks``): 1 v 2 for the title, 3 v 4 for third
  (Hanoi opens).

A tie at the qualification line is settled by the earlier stage's tie-breaks (the standings'
rank already applies them; players still sharing a rank across the line go to a play-off) or,
where the statute says ``ties="playoff"``, by a play-off between every player equal on points at
the line. A play-off is reported (its players, how many of them qualify); once the arbiter has
recorded its winner(s) they are passed back in ``playoff_winners``.

Bad rules are refused with :class:`QualificationError`, whose ``code`` names the reason (the
Django layer translates it) and whose message says it in English.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Literal

Ties = Literal["tiebreaks", "playoff"]
Seeding = Literal["rank", "interleave", "snake", "rating"]


class QualificationError(ValueError):
    """A statute's qualification rule that cannot be applied, or bad play-off winners.

    ``code``: "count" (fewer than one qualifier), "too_many" (more qualifiers than the stage, or
    a group, holds), "best_next" (more best-placed players than groups to take them from),
    "knockout_of_one" (a knockout, or a placement match, with fewer than two players), "blocks"
    (placement groups that do not add up to the qualifiers), "groups" (a seeding that needs
    groups the stage has not got), "playoff" (play-off winners that do not fit the play-off).
    ``params`` hold the numbers the message quotes.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in a stage's (or group's) standings, as the engine compares it.

    ``rank``: the place in its table after every tie-break (equal ranks: still tied);
    ``rank_to``: the last place of a shared place (knockout losers of a round: 5-8), None when
    alone. ``score``: what compares players across groups and at the line, higher better —
    points first, then the tie-break values in the statute's order.
    """

    player: Hashable
    rank: int
    score: tuple = ()
    rank_to: int | None = None

    @property
    def points(self) -> object:
        """The primary score (the first item of ``score``), what a play-off tie is judged on."""
        return self.score[0] if self.score else None


@dataclass(frozen=True, slots=True)
class Rule:
    """A statute's qualification rule for a later stage (stored as data by the Django layer).

    ``count``: N qualifiers (``per_group`` False) or K of each group (``per_group`` True);
    ``best_next``: M best-placed players of place K + 1 across groups (per group only);
    ``after_round``: the earlier stage's round after which qualification is read (None: at its
    end; set: the stage goes on for the others); ``ties``: how a tie at the line is settled;
    ``knockout``: the next stage is a knockout (so it needs two players or more per block);
    ``blocks``: the next stage's parallel placement groups, their sizes in rank order (Hanoi:
    (2, 2)); empty: one stage, or groups filled by ``seeding``; ``seeding``: "rank" (earlier
    rank), "interleave" (A1 v B2, B1 v A2), "snake" (into ``groups`` groups, by earlier rank),
    "rating" (by rating); ``groups``: how many groups the next stage has (snake seeding);
    ``split_shared``: knockout losers of one round placed by the earlier rank instead of
    sharing a place; ``colour_choice``: the higher-ranked player of the earlier stage chooses
    colour in a deciding game.
    """

    count: int
    per_group: bool = False
    best_next: int = 0
    after_round: int | None = None
    ties: Ties = "tiebreaks"
    knockout: bool = False
    blocks: tuple[int, ...] = ()
    seeding: Seeding = "rank"
    groups: int = 1
    split_shared: bool = False
    colour_choice: bool = False

    def total(self, groups: int) -> int:
        """How many players qualify from a stage of ``groups`` groups."""
        return self.count * groups + self.best_next if self.per_group else self.count


@dataclass(frozen=True, slots=True)
class Playoff:
    """Players tied at a qualification line (earlier order) of whom ``places`` qualify.

    ``group``: the index of the group whose line it is (None: the whole stage, or the
    best-placed players across groups)."""

    players: tuple[Hashable, ...]
    places: int
    group: int | None = None


@dataclass(frozen=True, slots=True)
class Qualification:
    """The qualifiers known so far, in the earlier stage's order, and the play-offs pending."""

    qualified: tuple[Hashable, ...]
    playoffs: tuple[Playoff, ...] = field(default=())

    @property
    def complete(self) -> bool:
        """True when no play-off is pending: the next stage can be seeded."""
        return not self.playoffs


def _fail(code: str, message: str, **params: object) -> QualificationError:
    return QualificationError(code, message, **params)


def check_rule(rule: Rule, group_sizes: Sequence[int]) -> None:
    """Refuse a rule that the earlier stage (its groups' sizes) cannot satisfy.

    A stage that is one event has one group. Raises :class:`QualificationError`.
    """
    groups = len(group_sizes)
    if rule.count < 1:
        raise _fail("count", "at least one player must qualify", count=rule.count)
    if rule.best_next < 0 or (rule.best_next and not rule.per_group):
        raise _fail("best_next", "best-placed players are taken only from groups",
                    best_next=rule.best_next)
    if rule.per_group:
        smallest = min(group_sizes, default=0)
        if rule.count > smallest:
            raise _fail("too_many", f"{rule.count} qualifiers from a group of {smallest}",
                        count=rule.count, players=smallest)
        spare = sum(1 for size in group_sizes if size > rule.count)
        if rule.best_next > spare:
            raise _fail("best_next", f"{rule.best_next} best-placed players from {spare} groups",
                        best_next=rule.best_next, groups=spare)
    elif rule.count > sum(group_sizes):
        raise _fail("too_many", f"{rule.count} qualifiers from a stage of {sum(group_sizes)}",
                    count=rule.count, players=sum(group_sizes))
    _check_next(rule, rule.total(groups), groups)


def _check_next(rule: Rule, total: int, groups: int) -> None:
    """The next stage's shape: knockouts of two or more, blocks adding up, seeding groups."""
    if rule.blocks:
        if sum(rule.blocks) != total or min(rule.blocks) < 1:
            raise _fail("blocks", f"placement groups {rule.blocks} for {total} qualifiers",
                        blocks=rule.blocks, count=total)
        if rule.knockout and min(rule.blocks) < 2:
            raise _fail("knockout_of_one", "a knockout needs at least two players", count=1)
    if rule.knockout and total < 2:
        raise _fail("knockout_of_one", "a knockout needs at least two players", count=total)
    if rule.seeding == "interleave" and (groups < 2 or not rule.per_group or rule.count < 2):
        raise _fail("groups", "group interleaving needs two groups or more, two from each",
                    groups=groups)
    if rule.seeding == "snake" and not 2 <= rule.groups <= total:
        raise _fail("groups", f"{total} qualifiers cannot fill {rule.groups} groups",
                    groups=rule.groups, count=total)


def merged(groups: Sequence[Sequence[Standing]]) -> list[Standing]:
    """Several groups as one order: by place in the group, then by score (higher first).

    One group is its own order (by rank). This is how "top N overall" and the best-placed of a
    place are read across groups, and how a group stage's players are placed overall.
    """
    indexed = [(s.rank, tuple(_neg(v) for v in s.score), g, s)
               for g, table in enumerate(groups) for s in table]
    return [item[-1] for item in sorted(indexed, key=lambda item: item[:3])]


def _neg(value: object) -> object:
    return -value if isinstance(value, (int, float)) or hasattr(value, "denominator") else value


def _tie_key(rule: Rule, across: bool):
    """What makes two players equal at a line: in one table the rank (tie-breaks applied) or,
    for a play-off, the points; across groups the place in the group comes first, then the
    whole score (tie-breaks) or the points (play-off)."""
    if rule.ties == "playoff":
        return (lambda s: (s.rank, s.points)) if across else (lambda s: s.points)
    return (lambda s: (s.rank, s.score)) if across else (lambda s: s.rank)


def _cut(order: Sequence[Standing], n: int, key, winners: Sequence[Hashable],
         group: int | None) -> tuple[list[Hashable], Playoff | None]:
    """The first ``n`` of ``order``, or those sure to qualify and the play-off at the line.

    A play-off is decided by the first of its players in ``winners`` (the recorded order): a
    player who lost a group's play-off and then won the best-placed players' play-off is
    recorded after that group's winner, and counts for the later play-off only."""
    if n >= len(order):
        return [s.player for s in order], None
    if n == 0 or key(order[n]) != key(order[n - 1]):
        return [s.player for s in order[:n]], None
    line = key(order[n - 1])
    tied = [s.player for s in order if key(s) == line]
    sure = [s.player for s in order[:n] if key(s) != line]
    places = n - len(sure)
    chosen = [p for p in winners if p in tied]
    if not chosen:
        return sure, Playoff(tuple(tied), places, group)
    if len(chosen) < places:
        raise _fail("playoff", f"{places} of the play-off qualify, {len(chosen)} winners given",
                    places=places, winners=len(chosen))
    return sure + chosen[:places], None


def qualify(rule: Rule, groups: Sequence[Sequence[Standing]],
            playoff_winners: Sequence[Hashable] = ()) -> Qualification:
    """Apply ``rule`` to the earlier stage's standings (one table per group, in rank order).

    Returns the qualifiers in the earlier stage's order (:func:`merged`) and the play-offs still
    to be played; ``playoff_winners`` are the players the arbiter recorded as winning them, in
    the order recorded (a winner recorded more than once counts once). A winner who qualifies
    by no play-off is refused.
    """
    check_rule(rule, [len(g) for g in groups])
    winners = list(dict.fromkeys(playoff_winners))
    tables = [sorted(g, key=lambda s: s.rank) for g in groups]
    if not rule.per_group:
        across = _tie_key(rule, len(tables) > 1)
        chosen, playoff = _cut(merged(tables), rule.count, across, winners, None)
        return _result(tables, chosen, [playoff], winners)
    chosen: list[Hashable] = []
    playoffs: list[Playoff | None] = []
    for g, table in enumerate(tables):
        taken, playoff = _cut(table, rule.count, _tie_key(rule, False), winners, g)
        chosen += taken
        playoffs.append(playoff)
    if rule.best_next and not any(playoffs):
        nexts = [[s for s in table if s.player not in chosen][:1] for table in tables]
        extra, playoff = _cut(merged(nexts), rule.best_next, _tie_key(rule, True), winners, None)
        chosen += extra
        playoffs.append(playoff)
    return _result(tables, chosen, playoffs, winners)


def _result(tables: Sequence[Sequence[Standing]], chosen: Sequence[Hashable],
            playoffs: Sequence[Playoff | None], winners: Sequence[Hashable]) -> Qualification:
    pending = tuple(p for p in playoffs if p is not None)
    stray = set(winners) - set(chosen) - {p for o in pending for p in o.players}
    if stray:
        raise _fail("playoff", "a play-off winner who was not in a play-off",
                    players=sorted(map(str, stray)))
    taken = set(chosen)
    return Qualification(tuple(s.player for s in merged(tables) if s.player in taken), pending)
