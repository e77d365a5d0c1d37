"""Benchmark: reading and replaying 1,000 recorded games of 80 plies (the goal: 2,500 games per
CPU second in Chinese notation).

Not a test. Run: ``python benchmarks/bench_xiangqi.py [GAMES] [PLIES]``. Random legal games are
made first (not timed) and written as one file per notation the way databases write them: PGN
tags (Event, Site, Date, Red, Black, Result, a FEN, Format), CRLF line ends, Black's numbers in
full-width digits in Chinese; Chinese also as GBK and as Big5 bytes. Then, per file, the time to
decode its bytes, read every game and replay it move by move (``xiangqi.read_file``: each move
checked for legality; a legacy encoding decided by the moves), best of three, as CPU seconds of
this process (``time.process_time``: the machine is shared, wall time varies with the load) and
wall seconds; then the time of ``find_repetition`` and the result check.
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
    read_file,
    read_pgn,
    result_conflict,
    write_moves,
    write_pgn,
)

FULL_WIDTH_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")
TRADITIONAL = str.maketrans({"马": "馬", "车": "車", "帅": "帥", "将": "將", "进": "進",
                             "后": "後"})
FORMATS = {"iccs": "ICCS", "vi": "Vietnamese", "wxf": "WXF", "asian": "Asian", "zh": "Chinese"}


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


def database_file(start: Position, played: list, notation: str, traditional: bool = False
                  ) -> str:
    """The games as a database exports them: tags, CRLF, full-width digits for Black."""
    records = []
    for number, moves in enumerate(played, start=1):
        texts = write_moves(start, moves, notation)
        if notation == "zh":
            texts = [(t.translate(TRADITIONAL).replace("炮", "砲") if traditional else t)
                     .translate(FULL_WIDTH_DIGITS) if ply % 2 else
                     (t.translate(TRADITIONAL) if traditional else t)
                     for ply, t in enumerate(texts)]
        tags = (("Event", "第二屆世界象棋大師賽" if traditional else "全国象棋个人赛"),
                ("Site", "台北" if traditional else "北京"), ("Date", "2006.10.21"),
                ("Round", str(number)), ("Red", "許銀川" if traditional else "许银川"),
                ("Black", "呂欽" if traditional else "吕钦"),
                ("FEN", START_FEN + " - - 0 1"), ("Format", FORMATS[notation]))
        records.append(GameRecord(tuple(texts), "*", tags))
    return write_pgn(records).replace("\n", "\r\n")


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
    print("| notation | encoding | read + replay, CPU s | wall s | games per CPU second |")
    print("|---|---|---:|---:|---:|")
    files = [(n, "UTF-8", database_file(start, played, n).encode())
             for n in ("iccs", "vi", "wxf", "asian", "zh")]
    files += [("zh", "GB18030", database_file(start, played, "zh").encode("gbk")),
              ("zh", "Big5", database_file(start, played, "zh", traditional=True)
               .encode("cp950"))]
    for notation, encoding, data in files:

        def replay_all(data=data, encoding=encoding):
            found = read_file(data)
            assert found.encoding == encoding and found.read == games

        cpu, wall = best_of_three(replay_all)
        print(f"| {notation} | {encoding} | {cpu:.2f} | {wall:.2f} | {games / cpu:,.0f} |",
              flush=True)
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
