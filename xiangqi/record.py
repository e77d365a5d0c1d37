"""A game record (biên bản, Art. 11): tags, a start position, the moves as written and the
result; replayed move by move, with the first unreadable or illegal move reported at its ply."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .notation import candidates, detect, parse_move, write_move
from .position import START_FEN, IllegalMove, Move, Position

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
        named = {v.lower(): k for k, v in FORMAT_TAGS.items()}.get(self.tag("Format").lower())
        return replay(self.moves, start=self.start, notation=notation or named)


@dataclass(frozen=True)
class Replay:
    """The positions a record goes through (``positions[0]`` is the start, ``positions[i]``
    follows ply ``i``), the moves played, and the error that stopped it, if any."""

    positions: tuple[Position, ...]
    moves: tuple[Move, ...]
    notation: str
    error: MoveError | None = None
    texts: tuple[str, ...] = field(default=())

    @property
    def final(self) -> Position:
        return self.positions[-1]


def replay(texts: tuple[str, ...] | list[str], *, start: str = START_FEN,
           notation: str | None = None) -> Replay:
    """Play ``texts`` from ``start``; stops at the first move that cannot be played. The
    notation is the one all moves can be read in (``notation.detect``) unless named; a move
    written in another one is still read."""
    notation = notation or detect(list(texts))
    position = Position.from_fen(start)
    positions, moves = [position], []
    for ply, text in enumerate(texts, start=1):
        try:
            move = _parse(position, text, notation)
        except IllegalMove as error:
            return Replay(tuple(positions), tuple(moves), notation,
                          MoveError(ply, text, str(error), error.kind), tuple(texts))
        position = position.play(move)
        positions.append(position)
        moves.append(move)
    return Replay(tuple(positions), tuple(moves), notation, None, tuple(texts))


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
    texts = write_moves(played.positions[0], played.moves, notation)
    return replace(record, moves=tuple(texts)).with_tag("Format", FORMAT_TAGS[notation])


FORMAT_TAGS = {"iccs": "ICCS", "vi": "Vietnamese", "wxf": "WXF", "zh": "Chinese"}
