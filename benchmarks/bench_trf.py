"""Benchmark: reading and writing TRF files of large Swiss events.

Not a test. Run: ``python benchmarks/bench_trf.py``. Writes the random events of
``bench_scoring.py`` as TRF files (names with ü, Œ, ë; UTF-8 and Windows-1252, CR LF), then
prints the seconds to read their bytes (encoding detection, every check, the points-column
warnings) and to write them again, best of three.
"""

from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_scoring import random_swiss  # noqa: E402
from records import trf  # noqa: E402


def best_of_three(action) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    print("| players | rounds | encoding | KiB | read s | write s |")
    print("|---:|---:|---|---:|---:|---:|")
    for players, rounds in ((1000, 11), (2000, 13)):
        event = random_swiss(players, rounds, seed=1)
        named = tuple(replace(p, name=f"Müller-Œhlenschläger, Zoë {p.number}")
                      for p in event.participants)
        doc = trf.TrfDocument(replace(event, participants=named))
        text = trf.write(doc).replace("\n", "\r\n")
        for encoding in ("utf-8", "cp1252"):
            data = text.encode(encoding)
            read = best_of_three(lambda data=data: trf.read_bytes(data))
            write = best_of_three(lambda doc=doc: trf.write(doc))
            print(f"| {players:,} | {rounds} | {encoding} | {len(data) // 1024:,} | "
                  f"{read:.2f} | {write:.2f} |")


if __name__ == "__main__":
    main()
