"""Team results from the individual standings, as WXF ranks its team events (2023 regulation,
VIII a; ``scoring/team_ranks.py``): each club or province, as the statute says
(``Event.team_ranks_by``), ranked by the sum of its best ``team_ranks_members`` players'
individual ranks, lower first; an equal sum is decided by the best individual rank."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.team_ranks import team_ranks
from tournaments.models import TeamRanksBy
from tournaments.selectors.standings import StandingsView


@dataclass(frozen=True)
class TeamRankRow:
    team: str
    rank: int | None  # None: fewer ranked players than the statute counts
    ranks: tuple[int, ...]  # the individual ranks counted, best first
    total: int | None
    players: tuple[str, ...]  # every player of the team in the standings, in rank order


def _team_of(entry, by: str) -> str:
    player = entry.player
    if player is None:
        return ""
    return (player.club if by == TeamRanksBy.CLUB else player.province).strip()


def standings_team_ranks(table: StandingsView) -> list[TeamRankRow]:
    """The team ranking beside ``table`` (individual events whose statute asks for it; players
    without a club or province belong to no team). Nothing else is read."""
    event = table.event
    if event.is_team or not event.team_ranks_by:
        return []
    individual = {row.number: row.rank for row in table.rows}
    teams: dict[str, list[int]] = {}
    names: dict[int, str] = {}
    for row in table.rows:
        team = _team_of(row.entry, event.team_ranks_by)
        if team:
            teams.setdefault(team, []).append(row.number)
            names[row.number] = row.entry.name
    ranked = team_ranks(individual, teams, members=event.team_ranks_members)
    return [TeamRankRow(str(r.team), r.rank, r.ranks, r.total,
                        tuple(names[n] for n in teams[r.team])) for r in ranked]
