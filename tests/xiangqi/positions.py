"""Random positions for property tests: legal placements of up to all 32 pieces, with many
pawns (tandem pawns on one file, several crowded files), neither general capturable."""

from __future__ import annotations

import random

from xiangqi.position import RED, Position, square

_PALACE = {RED: [square(f, r) for f in (3, 4, 5) for r in (0, 1, 2)]}
_PALACE["b"] = [89 - sq for sq in _PALACE[RED]]
_ADVISOR = {RED: [square(3, 0), square(5, 0), square(4, 1), square(3, 2), square(5, 2)]}
_ADVISOR["b"] = [89 - sq for sq in _ADVISOR[RED]]
_ELEPHANT = {RED: [square(f, r) for f, r in ((2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4),
                                            (6, 4))]}
_ELEPHANT["b"] = [89 - sq for sq in _ELEPHANT[RED]]
_PAWN = {RED: [square(f, r) for r in range(3, 10) for f in range(9) if r >= 5 or f % 2 == 0]}
_PAWN["b"] = [89 - sq for sq in _PAWN[RED]]


def _put(rng, board, letter, squares, count):
    free = [sq for sq in squares if not board[sq]]
    for sq in rng.sample(free, min(count, len(free))):
        board[sq] = letter


def random_position(rng: random.Random) -> Position:
    """A position where the side not to move is not in check."""
    while True:
        board = [""] * 90
        for side in (RED, "b"):
            case = str.upper if side == RED else str.lower
            _put(rng, board, case("K"), _PALACE[side], 1)
            _put(rng, board, case("A"), _ADVISOR[side], rng.randint(0, 2))
            _put(rng, board, case("B"), _ELEPHANT[side], rng.randint(0, 2))
            files = rng.sample(range(9), rng.randint(1, 3))  # crowd the pawns on few files
            _put(rng, board, case("P"), [sq for sq in _PAWN[side] if sq % 9 in files],
                 rng.randint(0, 5))
            for letter in "NRC":
                _put(rng, board, case(letter), range(90), rng.randint(0, 2))
        position = Position(tuple(board), rng.choice((RED, "b")))
        other = Position(position.board, "b" if position.turn == RED else RED)
        if not other.is_check():
            return position
