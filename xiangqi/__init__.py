"""Xiangqi game records: positions and the rules of movement, the notations of a score sheet
(Art. 11), Xiangqi PGN, the arbiter's aids of chapter 5, and an SVG board. Pure Python: no
Django, standard library only (docs/xiangqi.md)."""

from .arbiter import (
    Advice,
    MoveCount,
    ResultConflict,
    advise,
    cannot_mate,
    insufficient_material,
    move_count,
    result_conflict,
)
from .files import EncodingError, GameFile, Verdict, read_file
from .notation import NOTATIONS, parse_move, write_move
from .pgn import PgnError, PgnGame, read_games, read_pgn, write_pgn
from .position import START_FEN, FenError, IllegalMove, Move, Position
from .record import GameRecord, MoveError, Replay, convert, replay, write_moves
from .repetition import RepetitionAdvice, find_repetition
from .svg import board_svg

__all__ = [
    "Advice", "EncodingError", "FenError", "GameFile", "GameRecord", "IllegalMove", "Move",
    "MoveCount", "MoveError", "NOTATIONS", "PgnError", "PgnGame", "Position", "RepetitionAdvice",
    "Replay", "ResultConflict", "START_FEN", "Verdict", "advise", "board_svg", "cannot_mate",
    "convert",
    "find_repetition", "insufficient_material", "move_count", "parse_move", "read_file",
    "read_games", "read_pgn", "replay", "result_conflict", "write_move", "write_moves",
    "write_pgn",
]
