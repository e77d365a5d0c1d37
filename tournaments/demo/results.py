"""The results the demo's games end with."""

import random

from records import Result


def seeded_result(rng: random.Random, white, black) -> Result:
    """A game between ``white`` and ``black`` (players or entries; 1800 when unrated): the
    stronger wins more often (the Elo expectation); about a third of the games are drawn."""
    expected = 1 / (1 + 10 ** (((black.rating or 1800) - (white.rating or 1800)) / 400))
    if rng.random() < 0.3:
        return Result.DRAW
    return Result.WHITE_WINS if rng.random() < expected else Result.BLACK_WINS
