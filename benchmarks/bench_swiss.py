"""Benchmark of the Dutch engine: pair a random Swiss round by round and print a table.

    python benchmarks/bench_swiss.py [--players 100 500 1000 2000] [--rounds 9] [--seed 1]
                                     [--clubs K]

Each event has random results (draws ~25%, a few forfeits, a few absences and half-point byes);
every round is paired by ``pairings.dutch.pair_round``. Per round: seconds, peak memory
(tracemalloc, Python allocations) and how each bracket was solved (direct = proved-optimal
natural candidate; window/whole field = general matching procedure). ``--clubs K`` spreads the
players over K clubs whose members must not meet (forbidden pairs, as a statute may ask).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairings.dutch import DutchOptions, ForbiddenPairs, pair_round  # noqa: E402
from records import Bye, Game, Pairing, Participant, Result, Tournament  # noqa: E402


def play_round(rng: random.Random, boards, bye, rnd: int, absent: list[int]) -> list[Pairing]:
    out = []
    for board, (white, black) in enumerate(boards, start=1):
        roll = rng.random()
        if roll < 0.01:
            result = rng.choice([Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT])
        elif roll < 0.26:
            result = Result.DRAW
        else:
            # the lower number (stronger) wins more often
            strong_white = white < black
            result = (Result.WHITE_WINS if (rng.random() < 0.62) == strong_white
                      else Result.BLACK_WINS)
        out.append(Pairing(rnd, board, white, black, (Game(True, result),)))
    if bye is not None:
        out.append(Pairing(rnd, len(out) + 1, bye, None, bye=Bye.PAIRING_ALLOCATED))
    for number in absent:
        out.append(Pairing(rnd, 0, number, None, bye=rng.choice([Bye.ZERO_POINT, Bye.HALF_POINT])))
    return out


def run(players: int, rounds: int, seed: int, clubs: int = 0) -> list[tuple]:
    rng = random.Random(seed)
    people = tuple(Participant(n, f"P{n}", 2600 - n) for n in range(1, players + 1))
    forbidden = tuple(ForbiddenPairs(tuple(range(c, players + 1, clubs)))
                      for c in range(1, clubs + 1)) if clubs else ()
    options = DutchOptions(forbidden_pairs=forbidden)
    pairings: list[Pairing] = []
    rows = []
    for rnd in range(1, rounds + 1):
        absent = rng.sample(range(1, players + 1), k=max(0, players // 100))
        pre = [Pairing(rnd, 0, n, None, bye=Bye.ZERO_POINT) for n in absent]
        tournament = Tournament(people, tuple(pairings) + tuple(pre), rounds)
        tracemalloc.start()
        start = time.perf_counter()
        result = pair_round(tournament, rnd, options)
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        modes = Counter(line.rsplit("(", 1)[1].rstrip(")") for line in result.trace
                        if line.startswith("bracket"))
        rows.append((players, rnd, seconds, peak / 2**20, dict(modes)))
        print(f"{players:7} {rnd:5} {seconds:8.2f} {peak / 2**20:9.1f}  {dict(modes)}",
              flush=True)
        pairings += play_round(rng, result.boards, result.bye, rnd, absent)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clubs", type=int, default=0)
    args = parser.parse_args()
    print(f"{'players':>7} {'round':>5} {'seconds':>8} {'peak MiB':>9}  brackets by method")
    for players in args.players:
        rows = run(players, args.rounds, args.seed, args.clubs)
        worst = max(r[2] for r in rows)
        total = sum(r[2] for r in rows)
        print(f"{players:7} {'all':>5} {total:8.2f} {'':9}  slowest round {worst:.2f}s")


if __name__ == "__main__":
    main()
