"""Benchmark: replaying 1,000 recorded games of 80 plies (issue 18's goal: under 5 s).

Not a test. Run: ``python benchmarks/bench_xiangqi.py [GAMES] [PLIES]``. Random legal games are
made first (not timed) and written as one PGN file per notation; then, per notation, the time to
read the file and replay every game move by move (each move checked for legality), best of three,
as CPU seconds of this process (``time.process_time``: the machine is shared, wall time varies
with the load) and wall seconds; then the time of ``find_repetition`` and the result check.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xiangqi import (  # noqa: E402
    START_FEN,
    GameRecord,
    Position,
    find_repetition,
    read_pgn,
    result_conflict,
    write_moves,
    write_pgn,
)


def random_game(rng: random.Random, plies: int) -> list:
    while True:
        position, moves = Position.from_fen(START_FEN), []
        for _ in range(plies):
            legal = position.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(move)
            position = position.play(move)
        if len(moves) == plies:
            return moves


def best_of_three(work) -> tuple[float, float]:
    cpu, wall = [], []
    for _ in range(3):
        start, start_wall = time.process_time(), time.perf_counter()
        work()
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - start_wall)
    return min(cpu), min(wall)


def main(games: int = 1000, plies: int = 80) -> None:
    rng = random.Random(18)
    start = Position.from_fen(START_FEN)
    played = [random_game(rng, plies) for _ in range(games)]
    print(f"{games} games of {plies} plies\n", flush=True)
    print("| notation | read + replay, CPU s | wall s | moves per CPU second |")
    print("|---|---:|---:|---:|")
    for notation in ("iccs", "vi", "wxf", "zh"):
        text = write_pgn([GameRecord(tuple(write_moves(start, moves, notation)), "*")
                          for moves in played])

        def replay_all(text=text, notation=notation):
            for record in read_pgn(text):
                assert record.replay(notation).error is None

        cpu, wall = best_of_three(replay_all)
        print(f"| {notation} | {cpu:.2f} | {wall:.2f} | {games * plies / cpu:,.0f} |", flush=True)
    records = [r.replay("iccs") for r in read_pgn(write_pgn([GameRecord(tuple(map(str, m)))
                                                             for m in played]))]
    begin = time.process_time()
    for r in records:
        find_repetition(r.positions, r.moves)
        result_conflict(r, "1-0")
    print(f"\nrepetition search and result check over the replayed games: "
          f"{time.process_time() - begin:.2f} CPU s")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
