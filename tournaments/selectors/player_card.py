"""A player's card on the public pages: total points, rank, performance, the
rating change of a rated event, and each game with the opponent's rating and points, as
chess-results shows a player."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.performance import tpr_value
from tournaments.models import Entry, Event
from tournaments.selectors.pairing_sheet import main_points
from tournaments.selectors.ratings import ReportRow, entry_rating
from tournaments.selectors.rounds import EntryGame, entry_games
from tournaments.selectors.standings import event_standings

# A game's score over the board, from the player's side (Art. 21.1); forfeits, byes and
# cancelled games are not played over the board and leave the performance alone.
_OVER_THE_BOARD = {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0)}


@dataclass(frozen=True)
class CardGame:
    """One game of the card: the game from the player's side and the opponent's points now."""

    game: EntryGame
    opponent_points: str


@dataclass(frozen=True)
class PlayerCard:
    entry: Entry
    points: str
    rank: int | None  # None: not ranked (withdrawn with its games cancelled, Art. 21.5.1)
    shared: bool
    performance: int | None
    games: tuple[CardGame, ...]
    rating: ReportRow | None  # "Rtg+/-" in a rated event (docs/scoring.md)


def _performance(games: list[EntryGame]) -> int | None:
    """FIDE C.07 §10.2 tournament performance over the games played over the board: the
    opponents' average rating plus the rating difference of the percentage scored. None when
    nothing was played over the board or an opponent has no rating (as the board results
    page does)."""
    return games_performance([(g.opponent.rating, g.result) for g in games
                              if g.opponent is not None])


def games_performance(games: list[tuple[int | None, str]]) -> int | None:
    """``_performance`` of the games given as (the opponent's rating, the result from the
    player's side), byes left out: what a reader of many entries at once computes."""
    played = [(rating, result) for rating, result in games if result in _OVER_THE_BOARD]
    ratings = [rating for rating, _result in played]
    if not played or not all(ratings):
        return None
    return tpr_value(ratings, sum((_OVER_THE_BOARD[r] for _rating, r in played), Fraction(0)))


def player_card(event: Event, entry: Entry, *, staff: bool) -> PlayerCard:
    """The card of an individual entry after the last published round."""
    games = entry_games(entry, staff=staff)
    table = event_standings(event) if event.format_rules.has_standings else None
    rows = table.rows if table else ()
    points = {row.entry.pk: main_points(table, row) for row in rows}
    own = next((row for row in rows if row.entry.pk == entry.pk), None)
    single = event.games_per_match == 1 and not event.format_rules.has_bracket
    return PlayerCard(
        entry=entry,
        points=points.get(entry.pk, ""),
        rank=own.rank if own else None, shared=bool(own and own.shared),
        performance=_performance(games) if single else None,
        games=tuple(CardGame(g, points.get(g.opponent.pk, "") if g.opponent else "")
                    for g in games),
        rating=entry_rating(event, entry),
    )
