"""Benchmark: standings with every tie-break, and the rating report, on large random Swiss events.

Not a test. Run: ``python benchmarks/bench_scoring.py``. Prints players, rounds, seconds of
engine time (best of three ``standings`` calls, generation excluded) and peak memory of one call
(tracemalloc, measured in a separate run because tracing slows Python down); then the same for
the Xiangqi and performance criteria alone, and for ``rating_report`` (FIDE K table).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from records import Bye, Game, Pairing, Participant, Result, Tournament  # noqa: E402
from scoring.formats import Format  # noqa: E402
from scoring.points import LAW_GAME  # noqa: E402
from scoring.ratings import REGULATIONS, rating_report  # noqa: E402
from scoring.standings import standings  # noqa: E402

C07 = ("PTS", "DE", "H2H", "SB", "SB/C1", "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "AOB", "PS",
       "WIN", "WON", "BPG", "BWG", "ARO", "LOT")
NEW = ("OS", "OSP", "OS0", "FOUL", "WWG", "H2H2", "TPR", "PTP", "APRO", "APPO")
ALL = (*C07[:-1], *NEW, "LOT")
RESULTS = [Result.WHITE_WINS] * 38 + [Result.DRAW] * 30 + [Result.BLACK_WINS] * 30 + [
    Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT]


def random_swiss(players: int, rounds: int, seed: int) -> Tournament:
    """Score-group pairings (neighbours by score, avoiding a rematch when the next one allows),
    random results with a few forfeits, a pairing-allocated bye when the number is odd, and a
    handful of half-point byes."""
    rng = random.Random(seed)
    people = tuple(Participant(i, rating=rng.randint(1200, 2600)) for i in range(1, players + 1))
    score = dict.fromkeys(range(1, players + 1), 0)
    met: set[tuple[int, int]] = set()
    pairings = []
    for rnd in range(1, rounds + 1):
        order = sorted(score, key=lambda n: (-score[n], rng.random()))
        resting = set(rng.sample(order, 3))
        for n in resting:
            pairings.append(Pairing(rnd, 0, n, None, bye=Bye.HALF_POINT))
            score[n] += 1
        order = [n for n in order if n not in resting]
        if len(order) % 2:
            n = order.pop()
            pairings.append(Pairing(rnd, 0, n, None, bye=Bye.PAIRING_ALLOCATED))
            score[n] += 2
        board = 0
        while order:
            a = order.pop(0)
            k = next((i for i, b in enumerate(order[:6]) if (min(a, b), max(a, b)) not in met), 0)
            b = order.pop(k)
            met.add((min(a, b), max(a, b)))
            board += 1
            result = rng.choice(RESULTS)
            pairings.append(Pairing(rnd, board, a, b, (Game(True, result),)))
            white, black = result.outcome_for(True), result.outcome_for(False)
            score[a] += int(LAW_GAME.value(white) * 2)
            score[b] += int(LAW_GAME.value(black) * 2)
    return Tournament(people, tuple(pairings), rounds)


def measure(players: int, rounds: int, run) -> tuple[float, int]:
    t = random_swiss(players, rounds, seed=players * 100 + rounds)
    fouls = {n: n % 3 for n in range(1, players + 1)}
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run(t, fouls)
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    run(t, fouls)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return best, peak


RUNS = {
    f"the {len(C07)} C.07 and law's": lambda t, fouls: standings(
        t, LAW_GAME, C07, fmt=Format.SWISS, lots_seed=1),
    f"all {len(ALL)} criteria": lambda t, fouls: standings(
        t, LAW_GAME, ALL, fmt=Format.SWISS, lots_seed=1, fouls=fouls),
    "PTS + the 10 new": lambda t, fouls: standings(
        t, LAW_GAME, ("PTS", *NEW), fmt=Format.SWISS, fouls=fouls),
    "rating report (FIDE)": lambda t, fouls: rating_report(t, REGULATIONS["fide"], year=2026),
}


def main() -> None:
    print(f"tie-breaks: {','.join(ALL)}")
    print(f"{'what':<24} {'players':>8} {'rounds':>7} {'seconds':>8} {'peak MiB':>9}")
    for name, run in RUNS.items():
        for players, rounds in ((1000, 11), (2000, 13)):
            seconds, peak = measure(players, rounds, run)
            print(f"{name:<24} {players:>8} {rounds:>7} {seconds:>8.3f} {peak / 2**20:>9.1f}")


if __name__ == "__main__":
    main()
