"""A match board's result from its ``Game`` rows, through the engine's rule
(``scoring/matches.py``)."""

from collections.abc import Iterable

from records import Result
from scoring.matches import match_result
from tournaments.models import Game


def board_result(games: Iterable[Game]) -> str:
    """The result code of a match board from its games (Art. 21.2; appendix §4); blank until
    every game has a result."""
    result = match_result([(Result(g.result) if g.result else None, g.white_first)
                           for g in games])
    return "" if result is None else str(result)
