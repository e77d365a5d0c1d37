"""FIDE C.07 §10 performance criteria: TPR, PTP, APRO, APPO, with the FIDE tables of
``scoring/ratings.py`` (B.02 8.1a, 8.1b), as FIDE's tie-break program computes them.

- Only games played over the board count (C.07 §15.2): forfeits and byes are left out.
- A rating of 0 or none is *unrated*. Unrated participants count with the statute's rating for
  the unrated (``unrated_rating``); without one, if anybody in the event is unrated, these
  criteria have no value for anybody (they do not separate).
- A round's score is counted in wins: 1 / ½ / 0 for a single game (Art. 21.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.points import Kind
from scoring.ratings import dp, expected_hundredths, round_half_up
from scoring.tiebreaks import REGISTRY, Cell, Context, Spec, Tiebreak


@dataclass(frozen=True, slots=True)
class Record:
    """A participant's games over the board: the opponents, their ratings, the score in wins."""

    opponents: tuple[int, ...]
    ratings: tuple[int, ...]
    score: Fraction


def _records(ctx: Context) -> dict[int, Record] | None:
    """Per participant, its :class:`Record`; ``None`` when somebody is unrated and the statute
    gives no rating for the unrated."""
    if "perf" in ctx.cache:
        return ctx.cache["perf"]  # type: ignore[return-value]
    ratings = {n: (r or ctx.unrated_rating) for n, r in ctx.sheet.ratings.items()}
    out = None
    if all(ratings.get(n) is not None for n in ctx.sheet.numbers):
        win = ctx.sheet.win_value["gp"]
        out = {}
        for n, es in ctx.sheet.entries.items():
            games = [e for e in es if e.kind is Kind.GAME and e.opponent is not None]
            out[n] = Record(tuple(e.opponent for e in games),  # type: ignore[misc]
                            tuple(ratings[e.opponent] for e in games),  # type: ignore[misc]
                            Fraction(sum(e.gp for e in games), win))
    ctx.cache["perf"] = out
    return out


def tpr_value(ratings: Sequence[int], score: Fraction) -> int | None:
    """C.07 §10.2: ARO (rounded) + dp of the percentage score (rounded), B.02 table 8.1a."""
    if not ratings:
        return None
    aro = round_half_up(Fraction(sum(ratings), len(ratings)))
    return aro + dp(round_half_up(100 * score / len(ratings)))


def ptp_value(ratings: Sequence[int], score: Fraction) -> int | None:
    """C.07 §10.3: the lowest rating whose expected score (B.02 table 8.1b, uncapped) against
    these opponents reaches the score; a score of 0: the lowest opponent's rating − 800."""
    if not ratings:
        return None
    if score == 0:
        return min(ratings) - 800
    target = 100 * score  # in hundredths, as the table's expected scores
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < score <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected_hundredths(middle - r) for r in ratings) >= target:
            high = middle
        else:
            low = middle
    return high


def _values(ctx: Context, name: str, fn) -> dict[int, int | None]:
    cached = ctx.cache.get(name)
    if cached is None:
        records = _records(ctx)
        cached = ctx.cache[name] = {
            n: fn(records[n].ratings, records[n].score) if records else None
            for n in ctx.sheet.numbers}
    return cached  # type: ignore[return-value]


def _cells(values: dict[int, int | None]) -> dict[int, Cell]:
    return {n: Cell((v is not None, v or 0), v) for n, v in values.items()}


def _average_of(ctx: Context, values: dict[int, int | None]) -> dict[int, Cell]:
    """The average, rounded half up, of the opponents' values over the games played."""
    records = _records(ctx) or {}
    out = {}
    for n in ctx.sheet.numbers:
        record = records.get(n)
        own = [values[o] for o in (record.opponents if record else ()) if values[o] is not None]
        out[n] = round_half_up(Fraction(sum(own), len(own))) if own else None
    return _cells(out)


def tournament_performance(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """TPR (C.07 §10.2): tournament performance rating."""
    return _cells(_values(ctx, "TPR", tpr_value))


def perfect_performance(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """PTP (C.07 §10.3): perfect tournament performance."""
    return _cells(_values(ctx, "PTP", ptp_value))


def average_performance(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """APRO (C.07 §10.4): average of the opponents' TPR."""
    return _average_of(ctx, _values(ctx, "TPR", tpr_value))


def average_perfect_performance(ctx: Context, spec: Spec) -> dict[int, Cell]:
    """APPO (C.07 §10.5): average of the opponents' PTP."""
    return _average_of(ctx, _values(ctx, "PTP", ptp_value))


REGISTRY.update((t.code, t) for t in (
    Tiebreak("TPR", "Tournament performance rating (C.07 §10.2)", tournament_performance),
    Tiebreak("PTP", "Perfect tournament performance (C.07 §10.3)", perfect_performance),
    Tiebreak("APRO", "Average of opponents' TPR (C.07 §10.4)", average_performance),
    Tiebreak("APPO", "Average of opponents' PTP (C.07 §10.5)", average_perfect_performance),
))
