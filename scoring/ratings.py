"""Rating change per event: Elo as FIDE's rating regulations (Handbook B.02) write it, with the
expected-score table, the rating-difference cap and K as settings of a :class:`Regulation`.

A game is rated when it was played over the board with a winner or a draw (forfeits, byes,
cancelled games and a 0-0 double loss — a penalty, not a result between the two — are not) and
both players have a rating (``None`` or 0 is unrated). Every game of a two-game match is a game.
A rated player's change is ``K × (W − We)`` summed over the rated games, where ``W`` is 1 / ½ / 0
per game and ``We`` the expected score of the rating difference, capped (B.02 §8.3.1: a
difference over 400 counts as 400). K is the player's for the whole event, from the
regulation's K table.

Unrated players: their games do not change anybody's rating; once they have played at least
``provisional_games`` games against rated opponents, their first rating is the opponents'
average rating plus ``dp`` of their percentage score (B.02 §8.2.1's Ru = Ra + dp, table 8.1a).

Exact: expected scores are hundredths (the table's) or, with the logistic formula, rounded to
hundredths; changes are :class:`~fractions.Fraction`; a new rating is rounded half up.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from records import Outcome, Participant, Result, Tournament

#: FIDE B.02 table 8.1a: rating difference ``dp`` for a percentage score of 50 % … 100 %
#: (``DP_TABLE[i]`` for 50 + i %); below 50 % the difference is the opposite of the mirror's.
DP_TABLE = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322,
    336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)
#: FIDE B.02 table 8.1b: the highest rating difference for each expected score of the higher
#: rated player, from 0.50 (0–3) to 0.99 (620–735); above 735 the expected score is 1.00.
PD_UPPER = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153,
    162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344,
    357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)


def dp(percentage: int) -> int:
    """B.02 table 8.1a: the rating difference of a whole percentage score 0 … 100."""
    if not 0 <= percentage <= 100:
        raise ValueError(f"a percentage score is 0 … 100, not {percentage}")
    return DP_TABLE[percentage - 50] if percentage >= 50 else -DP_TABLE[50 - percentage]


def expected_hundredths(difference: int) -> int:
    """B.02 table 8.1b in hundredths: the expected score of a player rated ``difference``
    above the opponent (negative: below)."""
    high = 50 + bisect_left(PD_UPPER, abs(difference))
    return high if difference >= 0 else 100 - high


def table_expected(difference: int) -> Fraction:
    """B.02 table 8.1b: the expected score, exact."""
    return Fraction(expected_hundredths(difference), 100)


def logistic_expected(difference: int) -> Fraction:
    """Elo's formula 1 / (1 + 10^(−D/400)), rounded half up to hundredths as the table is."""
    value = 1 / (1 + 10 ** (-difference / 400))
    return Fraction(int(value * 100 + 0.5), 100)


@dataclass(frozen=True, slots=True)
class Regulation:
    """A federation's rating rules: K per player, the expected-score function, the cap on the
    rating difference (``None``: none) and the games an unrated player needs for a rating."""

    name: str
    source: str
    k: Callable[[Participant, int | None], int]
    expected: Callable[[int], Fraction] = table_expected
    cap: int | None = 400
    provisional_games: int = 5


def fide_k(player: Participant, year: int | None) -> int:
    """B.02 §8.3.3 (2024): K 40 for a player under 18 rated below 2300 (age from the birth year
    and the event's year); K 10 from 2400; K 20 otherwise. The 30 first games of a new player
    (also K 40) are not known from an event file: the statute gives ``--k`` for them."""
    rating = player.rating or 0
    if rating >= 2400:
        return 10
    young = year is not None and player.birth_year is not None and year - player.birth_year < 18
    return 40 if young and rating < 2300 else 20


#: K by level (title) as xqbase documents the Chinese Xiangqi Association's list: grandmaster
#: 5, master 10, professional 15, amateur 30. An event file holds the title only, so a player
#: without GM/IM (master) title counts as amateur unless the statute gives ``--k``.
CXA_K = {"GM": 5, "IM": 10, "M": 10, "P": 15}


def cxa_k(player: Participant, year: int | None) -> int:
    return CXA_K.get(player.title.strip().upper(), 30)


REGULATIONS = {
    "fide": Regulation("fide", "FIDE Handbook B.02 (2024): tables 8.1a/8.1b, §8.3.1 cap 400, "
                       "§8.3.3 K 40/20/10", fide_k),
    "cxa": Regulation("cxa", "Chinese Xiangqi Association list as xqbase documents it: "
                      "K 30/15/10/5 by level; difference capped at 350 as in the CXA's "
                      "professional rating method", cxa_k, cap=350),
}


