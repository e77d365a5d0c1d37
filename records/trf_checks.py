"""What a TRF file may mean otherwise than the reader reads it: the warnings ``trf.read`` gives.

A points column that disagrees with the results (the column is kept as written: another program
may count what this one cannot see), and a bye written as a draw (``0000 - =``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from records import Bye, Outcome
from records.trf_document import RoundEntry, TrfDocument, TrfWarning
from records.trf_extensions import point_system
from records.trf_fields import is_points, points_text


def bye_notes(rows: Mapping[int, tuple[int, list[RoundEntry]]]) -> list[TrfWarning]:
    """``0000 - =``: a bye written as a draw, read as a half-point bye. ``rows``: by line, the
    player's start number and round blocks."""
    return [TrfWarning("bye_as_draw", line,
                       f"round {rnd}: player {number} has no opponent and a draw "
                       f"({e.code}): read as a half-point bye",
                       {"number": str(number), "round": str(rnd)})
            for line, (number, entries) in rows.items()
            for rnd, e in enumerate(entries, start=1) if e.opponent == 0 and e.code in "=D"]


def points_notes(doc: TrfDocument, line_of: dict[int, int]) -> list[TrfWarning]:
    """Each player whose points column (kept as written) is not what the results give with the
    file's point values. Rounds after the last one paired (byes requested ahead) do not count."""
    earned = results_points(doc)
    notes = []
    for number, written in doc.totals.items():
        if not written:
            continue
        same = is_points(written) and Fraction(written) == earned[number]
        if not same:
            notes.append(TrfWarning(
                "points", line_of[number],
                f"player {number}: the points column says {written}, the results give "
                f"{points_text(earned[number])}",
                {"number": str(number), "written": written,
                 "results": points_text(earned[number])}))
    return notes


def results_points(doc: TrfDocument) -> dict[int, Fraction]:
    """Each participant's points from the results, with the file's point values (``BB?``,
    ``162``; defaults 1 / ½ / 0, a pairing-allocated bye worth a win)."""
    points = point_system(doc)
    win, draw = points.get("BBW", Fraction(1)), points.get("BBD", Fraction(1, 2))
    worth = {Outcome.WIN: win, Outcome.FORFEIT_WIN: win, Outcome.FULL_BYE: win,
             Outcome.PAIRING_BYE: points.get("BBU", win), Outcome.DRAW: draw,
             Outcome.HALF_BYE: draw, Outcome.LOSS: points.get("BBL", Fraction(0)),
             Outcome.FORFEIT_LOSS: points.get("BBF", Fraction(0)),
             Outcome.ZERO_BYE: points.get("BBZ", Fraction(0)), Outcome.CANCELLED: Fraction(0)}
    tournament = doc.tournament
    last = max((p.round for p in tournament.pairings
                if not p.is_bye or p.bye is Bye.PAIRING_ALLOCATED), default=0)
    counts: Counter[tuple[int, Outcome]] = Counter()  # exact sums, few Fraction operations
    for p in tournament.pairings:
        if p.round > last:
            continue
        if p.second is None:
            counts[p.first, (p.bye or Bye.ZERO_POINT).outcome] += 1
        elif p.result is not None:
            counts[p.white, p.result.outcome_for(True)] += 1  # type: ignore[index]
            counts[p.black, p.result.outcome_for(False)] += 1  # type: ignore[index]
    out = {p.number: Fraction(0) for p in tournament.participants}
    for (number, outcome), count in counts.items():
        out[number] += worth[outcome] * count
    return out
