"""Team results from the individual ranking, as the WXF ranks its team events.

WXF, 18th World Championship regulation (2023), VIII a: a team's result is computed from the
individual ranks of its (two) players — the lower the sum of their ranks, the higher the team;
an equal sum is decided by the best individual rank; a team with fewer than two players is not
ranked. ``members`` is that number; a team with more ranked players counts its best ``members``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass


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
