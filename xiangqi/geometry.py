"""The board's geometry, computed once at import: for every square, where each piece can step
from it and what blocks the step (Art. 4.3), the lines a general can be attacked along and the
squares a horse or a pawn attacks it from. Square numbers as in ``position``: ``rank * 9 +
file``, Red's side at rank 0.
"""

from __future__ import annotations

RED, BLACK = "w", "b"
_ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
_DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# A horse's step: (file, rank) offset and the leg square that blocks it (Art. 4.3e).
_HORSE = tuple(((2 * a, b), (a, 0)) for a in (1, -1) for b in (1, -1)) + tuple(
    ((a, 2 * b), (0, b)) for a in (1, -1) for b in (1, -1))
NO_BLOCK = -1  # a step nothing can block (general, advisor, pawn)


def square(file: int, rank: int) -> int:
    return rank * 9 + file


def on_board(f: int, r: int) -> bool:
    return 0 <= f <= 8 and 0 <= r <= 9


def in_palace(file: int, rank: int, side: str) -> bool:
    return 3 <= file <= 5 and (0 <= rank <= 2 if side == RED else 7 <= rank <= 9)


def own_half(rank: int, side: str) -> bool:
    return rank <= 4 if side == RED else rank >= 5


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    """The squares from ``sq`` (excluded) to the edge in one direction."""
    out, f, r = [], sq % 9 + df, sq // 9 + dr
    while on_board(f, r):
        out.append(square(f, r))
        f, r = f + df, r + dr
    return tuple(out)


def _rays() -> tuple[tuple[tuple[tuple[int, ...], bool], ...], ...]:
    """Per square its four rays, each flagged when it runs along the file (where two generals
    may face each other, Art. 4.3a)."""
    return tuple(tuple((_ray(sq, df, dr), df == 0) for df, dr in _ORTHOGONAL) for sq in range(90))


def _lines(rays) -> tuple[dict[int, tuple[tuple[int, ...], bool]], ...]:
    """Per square, every other square of its file and rank mapped to the ray that holds it:
    a move touching a general's line is answered by scanning that one ray."""
    return tuple({to: ray for ray in sq_rays for to in ray[0]} for sq_rays in rays)


def _between() -> dict[int, tuple[int, ...]]:
    """For two squares on one file or rank (the key ``frm * 90 + to``), the squares between
    them: what a rook must find empty and a cannon's screen is looked for in (Art. 4.3d, g)."""
    out = {}
    for frm in range(90):
        for df, dr in _ORTHOGONAL:
            ray = _ray(frm, df, dr)
            for i, to in enumerate(ray):
                out[frm * 90 + to] = ray[:i]
    return out


def _steps(side: str, kind: str, f: int, r: int) -> dict[int, int]:
    """Where a general, advisor, elephant, horse or pawn of ``side`` steps from (f, r), each
    target with the square that must be empty for it (the elephant's eye, the horse's leg) or
    ``NO_BLOCK``."""
    if kind == "K":
        return {square(f + df, r + dr): NO_BLOCK for df, dr in _ORTHOGONAL
                if in_palace(f + df, r + dr, side)}
    if kind == "A":
        return {square(f + df, r + dr): NO_BLOCK for df, dr in _DIAGONAL
                if in_palace(f + df, r + dr, side)}
    if kind == "B":  # Art. 4.3c: two points diagonally, own half, not over its eye
        return {square(f + 2 * df, r + 2 * dr): square(f + df, r + dr) for df, dr in _DIAGONAL
                if on_board(f + 2 * df, r + 2 * dr) and own_half(r + 2 * dr, side)}
    if kind == "N":  # Art. 4.3e: blocked by a piece on its leg
        return {square(f + df, r + dr): square(f + lf, r + lr) for (df, dr), (lf, lr) in _HORSE
                if on_board(f + df, r + dr)}
    ahead = 1 if side == RED else -1  # Art. 4.3h: forward; sideways too over the river
    pawn = [(f, r + ahead)] + ([] if own_half(r, side) else [(f - 1, r), (f + 1, r)])
    return {square(ff, rr): NO_BLOCK for ff, rr in pawn if on_board(ff, rr)}


def _step_tables() -> dict[str, tuple[dict[int, int], ...]]:
    """``_steps`` per FEN letter (upper case Red) and square."""
    return {(kind if side == RED else kind.lower()): tuple(
        _steps(side, kind, sq % 9, sq // 9) for sq in range(90))
        for kind in "KABNP" for side in (RED, BLACK)}


def _horse_attacks() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per square, the squares a horse attacks it from, each with the leg that must be empty
    (the square diagonally next to the attacked one)."""
    return tuple(tuple(
        (square(f + df, r + dr), square(f + (df > 0) - (df < 0), r + (dr > 0) - (dr < 0)))
        for (df, dr), _leg in _HORSE if on_board(f + df, r + dr))
        for f, r in ((sq % 9, sq // 9) for sq in range(90)))


def _pawn_attacks() -> dict[str, tuple[tuple[int, ...], ...]]:
    """Per attacking side and square, the squares its pawns attack that square from."""
    out = {}
    for side in (RED, BLACK):
        ahead = 1 if side == RED else -1
        out[side] = tuple(tuple(
            square(ff, rr) for ff, rr in [(f, r - ahead)] + (
                [] if own_half(r, side) else [(f - 1, r), (f + 1, r)]) if on_board(ff, rr))
            for f, r in ((sq % 9, sq // 9) for sq in range(90)))
    return out


def _by_leg(horse_from) -> tuple[dict[int, tuple[int, ...]], ...]:
    """Per square, each leg next to it mapped to the squares of the horses it holds back."""
    out = []
    for attacks in horse_from:
        legs: dict[int, tuple[int, ...]] = {}
        for origin, leg in attacks:
            legs[leg] = legs.get(leg, ()) + (origin,)
        out.append(legs)
    return tuple(out)


RAYS = _rays()
LINES = _lines(RAYS)
BETWEEN = _between()
STEPS = _step_tables()
HORSE_FROM = _horse_attacks()
HORSE_LEG_AT = tuple(dict(attacks) for attacks in HORSE_FROM)  # horse's square -> its leg
HORSES_BY_LEG = _by_leg(HORSE_FROM)
PAWN_FROM = _pawn_attacks()
# Per square, the squares a move must leave or reach to attack it anew: its file and rank, the
# legs and squares of the horses that attack it, the squares pawns attack it from.
TOUCHES = tuple(frozenset(LINES[sq]) | frozenset(HORSES_BY_LEG[sq]) | frozenset(HORSE_LEG_AT[sq])
                | frozenset(PAWN_FROM[RED][sq] + PAWN_FROM[BLACK][sq]) for sq in range(90))
