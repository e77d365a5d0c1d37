"""FIDE C.07 §10 performance criteria: TPR, PTP, APRO, APPO, with the FIDE tables of
``scoring/ratings.py`` (B.02 8.1a, 8.1b), as FIDE's tie-break program computes them.

- Only games played over the board count (C.07 §15.2): forfeits and byes are left out.
- A rating of 0 or none is *unrated*. Unrated participants count with the statute's rating for
  the unrated (``unrated_rating``); without one, if anybody in the event is unrated, these
  criteria have no value for anybody (they do not separate).
- A round's score is counted in wins: 1 / ½ / 0 for a single game (Art. 21.1).
"""

from __future__ import annotations

from fractions import Fraction

from scoring.points import Kind
from scoring.ratings import dp, table_expected
from scoring.tiebreaks import REGISTRY, Cell, Context, Spec, Tiebreak


def _opponents(ctx: Context) -> dict[int, list[tuple[int, int, Fraction]]] | None:
    """Per participant: (opponent, opponent's rating, score) of each game over the board;
    ``None`` when somebody is unrated and the statute gives no rating for the unrated."""
    cached = ctx.cache.get("perf")
    if cached is not None or "perf" in ctx.cache:
        return cached  # type: ignore[return-value]
    ratings = {n: (r or ctx.unrated_rating) for n, r in ctx.sheet.ratings.items()}
    out = None
    if all(ratings.get(n) is not None for n in ctx.sheet.numbers):
        win = ctx.sheet.win_value["gp"]
        out = {n: [(e.opponent, ratings[e.opponent], Fraction(e.gp, win))
                   for e in es if e.kind is Kind.GAME and e.opponent is not None]
               for n, es in ctx.sheet.entries.items()}
    ctx.cache["perf"] = out
    return out


def _half_up(value: Fraction) -> int:
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


def tpr_value(games: list[tuple[int, int, Fraction]]) -> int | None:
    """C.07 §10.2: ARO (rounded) + dp of the percentage score (rounded), B.02 table 8.1a."""
    if not games:
        return None
    aro = _half_up(Fraction(sum(r for _, r, _ in games), len(games)))
    return aro + dp(_half_up(100 * sum(s for _, _, s in games) / len(games)))


def ptp_value(games: list[tuple[int, int, Fraction]]) -> int | None:
    """C.07 §10.3: the lowest rating whose expected score (B.02 table 8.1b, uncapped) against
    these opponents reaches the score; a score of 0: the lowest opponent's rating − 800."""
    if not games:
        return None
    ratings = [r for _, r, _ in games]
    score = sum(s for _, _, s in games)
    if score == 0:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < score <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if sum(table_expected(middle - r) for r in ratings) >= score:
            high = middle
        else:
            low = middle
    return high


def _values(ctx: Context, name: str, fn) -> dict[int, int | None]:
    cached = ctx.cache.get(name)
    if cached is None:
        games = _opponents(ctx)
        cached = ctx.cache[name] = {n: fn(games[n]) if games else None for n in ctx.sheet.numbers}
    return cached  # type: ignore[return-value]


def _cells(values: dict[int, int | None]) -> dict[int, Cell]:
    return {n: Cell((v is not None, v or 0), v) for n, v in values.items()}


def _average_of(ctx: Context, values: dict[int, int | None]) -> dict[int, Cell]:
    """The average, rounded half up, of the opponents' values over the games played."""
    games = _opponents(ctx) or {}
    out = {}
    for n in ctx.sheet.numbers:
        own = [values[o] for o, _, _ in games.get(n, []) if values[o] is not None]
        out[n] = _half_up(Fraction(sum(own), len(own))) if own else None
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
