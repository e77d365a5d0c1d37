"""Team events for the pairing engine (appendix §4 with FIDE C.04.3): the team part of the
adapter layer, kept in its own module.

A team Swiss is paired by the Dutch system over teams: each team match counts as one game whose
result is the match result (the team with more board points wins) and whose colour is board 1's
(``scoring/teams.py: match_pairings``), scored for pairing with the statute's match points
(``team_match_points_win`` / ``_draw``, 2 / 1 / 0 by default; a pairing bye as the statute's
``points_bye`` on every board). Teams are paired on match points whatever the statute ranks
first: the Dutch system pairs on a score made of wins, draws and losses, which board points are
not. Board k of one team then meets board k of the other, colours alternating by board
(``services/roundrobin.py: match_games``).

Usage by the Swiss service::

    record = load_event(event)
    tournament, points = team_pairing_input(event, record.tournament)
    pairing = pair_round(tournament, number, DutchOptions(points=points, ...))
"""

from __future__ import annotations

from pairings.dutch import PointValues
from scoring.points import MatchScoring
from scoring.records import Outcome, Tournament
from scoring.teams import match_pairings
from tournaments.adapters import scoring_system
from tournaments.models import Event


def team_pairing_input(event: Event, tournament: Tournament) -> tuple[Tournament, PointValues]:
    """The team event as the Dutch engine pairs it, and the points per match result."""
    system = scoring_system(event)
    if not isinstance(system, MatchScoring):
        raise ValueError("not a team event")
    match = system.match
    points = PointValues(win=match.win, draw=match.draw, loss=match.loss,
                         pab=match.value(Outcome.PAIRING_BYE))
    return match_pairings(tournament, system), points
