"""Aids for the arbiter: advice citing the law, never a ruling (the ruling is the arbiter's,
Art. 20)."""

from __future__ import annotations

from dataclasses import dataclass

from .position import RED
from .record import GameRecord, Replay
from .repetition import RepetitionAdvice, find_repetition


@dataclass(frozen=True)
class ResultConflict:
    """The recorded result contradicts the final position: the side to move there cannot move
    and has lost (checkmated, or stalemated: Art. 7.1a, 7.1b), so only ``expected`` fits."""

    recorded: str
    expected: str
    checkmate: bool
    article: str = "Art. 7.1a, 7.1b"


def result_conflict(played: Replay, result: str) -> ResultConflict | None:
    """A conflict when the game ended on the board and ``result`` says otherwise; None when
    the position is not final, the result is unknown ("*"), or it agrees."""
    final = played.final
    if result == "*" or played.error or final.has_legal_move():
        return None
    expected = "0-1" if final.turn == RED else "1-0"
    if result == expected:
        return None
    return ResultConflict(result, expected, final.is_check())


@dataclass(frozen=True)
class Advice:
    conflict: ResultConflict | None
    repetition: RepetitionAdvice | None


def advise(record: GameRecord) -> Advice:
    """Everything the aids notice in a record that replays (an illegal move is the record's
    own error, reported by ``GameRecord.replay``)."""
    played = record.replay()
    return Advice(result_conflict(played, record.result),
                  find_repetition(played.positions, played.moves))
