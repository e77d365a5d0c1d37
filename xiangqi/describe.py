"""What the file-based notations (Vietnamese, WXF/AXF, Chinese) say about a move, and reading
any of them by matching the text against the moves of the position.

Art. 2.1: each side numbers the files 1..9 from its own right; Art. 11: a move is written as the
piece, the file it leaves, the direction (forward, backward, sideways) and then the file it
reaches (sideways, or a diagonal piece) or the number of points it moves (along its file). Two
like pieces on one file are told apart by their order from the front (Art. 11.2a: "t", "s", and
"g" for a middle pawn).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .position import IllegalMove, Move, Position, move_of

FORWARD, BACKWARD, SIDEWAYS = "+", "-", "="
FRONT, REAR = -1, -2  # a simple form's order of two like pieces on a file, for its file
_DIAGONAL_KINDS = "ABN"
_NUMBERS = frozenset("123456789")
# The ranks an advisor or an elephant moves (a horse's depend on the files it crosses).
_DIAGONAL_STEPS = {"A": 1, "B": 2}


@dataclass(frozen=True, slots=True)
class Described:
    """A move as the file-based notations see it.

    ``index`` counts like pieces on the origin file from the front (0 = the foremost) among
    ``count`` of them; ``crowded`` is true for a pawn when another file also holds two or more of
    the mover's pawns, so the file must be named as well as the order.
    """

    kind: str
    red: bool
    file: int
    index: int
    count: int
    crowded: bool
    direction: str
    number: int


def file_number(file: int, red: bool) -> int:
    """Art. 2.1: Red's files 1..9 from right to left seen from Red; Black's from Black's right."""
    return 9 - file if red else file + 1


