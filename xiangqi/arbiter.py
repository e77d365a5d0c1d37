"""Aids for the arbiter: advice citing the law, never a ruling (the ruling is the arbiter's,
Art. 20)."""

from __future__ import annotations

from dataclasses import dataclass

from .position import EMPTY, RED, Position
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


# Art. 12 c: "những nước chiếu hợp lệ tính tối đa 5 nước": legal checks count for 5 moves at most.
CHECKS_COUNTED = 5
# Art. 7.2 a, 20.4 b.6: the pieces that can cross the river and attack (chariot, horse,
# cannon, soldier); without any on either side, nobody can mate.
ATTACKERS = frozenset("RNCPrncp")


@dataclass(frozen=True)
class MoveCount:
    """The moves since the last capture, for a draw claim under Art. 12 (50 moves) or the
    "60-move rule" of Art. 20.4 b.6, as the statute chooses (``limit``).

    ``plies`` are single moves since the last capture (or the start of the record); ``checks``
    are the checks among them. The law counts a move as one of each side's (a score sheet's
    numbered row) and counts legal checks for 5 at most (Art. 12 c): ``counted`` is
    (``plies`` − the checks beyond the fifth) ÷ 2, rounded down. The claim holds when
    ``counted`` reaches ``limit`` (Art. 12 a); a wrong claim gives the opponent 2 minutes
    (Art. 12 b)."""

    plies: int
    checks: int
    limit: int
    last_capture_ply: int  # 0: no capture in the record

    @property
    def counted(self) -> int:
        return (self.plies - max(0, self.checks - CHECKS_COUNTED)) // 2

    @property
    def claim_holds(self) -> bool:
        return self.counted >= self.limit

    @property
    def article(self) -> str:
        return "Art. 12" if self.limit == 50 else "Art. 12, 20.4 b.6"


def move_count(played: Replay, *, limit: int = 50) -> MoveCount:
    """Art. 12: moves since the last capture and the checks among them, counted from the end
    of the record (its last position is the one the claim is made in)."""
    plies = checks = last = 0
    for ply, move in enumerate(played.moves, start=1):
        before, after = played.positions[ply - 1], played.positions[ply]
        if before.board[move.to] != EMPTY:
            plies = checks = 0
            last = ply
            continue
        plies += 1
        checks += after.is_check()
    return MoveCount(plies, checks, limit, last)


def insufficient_material(position: Position) -> bool:
    """Art. 7.2 a, 20.4 b.6: neither side has a chariot, horse, cannon or soldier left, so
    neither can attack across the river: the arbiter may declare the game drawn."""
    return not ATTACKERS.intersection(position.board)


def cannot_mate(position: Position, side: str) -> bool:
    """The provisional rules for rapid and blitz, point 8: ``side`` (``RED`` or ``BLACK``) has
    no chariot, horse, cannon or soldier, so no legal sequence lets it mate: its win on time is
    a draw."""
    mine = {p for p in ATTACKERS if p.isupper() == (side == RED)}
    return not mine.intersection(position.board)


@dataclass(frozen=True)
class Advice:
    conflict: ResultConflict | None
    repetition: RepetitionAdvice | None
    moves: MoveCount
    no_material: bool


def advise(record: GameRecord, *, limit: int = 50) -> Advice:
    """Everything the aids notice in a record that replays (an illegal move is the record's
    own error, reported by ``GameRecord.replay``); ``limit``: the statute's move count, 50
    (Art. 12) or 60 (Art. 20.4 b.6)."""
    played = record.replay()
    return Advice(result_conflict(played, record.result),
                  find_repetition(played.positions, played.moves),
                  move_count(played, limit=limit), insufficient_material(played.final))
