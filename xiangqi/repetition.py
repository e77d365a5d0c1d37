"""Chapter 5 of the law ("Các luật chi tiết"): repeated positions, what each side does in the
repeating cycle, and which side the law tells to change its moves. Advice for the arbiter,
who rules (Art. 20); the limits are in docs/xiangqi.md.

Each move of the cycle is classified by Art. 22: a check (22.2), a threat of mate (22.3: a
move after which the mover, moving again, could mate at once or force mate over a series of
moves — searched to a fixed depth of ``MATE_DEPTH`` plies: the mover's move, any reply, the
mover's mating move, i.e. a mate in two), a chase (22.4, 22.11: a new threat to
take a piece other than the general) or an offer to exchange (22.5), else a waiting move
(22.8). Art. 23 then judges each side's moves over the cycle.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import RED, Move, Position, name, side_of

PERPETUAL_CHECK = "perpetual_check"
PERPETUAL_CHASE = "perpetual_chase"
PERPETUAL_MATE_THREAT = "perpetual_mate_threat"
CHECK_AND_OTHER = "check_and_other"
ALLOWED = "allowed"
# Plies of the mate-threat search (Art. 22.3 "or a series of moves"): the threatening side's
# move, every reply, its mating move.
MATE_DEPTH = 3
ARTICLES = {
    PERPETUAL_CHECK: "Art. 23 point 1, Art. 7.1g",
    PERPETUAL_CHASE: "Art. 23 points 3, 5-8",
    PERPETUAL_MATE_THREAT: "Art. 23 point 2",
    CHECK_AND_OTHER: "Art. 23 point 2",
    ALLOWED: "Art. 23 points 4, 9, 10; Art. 24.2",
}


@dataclass(frozen=True)
class MoveClass:
    """What one move does (Art. 22); pieces are named by their square at the cycle's start."""

    ply: int
    check: bool
    mate_threat: bool
    chased: frozenset[int]
    offered: frozenset[int]


@dataclass(frozen=True)
class SideAdvice:
    side: str
    pattern: str
    moves: tuple[MoveClass, ...]
    target: str = ""  # the square of the piece chased, at the end of the cycle

    @property
    def forbidden(self) -> bool:
        return self.pattern in (PERPETUAL_CHECK, PERPETUAL_CHASE)

    @property
    def article(self) -> str:
        return ARTICLES[self.pattern]


@dataclass(frozen=True)
class RepetitionAdvice:
    """The position after ``first_ply`` stands again after ``ply`` (``times`` in all); the
    cycle is the moves between its last two appearances."""

    first_ply: int
    ply: int
    red: SideAdvice
    black: SideAdvice
    verdict: str  # "red_must_change", "black_must_change", "draw" or "arbiter"
    article: str


def find_repetition(positions: tuple[Position, ...] | list[Position],
                    moves: tuple[Move, ...] | list[Move], times: int = 3
                    ) -> RepetitionAdvice | None:
    """The first position that stands ``times`` times (the law says only "many times",
    Art. 22.9-11), judged on its last cycle; None if no position repeats so often."""
    seen: dict[Position, list[int]] = {}
    for ply, position in enumerate(positions):
        seen.setdefault(position, []).append(ply)
        if len(seen[position]) == times:
            start = seen[position][-2]
            return _judge(positions, moves, seen[position][0], start, ply)
    return None


def _judge(positions, moves, first: int, start: int, end: int) -> RepetitionAdvice:
    ids = {sq: sq for sq, piece in enumerate(positions[start].board) if piece}
    classes: dict[str, list[MoveClass]] = {RED: [], "b": []}
    for ply in range(start, end):
        position, move = positions[ply], moves[ply]
        after_ids = dict(ids)
        after_ids.pop(move.to, None)
        after_ids[move.to] = after_ids.pop(move.frm)
        classes[position.turn].append(classify(position, move, ids, after_ids, ply + 1))
        ids = after_ids
    red, black = _side(RED, classes[RED], ids), _side("b", classes["b"], ids)
    verdict, article = _verdict(red, black)
    return RepetitionAdvice(first, end, red, black, verdict, article)


