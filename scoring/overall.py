"""The overall results of a championship's category: one place per player across its stages.

Art. 17.3 allows mixed formats; the law's ranking rules (Art. 21) rank one event. The overall
results put the stages together, last stage first, as championships publish them:

- the players of the last stage take the top places, in its order; then those of the stage
  before who did not go on, in that stage's order; and so on back to the first stage. So the
  qualifiers who left a Swiss (AXF: top 4 into a knockout; WXF 2023: the top two's final before
  round 9) are placed above everyone who stayed in it, and the Swiss's final standings, read
  without them, place the others from the next place down;
- a knockout's losers of one round share a place (5-8), unless the statute places them by the
  earlier stage's rank (``split_shared``), when they follow that order (still sharing only if
  the earlier stage could not separate them);
- parallel placement groups (Hanoi: a final 1 v 2 and a match 3 v 4) place their players one
  group after the other; parallel groups of a group stage are merged by place in the group,
  then by score (:func:`scoring.qualification.merged`), equal place and score sharing a place.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from scoring.qualification import Standing, merged


@dataclass(frozen=True, slots=True)
class StageResult:
    """One stage's standings: one table per group (a single event: one table), each in rank
    order with every player of the group (a knockout: its placings, unplaced players sharing
    the places still open). ``placement``: the groups are placement matches, group i placed
    below group i - 1; ``split_shared``: shared places (a knockout round's losers) are split by
    the earlier stage's order: its standings as they stood when the players qualified,
    ``reference``, when the earlier stage played on after that (the AXF's Swiss), else its
    last standings."""

    groups: tuple[tuple[Standing, ...], ...]
    placement: bool = False
    split_shared: bool = False
    reference: tuple[tuple[Standing, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class Place:
    """A player's overall place (``place_to`` > ``place``: shared, e.g. 5-8) and the index of
    the stage that placed them (the furthest stage they reached)."""

    player: Hashable
    place: int
    place_to: int
    stage: int

    @property
    def shared(self) -> bool:
        """True when several players share the places place..place_to."""
        return self.place_to > self.place


def stage_order(stage: StageResult) -> list[list[Hashable]]:
    """The stage's players as consecutive tied blocks, best first (one block: one place)."""
    if stage.placement:
        rows = [s for table in stage.groups for s in sorted(table, key=lambda s: s.rank)]
        keys = {id(s): (g, s.rank) for g, table in enumerate(stage.groups) for s in table}
    else:
        rows = merged(stage.groups)
        across = len(stage.groups) > 1
        keys = {id(s): (s.rank, s.score) if across else (s.rank,) for s in rows}
    out: list[list[Hashable]] = []
    previous = None
    for s in rows:
        key = keys[id(s)]
        if out and key == previous:
            out[-1].append(s.player)
        else:
            out.append([s.player])
        previous = key
    return out


def _split(blocks: list[list[Hashable]], earlier: list[list[Hashable]]) -> list[list[Hashable]]:
    """Each shared block cut by the earlier stage's blocks (players the earlier stage did not
    separate stay together; a player unknown there comes last in their block)."""
    index = {p: i for i, block in enumerate(earlier) for p in block}
    out: list[list[Hashable]] = []
    for block in blocks:
        levels: dict[int, list[Hashable]] = {}
        for p in block:
            levels.setdefault(index.get(p, len(earlier)), []).append(p)
        out += [levels[k] for k in sorted(levels)]
    return out


def overall(stages: Sequence[StageResult]) -> tuple[Place, ...]:
    """Places 1..n for every player of every stage (stages in playing order), each player once.

    A player is placed by the last stage they appear in; the blocks of each stage, without the
    players already placed, take the next places. The result is in place order.
    """
    placed: set[Hashable] = set()
    out: list[Place] = []
    place = 1
    orders = [stage_order(s) for s in stages]
    for i in range(len(stages) - 1, -1, -1):
        blocks = [[p for p in b if p not in placed] for b in orders[i]]
        if stages[i].split_shared and i > 0:
            reference = stages[i].reference
            earlier = stage_order(StageResult(reference)) if reference else orders[i - 1]
            blocks = _split(blocks, earlier)
        for block in (b for b in blocks if b):
            out += [Place(p, place, place + len(block) - 1, i) for p in block]
            placed.update(block)
            place += len(block)
    return tuple(out)
