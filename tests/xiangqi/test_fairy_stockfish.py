"""The move generator against Fairy-Stockfish, an established engine (test-only dependency).

pyffish costs milliseconds a call, too slow to play thousands of games in the suite, so two
files hold its answers: ``data/fairy_games.txt``, random games Fairy-Stockfish played itself
(``data/make_fairy_games.py``), and ``data/checked_games.txt``, random games this package
played, each accepted move by move by Fairy-Stockfish (``data/make_checked_games.py``). Every
game must replay here, move by move, to Fairy-Stockfish's FEN, legal moves and check at its end.
A few more random games are played live, comparing every position with pyffish.
"""

import random
from pathlib import Path

import pyffish as sf

from tests.xiangqi.data.make_fairy_games import iccs, uci
from xiangqi import START_FEN, Move, Position, parse_move, replay, write_moves

DATA = Path(__file__).parent / "data"


def _games(name):
    for line in (DATA / name).read_text().splitlines():
        moves, fen, legal, check = line.split("\t")
        yield moves.split(), fen, legal.split(), check == "1"


def _replay_to_the_same_end(games):
    for moves, fen, legal, check in games:
        position = Position.from_fen(START_FEN)
        for text in moves:
            position = position.play(parse_move(position, text, "iccs"))
        assert position.fen() == fen
        assert sorted(str(m) for m in position.legal_moves()) == legal, fen
        assert position.is_check() == check, fen


def test_games_fairy_stockfish_played_replay_to_its_fens():
    games = list(_games("fairy_games.txt"))
    assert len(games) >= 500
    _replay_to_the_same_end(games)


def test_thousands_of_games_played_here_end_as_fairy_stockfish_says():
    games = list(_games("checked_games.txt"))
    assert len(games) >= 2000
    assert sum(len(moves) for moves, *_ in games) > 150_000
    _replay_to_the_same_end(games)


def test_live_random_games_agree_with_pyffish_at_every_ply():
    rng = random.Random(18)
    for _game in range(2):
        position, fen = Position.from_fen(START_FEN), sf.start_fen("xiangqi")
        for _ply in range(50):
            theirs = sorted(iccs(u) for u in sf.legal_moves("xiangqi", fen, []))
            mine = position.legal_moves()
            assert sorted(map(str, mine)) == theirs, fen
            assert position.is_check() == sf.gives_check("xiangqi", fen, []), fen
            if not mine:
                break
            # prefer captures, so the games thin out to open, tactical positions
            captures = [m for m in mine if position.board[m.to]]
            move = rng.choice(captures if captures and rng.random() < 0.7 else mine)
            position, fen = position.play(move), sf.get_fen("xiangqi", fen, [uci(move)])
            assert position.fen() == " ".join(fen.split()[:2])


def test_games_written_in_every_notation_replay_to_fairy_stockfishs_fens():
    """The replay's quick path (a simple or front/rear move found from its file, the general's
    safety searched only when the move could touch it) ends where Fairy-Stockfish does."""
    games = list(_games("checked_games.txt"))[:120]
    start = Position.from_fen(START_FEN)
    for notation in ("vi", "wxf", "asian", "zh"):
        for moves, fen, _legal, check in games:
            texts = write_moves(start, [Move.from_iccs(m) for m in moves], notation)
            played = replay(texts, notation=notation)
            assert played.error is None and played.final.fen() == fen, (notation, moves)
            assert played.final.is_check() == check
