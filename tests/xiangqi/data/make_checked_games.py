"""Writes checked_games.txt: random games played by this package's move generator (captures
preferred now and then, so games reach open, tactical positions), each handed whole to
Fairy-Stockfish (pyffish), which refuses a game with an illegal move and reports the FEN, its
legal moves and check at the end.

Not a test. Run: ``python tests/xiangqi/data/make_checked_games.py GAMES SEED FILE`` (it appends);
the stored file holds 2,000 games of seed 18. Lines as in ``make_fairy_games.py``.
"""

import random
import sys
from pathlib import Path

import pyffish as sf

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.xiangqi.data.make_fairy_games import append_game, uci  # noqa: E402
from xiangqi import START_FEN, Position  # noqa: E402


def main(games: int, seed: int, out: Path) -> None:
    rng = random.Random(seed)
    start = sf.start_fen("xiangqi")
    for _ in range(games):
        position, played = Position.from_fen(START_FEN), []
        for _ply in range(rng.randint(30, 160)):
            legal = position.legal_moves()
            if not legal:
                break
            captures = [m for m in legal if position.board[m.to]]
            move = rng.choice(captures if captures and rng.random() < 0.5 else legal)
            played.append(uci(move))
            position = position.play(move)
        append_game(out, start, played)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]))
