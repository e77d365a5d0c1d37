"""A game record (biên bản, Art. 11): tags, a start position, the moves as written and the
result; replayed move by move, with the first unreadable or illegal move reported at its ply."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

from .board import Board
from .describe import locator, on_file, simple_squares
from .notation import DIALECTS, candidates, detect, parse_move, write_move
from .position import BLACK, RED, START_FEN, IllegalMove, Move, Position, move_of

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


class MoveError(ValueError):
    """A move of a record that cannot be played: ``ply`` counts from 1 (the record's first
    move), ``text`` is the move as written, ``kind`` the ``IllegalMove`` kind (why)."""

    def __init__(self, ply: int, text: str, reason: str, kind: str = "none"):
        super().__init__(f"move {ply} ({text}): {reason}")
        self.ply, self.text, self.reason, self.kind = ply, text, reason, kind


@dataclass(frozen=True)
class GameRecord:
    """One game: PGN tags in their order, the moves as written, the result ("1-0" a win for
    Red, "0-1" for Black, "1/2-1/2", "*" unknown) and the start position's FEN."""

    moves: tuple[str, ...] = ()
    result: str = "*"
    tags: tuple[tuple[str, str], ...] = ()
    start: str = START_FEN

    def tag(self, name: str, default: str = "") -> str:
        return next((v for k, v in self.tags if k == name), default)

    def with_tag(self, name: str, value: str) -> GameRecord:
        tags = [(k, v) for k, v in self.tags if k != name] + [(name, value)]
        return replace(self, tags=tuple(tags))

    def replay(self, notation: str | None = None) -> Replay:
        """Replayed in ``notation``, else the one the ``Format`` tag names, else detected."""
        named = _FORMAT_NAMES.get(self.tag("Format").lower())
        return replay(self.moves, start=self.start, notation=notation or named)


@dataclass(frozen=True)
class Replay:
    """The moves a record plays from its ``start`` position to ``final``, and the error that
    stopped it, if any. ``positions`` (``positions[0]`` is the start, ``positions[i]`` follows
    ply ``i``) are built the first time they are asked for: a file's reader only needs to know
    that every move is legal."""

    start: Position
    final: Position
    moves: tuple[Move, ...]
    notation: str
    error: MoveError | None = None
    texts: tuple[str, ...] = field(default=())

    @cached_property
    def positions(self) -> tuple[Position, ...]:
        """The start, then the position after each move (the moves are legal: played as is)."""
        positions = [self.start]
        for move in self.moves:
            positions.append(positions[-1].play(move))
        return tuple(positions)


def replay(texts: tuple[str, ...] | list[str], *, start: str = START_FEN,
           notation: str | None = None) -> Replay:
    """Play ``texts`` from ``start``; stops at the first move that cannot be played. The
    notation is the one all moves can be read in (``notation.detect``) unless named; a move
    written in another one is still read. A simple move (``describe.simple_squares``) or an
    ICCS one is played on the board straight away; any other, or one that is not legal, goes
    to the general reader, which finds it or says why not."""
    notation = notation or detect(list(texts))
    start_at = start_position(start)
    board, moves = start_board(start).copy(), []
    squares = _readings(notation)
    for ply, text in enumerate(texts, start=1):
        found = squares(board, text)
        if found is not None and board.play(*found):
            move = move_of(*found)
        else:
            try:
                move = _parse(board.position(), text, notation)
            except IllegalMove as error:
                return Replay(start_at, board.position(), tuple(moves), notation,
                              MoveError(ply, text, str(error), error.kind), tuple(texts))
            board.play(move.frm, move.to)
        moves.append(move)
    return Replay(start_at, board.position(), tuple(moves), notation, None, tuple(texts))


def _readings(notation: str):
    """How a text of ``notation`` names its squares on a board without looking at the
    position's moves: an ICCS move's own squares, a simple move's (``simple_squares``) from
    its reading. Both are kept per text (a database repeats the same few thousand texts
    across its games), a simple move's way to its squares per side (``locator``)."""
    simples = _SIMPLE_CACHE.setdefault(notation, {})
    located = _LOCATED.setdefault(notation, {RED: {}, BLACK: {}})
    if len(simples) > 100_000:
        simples.clear()
        located[RED].clear()
        located[BLACK].clear()
    dialect = DIALECTS.get(notation)

    def simple(text: str):
        if text not in simples:
            simples[text] = dialect.simple(dialect.normalise(text)) if dialect else _iccs(text)
        return simples[text]

    def squares(board: Board, text: str) -> tuple[int, int] | None:
        if dialect is None:
            return simple(text)
        known = located[board.turn]
        way = known.get(text, _UNREAD)
        if way is _UNREAD:
            way = known[text] = locator(simple(text), board.turn)
        if way is None:  # front/rear, or not a simple text
            return simple_squares(board.squares, board.turn, simple(text))
        return on_file(board.squares, way)

    return squares


def _iccs(text: str) -> tuple[int, int] | None:
    try:
        move = Move.from_iccs(text)
    except ValueError:
        return None
    return move.frm, move.to


# Per notation, each move text read as its simplest form, or an ICCS move's squares (or None);
# per notation and side, a simple text's locator.
_SIMPLE_CACHE: dict[str, dict[str, tuple | None]] = {}
_LOCATED: dict[str, dict[str, dict[str, tuple | None]]] = {}
_UNREAD = object()


@lru_cache(maxsize=64)
def start_position(fen: str) -> Position:
    """A start position read from its FEN once (positions are immutable; a database gives
    every game the same FEN tag)."""
    return Position.from_fen(fen)


@lru_cache(maxsize=64)
def start_board(fen: str) -> Board:
    """The board of a start position, set up once: never played on, only copied."""
    return Board.of(start_position(fen))


def _parse(position: Position, text: str, notation: str) -> Move:
    try:
        return parse_move(position, text, notation)
    except IllegalMove:
        found = candidates(text)
        if not found or notation in found:
            raise
        return parse_move(position, text, found[0])


def write_moves(start: Position, moves: list[Move] | tuple[Move, ...], notation: str) -> list[str]:
    """``moves`` (legal, played from ``start``) written in ``notation``."""
    out, position = [], start
    for move in moves:
        out.append(write_move(position, move, notation))
        position = position.play(move)
    return out


def convert(record: GameRecord, notation: str) -> GameRecord:
    """The same game in another notation (``MoveError`` at the first move that cannot be
    played); the PGN ``Format`` tag names the notation."""
    played = record.replay()
    if played.error:
        raise played.error
    texts = write_moves(played.start, played.moves, notation)
    return replace(record, moves=tuple(texts)).with_tag("Format", FORMAT_TAGS[notation])


FORMAT_TAGS = {"iccs": "ICCS", "vi": "Vietnamese", "wxf": "WXF", "asian": "Asian",
               "zh": "Chinese"}
_FORMAT_NAMES = {tag.lower(): notation for notation, tag in FORMAT_TAGS.items()}
