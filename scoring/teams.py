"""Team events (appendix §4): who played which board, and individual results per board.

A team match is a :class:`~records.Pairing` of two teams whose ``games[k]`` is board
``k + 1`` (board k of one team meets board k of the other). Team standings use the ordinary
standings with a :class:`~scoring.points.MatchScoring` (``MatchScoring.team(boards)``: board
points 1 / ½ / 0, the team's score the sum of its board points unless the statute ranks by match
points) and the law's tie-break ``BRD`` (board 1, then board 2, ...), with DE, SB, BH available
as for individuals (``SB:MP``, ``BH:GP``... choose the score they are computed on).

The pairing record does not say which player sat at each board: the adapter gives that separately
as :class:`Lineup` rows, one per team, round and board, from which :func:`board_results` computes
the board prizes' figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from records import Outcome, Tournament
from scoring import ratings
from scoring.points import MatchScoring


@dataclass(frozen=True, slots=True)
class Lineup:
    """Player ``player`` sat at board ``board`` (1-based) for team ``team`` in round ``round``."""

    round: int
    team: int
    board: int
    player: int


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """One player's results on one board (board prizes).

    ``points`` counts every game with a result on that board (forfeits included); ``games`` is
    their number; ``played`` the games played over the board. ``percentage`` is points ÷ games
    (of the win value); ``opponents_rating`` the average rating of opponents met over the board
    (half up); ``performance`` that average plus FIDE's dp for the over-the-board percentage.
    """

    player: int
    team: int
    board: int
    points: Fraction
    games: int
    played: int
    percentage: Fraction | None
    opponents_rating: int | None
    performance: int | None


def dp(percentage: Fraction) -> int:
    """FIDE B.02 8.1a: the rating difference for a score fraction, p rounded half up to 0.01."""
    return ratings.dp(int((percentage * 200 + 1) // 2))


def board_results(tournament: Tournament, lineups: Iterable[Lineup], system: MatchScoring,
                  ratings: Mapping[int, int | None]) -> tuple[BoardRecord, ...]:
    """Per (player, board): points, games, percentage and performance, best first per board."""
    seat = {(x.round, x.team, x.board): x.player for x in lineups}
    acc: dict[tuple[int, int, int], list] = {}
    for pairing in tournament.pairings:
        if pairing.second is None:
            continue
        for k, game in enumerate(pairing.games, start=1):
            if game.result is None:
                continue
            for team, other, first in ((pairing.first, pairing.second, True),
                                       (pairing.second, pairing.first, False)):
                player = seat.get((pairing.round, team, k))
                if player is None:
                    continue
                outcome = game.result.outcome_for(game.white_first == first)
                if outcome is Outcome.CANCELLED:
                    continue
                rec = acc.setdefault((player, team, k), [Fraction(0), 0, 0, Fraction(0), []])
                value = system.game.value(outcome)
                rec[0] += value
                rec[1] += 1
                if game.result.played:
                    rec[2] += 1
                    rec[3] += value / system.game.win
                    opponent = seat.get((pairing.round, other, k))
                    rating = ratings.get(opponent) if opponent is not None else None
                    if rating is not None:
                        rec[4].append(rating)
    out = [_record(key, rec, system) for key, rec in acc.items()]
    return tuple(sorted(out, key=lambda r: (r.board, -(r.percentage or 0), -r.points, r.player)))


def _record(key: tuple[int, int, int], rec: list, system: MatchScoring) -> BoardRecord:
    player, team, board = key
    points, games, played, played_score, opp = rec
    percentage = points / (games * system.game.win) if games else None
    aro = (2 * sum(opp) + len(opp)) // (2 * len(opp)) if opp else None
    perf = None
    if aro is not None and len(opp) == played and played:
        perf = aro + dp(played_score / played)
    return BoardRecord(player, team, board, points, games, played, percentage, aro, perf)
