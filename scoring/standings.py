"""Standings: participants in rank order, with every tie-break value and why adjacent rows differ.

Ranking follows FIDE C.07 (and the law's "nếu vẫn bằng nhau thì ..."): participants are grouped by
points; each criterion, in the statute's order, splits every group still tied; criteria computed
among the tied (DE, H2H) are computed inside each group and re-applied to the sub-groups they
leave tied, so a DE between three players with one clear winner goes on to settle the other two.
Participants still tied after the last criterion share a rank (listed by number).

The law's orders (Art. 21.3, appendix §5.3, Art. 21.4) and the federations' are named in
``scoring/presets.py`` and freely re-orderable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from records import Tournament
from scoring.formats import Format, detect_format
from scoring.points import System, format_points, score_event
from scoring.presets import LAW_APPENDIX as LAW_APPENDIX  # the law's orders, read from here too
from scoring.presets import LAW_ROUND_ROBIN as LAW_ROUND_ROBIN
from scoring.presets import LAW_SWISS as LAW_SWISS
from scoring.presets import LAW_TEAMS as LAW_TEAMS
from scoring.presets import NAMED_ORDERS
from scoring.tiebreaks import (
    REGISTRY,
    Cell,
    Context,
    Edition,
    HeadToHeadAmong,
    Spec,
    edition_for,
)
from scoring.withdrawals import apply_withdrawals, struck, withdrew_by_half


def resolve_order(text: str | Iterable[str]) -> tuple[str, ...]:
    """A statute's order from a named shorthand (``law-rr``) or comma-separated codes."""
    items = text.split(",") if isinstance(text, str) else list(text)
    out: list[str] = []
    for item in (i.strip() for i in items):
        if item.lower() in NAMED_ORDERS:
            out.extend(NAMED_ORDERS[item.lower()])
        elif item:
            out.append(item)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a row ranks ahead of the next one with equal points: the first criterion that differs
    and both values (``criterion`` None: still tied)."""

    criterion: str | None
    upper: object
    lower: object

    def __str__(self) -> str:
        if self.criterion is None:
            return "tied"
        return f"{self.criterion}: {_fmt(self.upper)} vs {_fmt(self.lower)}"


@dataclass(frozen=True, slots=True)
class Row:
    rank: int
    number: int
    points: Fraction
    match_points: Fraction
    game_points: Fraction
    values: tuple[object, ...]  # one per criterion, as shown
    # Against the next row, when both have equal points; None otherwise or on the last row.
    explanation: Explanation | None = None


@dataclass(frozen=True, slots=True)
class Standings:
    criteria: tuple[str, ...]
    rows: tuple[Row, ...]
    format: Format
    edition: Edition
    after_round: int
    lots_seed: int | None
    # Art. 21.5.1: round-robin participants who withdrew having played half or fewer of their
    # games (all cancelled): listed after the ranking, not ranked.
    withdrawn: tuple[int, ...] = ()

    def by_number(self) -> tuple[Row, ...]:
        return tuple(sorted(self.rows, key=lambda r: r.number))

    def value(self, number: int, criterion: str) -> object:
        row = next(r for r in self.rows if r.number == number)
        return row.values[self.criteria.index(criterion.upper())]


def standings(
    tournament: Tournament,
    system: System,
    tiebreaks: Sequence[str] | str,
    *,
    after_round: int | None = None,
    lots_seed: int | None = None,
    fmt: Format | None = None,
    edition: Edition | None = None,
    start_date: date | None = None,
    unrated_rating: int | None = None,
    withdrawals: bool = True,
    fouls: dict[int, int] | None = None,
    h2h_among: HeadToHeadAmong = HeadToHeadAmong.ALL_TIED,
) -> Standings:
    """Rank ``tournament`` after ``after_round`` (default: the last paired round).

    ``tiebreaks`` is the statute's order (codes or a named order); primary points always rank
    first and ``PTS`` at its head is not repeated. ``fmt`` defaults to :func:`detect_format`;
    ``edition`` to the C.07 text in force on ``start_date``. Withdrawals (Art. 21.5) are applied
    first unless ``withdrawals=False`` (the transformation is idempotent). ``fouls``: the fouls
    the arbiters recorded per participant, for ``FOUL``. ``h2h_among``: the statute's reading
    of Art. 21.3's head-to-head when three or more are tied. A round-robin participant whose games
    were all cancelled (Art. 21.5.1) is not ranked: their number is in ``withdrawn``.
    """
    fmt = fmt or detect_format(tournament)
    apart = _set_apart(tournament, fmt) if withdrawals else ()
    if withdrawals:
        tournament = apply_withdrawals(tournament, fmt)
    specs = [Spec.parse(c) for c in resolve_order(tiebreaks)]
    criteria = tuple(s.text for s in specs)
    ranking = specs if specs and specs[0].code == "PTS" and specs[0].score is None \
        else [Spec.parse("PTS"), *specs]
    sheet = score_event(tournament, system, after_round=after_round)
    ctx = Context(sheet, fmt, edition or edition_for(start_date), lots_seed, unrated_rating,
                  dict(fouls or {}), h2h_among)
    global_cells = {i: REGISTRY[s.code].compute(ctx, s) for i, s in enumerate(ranking)
                    if not REGISTRY[s.code].group}
    trails: dict[int, list[tuple[int, object, object]]] = {n: [] for n in sheet.numbers}
    shown: dict[tuple[int, int], object] = {
        (n, i): cell.shown for i, cells in global_cells.items() for n, cell in cells.items()}
    ranked = [n for n in sheet.numbers if n not in apart]
    blocks = [ranked] if ranked else []  # an event without entries yet
    for i, spec in enumerate(ranking):
        blocks = _split_all(ctx, spec, i, blocks, global_cells.get(i), trails, shown)
    return Standings(
        criteria=criteria,
        rows=_rows(sheet, ranking, specs, blocks, trails, shown),
        format=fmt, edition=ctx.edition, after_round=sheet.rounds, lots_seed=lots_seed,
        withdrawn=apart,
    )


def _set_apart(tournament: Tournament, fmt: Format) -> tuple[int, ...]:
    """Art. 21.5.1: the round-robin participants withdrawn with half or fewer games played,
    whose games are all cancelled, and those struck from the list and the results (Art. 16.1
    e); they are shown apart from the ranking."""
    out = set(struck(tournament))
    if fmt is Format.ROUND_ROBIN:
        out.update(p.number for p in tournament.participants
                   if p.withdrawn_after is not None and p.disqualified is None
                   and withdrew_by_half(tournament, p))
    return tuple(sorted(out))


def _split_all(ctx: Context, spec: Spec, index: int, blocks: list[list[int]],
               cells: dict[int, Cell] | None, trails: dict[int, list[tuple[int, object, object]]],
               shown: dict[tuple[int, int], object]) -> list[list[int]]:
    """Split every tied block by one criterion (``cells`` given: computed for all at once)."""
    out: list[list[int]] = []
    for block in blocks:
        if len(block) == 1:
            out.append(block)
        elif cells is not None:
            out.extend(_split(block, cells, index, trails, shown))
        else:
            out.extend(_split_group(ctx, spec, index, block, trails, shown))
    return out


def _split_group(ctx: Context, spec: Spec, index: int, block: list[int],
                 trails: dict[int, list[tuple[int, object, object]]],
                 shown: dict[tuple[int, int], object]) -> list[list[int]]:
    """A criterion computed among the tied, re-applied to each sub-group it leaves tied
    (C.07 §6; the law's head-to-head read the same way)."""
    parts = _split(block, REGISTRY[spec.code].compute(ctx, spec, block), index, trails, shown)
    if len(parts) == 1:
        return parts
    out: list[list[int]] = []
    for part in parts:
        out.extend(_split_group(ctx, spec, index, part, trails, shown) if len(part) > 1
                   else [part])
    return out


def _split(block: list[int], cells: dict[int, Cell], index: int,
           trails: dict[int, list[tuple[int, object, object]]],
           shown: dict[tuple[int, int], object]) -> list[list[int]]:
    for n in block:
        trails[n].append((index, cells[n].key, cells[n].shown))
        shown[(n, index)] = cells[n].shown
    if len(block) == 1:
        return [block]
    ordered = sorted(block, key=lambda n: cells[n].key, reverse=True)
    parts: list[list[int]] = [[ordered[0]]]
    for n in ordered[1:]:
        if cells[n].key == cells[parts[-1][0]].key:
            parts[-1].append(n)
        else:
            parts.append([n])
    return parts


def _rows(sheet, ranking, specs, blocks, trails, shown) -> tuple[Row, ...]:
    rows: list[Row] = []
    offset = 0 if ranking is specs else 1
    order: list[tuple[int, int]] = []
    position = 1
    for block in blocks:
        for n in sorted(block):
            order.append((position, n))
        position += len(block)
    totals = {k: sheet.totals(k) for k in ("mp", "gp")}
    primary = sheet.totals()
    for i, (rank, n) in enumerate(order):
        explanation = None
        if i + 1 < len(order) and primary[order[i + 1][1]] == primary[n]:
            explanation = _explain(ranking, trails[n], trails[order[i + 1][1]])
        rows.append(Row(
            rank=rank, number=n, points=sheet.fraction(primary[n]),
            match_points=sheet.fraction(totals["mp"][n]),
            game_points=sheet.fraction(totals["gp"][n]),
            values=tuple(shown.get((n, j + offset)) for j in range(len(specs))),
            explanation=explanation,
        ))
    return tuple(rows)


def _explain(ranking: list[Spec], upper: list[tuple[int, object, object]],
             lower: list[tuple[int, object, object]]) -> Explanation:
    """The first evaluation at which two rows' trails differ, or "tied"."""
    for (i, key_a, shown_a), (_, key_b, shown_b) in zip(upper, lower, strict=False):
        if key_a != key_b:
            return Explanation(ranking[i].text, shown_a, shown_b)
    return Explanation(None, None, None)


def _fmt(value: object) -> str:
    return format_value(value)


def format_value(value: object) -> str:
    """Exact text of a criterion's value: ``12.5``, ``0.75``, ``3/2/1`` for board sums."""
    if isinstance(value, tuple):
        return "/".join(format_value(v) for v in value)
    if value is None:
        return "-"
    if isinstance(value, (int, Fraction)):
        return format_points(value)
    return str(value)
