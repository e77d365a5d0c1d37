"""Command line: ``python -m pairings <berger|knockout|dutch> ...``."""

import importlib
import sys

COMMANDS = {
    "berger": "pairings.berger_cli",
    "knockout": "pairings.knockout_cli",
    "dutch": "pairings.dutch_cli",
}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(f"usage: python -m pairings {{{','.join(COMMANDS)}}} ...", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[argv[0]])
    return module.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
