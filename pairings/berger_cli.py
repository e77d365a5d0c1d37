"""``python -m pairings berger N [--double] [--fide-annex]``: print a Berger table.

One line per board, ``round board white black``, boards in the law's order (Appendix §5).
For odd N the resting player's line shows 0 for the missing opponent. Bad input: a message on
stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import sys

from pairings.berger import BergerError, berger_table


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pairings berger",
        description="Berger round-robin table (Vietnamese Xiangqi Law, appendix §5).",
    )
    parser.add_argument("players", type=int, metavar="N", help="number of players (>= 2)")
    parser.add_argument("--double", action="store_true", help="second cycle with colours reversed")
    parser.add_argument(
        "--fide-annex",
        action="store_true",
        help="with --double: swap the first cycle's last two rounds (FIDE C.05 Annex 1)",
    )
    return parser


def main(argv: list[str]) -> int:
    """Print the table for ``argv``; return the exit code (0, or 2 on bad input)."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:  # argparse already wrote its message to stderr
        return int(stop.code or 0)
    try:
        table = berger_table(args.players, double=args.double, fide_annex_swap=args.fide_annex)
    except BergerError as error:
        print(f"berger: {error}", file=sys.stderr)
        return 2
    for line in table:
        print(line.round, line.board, line.white, line.black)
    return 0