@dataclass(frozen=True, slots=True)
class RatedGame:
    round: int
    player: int
    opponent: int
    score: Fraction
    expected: Fraction
    change: Fraction


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One player's event: rated games, score, expected score, change, new rating (``None``
    while unrated without enough games)."""

    number: int
    rating: int | None
    k: int | None
    games: int
    score: Fraction
    expected: Fraction
    change: Fraction
    new_rating: int | None


_SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}
# A 0-0 double loss (Art. 7.1 i, 15.7 b) is a penalty, not a result between the two: not rated.
_RATED = frozenset({Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS})


def _rating(player: Participant) -> int | None:
    return player.rating or None


def played_games(tournament: Tournament, after_round: int | None = None
                 ) -> list[tuple[int, int, int, Fraction]]:
    """(round, player, opponent, score) of every game played over the board, both sides."""
    last = tournament.rounds_paired if after_round is None else after_round
    out = []
    for pairing in tournament.pairings:
        if pairing.second is None or pairing.round > last:
            continue
        for game in pairing.games:
            if game.result not in _RATED:
                continue
            for me, them, first in ((pairing.first, pairing.second, True),
                                    (pairing.second, pairing.first, False)):
                outcome = game.result.outcome_for(game.white_first == first)
                out.append((pairing.round, me, them, _SCORE[outcome]))
    return out


def expected_score(regulation: Regulation, rating: int, opponent: int) -> Fraction:
    """The expected score of one game, the difference capped as the regulation says."""
    difference = rating - opponent
    if regulation.cap is not None:
        difference = max(-regulation.cap, min(regulation.cap, difference))
    return regulation.expected(difference)


def rated_games(tournament: Tournament, regulation: Regulation, *, year: int | None = None,
                after_round: int | None = None, k: int | None = None,
                only: int | None = None) -> list[RatedGame]:
    """Every rated game from each rated player's side, with its change ``K × (W − We)``;
    ``only``: from that player's side alone."""
    players = {p.number: p for p in tournament.participants}
    out = []
    for rnd, me, them, score in played_games(tournament, after_round):
        if only is not None and me != only:
            continue
        mine, theirs = _rating(players[me]), _rating(players[them])
        if mine is None or theirs is None:
            continue
        factor = k if k is not None else regulation.k(players[me], year)
        we = expected_score(regulation, mine, theirs)
        out.append(RatedGame(rnd, me, them, score, we, factor * (score - we)))
    return out


def rating_report(tournament: Tournament, regulation: Regulation, *, year: int | None = None,
                  after_round: int | None = None, k: int | None = None,
                  only: int | None = None) -> list[RatingRow]:
    """Each player's rated games, score, expected score and change after ``after_round``;
    ``only``: that player's row alone (a player's change reads his own games alone)."""
    games = rated_games(tournament, regulation, year=year, after_round=after_round, k=k,
                        only=only)
    mine: dict[int, list[RatedGame]] = {}
    for g in games:
        mine.setdefault(g.player, []).append(g)
    rows = []
    for player in sorted(tournament.participants, key=lambda p: p.number):
        if only is not None and player.number != only:
            continue
        rating = _rating(player)
        if rating is None:
            rows.append(_unrated_row(tournament, regulation, player, after_round))
            continue
        own = mine.get(player.number, [])
        change = sum((g.change for g in own), Fraction(0))
        rows.append(RatingRow(
            player.number, rating, k if k is not None else regulation.k(player, year),
            len(own), sum((g.score for g in own), Fraction(0)),
            sum((g.expected for g in own), Fraction(0)), change, rating + round_half_up(change)))
    return rows


def _unrated_row(tournament: Tournament, regulation: Regulation, player: Participant,
                 after_round: int | None) -> RatingRow:
    """B.02 §8.2.1: Ru = Ra + dp(p) over the games against rated opponents, given enough."""
    ratings: Mapping[int, int | None] = {p.number: _rating(p) for p in tournament.participants}
    games = [(them, score) for _, me, them, score in played_games(tournament, after_round)
             if me == player.number and ratings[them] is not None]
    score = sum((s for _, s in games), Fraction(0))
    first = None
    if games and len(games) >= regulation.provisional_games:
        average = round_half_up(Fraction(sum(ratings[t] or 0 for t, _ in games), len(games)))
        first = average + dp(round_half_up(100 * score / len(games)))
    return RatingRow(player.number, None, None, len(games), score, Fraction(0), Fraction(0),
                     first)


def round_half_up(value: Fraction) -> int:
    """Half up, as FIDE rounds ratings and percentages."""
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)
