"""The command line: ``python -m xiangqi replay FILE.pgn`` and ``python -m xiangqi convert
FILE.pgn --to iccs|vi|wxf|asian|zh``. The file's encoding is found as ``files.read_file`` says
(or named with ``--encoding``) and reported on standard error. ``replay`` prints one line per
game, never stopping at a bad one: ``N ok FEN``, ``N illegal PLY MOVE WHY`` or ``N unreadable
LINE WHY`` (tab-separated). A file that cannot be read gives one line on standard error and
exit status 2; a game that is illegal or unreadable makes the exit status 1."""

from __future__ import annotations

import argparse
import sys

from .files import ENCODINGS, READ, UNREADABLE, EncodingError, GameFile, Verdict, read_file
from .notation import NOTATIONS
from .pgn import write_pgn
from .record import convert


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m xiangqi",
                                     description="Replay and convert Xiangqi PGN files.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="print each game's final FEN or why it fails")
    conv = commands.add_parser("convert", help="print the games in another notation")
    conv.add_argument("--to", choices=NOTATIONS, required=True)
    for command in (replay, conv):
        command.add_argument("file")
        command.add_argument("--encoding", choices=tuple(ENCODINGS),
                             help="the file's encoding (found from its bytes and moves if "
                                  "not given)")
    args = parser.parse_args(argv)
    try:
        with open(args.file, "rb") as handle:
            found = read_file(handle.read(), args.encoding)
    except (OSError, EncodingError) as error:
        print(f"xiangqi: {args.file}: {_reason(error)}", file=sys.stderr)
        return 2
    print(f"xiangqi: {args.file}: {found.encoding}, {len(found.verdicts)} games, "
          f"{found.read} read", file=sys.stderr)
    if args.command == "replay":
        for verdict in found.verdicts:
            print("\t".join(map(str, _replay_line(verdict))))
        return 0 if found.read == len(found.verdicts) else 1
    return _convert(found, args.to)


def _reason(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _replay_line(verdict: Verdict) -> tuple:
    number = verdict.number
    if verdict.status == UNREADABLE:
        return number, UNREADABLE, verdict.error.line, verdict.error.reason
    played = verdict.replay
    if played.error:
        return number, "illegal", played.error.ply, played.error.text, played.error.reason
    return number, "ok", played.final.fen()


def _convert(found: GameFile, notation: str) -> int:
    status, out = 0, []
    for verdict in found.verdicts:
        if verdict.status == READ:
            out.append(convert(verdict.record, notation))
            continue
        status = 1
        error = verdict.error or verdict.replay.error
        print(f"xiangqi: game {verdict.number}: {error}", file=sys.stderr)
    sys.stdout.write(write_pgn(out))
    return status