def origin_of(position: Position, sq: int) -> tuple[int, int, int, bool]:
    """The file number of the piece on ``sq``, its order among like pieces on that file, their
    count, and whether (for a pawn) another file also holds several (see ``Described``)."""
    board = position.board
    piece = board[sq]
    red = piece.isupper()
    file, rank = sq % 9, sq // 9
    ranks = [s // 9 for s in range(file, 90, 9) if board[s] == piece]
    ranks.sort(reverse=red)  # the foremost first: Red's highest rank, Black's lowest
    crowded = piece.upper() == "P" and len(ranks) > 1 and any(
        f != file and sum(board[s] == piece for s in range(f, 90, 9)) > 1 for f in range(9))
    return file_number(file, red), ranks.index(rank), len(ranks), crowded


def describe(position: Position, move: Move,
             origin: tuple[int, int, int, bool] | None = None) -> Described:
    piece = position.board[move.frm]
    red = piece.isupper()
    rank, to_file, to_rank = move.frm // 9, move.to % 9, move.to // 9
    steps = (to_rank - rank) if red else (rank - to_rank)
    if to_rank == rank:
        direction, number = SIDEWAYS, file_number(to_file, red)
    else:
        direction = FORWARD if steps > 0 else BACKWARD
        diagonal = piece.upper() in _DIAGONAL_KINDS
        number = file_number(to_file, red) if diagonal else abs(steps)
    file, index, count, crowded = origin or origin_of(position, move.frm)
    return Described(piece.upper(), red, file, index, count, crowded, direction, number)


# The simplest form of a move (a piece alone of its kind on its file): kind, file number,
# direction, number; enough to find the move without generating any other. The file number may
# be FRONT or REAR: one of two like pieces on the one file that holds two of them.
Simple = tuple[str, int, str, int]


class Dialect(Protocol):
    """A written form of the file-based notation."""

    def write(self, d: Described) -> str: ...

    def keys(self, d: Described) -> tuple[set[str], set[str]]:
        """Normalised forms a reader accepts for the move: the notation's own (as written,
        with its signs' synonyms), then looser ones (the file instead of the order)."""

    def normalise(self, text: str) -> str: ...

    def kinds(self, key: str) -> str:
        """The piece kinds a normalised text can name (all of them when it cannot tell)."""

    def simple(self, key: str) -> Simple | None:
        """The key read as the simplest form ("P2-5", "C2=5"), or None."""


def read(position: Position, text: str, dialect: Dialect) -> Move:
    """The legal move that ``text`` names; ``IllegalMove`` with the reason otherwise. The
    notation's own writing of a move wins over a variant ("P3.4" is the middle of three pawns
    on the 3rd file, not any of them)."""
    key = dialect.normalise(text)
    quick = _simple_move(position, dialect.simple(key))
    if quick is not None:
        return quick
    exact, loose, origins = [], [], {}
    # every form of a move ends with its number: a text that does not names none
    candidates = position.pseudo_moves(dialect.kinds(key)) if key[-1:] in _NUMBERS else ()
    for move in candidates:
        if move.frm not in origins:
            origins[move.frm] = origin_of(position, move.frm)
        d = describe(position, move, origins[move.frm])
        if str(d.number) != key[-1:]:
            continue
        own, looser = dialect.keys(d)
        if key in own:
            exact.append(move)
        elif key in looser:
            loose.append(move)
    matches = exact or loose
    legal = [m for m in exact if not position.play(m).attacked_king(position.turn)] or [
        m for m in loose if not position.play(m).attacked_king(position.turn)]
    if len(legal) == 1:
        return legal[0]
    if len(legal) > 1:
        raise IllegalMove(f"{text!r} is ambiguous: " + ", ".join(map(str, legal)), "ambiguous")
    if matches:
        raise IllegalMove(f"{text!r} leaves the general in check", "check")
    raise IllegalMove(f"{text!r}: no such move in this position")


def _simple_move(position: Position, simple: Simple | None) -> Move | None:
    """The move a simple text names, if it is legal (``simple_squares``)."""
    found = simple_squares(position.board, position.turn, simple)
    if found is None:
        return None
    move = move_of(*found)
    return move if position.is_legal(move) else None


def simple_squares(board, turn: str, simple: Simple | None) -> tuple[int, int] | None:
    """The squares a simple text names (from, to) when its piece is alone of its kind on its
    file, or is one of the two on the one file that holds two: found from the file and the
    direction without generating the position's moves; None when the text is not that simple
    (the general reader then decides). Only then is the simple form the notation's own
    writing of one move (Art. 11.2a), so the answer, once checked for legality, is the general
    reader's."""
    if simple is None:
        return None
    kind, file_no, direction, number = simple
    if file_no >= 0:
        found = locator(simple, turn)
        return None if found is None else on_file(board, found)
    red = turn == "w"
    tandem = _tandem(board, kind if red else kind.lower(), file_no == FRONT, red)
    if tandem is None:
        return None
    file, rank = tandem
    step = _step(kind, file, direction, number, red)
    return None if step is None else _squares(rank * 9 + file, step)


# A simple move of a piece named by its file, on any board: the piece (its FEN letter), its
# file (0..8) and the step from its square to the target (``to - from``).
Locator = tuple[str, int, int]


def locator(simple: Simple | None, turn: str) -> Locator | None:
    """Where to look for the move of a simple text naming its piece by file, the side to move
    being ``turn`` (None for front/rear, or no simple text): ``on_file`` finds it on a board.
    The step does not depend on the rank the piece stands on."""
    if simple is None or simple[1] < 0:
        return None
    kind, file_no, direction, number = simple
    red = turn == "w"
    file = 9 - file_no if red else file_no - 1
    step = _step(kind, file, direction, number, red)
    return None if step is None else (kind if red else kind.lower(), file, step)


def on_file(board, found: Locator) -> tuple[int, int] | None:
    """The squares of a located move when its piece is alone of its kind on its file."""
    piece, file, step = found
    column = board[file::9]
    if column.count(piece) != 1:
        return None
    frm = column.index(piece) * 9 + file
    to = frm + step
    return (frm, to) if 0 <= to < 90 else None  # the target's file is on the board


def _squares(frm: int, step: int) -> tuple[int, int] | None:
    """The move's squares, None when its target is off the board (the target's file always is
    on it, so its square says whether its rank is)."""
    to = frm + step
    return (frm, to) if 0 <= to < 90 else None


def _tandem(board, piece: str, front: bool, red: bool) -> tuple[int, int] | None:
    """The file and rank of the front or rear of two like pieces on the one file holding
    more than one of them; None for three on a file, or two such files."""
    tandem = [f for f in range(9) if board[f::9].count(piece) > 1]
    if len(tandem) != 1 or board[tandem[0]::9].count(piece) != 2:
        return None
    file = tandem[0]
    column = board[file::9]
    ranks = [r for r in range(10) if column[r] == piece]
    return file, ranks[front == red]  # Red's front is its higher rank


def _step(kind: str, file: int, direction: str, number: int, red: bool) -> int | None:
    """How far (``to - from``) a piece on ``file`` moves by the direction and number written:
    the file it reaches for a sideways or diagonal move, a count of points along its file.
    None for a sideways move of a piece that only moves diagonally."""
    to_file = 9 - number if red else number - 1
    if direction == SIDEWAYS:
        return None if kind in _DIAGONAL_KINDS else to_file - file
    sign = (1 if red else -1) * (1 if direction == FORWARD else -1)
    if kind in _DIAGONAL_KINDS:
        ranks = _DIAGONAL_STEPS.get(kind) or (2 if abs(to_file - file) == 1 else 1)
        return sign * ranks * 9 + to_file - file
    return sign * number * 9


def order_marker(d: Described, two: tuple[str, str], three: tuple[str, str, str],
                 extra: tuple[str, str]) -> str:
    """The order of a piece among like pieces on its file: front/rear for two, front/middle/rear
    for three; four or five pawns add an outermost mark (``extra``) before and after."""
    if d.count == 2:
        return two[d.index]
    if d.count == 3:
        return three[d.index]
    first, last = extra
    inner = {4: (first, three[0], three[2], last),
             5: (first, three[0], three[1], three[2], last)}[d.count]
    return inner[d.index]
