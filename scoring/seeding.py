"""Seeding the next stage of a championship from the qualifiers (Art. 17.3, the statute).

Every function returns players strongest first: a seed order. The knockout engine
(``pairings/knockout.py``: ``seeds_from_order`` then ``bracket_order``) places seed s against
seed size + 1 - s in round 1 and keeps seeds 1 and 2 apart until the final; the orders built here
are meant for it:

- :func:`by_rank`: the earlier stage's order (China–ASEAN, AXF: 1 v 8, 4 v 5, ...);
- :func:`interleaved`: group winners, then runners-up placed so that A1 meets B2 and B1 meets A2
  (with four groups A1 v B2, C1 v D2, B1 v A2, D1 v C2), two players of one group meeting only in
  the final;
- :func:`by_rating`: ratings, highest first;
- :func:`snake`: a seed order dealt into groups A, B, C, C, B, A, A, B, ... (*chia bảng theo
  hình rắn*), so the groups are as even as the ratings allow;
- :func:`blocks`: the order cut into placement groups (Hanoi: 1 v 2, 3 v 4).

:func:`colour_chooser` names who chooses colour in a deciding game where the statute gives the
choice to the higher-ranked player of the earlier stage (Chinese rules).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from scoring.qualification import QualificationError, Standing, merged


def by_rank(groups: Sequence[Sequence[Standing]], qualified: Sequence[Hashable]) -> tuple:
    """The qualifiers in the earlier stage's order (groups merged by place, then score)."""
    chosen = set(qualified)
    return tuple(s.player for s in merged(groups) if s.player in chosen)


def _partner(group: int, count: int) -> int:
    """The group whose runner-up meets this group's winner: A↔B, C↔D, ...; with an odd count
    the groups turn in a circle (A→B→C→A) so nobody meets their own group."""
    if count % 2 == 0:
        return group ^ 1
    return (group + 1) % count


def interleaved(groups: Sequence[Sequence[Hashable]]) -> tuple:
    """Seed order for a knockout from groups' qualifiers (each group's list in its order).

    Places are taken in pairs (1st and 2nd, 3rd and 4th, ...). The better place of a pair goes
    in group order; the other is placed so that it meets, in round 1 of a full bracket, the
    better-placed player of the partner group: with n groups, the winner of group g is seed g
    and the runner-up of its partner is seed 2n + 1 - g. With 2 groups: A1, B1, A2, B2 (A1 v B2,
    B1 v A2); with 4: A1, B1, C1, D1, C2, D2, A2, B2 (A1 v B2, D1 v C2, C1 v D2, B1 v A2). Group
    winners and their runners-up land in opposite halves, so two of a group meet only in the
    final. A place without a partner place (an odd number per group) goes in group order.
    """
    count = len(groups)
    per_group = min((len(g) for g in groups), default=0)
    if count < 2 or per_group < 1 or any(len(g) != per_group for g in groups):
        raise QualificationError("groups", "interleaving needs two groups or more, equal in size",
                                 groups=count)
    order: list = []
    for place in range(0, per_group, 2):
        upper = [g[place] for g in groups]
        if place + 1 == per_group:
            order += upper
            continue
        lower: list = [None] * count
        for g in range(count):
            lower[count - 1 - g] = groups[_partner(g, count)][place + 1]
        order += upper + lower
    return tuple(order)


def by_rating(ratings: Mapping[Hashable, int | None]) -> tuple:
    """Highest rating first; unrated last; equal ratings by the player's key."""
    return tuple(sorted(ratings, key=lambda p: (ratings[p] is None, -(ratings[p] or 0), str(p))))


def snake(order: Sequence[Hashable], groups: int) -> tuple[tuple, ...]:
    """Deal ``order`` (strongest first) into ``groups`` groups in a snake: 1 → A, 2 → B, ...,
    n → the last group, n + 1 → the last group again, back to A, and so on."""
    if groups < 2 or groups > len(order):
        raise QualificationError("groups", f"{len(order)} players cannot fill {groups} groups",
                                 groups=groups, count=len(order))
    dealt: list[list] = [[] for _ in range(groups)]
    for i, player in enumerate(order):
        lap, seat = divmod(i, groups)
        dealt[seat if lap % 2 == 0 else groups - 1 - seat].append(player)
    return tuple(tuple(g) for g in dealt)


def blocks(order: Sequence[Hashable], sizes: Sequence[int]) -> tuple[tuple, ...]:
    """Cut the seed order into consecutive placement groups (Hanoi: (2, 2) → 1 v 2, 3 v 4)."""
    if sum(sizes) != len(order) or any(size < 1 for size in sizes):
        raise QualificationError("blocks", f"placement groups {tuple(sizes)} for {len(order)}",
                                 blocks=tuple(sizes), count=len(order))
    out, start = [], 0
    for size in sizes:
        out.append(tuple(order[start:start + size]))
        start += size
    return tuple(out)


def colour_chooser(players: Sequence[Hashable], earlier: Sequence[Hashable]) -> Hashable:
    """Of the players of a deciding game, the one ranked higher in the earlier stage's order
    ``earlier`` (strongest first): they choose colour where the statute says so."""
    rank = {p: i for i, p in enumerate(earlier)}
    missing = [p for p in players if p not in rank]
    if missing:
        raise QualificationError("playoff", "a player of the game is not in the earlier stage",
                                 players=[str(p) for p in missing])
    return min(players, key=rank.__getitem__)
