"""Team results from the individual ranking, as the WXF ranks its team events.

WXF, 18th World Championship regulation (2023), VIII a: a team's result is computed from the
individual ranks of its (two) players — the lower the sum of their ranks, the higher the team;
an equal sum is decided by the best individual rank; a team with fewer than two players is not
ranked. ``members`` is that number; a team with more ranked players counts its best ``members``.

A championship's team prize may instead add the best N players' points (:func:`team_points`),
ties broken by the sums of their tie-breaks, then by the best individual rank.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from scoring.tiebreaks import REGISTRY, Spec


@dataclass(frozen=True, slots=True)
class TeamRank:
    """``rank`` None: not ranked (too few ranked players). ``ranks``: the counted ranks."""

    team: Hashable
    rank: int | None
    ranks: tuple[int, ...]
    total: int | None


def team_ranks(individual: Mapping[int, int], teams: Mapping[Hashable, Sequence[int]], *,
               members: int = 2) -> list[TeamRank]:
    """Rank ``teams`` (team → its players' numbers) from ``individual`` (number → rank);
    teams equal on the sum and on the best rank share a rank. Unranked teams come last."""
    counted = {team: tuple(sorted(individual[n] for n in players if n in individual)[:members])
               for team, players in teams.items()}
    ranked = sorted((t for t, r in counted.items() if len(r) == members),
                    key=lambda t: (sum(counted[t]), counted[t][0]))
    out: list[TeamRank] = []
    for i, team in enumerate(ranked):
        key = (sum(counted[team]), counted[team][0])
        previous = out[-1] if out else None
        same = previous is not None and (previous.total, previous.ranks[0]) == key
        out.append(TeamRank(team, previous.rank if same else i + 1, counted[team], key[0]))
    out.extend(TeamRank(t, None, r, None) for t, r in counted.items() if len(r) != members)
    return out


@dataclass(frozen=True, slots=True)
class TeamPoints:
    """A team's result by the best players' points. ``rank`` None: not ranked (too few
    players); ``counted``: the players counted, best first; ``points``: their sum;
    ``tiebreaks``: the sums of their tie-break values, in the statute's order; ``best``: the
    best individual rank among them."""

    team: Hashable
    rank: int | None
    counted: tuple[Hashable, ...]
    points: object
    tiebreaks: tuple[object, ...]
    best: int | None


def team_points(individual: Mapping[Hashable, tuple[int, Sequence[object]]],
                teams: Mapping[Hashable, Sequence[Hashable]], *,
                members: int = 3) -> list[TeamPoints]:
    """Rank ``teams`` (team → its players) by the sum of their best ``members`` players' points.

    A national championship's team prize from individual results (the statute's "tổng điểm của
    N VĐV có thành tích cao nhất"): ``individual`` maps a player to (rank, score), ``score`` the
    points then the tie-break values in the statute's order (higher better). The best players
    are the best ranked. Teams equal on points are ordered by the sums of their counted players'
    tie-break values, one after the other, then by the best individual rank; equal on all of it
    they share the rank. A team with fewer than ``members`` ranked players is not ranked.
    """
    counted = {team: sorted((p for p in players if p in individual),
                            key=lambda p: individual[p][0])[:members]
               for team, players in teams.items()}
    lines = {team: _sums([individual[p][1] for p in chosen]) for team, chosen in counted.items()}

    def key(team: Hashable) -> tuple:
        return (*(-v for v in lines[team]), individual[counted[team][0]][0])

    ranked = sorted((t for t in teams if len(counted[t]) == members), key=key)
    out: list[TeamPoints] = []
    for i, team in enumerate(ranked):
        same = bool(out) and key(out[-1].team) == key(team)
        best = individual[counted[team][0]][0]
        out.append(TeamPoints(team, out[-1].rank if same else i + 1, tuple(counted[team]),
                              lines[team][0], tuple(lines[team][1:]), best))
    for team in teams:
        if len(counted[team]) != members:
            best = individual[counted[team][0]][0] if counted[team] else None
            sums = lines[team] or (0,)
            out.append(TeamPoints(team, None, tuple(counted[team]), sums[0], tuple(sums[1:]), best))
    return out


def _sums(scores: Sequence[Sequence[object]]) -> tuple:
    """Item-wise sums of the players' scores (points, then each tie-break)."""
    if not scores:
        return ()
    width = min(len(s) for s in scores)
    return tuple(sum(s[k] for s in scores) for k in range(width))


def summable(criteria: Sequence[str]) -> tuple[int, ...]:
    """The positions of the criteria of a statute's order whose values a team may add up: not
    the lots (a draw, not a result) nor the criteria computed among the tied players (DE,
    H2H: they compare players only within their tie)."""
    keep = []
    for i, text in enumerate(criteria):
        code = Spec.parse(text).code
        if code != "LOT" and not REGISTRY[code].group:
            keep.append(i)
    return tuple(keep)
