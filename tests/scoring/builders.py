"""Small builders for hand-written events in the engines' tests (scoring and pairings)."""

from fractions import Fraction

from records import Bye, Game, Pairing, Participant, Result, Tournament
from scoring.qualification import Standing

W, D, B = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS
WF, BF = Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT


def game(rnd: int, white: int, black: int, result: Result | None, board: int = 1) -> Pairing:
    """A single game; the first-named participant has White."""
    return Pairing(rnd, board, white, black, (Game(True, result),))


def match(rnd: int, first: int, second: int, *results: Result | None, board: int = 1) -> Pairing:
    """Several games; colours alternate, the first-named participant White in game 1."""
    games = tuple(Game(i % 2 == 0, r) for i, r in enumerate(results))
    return Pairing(rnd, board, first, second, games)


def bye(rnd: int, number: int, kind: Bye = Bye.ZERO_POINT) -> Pairing:
    return Pairing(rnd, 0, number, None, bye=kind)


def event(n: int, *pairings: Pairing, rounds: int = 0, ratings: dict[int, int] | None = None,
          withdrawn: dict[int, int] | None = None) -> Tournament:
    ratings = ratings or {}
    withdrawn = withdrawn or {}
    people = tuple(Participant(i, f"P{i}", rating=ratings.get(i), withdrawn_after=withdrawn.get(i))
                   for i in range(1, n + 1))
    return Tournament(people, pairings, rounds or max(p.round for p in pairings))


_FIRST = {"1": (W, B), "½": (D, D), "0": (B, W), "+": (WF, BF), "-": (BF, WF),
          "00": (Result.BOTH_LOSE, Result.BOTH_LOSE)}


def match_by_first(rnd: int, first: int, second: int, results: str, board: int = 1) -> Pairing:
    """Games of a match written from the first participant's side, space-separated:
    ``"1 ½"`` = won game 1, drew game 2; ``+`` / ``-`` forfeits; ``00`` a double loss.
    Colours alternate, the first participant White in game 1 (Art. 4.2.2)."""
    games = []
    for i, mark in enumerate(results.split()):
        white_first = i % 2 == 0
        as_white, as_black = _FIRST[mark]
        games.append(Game(white_first, as_white if white_first else as_black))
    return Pairing(rnd, board, first, second, tuple(games))


def tour(n: int, rounds: list[list[tuple]], total: int, extra: tuple[Pairing, ...] = (),
         people: tuple[Participant, ...] | None = None) -> Tournament:
    """A tournament of players 1..n; each round a list of (white, black, result) or
    (player, 0[, bye kind]) for a bye."""
    people = people or tuple(Participant(i, f"P{i}", 2500 - i) for i in range(1, n + 1))
    out = []
    for rnd, games in enumerate(rounds, start=1):
        for board, g in enumerate(games, start=1):
            if g[1] == 0:
                kind = g[2] if len(g) > 2 else Bye.PAIRING_ALLOCATED
                out.append(Pairing(rnd, board, g[0], None, bye=kind))
            else:
                out.append(Pairing(rnd, board, g[0], g[1], (Game(True, g[2]),)))
    return Tournament(people, tuple(out) + extra, total)


def ranked(*rows: tuple) -> tuple:
    """A stage's standings for the championship engine (scoring/qualification.py): rows of
    (player, points, *tie-break values), best first; rows equal on every value share a rank.
    Points may be written 6.5; they are kept exact as fractions."""
    out = []
    for i, (player, *score) in enumerate(rows):
        value = tuple(Fraction(str(v)) for v in score)
        rank = out[-1].rank if out and out[-1].score == value else i + 1
        out.append(Standing(player, rank, value))
    return tuple(out)
