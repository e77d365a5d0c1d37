"""A match's result from the results of its games (Art. 21.2; appendix §4 for team matches)."""

from fractions import Fraction

from records import Result
from scoring.points import LAW_GAME
from tournaments.models import Game, ResultCode


def match_result(games: list[Game]) -> str:
    """The match's result from its games' points (Art. 21.2; appendix §4 for teams): the side
    with more game points wins; blank until every game of the match has a result."""
    if not games or any(not g.result for g in games):
        return ""
    first = second = Fraction(0)
    for g in games:
        result = Result(g.result)
        first += LAW_GAME.value(result.outcome_for(white=g.white_first))
        second += LAW_GAME.value(result.outcome_for(white=not g.white_first))
    if all(not Result(g.result).played for g in games) and first != second:
        return ResultCode.WHITE_WINS_FORFEIT if first > second else ResultCode.BLACK_WINS_FORFEIT
    if first > second:
        return ResultCode.WHITE_WINS
    return ResultCode.BLACK_WINS if second > first else ResultCode.DRAW
