"""``python -m pairings knockout N [--double] [--third-place]``: print a bracket as JSON.

Fields: ``entrants``, ``double``, ``third_place``, ``size`` (lines of the drawn bracket),
``first_round_entrants`` (X of appendix §2), ``byes`` (seed numbers), ``matches`` (a - 1 or
2a - 2: without the decider or the third-place match), ``matches_with_decider`` (double only),
``matches_with_third_place`` (with --third-place only), and ``rounds``: the event's playing
rounds, A and B in parallel, each with its matches (code, bracket, bracket_round, home, away,
winner_to, loser_to; the decider says when it is played). A side is ``{"seed": k}``,
``{"winner_of": code}`` or ``{"loser_of": code}``. Bad input: a message on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from pairings.knockout import Bracket, KnockoutError, Match, Seed, Slot, WinnerOf, knockout

MAX_ENTRANTS = 4096
"""The command line's limit, so a typo cannot print millions of lines; the engine has none."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pairings knockout",
        description="Knockout bracket (Vietnamese Xiangqi Law, appendix §2 and §3).",
    )
    parser.add_argument("entrants", type=int, metavar="N", help="number of entrants (>= 2)")
    parser.add_argument("--double", action="store_true", help="double elimination (§3)")
    parser.add_argument(
        "--third-place", action="store_true", help="single elimination: add the 3rd-place match"
    )
    return parser


def _slot(slot: Slot) -> dict[str, int | str]:
    if isinstance(slot, Seed):
        return {"seed": slot.seed}
    if isinstance(slot, WinnerOf):
        return {"winner_of": slot.code}
    return {"loser_of": slot.code}


def _match(match: Match) -> dict[str, object]:
    out: dict[str, object] = {
        "code": match.code,
        "bracket": match.bracket,
        "bracket_round": match.round,
        "home": _slot(match.home),
        "away": _slot(match.away),
        "winner_to": match.winner_to,
        "loser_to": match.loser_to,
    }
    if match.bracket == "D":
        out["only_if"] = "away wins F"
    return out


def bracket_json(bracket: Bracket) -> dict[str, object]:
    """The bracket as a JSON-ready dict (the command's output)."""
    stages = sorted({m.stage for m in bracket.matches})
    out: dict[str, object] = {
        "entrants": bracket.entrants,
        "double": bracket.double,
        "third_place": bracket.third_place,
        "size": bracket.size,
        "first_round_entrants": bracket.first_round_entrants,
        "byes": list(bracket.byes),
        "matches": bracket.match_count,
    }
    if bracket.double:
        out["matches_with_decider"] = bracket.match_count + 1
    if bracket.third_place:
        out["matches_with_third_place"] = bracket.match_count + 1
    out["rounds"] = [
        {"round": stage, "matches": [_match(m) for m in bracket.matches if m.stage == stage]}
        for stage in stages
    ]
    return out


def main(argv: list[str]) -> int:
    """Print the bracket for ``argv``; return the exit code (0, or 2 on bad input)."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:  # argparse already wrote its message to stderr
        return int(stop.code or 0)
    if args.entrants > MAX_ENTRANTS:
        print(f"knockout: at most {MAX_ENTRANTS} entrants, got {args.entrants}", file=sys.stderr)
        return 2
    try:
        bracket = knockout(args.entrants, double=args.double, third_place=args.third_place)
    except KnockoutError as error:
        print(f"knockout: {error}", file=sys.stderr)
        return 2
    print(json.dumps(bracket_json(bracket), ensure_ascii=False, indent=2))
    return 0
