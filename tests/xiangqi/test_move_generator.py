"""The move generator's speed-ups (make and take back on one board, generals' squares kept,
checks searched only along the lines a move touches, move tables computed once) against a
straightforward reference written here from the rules alone (Art. 4.3, 6): every square tried
as a target, and a general attacked when any move of the other side could take it."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi import START_FEN, Move, Position
from xiangqi.board import Board

from .positions import random_position

RED = "w"


def _side(piece):
    return RED if piece.isupper() else "b"


def _path_count(board, frm, to):
    """Pieces strictly between two squares of one file or rank; None if not on one line."""
    if frm % 9 == to % 9:
        step = 9 if to > frm else -9
    elif frm // 9 == to // 9:
        step = 1 if to > frm else -1
    else:
        return None
    return sum(1 for sq in range(frm + step, to, step) if board[sq])


def _palace(sq, side):
    f, r = sq % 9, sq // 9
    return 3 <= f <= 5 and (r <= 2 if side == RED else r >= 7)


def reference_reaches(board, frm, to):
    """Art. 4.3, square by square, the mover's general aside."""
    piece, target = board[frm], board[to]
    if frm == to or (target and _side(target) == _side(piece)):
        return False
    side, kind = _side(piece), piece.upper()
    df, dr = to % 9 - frm % 9, to // 9 - frm // 9
    ahead = 1 if side == RED else -1
    if kind in "RC":
        between = _path_count(board, frm, to)
        if between is None:
            return False
        return between == 0 if kind == "R" or not target else between == 1
    if kind == "K":  # 4.3a: one point orthogonally, in the palace
        return abs(df) + abs(dr) == 1 and _palace(to, side)
    if kind == "A":  # 4.3b: one point diagonally, in the palace
        return abs(df) == abs(dr) == 1 and _palace(to, side)
    if kind == "B":  # 4.3c: two points diagonally, its eye empty, not over the river
        own_half = to // 9 <= 4 if side == RED else to // 9 >= 5
        return abs(df) == abs(dr) == 2 and own_half and not board[frm + 9 * dr // 2 + df // 2]
    if kind == "N":  # 4.3e: one point straight then one diagonally, its leg empty
        if {abs(df), abs(dr)} != {1, 2}:
            return False
        leg = frm + (df // 2 if abs(df) == 2 else 0) + 9 * (dr // 2 if abs(dr) == 2 else 0)
        return not board[leg]
    crossed = frm // 9 >= 5 if side == RED else frm // 9 <= 4  # 4.3h: the pawn
    return (df == 0 and dr == ahead) or (crossed and dr == 0 and abs(df) == 1)


def reference_attacked(board, side):
    """Whether any piece of the other side could move onto ``side``'s general, or the two
    generals face each other on an open file (Art. 4.3a, 6)."""
    king = board.index("K" if side == RED else "k")
    other = board.index("k" if side == RED else "K")
    if king % 9 == other % 9 and _path_count(board, king, other) == 0:
        return True
    return any(p and _side(p) != side and reference_reaches(board, sq, king)
               for sq, p in enumerate(board))


def reference_legal(position):
    board, side = position.board, position.turn
    moves = []
    for frm, piece in enumerate(board):
        if not piece or _side(piece) != side:
            continue
        for to in range(90):
            if reference_reaches(board, frm, to):
                after = list(board)
                after[to], after[frm] = piece, ""
                if not reference_attacked(after, side):
                    moves.append(Move(frm, to))
    return sorted(moves)


def _random_play(rng, plies):
    """Positions reached from the start by random legal moves, captures preferred (so the
    games open up and reach checks, pins and bare generals)."""
    position = Position.from_fen(START_FEN)
    seen = [position]
    for _ in range(plies):
        moves = reference_legal(position)
        if not moves:
            break
        captures = [m for m in moves if position.board[m.to]]
        position = position.play(rng.choice(captures if captures and rng.random() < 0.6
                                            else moves))
        seen.append(position)
    return seen


def _same_answers(position):
    expected = reference_legal(position)
    assert sorted(position.legal_moves()) == expected, position.fen()
    assert position.is_check() == reference_attacked(position.board, position.turn)
    assert position.is_over() == (not expected)
    legal = set(expected)
    board = Board.of(position)
    for frm in range(90):
        for to in range(90):
            move = Move(frm, to)
            assert position.is_legal(move) == (move in legal), (position.fen(), str(move))
            if move not in legal and reference_reaches(position.board, frm, to):
                assert not board.copy().play(frm, to), (position.fen(), str(move))
    for move in expected:  # the board that moves in place: legal, and check given, alike
        played = board.copy()
        assert played.play(move.frm, move.to)
        after = position.play(move)
        assert played.squares == list(after.board) and played.turn == after.turn
        assert played.in_check == reference_attacked(after.board, after.turn), str(move)
        assert played.kings == {RED: after.king(RED), "b": after.king("b")}


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_legal_moves_equal_the_reference_on_positions_reached_by_random_play(seed):
    for position in _random_play(random.Random(seed), 90)[::6]:
        _same_answers(position)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_legal_moves_equal_the_reference_on_crowded_random_positions(seed):
    _same_answers(random_position(random.Random(seed)))


def _perft(position, depth):
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(_perft(position.play(m), depth - 1) for m in moves)


def test_perft_from_the_opening_position_is_the_known_count():
    """The numbers of move sequences of 1, 2 and 3 plies from the opening position, as every
    Xiangqi move generator counts them (44, 1,920 and 79,666)."""
    start = Position.from_fen(START_FEN)
    assert [_perft(start, depth) for depth in (1, 2, 3)] == [44, 1920, 79666]


def test_a_fen_with_the_side_not_to_move_in_check_is_refused():
    """Art. 6.1: a move never leaves its own general attacked, so no game reaches a position
    where the side that just moved is in check; facing generals on an open file (Art. 4.3a)
    count as an attack. The side to move may be in check."""
    import pytest

    from xiangqi.position import FenError, Position

    attacked_red = "4k4/9/9/9/9/9/9/9/4r4/4K4 r"  # Black's chariot attacks Red, Red to move: fine
    assert Position.from_fen(attacked_red).is_check()
    with pytest.raises(FenError):
        Position.from_fen("4k4/9/9/9/9/9/9/9/4r4/4K4 b")  # Red attacked, Black to move
    with pytest.raises(FenError):
        Position.from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")  # generals face each other
