"""Event formats as the scoring engine needs to know them: round robin or Swiss.

The format changes three things: the law's withdrawal rule (Art. 21.5.1 vs 21.5.2), the default
tie-break order (Art. 21.3 vs 21.4), and how FIDE C.07 treats unplayed games (§16: in events
with pre-determined pairings forfeits count as games against the scheduled opponent, in Swiss
events unplayed rounds are evaluated against a dummy opponent).
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum

from records import Tournament


class Format(StrEnum):
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"


def meetings(tournament: Tournament) -> Counter[tuple[int, int]]:
    """How many times each pair of participants was paired (cancelled pairings included)."""
    count: Counter[tuple[int, int]] = Counter()
    for p in tournament.pairings:
        if p.second is not None:
            count[(min(p.first, p.second), max(p.first, p.second))] += 1
    return count


def detect_format(tournament: Tournament) -> Format:
    """Round robin when every pair of participants met the same number of times (once, or twice
    for a double round robin); Swiss otherwise. A round robin still in progress reads as Swiss:
    the caller who knows better passes the format explicitly."""
    n = len(tournament.participants)
    met = meetings(tournament)
    if n < 2 or len(met) != n * (n - 1) // 2:
        return Format.SWISS
    return Format.ROUND_ROBIN if len(set(met.values())) == 1 else Format.SWISS


def cycles(tournament: Tournament) -> int:
    """Cycles of a round robin: 2 for a double round robin (the statute's choice), else 1.

    Taken from the rounds announced (``rounds`` ≥ twice the rounds of one cycle) or from any pair
    paired twice.
    """
    n = len(tournament.participants)
    per_cycle = n - 1 if n % 2 == 0 else n
    by_rounds = tournament.rounds // per_cycle if per_cycle else 1
    by_meetings = max(meetings(tournament).values(), default=1)
    return max(1, by_rounds, by_meetings)
