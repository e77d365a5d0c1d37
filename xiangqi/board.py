"""A board that moves in place, for replaying a game ply by ply: the move is made on one list
of squares (and taken back when it is illegal) instead of a new board built for each answer;
both generals' squares are kept as they move, and the checks look only where a move can
matter (``position.attacked_after``)."""

from __future__ import annotations

from .geometry import BLACK, RED
from .position import EMPTY, OTHER, SIDE, Position, attacked, attacked_after, reaches, safe_after


class Board:
    """The squares (a FEN letter or ``""``), the side to move, the generals' squares and
    whether the side to move is in check (Art. 6). ``position()`` is a ``Position`` of it."""

    __slots__ = ("squares", "turn", "kings", "in_check", "settled")

    def __init__(self, squares: list[str], turn: str, kings: dict[str, int], in_check: bool,
                 settled: bool):
        self.squares, self.turn, self.kings = squares, turn, kings
        self.in_check = in_check
        # Whether the side not to move is safe, as after any legal move: then whether a move
        # gave check is found from what the move touched (``attacked_after``).
        self.settled = settled

    @classmethod
    def of(cls, position: Position) -> Board:
        return cls(list(position.board), position.turn,
                   {RED: position.king(RED), BLACK: position.king(BLACK)}, position.is_check(),
                   not position.attacked_king(OTHER[position.turn]))

    def copy(self) -> Board:
        return Board(list(self.squares), self.turn, dict(self.kings), self.in_check,
                     self.settled)

    def play(self, frm: int, to: int) -> bool:
        """Play the move if it is legal (Art. 4.3; Art. 6: the mover's general not left
        attacked) and say whether it was; the board is unchanged when it was not."""
        squares, mover = self.squares, self.turn
        piece = squares[frm]
        if not piece or SIDE[piece] != mover or not reaches(squares, frm, to):
            return False
        taken = squares[to]
        squares[to], squares[frm] = piece, EMPTY
        enemy, king = OTHER[mover], self.kings[mover]
        if not safe_after(squares, frm, to, king, enemy, self.in_check):
            squares[frm], squares[to] = piece, taken
            return False
        if frm == king:
            self.kings[mover] = to
        target = self.kings[enemy]
        self.in_check = (attacked_after(squares, target, mover, frm, to) if self.settled
                         else attacked(squares, target, mover))
        self.turn, self.settled = enemy, True
        return True

    def position(self) -> Position:
        return Position(tuple(self.squares), self.turn)
