"""A Xiangqi position, its FEN, moves in ICCS coordinates, and the rules of movement.

Squares are numbered 0..89: ``rank * 9 + file``, files a..i (0..8) from Red's left, ranks 0..9
from Red's side, as ICCS writes them ("h2e2"). The law (Art. 2.1) calls Red "White" (Trắng), the
side that moves first (Art. 4.2); Red is uppercase in FEN and ``w`` means Red to move, as UCCI
engines write it.
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefghi"
EMPTY = ""
RED, BLACK = "w", "b"
# Art. 2.2 pieces in FEN: King, Advisor, Bishop (elephant), kNight (horse), Rook, Cannon, Pawn.
KINDS = "KABNRCP"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
_FEN_ALIASES = {"h": "n", "e": "b", "H": "N", "E": "B"}
_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# A horse's step: (file, rank) offset and the leg square that blocks it (Art. 4.3e).
_HORSE = tuple(((2 * a, b), (a, 0)) for a in (1, -1) for b in (1, -1)) + tuple(
    ((a, 2 * b), (0, b)) for a in (1, -1) for b in (1, -1))


class FenError(ValueError):
    """A FEN string that does not describe a Xiangqi position."""


class IllegalMove(ValueError):
    """A move that the rules do not allow in the position. ``kind`` says why, for callers that
    word the reason themselves: ``none`` (no such move), ``ambiguous`` (several moves fit),
    ``check`` (it leaves the mover's general in check, Art. 6), ``over`` (the side to move cannot
    move, Art. 7.1a, b) or ``syntax`` (not a move in the notation)."""

    def __init__(self, message: str, kind: str = "none"):
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """A move from one square to another; ``str(move)`` is its ICCS form ("h2e2")."""

    frm: int
    to: int

    @classmethod
    def from_iccs(cls, text: str) -> Move:
        t = text.strip().lower().replace("-", "")
        if (len(t) != 4 or t[0] not in FILES or t[2] not in FILES
                or not t[1].isdigit() or not t[3].isdigit()):
            raise ValueError(f"not an ICCS move: {text!r}")
        return cls(square(FILES.index(t[0]), int(t[1])), square(FILES.index(t[2]), int(t[3])))

    def __str__(self) -> str:
        return name(self.frm) + name(self.to)


def square(file: int, rank: int) -> int:
    return rank * 9 + file


def name(sq: int) -> str:
    return f"{FILES[sq % 9]}{sq // 9}"


def side_of(piece: str) -> str:
    return RED if piece.isupper() else BLACK


def other(side: str) -> str:
    return BLACK if side == RED else RED


def _in_palace(file: int, rank: int, side: str) -> bool:
    return 3 <= file <= 5 and (0 <= rank <= 2 if side == RED else 7 <= rank <= 9)


def _own_half(rank: int, side: str) -> bool:
    return rank <= 4 if side == RED else rank >= 5


@dataclass(frozen=True, slots=True)
class Position:
    """A board (90 squares, a FEN letter or ``""``) and the side to move."""

    board: tuple[str, ...]
    turn: str = RED

    # -- FEN ------------------------------------------------------------------------------
    @classmethod
    def from_fen(cls, fen: str) -> Position:
        """Read a FEN: the board from Black's back rank down, then ``w`` or ``b`` (``r`` is also
        read as Red); any further fields are ignored. H/E are read as N/B."""
        fields = fen.split()
        if not fields:
            raise FenError("empty FEN")
        rows = fields[0].split("/")
        if len(rows) != 10:
            raise FenError(f"a FEN board has 10 ranks, not {len(rows)}: {fen!r}")
        board = [EMPTY] * 90
        for i, row in enumerate(rows):
            rank, file = 9 - i, 0
            for ch in row:
                if ch.isdigit():
                    file += int(ch)
                    continue
                ch = _FEN_ALIASES.get(ch, ch)
                if ch.upper() not in KINDS or file > 8:
                    raise FenError(f"bad rank {row!r} in FEN {fen!r}")
                board[square(file, rank)] = ch
                file += 1
            if file != 9:
                raise FenError(f"rank {row!r} does not have 9 files in FEN {fen!r}")
        turn = fields[1].lower() if len(fields) > 1 else RED
        turn = {"w": RED, "r": RED, "b": BLACK}.get(turn)
        if turn is None:
            raise FenError(f"side to move must be w or b: {fen!r}")
        position = cls(tuple(board), turn)
        position._check_kings(fen)
        return position

    def _check_kings(self, fen: str) -> None:
        for king, side in (("K", RED), ("k", BLACK)):
            squares = [sq for sq, p in enumerate(self.board) if p == king]
            if len(squares) != 1 or not _in_palace(squares[0] % 9, squares[0] // 9, side):
                raise FenError(f"each side needs one general in its palace: {fen!r}")

    def fen(self) -> str:
        rows = []
        for rank in range(9, -1, -1):
            row, gap = "", 0
            for file in range(9):
                piece = self.board[square(file, rank)]
                if piece:
                    row += (str(gap) if gap else "") + piece
                    gap = 0
                else:
                    gap += 1
            rows.append(row + (str(gap) if gap else ""))
        return "/".join(rows) + " " + self.turn

    def __str__(self) -> str:
        return self.fen()

    # -- moves ----------------------------------------------------------------------------
    def play(self, move: Move) -> Position:
        """The position after ``move``, unchecked (see ``play_legal``)."""
        board = list(self.board)
        board[move.to] = board[move.frm]
        board[move.frm] = EMPTY
        return Position(tuple(board), other(self.turn))

    def play_legal(self, move: Move) -> Position:
        if not self.is_legal(move):
            raise IllegalMove(f"{move} is not legal in {self.fen()}")
        return self.play(move)

    def is_legal(self, move: Move) -> bool:
        piece = self.board[move.frm] if 0 <= move.frm < 90 else EMPTY
        if not piece or side_of(piece) != self.turn:
            return False
        if move.to not in piece_targets(self.board, move.frm):
            return False
        return not self.play(move).attacked_king(self.turn)

    def pseudo_moves(self, kinds: str = KINDS):
        """Moves by the pieces of the side to move (of ``kinds``), own general left unchecked."""
        red = self.turn == RED
        for sq, piece in enumerate(self.board):
            if piece and piece.isupper() == red and piece.upper() in kinds:
                for to in piece_targets(self.board, sq):
                    yield Move(sq, to)

    def legal_moves(self, kinds: str = KINDS) -> list[Move]:
        return [m for m in self.pseudo_moves(kinds) if not self.play(m).attacked_king(self.turn)]

    def has_legal_move(self) -> bool:
        return any(not self.play(m).attacked_king(self.turn) for m in self.pseudo_moves())

    def king(self, side: str) -> int:
        return self.board.index("K" if side == RED else "k")

    def attacked_king(self, side: str) -> bool:
        """Whether ``side``'s general is attacked (Art. 6.1), counting two generals facing each
        other on an open file (Art. 4.3a) as an attack."""
        return attacked(self.board, self.king(side), other(side))

    def is_check(self) -> bool:
        """The side to move is in check (Art. 6)."""
        return self.attacked_king(self.turn)

    def is_over(self) -> bool:
        """The side to move cannot move: it has lost, checkmated or not (Art. 7.1a, b)."""
        return not self.has_legal_move()


def _on_board(f: int, r: int) -> bool:
    return 0 <= f <= 8 and 0 <= r <= 9


def _tables():
    """Per square: the four rays (the vertical ones flagged), a horse's steps with their legs,
    the squares a horse attacks from, and per side the general's, advisor's, elephant's (with
    its eye) and pawn's steps and the squares a pawn attacks from."""
    rays, horse, horse_from = [], [], []
    steps = {kind: {RED: [], BLACK: []} for kind in "KABP"}
    pawn_from = {RED: [], BLACK: []}
    for sq in range(90):
        f, r = sq % 9, sq // 9
        sq_rays = []
        for df, dr in _ORTHOGONAL:
            ray, ff, rr = [], f + df, r + dr
            while _on_board(ff, rr):
                ray.append(square(ff, rr))
                ff, rr = ff + df, rr + dr
            sq_rays.append((tuple(ray), df == 0))
        rays.append(tuple(sq_rays))
        horse.append(tuple((square(f + df, r + dr), square(f + lf, r + lr))
                           for (df, dr), (lf, lr) in _HORSE if _on_board(f + df, r + dr)))
        horse_from.append(tuple(
            (square(f + df, r + dr), square(f + (df > 0) - (df < 0), r + (dr > 0) - (dr < 0)))
            for (df, dr), _leg in _HORSE if _on_board(f + df, r + dr)))
        for side in (RED, BLACK):
            ahead = 1 if side == RED else -1
            steps["K"][side].append(tuple(
                square(f + df, r + dr) for df, dr in _ORTHOGONAL
                if _in_palace(f + df, r + dr, side)))
            steps["A"][side].append(tuple(
                square(f + df, r + dr) for df, dr in _DIAGONAL if _in_palace(f + df, r + dr, side)))
            steps["B"][side].append(tuple(
                (square(f + 2 * df, r + 2 * dr), square(f + df, r + dr)) for df, dr in _DIAGONAL
                if _on_board(f + 2 * df, r + 2 * dr) and _own_half(r + 2 * dr, side)))
            pawn = [(f, r + ahead)] + ([] if _own_half(r, side) else [(f - 1, r), (f + 1, r)])
            steps["P"][side].append(tuple(square(ff, rr) for ff, rr in pawn if _on_board(ff, rr)))
            attackers = [(f, r - ahead)] + ([] if _own_half(r, side) else [(f - 1, r), (f + 1, r)])
            pawn_from[side].append(tuple(square(ff, rr) for ff, rr in attackers
                                         if _on_board(ff, rr)))
    return tuple(rays), tuple(horse), tuple(horse_from), steps, pawn_from


