"""A Xiangqi position, its FEN, moves in ICCS coordinates, and the rules of movement.

Squares are numbered 0..89: ``rank * 9 + file``, files a..i (0..8) from Red's left, ranks 0..9
from Red's side, as ICCS writes them ("h2e2"). The law (Art. 2.1) calls Red "White" (Trắng), the
side that moves first (Art. 4.2); Red is uppercase in FEN and ``w`` means Red to move, as UCCI
engines write it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import (
    BETWEEN,
    BLACK,
    HORSE_FROM,
    HORSE_LEG_AT,
    HORSES_BY_LEG,
    LINES,
    PAWN_FROM,
    RAYS,
    RED,
    STEPS,
    TOUCHES,
    in_palace,
    square,
)

FILES = "abcdefghi"
EMPTY = ""
# Art. 2.2 pieces in FEN: King, Advisor, Bishop (elephant), kNight (horse), Rook, Cannon, Pawn.
KINDS = "KABNRCP"
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
_FEN_ALIASES = {"h": "n", "e": "b", "H": "N", "E": "B"}
SIDE = {**dict.fromkeys(KINDS, RED), **dict.fromkeys(KINDS.lower(), BLACK)}  # a piece's side
OTHER = {RED: BLACK, BLACK: RED}


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


def name(sq: int) -> str:
    return f"{FILES[sq % 9]}{sq // 9}"


def side_of(piece: str) -> str:
    return RED if piece.isupper() else BLACK


def other(side: str) -> str:
    return BLACK if side == RED else RED


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
        if position.attacked_king(OTHER[turn]):
            # The last move would have left its own general attacked (Art. 6.1, 4.3a): no game
            # reaches this position, and replaying from it could capture a general.
            raise FenError(f"the side not to move is in check: no game reaches {fen!r}")
        return position

    def _check_kings(self, fen: str) -> None:
        for king, side in (("K", RED), ("k", BLACK)):
            squares = [sq for sq, p in enumerate(self.board) if p == king]
            if len(squares) != 1 or not in_palace(squares[0] % 9, squares[0] // 9, side):
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
        return Position(tuple(board), OTHER[self.turn])

    def play_legal(self, move: Move) -> Position:
        if not self.is_legal(move):
            raise IllegalMove(f"{move} is not legal in {self.fen()}")
        return self.play(move)

    def is_legal(self, move: Move) -> bool:
        return self.after(move) is not None

    def after(self, move: Move) -> Position | None:
        """The position after ``move`` if it is legal (Art. 4.3, and the mover's general not
        left attacked, Art. 6), else None: one board built for both answers."""
        frm, to = move.frm, move.to
        if not (0 <= frm < 90 and 0 <= to < 90):
            return None
        piece = self.board[frm]
        if not piece or SIDE[piece] != self.turn or not reaches(self.board, frm, to):
            return None
        board = list(self.board)
        board[to], board[frm] = piece, EMPTY
        if not safe_after(board, frm, to, self.king(self.turn), OTHER[self.turn], in_check=True):
            return None
        return Position(tuple(board), OTHER[self.turn])

    def pseudo_moves(self, kinds: str = KINDS):
        """Moves by the pieces of the side to move (of ``kinds``), own general left unchecked."""
        red = self.turn == RED
        for sq, piece in enumerate(self.board):
            if piece and piece.isupper() == red and piece.upper() in kinds:
                for to in piece_targets(self.board, sq):
                    yield move_of(sq, to)

    def legal_moves(self, kinds: str = KINDS) -> list[Move]:
        """The moves of ``pseudo_moves`` that leave the mover's general unattacked (Art. 6),
        each made and taken back on one board."""
        board, king, enemy = list(self.board), self.king(self.turn), OTHER[self.turn]
        in_check = attacked(board, king, enemy)
        return [m for m in self.pseudo_moves(kinds)
                if safe(board, m.frm, m.to, king, enemy, in_check)]

    def legal_targets(self) -> dict[str, list[str]]:
        """The legal moves (Art. 4.3, 6) by the square they leave, in ICCS: ``{"h2": ["e2",
        "h9", ...]}``; what a board tapped piece then target highlights."""
        out: dict[str, list[str]] = {}
        for move in self.legal_moves():
            out.setdefault(name(move.frm), []).append(name(move.to))
        return out

    def has_legal_move(self) -> bool:
        board, king, enemy = list(self.board), self.king(self.turn), OTHER[self.turn]
        in_check = attacked(board, king, enemy)
        return any(safe(board, m.frm, m.to, king, enemy, in_check) for m in self.pseudo_moves())

    def king(self, side: str) -> int:
        return self.board.index("K" if side == RED else "k")

    def attacked_king(self, side: str) -> bool:
        """Whether ``side``'s general is attacked (Art. 6.1), counting two generals facing each
        other on an open file (Art. 4.3a) as an attack."""
        return attacked(self.board, self.king(side), OTHER[side])

    def is_check(self) -> bool:
        """The side to move is in check (Art. 6)."""
        return self.attacked_king(self.turn)

    def is_over(self) -> bool:
        """The side to move cannot move: it has lost, checkmated or not (Art. 7.1a, b)."""
        return not self.has_legal_move()


_MOVES: dict[int, Move] = {}


def move_of(frm: int, to: int) -> Move:
    """The move between two squares: moves are immutable, so one object each, made once."""
    key = frm * 90 + to
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(frm, to)
    return move


def piece_targets(board, sq: int) -> list[int]:
    """Squares the piece on ``sq`` can reach by Art. 4.3, ignoring its own general's safety:
    a rook's or cannon's rays, the other pieces' steps (``geometry.STEPS``) not blocked."""
    piece = board[sq]
    red = piece.isupper()
    if piece in "RCrc":
        return _slides(board, sq, piece in "Cc", red)
    return [to for to, block in STEPS[piece][sq].items()
            if (block < 0 or not board[block]) and (not board[to] or board[to].isupper() != red)]


