"""Writes fairy_games.txt: random legal games played by Fairy-Stockfish (pyffish), the
established engine the move generator is checked against.

Not a test (pyffish costs milliseconds a call, too slow to play thousands of games in the
suite). Run: ``python tests/xiangqi/data/make_fairy_games.py GAMES SEED FILE`` (it appends, a
game a line, so several seeds can run side by side; the stored file holds the first 250 games
of each of seeds 18, 19 and 20, in that order). Each line: the game's
ICCS moves, a tab, Fairy-Stockfish's FEN after them (board and side), a tab, its legal moves
there in ICCS (sorted, space-separated) and a tab, whether the side to move is in check (0/1).
Fairy-Stockfish writes ranks 1..10; ICCS counts 0..9.
"""

import random
import re
import sys
from pathlib import Path

import pyffish as sf


def iccs(uci: str) -> str:
    """Fairy-Stockfish's "h3e3" in ICCS ("h2e2")."""
    a, b, c, d = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", uci).groups()
    return f"{a}{int(b) - 1}{c}{int(d) - 1}"


def uci(move) -> str:
    """A move (ICCS "h2e2") as Fairy-Stockfish writes it ("h3e3")."""
    s = str(move)
    return f"{s[0]}{int(s[1]) + 1}{s[2]}{int(s[3]) + 1}"


def main(games: int, seed: int, out: Path) -> None:
    rng = random.Random(seed)
    start = sf.start_fen("xiangqi")
    for _ in range(games):
        played = []  # Fairy-Stockfish replays the game from the start at every call
        for _ply in range(rng.randint(30, 120)):
            legal = sorted(sf.legal_moves("xiangqi", start, played))
            if not legal:
                break
            played.append(rng.choice(legal))
        append_game(out, start, played)


def append_game(out: Path, start: str, played: list[str]) -> None:
    """Fairy-Stockfish's end of a game (refused if a move is illegal), a line appended."""
    legal = sorted(iccs(u) for u in sf.legal_moves("xiangqi", start, played))
    fen = sf.get_fen("xiangqi", start, played)
    check = int(sf.gives_check("xiangqi", start, played))
    line = "\t".join((" ".join(map(iccs, played)), " ".join(fen.split()[:2]), " ".join(legal),
                      str(check)))
    with out.open("a") as handle:
        handle.write(line + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]))
