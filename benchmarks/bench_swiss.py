"""Benchmark of the Dutch engine: pair a random Swiss round by round and print a table.

    python benchmarks/bench_swiss.py [--players 100 500 1000 2000 5000 10000] [--rounds 9]
                                     [--seed 1] [--clubs K] [--exact MAX] [--explain]

Each event has random results (draws ~25%, a few forfeits, a few absences and half-point byes);
every round is paired by ``pairings.dutch.pair_round``. Per round: seconds, peak memory (the
process's largest resident set so far: run one size per process to read it per size) and how
each bracket was solved (direct = proved-optimal
natural candidate; window/whole field = general matching procedure). ``--clubs K`` spreads the
players over K clubs whose members must not meet (forbidden pairs, as a statute may ask).
``--exact MAX`` pairs again, with the direct path switched off (the general procedure alone), every
round whose largest scoregroup has at most MAX players, and stops if the boards differ; the
``exact`` column says "same" or "-" (not compared: the general procedure is quadratic in the
bracket's size). ``--explain`` also times each round without and with the explanation
(``pair_round(..., explain=True)``), best of 3 each, and prints the ratio.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pairings.dutch import DutchOptions, ForbiddenPairs, pair_round, round_pairer  # noqa: E402
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


def same_as_exact(tournament: Tournament, rnd: int, options: DutchOptions, boards,
                  exact: int) -> str:
    """"same" when the general procedure alone gives these boards, "-" when the round's largest
    scoregroup is above ``exact`` players; exits when they differ."""
    pairer = round_pairer(tournament, rnd, options)
    largest = max(Counter(pairer.score).values(), default=0)
    if largest > exact:
        return "-"
    pairer.use_fast = False
    if pairer.pair().boards != boards:
        sys.exit(f"round {rnd}: the general procedure pairs differently")
    return "same"


def explain_cost(tournament: Tournament, rnd: int, options: DutchOptions) -> str:
    """Seconds without and with the explanation (``explain=True``), best of 3 each, and their
    ratio."""
    seconds = {}
    for explain in (False, True):
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            pair_round(tournament, rnd, options, explain=explain)
            runs.append(time.perf_counter() - start)
        seconds[explain] = min(runs)
    plain, explained = seconds[False], seconds[True]
    return f"{plain:.2f}/{explained:.2f} s = x{explained / plain:.2f}"


def run(players: int, rounds: int, seed: int, clubs: int = 0, exact: int = 0,
        explain: bool = False) -> list[tuple]:
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
        start = time.perf_counter()
        result = pair_round(tournament, rnd, options)
        seconds = time.perf_counter() - start
        modes = Counter(line.rsplit("(", 1)[1].rstrip(")") for line in result.trace
                        if line.startswith("bracket"))
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10
        same = same_as_exact(tournament, rnd, options, result.boards, exact) if exact else "-"
        rows.append((players, rnd, seconds, peak, dict(modes)))
        cost = f"  explain {explain_cost(tournament, rnd, options)}" if explain else ""
        print(f"{players:7} {rnd:5} {seconds:8.2f} {peak:9.0f} {same:>5}  "
              f"{dict(modes)}{cost}", flush=True)
        pairings += play_round(rng, result.boards, result.bye, rnd, absent)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+",
                        default=[100, 500, 1000, 2000, 5000, 10000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clubs", type=int, default=0)
    parser.add_argument("--exact", type=int, default=0)
    parser.add_argument("--explain", action="store_true")
    args = parser.parse_args()
    print(f"{'players':>7} {'round':>5} {'seconds':>8} {'peak MiB':>9} {'exact':>5}  "
          "brackets by method")
    for players in args.players:
        rows = run(players, args.rounds, args.seed, args.clubs, args.exact, args.explain)
        worst = max(r[2] for r in rows)
        total = sum(r[2] for r in rows)
        print(f"{players:7} {'all':>5} {total:8.2f} {'':9} {'':5}  "
              f"slowest round {worst:.2f}s")


if __name__ == "__main__":
    main()
