"""Xiangqi game records: positions and the rules of movement, the notations of a score sheet
(Art. 11), Xiangqi PGN, the arbiter's aids of chapter 5, and an SVG board. Pure Python: no
Django, standard library only (docs/xiangqi.md)."""

from .arbiter import Advice, ResultConflict, advise, result_conflict
from .notation import NOTATIONS, parse_move, write_move
from .pgn import PgnError, read_pgn, write_pgn
from .position import START_FEN, FenError, IllegalMove, Move, Position
from .record import GameRecord, MoveError, Replay, convert, replay, write_moves
from .repetition import RepetitionAdvice, find_repetition
from .svg import board_svg

__all__ = [
    "Advice", "FenError", "GameRecord", "IllegalMove", "Move", "MoveError", "NOTATIONS",
    "PgnError", "Position", "RepetitionAdvice", "Replay", "ResultConflict", "START_FEN", "advise",
    "board_svg", "convert", "find_repetition", "parse_move", "read_pgn", "replay",
    "result_conflict", "write_move", "write_moves", "write_pgn",
]
