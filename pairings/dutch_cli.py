"""``python -m pairings dutch FILE.trf -p [OUT]`` / ``-c``: the Dutch engine on a TRF-16 file.

``-p`` pairs the next round and writes, like bbpPairings, the number of pairs (the bye counts as
one) on the first line, then ``white black`` per board by pairing number, ``id 0`` for the
pairing-allocated bye; with ``--explain [FILE]`` also why (``pairings/dutch_explain.py``), in
English, to FILE or after the pairing. Byes already written in the file for that round (``H``,
``F``, ``Z``) are absences. ``-c`` re-pairs every round from the results before it and reports
each round whose pairing differs from what the rules give (exit code 1 if any).

Read: player lines, ``XXR``/``142`` rounds, ``XXC``/``152`` initial colour (else inferred from
round 1, as bbpPairings does), ``BB?``/``162`` points, ``XXP``/``260`` forbidden pairs,
``XXA``/``250`` virtual points, ``192 FIDE_DUTCH_2025_BAKU`` Baku acceleration.
The file may be in any encoding the pairing programs write (``records/trf_fields.py``); what
the reader notes (a points column that disagrees with the results...) is printed on stderr as a
warning. Bad input, or a round past the announced ones (the event is over): one line on stderr
and exit code 2; no valid pairing: exit code 1.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from pairings.colours import infer_initial_colour
from pairings.dutch import DutchOptions, RoundPairing, pair_round
from pairings.dutch_explain_text import explanation_text
from pairings.swiss_state import DutchError, ForbiddenPairs, NoValidPairing, PointValues
from records import Bye, Colour, Tournament, trf, trf_extensions


@dataclass(frozen=True)
class TrfEvent:
    """A TRF file as the Dutch engine needs it."""

    tournament: Tournament
    options: DutchOptions
    next_round: int


def load(text: str, *, need_colour: bool = True) -> TrfEvent:
    return from_document(trf.read(text), need_colour=need_colour)


def from_document(doc: trf.TrfDocument, *, need_colour: bool = True) -> TrfEvent:
    tournament = doc.tournament
    points = trf_extensions.point_system(doc)
    default = PointValues()
    values = PointValues(
        win=points.get("BBW", default.win), draw=points.get("BBD", default.draw),
        loss=points.get("BBL", default.loss),
        forfeit_loss=points.get("BBF", default.forfeit_loss),
        zero_bye=points.get("BBZ", default.zero_bye), pab=points.get("BBU"))
    manual = trf_extensions.accelerations(doc)
    system = trf_extensions.pairing_system(doc) or ""
    acceleration = manual or ("baku" if system.endswith("_BAKU") else None)
    colour = trf_extensions.colour_of_first_board(doc) or infer_initial_colour(tournament)
    if colour is None and need_colour:
        raise DutchError("Please configure the initial piece colours (XXC white1|black1).")
    forbidden = tuple(ForbiddenPairs(g.players, g.first, g.last)
                      for g in trf_extensions.forbidden_groups(doc))
    options = DutchOptions(initial_colour=colour or Colour.WHITE, points=values,
                           acceleration=acceleration, forbidden_pairs=forbidden,
                           total_rounds=trf_extensions.rounds_announced(doc) or None)
    return TrfEvent(tournament, options, next_round(tournament))


def next_round(tournament: Tournament) -> int:
    """The round to pair: after the last round with a game or a pairing-allocated bye. If every
    player already has an entry for that round (all absent), the one after (bbpPairings)."""
    paired = max((p.round for p in tournament.pairings
                  if not p.is_bye or p.bye is Bye.PAIRING_ALLOCATED), default=0)
    entries = {p.first for p in tournament.pairings_of_round(paired + 1)}
    if entries and entries >= {p.number for p in tournament.participants}:
        return paired + 2
    return paired + 1


def format_pairing(pairing: RoundPairing) -> str:
    lines = [str(len(pairing.boards) + (pairing.bye is not None))]
    lines += [f"{w} {b}" for w, b in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join(lines) + "\n"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m pairings dutch",
        description="FIDE Dutch system (C.04.3, 2025 rules) on a TRF-16 file.")
    parser.add_argument("file", type=Path)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", nargs="?", const="-", metavar="OUT",
                      help="pair the next round; write to OUT (default stdout)")
    mode.add_argument("-c", action="store_true", help="check the pairings of every round")
    parser.add_argument("--explain", nargs="?", const="-", metavar="FILE",
                        help="with -p: why each bracket and each board's colours, as text; "
                             "to FILE (default stdout, after the pairing)")
    return parser


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    try:
        doc = trf.read_bytes(args.file.read_bytes())
        for warning in doc.warnings:
            print(f"dutch: {args.file}: warning: {warning}", file=sys.stderr)
        event = from_document(doc)
        if args.c:
            return _check(event, args.file.stem)
        pairing = pair_round(event.tournament, event.next_round, event.options,
                             explain=args.explain is not None)
    except NoValidPairing as error:
        print(f"dutch: {args.file}: no valid pairing exists: {error}", file=sys.stderr)
        return 1
    except (OSError, trf.TrfError, DutchError) as error:
        print(f"dutch: {args.file}: {error}", file=sys.stderr)
        return 2
    _write(args.p, format_pairing(pairing))
    if pairing.explanation is not None:
        _write(args.explain, explanation_text(pairing.round, pairing.explanation))
    return 0


def _write(target: str, text: str) -> None:
    if target == "-":
        sys.stdout.write(text)
    else:
        Path(target).write_text(text, encoding="utf-8")


def _check(event: TrfEvent, name: str) -> int:
    from pairings.checker import check_tournament

    reports = check_tournament(event.tournament, event.options)
    differs = 0
    for report in reports:
        print(f"{name}: Round #{report.round}")
        for message in report.messages:
            print(f"  {message.text}")
        differs += bool(report.messages)
    return 1 if differs else 0
