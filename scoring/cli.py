"""Command line: ``python -m scoring standings FILE.trf --tiebreaks PTS,DE,SB,WIN,BWG`` and
``python -m scoring ratings FILE.trf [--k-table fide|cxa] [--k N]``.

Prints a tab-separated table with a header: ``Rank``, ``StartNo``, then one column per criterion
asked for, named by its C.07 code, rows in start-number order. Named orders (``law-rr``,
``law-appendix``, ``law-swiss``, ``law-teams``) are accepted as shorthands. Round robin or Swiss
is read from the file (every pair met equally often → round robin) unless forced. Point values
come from the file's ``BBW BBD BBL BBZ BBF BBU`` lines when present; the C.07 edition from its
start date (``042``) unless ``--edition`` is given. The file may be in any encoding the pairing
programs write; what the reader notes (a points column that disagrees with the results...) is
printed on stderr as a warning; a file that cannot be read, one line on stderr and exit code 2.

Named orders include the federations' presets (``scoring/presets.py``: ``cxa-rr``, ``axf``,
``wxf``, ...); codes include the Xiangqi criteria (``OS``, ``FOUL``, ``H2H2``, ...) and C.07's
performance criteria (``TPR``, ``PTP``, ``APRO``, ``APPO``).

``ratings`` prints, per player in start-number order, ``StartNo``, ``Rating``, ``Games`` (rated
games), ``Score``, ``Expected`` and ``Change`` (tab-separated, a header line), from the ratings in
the file (0: unrated) under the chosen K table (``scoring/ratings.py``); ``--k`` gives every
player the same K. An unrated player's ``Rating`` prints ``-`` and its ``Change`` its first
rating once it has enough games (``=2150``), else ``-``.

Values print exactly (``12.5``, ``0.75``). ``DE`` and ``H2H`` are computed inside the tied group
where they applied and print ``-`` for a participant who was not tied there; ``LOT`` prints the
position drawn (``--lots-seed``), or ``-`` when no lots were drawn.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from datetime import date
from fractions import Fraction
from pathlib import Path

from records import trf
from scoring.formats import Format
from scoring.points import ScoringSystem, format_points
from scoring.ratings import REGULATIONS, rating_report
from scoring.standings import format_value, standings
from scoring.tiebreaks import Edition, TiebreakError


def system_from_points(values: dict[str, Fraction]) -> ScoringSystem:
    """The scoring system a TRF's ``BB?`` lines describe (defaults: Art. 21.1)."""
    base = ScoringSystem()
    win = values.get("BBW", base.win)
    draw = values.get("BBD", base.draw)
    return ScoringSystem(
        win=win, draw=draw, loss=values.get("BBL", base.loss),
        forfeit_win=win, forfeit_loss=values.get("BBF", base.forfeit_loss),
        pairing_bye=values.get("BBU", win), full_bye=win, half_bye=draw,
        zero_bye=values.get("BBZ", base.zero_bye),
    )


def start_date(info: Sequence[tuple[str, str]]) -> date | None:
    """The event's start date from the ``042`` line (``YYYY/MM/DD`` or ``YYYY-MM-DD``)."""
    text = dict(info).get("042", "")
    m = re.match(r"\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text)
    if not m:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def _document(source: str | trf.TrfDocument) -> trf.TrfDocument:
    return trf.read(source) if isinstance(source, str) else source


def standings_table(source: str | trf.TrfDocument, tiebreaks: str, *,
                    after_round: int | None = None, fmt: Format | None = None,
                    edition: Edition | None = None, lots_seed: int | None = None) -> str:
    """The table for a TRF file's text, or for a file already read."""
    doc = _document(source)
    result = standings(
        doc.tournament, system_from_points(doc.point_values), tiebreaks,
        after_round=after_round, fmt=fmt, edition=edition, start_date=start_date(doc.info),
        lots_seed=lots_seed,
    )
    lines = ["\t".join(("Rank", "StartNo", *result.criteria))]
    for row in result.by_number():
        lines.append("\t".join((str(row.rank), str(row.number),
                                *(format_value(v) for v in row.values))))
    return "\n".join(lines) + "\n"


def ratings_table(source: str | trf.TrfDocument, *, table: str = "fide", k: int | None = None,
                  after_round: int | None = None) -> str:
    doc = _document(source)
    start = start_date(doc.info)
    rows = rating_report(doc.tournament, REGULATIONS[table], year=start.year if start else None,
                         after_round=after_round, k=k)
    lines = ["\t".join(("StartNo", "Rating", "Games", "Score", "Expected", "Change"))]
    for row in rows:
        if row.rating is None:
            change = "-" if row.new_rating is None else f"={row.new_rating}"
        else:
            change = format_points(row.change)
        lines.append("\t".join((str(row.number), format_value(row.rating), str(row.games),
                                format_points(row.score), format_points(row.expected), change)))
    return "\n".join(lines) + "\n"


def _run(args: argparse.Namespace) -> str:
    doc = trf.read_bytes(args.file.read_bytes())
    for warning in doc.warnings:
        print(f"{args.command}: {args.file}: warning: {warning}", file=sys.stderr)
    if args.command == "ratings":
        return ratings_table(doc, table=args.k_table, k=args.k, after_round=args.after_round)
    fmt = Format.ROUND_ROBIN if args.round_robin else Format.SWISS if args.swiss else None
    return standings_table(
        doc, args.tiebreaks, after_round=args.after_round, fmt=fmt,
        edition=Edition(args.edition) if args.edition else None, lots_seed=args.lots_seed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring",
                                     description="Xiangqi event scoring engine")
    commands = parser.add_subparsers(dest="command", required=True)
    cmd = commands.add_parser("standings", help="standings of a TRF-16 file as TSV")
    cmd.add_argument("file", type=Path)
    cmd.add_argument("--tiebreaks", default="PTS", help="codes or a named order (law-rr, ...)")
    cmd.add_argument("--after-round", type=int)
    kind = cmd.add_mutually_exclusive_group()
    kind.add_argument("--round-robin", action="store_true")
    kind.add_argument("--swiss", action="store_true")
    cmd.add_argument("--edition", choices=[e.value for e in Edition])
    cmd.add_argument("--lots-seed", type=int)
    rating = commands.add_parser("ratings", help="rating change per player as TSV")
    rating.add_argument("file", type=Path)
    rating.add_argument("--k-table", choices=sorted(REGULATIONS), default="fide")
    rating.add_argument("--k", type=int, help="one K for every player")
    rating.add_argument("--after-round", type=int)
    args = parser.parse_args(argv)
    try:
        out = _run(args)
    except (trf.TrfError, TiebreakError, OSError) as exc:
        print(f"{args.command}: {args.file}: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(out)
    return 0