def classify(position: Position, move: Move, ids: dict[int, int], after_ids: dict[int, int],
             ply: int) -> MoveClass:
    """Art. 22: check, threat of mate, chase, offer to exchange (else a waiting move)."""
    mover = position.turn
    after = position.play(move)
    check = after.is_check()
    threat = not check and _threatens_mate(Position(after.board, mover))
    before = {(ids[a], ids[t]) for a, t in _captures(position)}
    chased, offered = set(), set()
    for attacker, target in _captures(Position(after.board, mover)):
        if (after_ids[attacker], after_ids[target]) in before:
            continue
        kind = _chase_kind(after, attacker, target)
        if kind == "chase":
            chased.add(after_ids[target])
        elif kind == "offer":
            offered.add(after_ids[target])
    return MoveClass(ply, check, threat, frozenset(chased), frozenset(offered))


def _captures(position: Position) -> list[tuple[int, int]]:
    """Legal captures of pieces other than the general by the side to move."""
    board = position.board
    return [(m.frm, m.to) for m in position.legal_moves()
            if board[m.to] and board[m.to].upper() != "K"]


def _chase_kind(after: Position, attacker: int, target: int) -> str:
    """A new threat to take ``target``: a chase the law forbids when perpetual, an offer to
    exchange (Art. 22.5, allowed by Art. 23 point 10), or "" when Art. 23 allows it."""
    board = after.board
    a_kind, t_kind = board[attacker].upper(), board[target].upper()
    if a_kind in "KP":
        return ""  # Art. 23 point 9: a general or a pawn may chase
    if t_kind == "P" and _on_own_half(target, side_of(board[target])):
        return ""  # Art. 23 point 3: a pawn not yet over the river may be chased
    if a_kind == t_kind and after.is_legal(Move(target, attacker)):
        return "offer"
    taken = Position(_capture_board(board, attacker, target), after.turn)
    protected = any(m.to == target for m in taken.legal_moves())
    if a_kind == t_kind == "N":
        return "chase"  # Art. 23 point 7: a hobbled horse (it cannot take back) is chased
    if protected and not (t_kind == "R" and a_kind in "NC"):  # Art. 23 point 6
        pinned = not any(m.frm == target for m in after.legal_moves())
        if not pinned:  # Art. 23 point 7: a protected piece that cannot move is still chased
            return ""
    return "chase"


def _capture_board(board: tuple[str, ...], attacker: int, target: int) -> tuple[str, ...]:
    out = list(board)
    out[target], out[attacker] = out[attacker], ""
    return tuple(out)


def _on_own_half(sq: int, side: str) -> bool:
    return sq // 9 <= 4 if side == RED else sq // 9 >= 5


def _threatens_mate(position: Position, depth: int = MATE_DEPTH) -> bool:
    """Art. 22.3: the side to move of ``position`` can mate within ``depth`` plies of its
    own search (1: a move that mates; 3: a move after which every reply allows a mate)."""
    for move in position.legal_moves():
        after = position.play(move)
        if after.is_check() and after.is_over():
            return True
    if depth < 3:
        return False
    for move in position.legal_moves():
        after = position.play(move)
        replies = after.legal_moves()
        if replies and all(_threatens_mate(after.play(r), depth - 2) for r in replies):
            return True
    return False


def _side(side: str, classes: list[MoveClass], ids: dict[int, int]) -> SideAdvice:
    moves = tuple(classes)
    if all(c.check for c in moves):
        return SideAdvice(side, PERPETUAL_CHECK, moves)
    common = frozenset.intersection(*(c.chased | c.offered for c in moves))
    for piece in sorted(common):
        if any(piece in c.chased for c in moves):  # Art. 23 points 3, 5, 8
            square = next(sq for sq, pid in ids.items() if pid == piece)
            return SideAdvice(side, PERPETUAL_CHASE, moves, name(square))
    if any(c.check for c in moves):
        return SideAdvice(side, CHECK_AND_OTHER, moves)
    if all(c.mate_threat for c in moves):
        return SideAdvice(side, PERPETUAL_MATE_THREAT, moves)
    return SideAdvice(side, ALLOWED, moves)


def _verdict(red: SideAdvice, black: SideAdvice) -> tuple[str, str]:
    if red.forbidden and black.forbidden:
        if red.pattern == black.pattern:
            return "draw", "Art. 7.2c"  # both break the same rule
        return "arbiter", "Art. 7.1g, 7.1h"  # the law does not rank the two
    if red.forbidden or black.forbidden:
        loser = red if red.forbidden else black
        return ("red" if loser.side == RED else "black") + "_must_change", "Art. 7.1g, 7.1h"
    return "draw", "Art. 7.2b, Art. 24.2"

