"""A legal game for the relay's tests, made by ``xiangqi`` and always the same: at each ply the
legal moves sorted, one picked by a seeded random draw (never one after which the side to move
has no move, so the game runs its whole length)."""

import random

import xiangqi


def relay_game(plies: int = 40, seed: int = 34) -> list[str]:
    """``plies`` legal moves from the usual start, in ICCS."""
    draw = random.Random(seed)
    position, moves = xiangqi.Position.from_fen(xiangqi.START_FEN), []
    for _ply in range(plies):
        choices = sorted(str(m) for m in position.legal_moves())
        draw.shuffle(choices)
        move = next(m for m in choices
                    if not position.play(xiangqi.Move.from_iccs(m)).is_over())
        moves.append(move)
        position = position.play(xiangqi.Move.from_iccs(move))
    return moves