def _slides(board, sq: int, cannon: bool, red: bool) -> list[int]:
    """A rook's moves along its rays (Art. 4.3d), or a cannon's, which takes over exactly one
    screen (Art. 4.3g: the cannon's screen, ngòi)."""
    out: list[int] = []
    for ray, _vertical in RAYS[sq]:
        screen = False
        for to in ray:
            target = board[to]
            if not screen:
                if not target:
                    out.append(to)
                    continue
                if cannon:
                    screen = True
                    continue
            if target:
                if target.isupper() != red:
                    out.append(to)
                break
    return out


def reaches(board, frm: int, to: int) -> bool:
    """Whether the piece on ``frm`` can move to ``to`` by Art. 4.3 (its own general's safety
    aside): ``to in piece_targets(board, frm)``, found from the two squares alone."""
    piece, target = board[frm], board[to]
    if target and target.isupper() == piece.isupper():
        return False
    if piece in "RCrc":
        between = BETWEEN.get(frm * 90 + to)
        if between is None:
            return False
        screens = 0
        for sq in between:
            if board[sq]:
                screens += 1
        return screens == 0 if piece in "Rr" or not target else screens == 1
    block = STEPS[piece][frm].get(to)
    return block is not None and (block < 0 or not board[block])


# Per side, its pieces that attack a general: rook, cannon, general, horse, pawn.
_ATTACKERS = {RED: tuple("RCKNP"), BLACK: tuple("rcknp")}


def attacked(board, sq: int, by: str) -> bool:
    """Whether a piece of side ``by`` attacks ``sq`` (a general attacks along an open file)."""
    rook, cannon, king, horse, pawn = _ATTACKERS[by]
    for line in RAYS[sq]:
        if _line_attacks(board, line, rook, cannon, king):
            return True
    for origin, leg in HORSE_FROM[sq]:
        if board[origin] == horse and not board[leg]:
            return True
    return any(board[origin] == pawn for origin in PAWN_FROM[by][sq])


def _line_attacks(board, line: tuple[tuple[int, ...], bool], rook: str, cannon: str,
                  king: str) -> bool:
    """Whether a rook (or, along a file, the general) is the first piece on the ray, or a
    cannon the second."""
    ray, vertical = line
    seen = False
    for to in ray:
        piece = board[to]
        if piece:
            if seen:
                return piece == cannon
            if piece == rook or (vertical and piece == king):
                return True
            seen = True
    return False


def attacked_after(board, sq: int, by: str, frm: int, to: int) -> bool:
    """``attacked(board, sq, by)`` just after a move from ``frm`` to ``to`` (not of the piece on
    ``sq``), when ``sq`` was not attacked by ``by`` before it: a new attack needs the move, so
    only the rays of ``sq`` through ``frm`` (a line opened) or ``to`` (a rook, cannon or general
    arrived, a cannon's screen made), the horses whose leg ``frm`` was, and a horse or a pawn
    arrived on ``to`` are looked at."""
    touches = TOUCHES[sq]
    if frm not in touches and to not in touches:
        return False
    rook, cannon, king, horse, pawn = _ATTACKERS[by]
    lines = LINES[sq]
    opened, reached = lines.get(frm), lines.get(to)
    if opened is not None and _line_attacks(board, opened, rook, cannon, king):
        return True
    if reached is not None and reached is not opened and _line_attacks(board, reached, rook,
                                                                        cannon, king):
        return True
    for origin in HORSES_BY_LEG[sq].get(frm, ()):
        if board[origin] == horse:
            return True
    arrived = board[to]
    if arrived == horse:
        leg = HORSE_LEG_AT[sq].get(to)
        return leg is not None and not board[leg]
    return arrived == pawn and to in PAWN_FROM[by][sq]


def safe_after(board: list[str], frm: int, to: int, king: int, enemy: str,
               in_check: bool) -> bool:
    """Whether, the move from ``frm`` to ``to`` made on ``board``, the mover's general (on
    ``king`` before it) is not attacked by ``enemy`` (Art. 6): searched in full when the general
    moved or was in check, else only where the move could open a line (``attacked_after``)."""
    if frm == king:
        return not attacked(board, to, enemy)
    if in_check:
        return not attacked(board, king, enemy)
    return not attacked_after(board, king, enemy, frm, to)


def safe(board: list[str], frm: int, to: int, king: int, enemy: str, in_check: bool) -> bool:
    """``safe_after`` for a move made on ``board`` and taken back."""
    piece, taken = board[frm], board[to]
    board[to], board[frm] = piece, EMPTY
    ok = safe_after(board, frm, to, king, enemy, in_check)
    board[frm], board[to] = piece, taken
    return ok