_RAYS, _HORSE_STEPS, _HORSE_FROM, _STEPS, _PAWN_FROM = _tables()


def piece_targets(board: tuple[str, ...], sq: int) -> list[int]:
    """Squares the piece on ``sq`` can reach by Art. 4.3, ignoring its own general's safety."""
    piece = board[sq]
    red = piece.isupper()
    kind = piece.upper()
    out: list[int] = []
    if kind == "R" or kind == "C":
        for ray, _vertical in _RAYS[sq]:
            screen = False
            for to in ray:
                target = board[to]
                if not screen:
                    if not target:
                        out.append(to)
                        continue
                    if kind == "C":
                        screen = True  # Art. 4.3g: the cannon's screen (ngòi)
                        continue
                if target:
                    if target.isupper() != red:
                        out.append(to)
                    break
        return out
    if kind == "N":  # Art. 4.3e: blocked by a piece on its leg
        candidates = [to for to, leg in _HORSE_STEPS[sq] if not board[leg]]
    elif kind == "B":  # Art. 4.3c: two points diagonally, own half, not over its eye
        candidates = [to for to, eye in _STEPS["B"][RED if red else BLACK][sq] if not board[eye]]
    else:  # Art. 4.3a, b, h: the general and advisors in the palace; pawns
        candidates = _STEPS[kind][RED if red else BLACK][sq]
    return [to for to in candidates if not board[to] or board[to].isupper() != red]


def attacked(board: tuple[str, ...], sq: int, by: str) -> bool:
    """Whether a piece of side ``by`` attacks ``sq`` (a general attacks along an open file)."""
    rook, cannon, king, horse, pawn = "RCKNP" if by == RED else "rcknp"
    for ray, vertical in _RAYS[sq]:
        seen = False
        for to in ray:
            piece = board[to]
            if piece:
                if not seen:
                    if piece == rook or (vertical and piece == king):
                        return True
                    seen = True
                else:
                    if piece == cannon:
                        return True
                    break
    for origin, leg in _HORSE_FROM[sq]:
        if board[origin] == horse and not board[leg]:
            return True
    return any(board[origin] == pawn for origin in _PAWN_FROM[by][sq])
