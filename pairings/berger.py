"""Berger tables for round robins (appendix "Các hình thức thi đấu", §5, of the law).

Players (or teams: a team round robin uses the very same tables over team numbers, Appendix §5
"đấu thủ (đội)") draw table numbers 1..n. With an odd number of players a dummy n + 1 is added
and whoever meets it rests that round. Below, ``size`` is the table's even size (n, or n + 1 for
odd n) and its last number ``size`` is the one written in brackets in the printed tables.

Everything is computed from the two rules the appendix asks arbiters to know:

- rule 5.1 (colours): :func:`white_of`;
- rule 5.2 (rounds): :func:`meeting_round`.

The board order is the printed tables' order: board 1 is the game of the last number; if p
meets the last number, board k pairs p + (k - 1) with p - (k - 1), counted round 1..size - 1.

In the output a resting player's opponent is ``0`` (:data:`REST`), on the side the table gives
the dummy.
"""

from __future__ import annotations

from dataclasses import dataclass

REST = 0
"""Opponent number written for the dummy: the other player of that line rests."""


class BergerError(ValueError):
    """A Berger table was asked for with impossible arguments."""


@dataclass(frozen=True, slots=True)
class BergerPairing:
    """One line of a Berger table: White against Black on a board of a round.

    For odd n, the line of the resting player has :data:`REST` (0) as the missing opponent.
    """

    round: int
    board: int
    white: int
    black: int

    @property
    def resting(self) -> int | None:
        """The player who rests on this line, or None for a game."""
        if self.white == REST:
            return self.black
        if self.black == REST:
            return self.white
        return None


def table_size(n: int) -> int:
    """Even size of the table: n, or n + 1 with the dummy for odd n (Appendix §5)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise BergerError(f"a round robin needs at least 2 players, got {n!r}")
    return n + n % 2


def rounds_per_cycle(n: int) -> int:
    """Rounds of one cycle: everyone meets everyone once in size - 1 rounds."""
    return table_size(n) - 1


def _wrap(x: int, modulus: int) -> int:
    """Bring x into 1..modulus by adding or subtracting modulus."""
    return (x - 1) % modulus + 1


def _check_numbers(size: int, i: int, j: int) -> None:
    if not (1 <= i <= size and 1 <= j <= size) or i == j:
        raise BergerError(f"need two different table numbers in 1..{size}, got {i} and {j}")


def meeting_round(n: int, i: int, j: int) -> int:
    """Round (1..size - 1) in which numbers i and j meet.

    Appendix §5.2: i + j - 1, less size - 1 when it exceeds size - 1. The last number meets i
    in round 2i - 1, reduced the same way. For odd n, j = n + 1 (the dummy) gives the round
    in which i rests.
    """
    size = table_size(n)
    _check_numbers(size, i, j)
    low, high = min(i, j), max(i, j)
    total = 2 * low - 1 if high == size else low + high - 1
    return _wrap(total, size - 1)


def white_of(n: int, i: int, j: int) -> int:
    """Table number who has White when i meets j.

    Appendix §5.1: different parity, the smaller number is White; same parity, the larger.
    The last number is Black against 1..size/2 and White against the rest. For odd n the
    answer may be the dummy n + 1: the dummy's side is where the printed table puts it.
    """
    size = table_size(n)
    _check_numbers(size, i, j)
    low, high = min(i, j), max(i, j)
    if high == size:
        return low if low <= size // 2 else high
    if (low - high) % 2:
        return low
    return high


def last_number_opponent(n: int, r: int) -> int:
    """The number who meets the last number in round r (rule 5.2 solved for i).

    Round 2i - 1 is odd for i <= size/2 and, reduced by size - 1, even for the rest.
    """
    size = _check_round(n, r)
    return (r + 1) // 2 if r % 2 else (r + size) // 2


def _check_round(n: int, r: int) -> int:
    size = table_size(n)
    if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= size - 1:
        raise BergerError(f"round must be in 1..{size - 1} for {n} players, got {r!r}")
    return size


def _line(n: int, r: int, board: int, i: int, j: int) -> BergerPairing:
    """A board line with colours by rule 5.1; the dummy shows as REST."""
    white = white_of(n, i, j)
    black = j if white == i else i
    if n % 2:
        white, black = (REST if p == n + 1 else p for p in (white, black))
    return BergerPairing(round=r, board=board, white=white, black=black)


def berger_round(n: int, r: int) -> tuple[BergerPairing, ...]:
    """Boards of round r in the printed tables' order (Appendix §5 tables).

    Board 1 is the last number against p (rule 5.2); board k pairs p + (k - 1) against
    p - (k - 1), counted round 1..size - 1.
    """
    size = _check_round(n, r)
    p = last_number_opponent(n, r)
    lines = [_line(n, r, 1, p, size)]
    for k in range(2, size // 2 + 1):
        up, down = _wrap(p + k - 1, size - 1), _wrap(p - k + 1, size - 1)
        lines.append(_line(n, r, k, up, down))
    return tuple(lines)


def cycle_order(n: int, *, fide_annex_swap: bool = False) -> tuple[int, ...]:
    """Table rounds in the order a first cycle plays them.

    FIDE Handbook C.05 Annex 1 recommends, for a double round robin, playing the last two rounds
    of the first cycle in reverse order, against three games running with one colour where the
    cycles meet. It needs at least two rounds in a cycle.
    """
    count = rounds_per_cycle(n)
    order = list(range(1, count + 1))
    if fide_annex_swap:
        if count < 2:
            raise BergerError("the FIDE swap needs at least two rounds in a cycle")
        order[-2], order[-1] = order[-1], order[-2]
    return tuple(order)


def _renumber(lines: tuple[BergerPairing, ...], r: int, swap: bool) -> list[BergerPairing]:
    return [
        BergerPairing(
            round=r,
            board=x.board,
            white=x.black if swap else x.white,
            black=x.white if swap else x.black,
        )
        for x in lines
    ]


def berger_table(
    n: int, *, double: bool = False, fide_annex_swap: bool = False
) -> tuple[BergerPairing, ...]:
    """All rounds of the round robin, round by round, boards in order.

    Double round robin (a statute's choice; appendix §5 has single cycles only): the second
    cycle is the first repeated with colours reversed. ``fide_annex_swap`` (double only) swaps
    the first cycle's last two rounds as FIDE C.05 Annex 1 recommends; the second cycle keeps
    the table order.
    """
    if fide_annex_swap and not double:
        raise BergerError("the FIDE swap is for double round robins only")
    count = rounds_per_cycle(n)
    out: list[BergerPairing] = []
    for played, table_round in enumerate(cycle_order(n, fide_annex_swap=fide_annex_swap), 1):
        out += _renumber(berger_round(n, table_round), played, swap=False)
    if double:
        for table_round in range(1, count + 1):
            out += _renumber(berger_round(n, table_round), count + table_round, swap=True)
    return tuple(out)
