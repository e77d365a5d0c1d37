"""The command line: ``python -m xiangqi replay FILE.pgn`` and ``python -m xiangqi convert
FILE.pgn --to iccs|vi|wxf|zh``. A file that cannot be read gives one line on standard error
and exit status 2; a game with an illegal move makes ``convert`` exit with status 1."""

from __future__ import annotations

import argparse
import sys

from .notation import NOTATIONS
from .pgn import PgnError, read_pgn, write_pgn
from .record import GameRecord, MoveError, convert


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m xiangqi",
                                     description="Replay and convert Xiangqi PGN files.")
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="print each game's final FEN or first illegal move")
    replay.add_argument("file")
    conv = commands.add_parser("convert", help="print the games in another notation")
    conv.add_argument("file")
    conv.add_argument("--to", choices=NOTATIONS, required=True)
    args = parser.parse_args(argv)
    try:
        games = _load(args.file)
    except (OSError, UnicodeDecodeError, PgnError) as error:
        print(f"xiangqi: {args.file}: {_reason(error)}", file=sys.stderr)
        return 2
    if args.command == "replay":
        for number, game in enumerate(games, start=1):
            print("\t".join(map(str, _replay_line(number, game))))
        return 0
    return _convert(games, args.to)


def _load(path: str) -> list[GameRecord]:
    with open(path, encoding="utf-8-sig") as handle:
        return read_pgn(handle.read())


def _reason(error: Exception) -> str:
    if isinstance(error, UnicodeDecodeError):
        return "not a UTF-8 text file"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error)


def _replay_line(number: int, game: GameRecord) -> tuple:
    played = game.replay()
    if played.error:
        return number, "illegal", played.error.ply, played.error.text
    return number, "ok", played.final.fen()


def _convert(games: list[GameRecord], notation: str) -> int:
    status, out = 0, []
    for number, game in enumerate(games, start=1):
        try:
            out.append(convert(game, notation))
        except MoveError as error:
            print(f"xiangqi: game {number}: {error}", file=sys.stderr)
            status = 1
    sys.stdout.write(write_pgn(out))
    return status
