"""A match's result from the results of its games (Art. 21.2; appendix §4 for team matches)."""

from collections.abc import Sequence
from fractions import Fraction

from records import Result
from scoring.points import LAW_GAME


def match_result(games: Sequence[tuple[Result | None, bool]]) -> Result | None:
    """The match's result from its games, each given as (its result, whether the match's
    first-named side has White in it): the side with more game points wins (Art. 21.2;
    appendix §4 for teams); a match of forfeits only is won by forfeit; None until every game
    has a result."""
    if not games or any(result is None for result, _ in games):
        return None
    first = second = Fraction(0)
    for result, white_first in games:
        first += LAW_GAME.value(result.outcome_for(white=white_first))
        second += LAW_GAME.value(result.outcome_for(white=not white_first))
    if all(not result.played for result, _ in games) and first != second:
        return Result.WHITE_WINS_FORFEIT if first > second else Result.BLACK_WINS_FORFEIT
    if first > second:
        return Result.WHITE_WINS
    return Result.BLACK_WINS if second > first else Result.DRAW
