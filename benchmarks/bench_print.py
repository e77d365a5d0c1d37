"""Print sheets as PDF: seconds to lay out and write a crosstable of N players and
N score sheets with WeasyPrint, from the same templates and CSS the site uses, on made-up data
(Vietnamese names, nine rounds). What ``settings.PDF_ASYNC_MIN_ROWS`` and
``printing/sheets.py: PAGE_LINES`` are set from.

    .venv/bin/python benchmarks/bench_print.py [--players 100 1000] [--sheets 10 50]
"""

import argparse
import datetime
import io
import time
from types import SimpleNamespace

import throwaway_db  # benchmarks/ is on the path of a script run from it

throwaway_db.setup()

from django.utils import translation  # noqa: E402
from pypdf import PdfReader  # noqa: E402

from tournaments.printing.document import sheet_html  # noqa: E402
from tournaments.printing.pdf import pdf_bytes  # noqa: E402
from tournaments.printing.sheets import SCORESHEET_MOVES, SHEETS  # noqa: E402

ROUNDS = 9
EVENT = SimpleNamespace(name="Giải Cờ Tướng Toàn quốc", venue="Hà Nội", is_team=False,
                        start_date=datetime.date(2026, 11, 20), end_date=None,
                        time_base_minutes=90, time_increment_seconds=0, time_checks="",
                        time_control_words="90 minutes each", quick_play=False)


def crosstable(players: int) -> dict:
    cells = tuple(SimpleNamespace(text="123w1", css="") for _ in range(ROUNDS))
    rows = [SimpleNamespace(rank=i, number=i, points="5½", cells=cells,
                            entry=SimpleNamespace(name=f"Nguyễn Văn Thắng {i}", status=""))
            for i in range(1, players + 1)]
    cross = SimpleNamespace(after_round=ROUNDS, round_robin=False, rows=rows,
                            columns=tuple(str(r) for r in range(1, ROUNDS + 1)))
    return {"sheet": SHEETS["crosstable"], "cross": cross}


def score_sheets(count: int) -> dict:
    sheets = [{"board": SimpleNamespace(number=i), "game": None, "white": f"Trần Văn Hùng {i}",
               "black": f"Lê Thị Hường {i}", "white_no": i, "black_no": count + i}
              for i in range(1, count + 1)]
    half = SCORESHEET_MOVES // 2
    return {"sheet": SHEETS["scoresheets"], "sheets": sheets, "round": SimpleNamespace(number=1),
            "move_columns": (range(1, half + 1), range(half + 1, SCORESHEET_MOVES + 1))}


def measure(label: str, ctx: dict) -> None:
    ctx = {"event": EVENT, "public_url": "https://example.invalid/", "qr": "", **ctx}
    start = time.perf_counter()
    html = sheet_html(ctx, pdf=True)
    middle = time.perf_counter()
    data = pdf_bytes(html)
    end = time.perf_counter()
    pages = len(PdfReader(io.BytesIO(data)).pages)
    print(f"| {label} | {middle - start:.2f} | {end - middle:.2f} | {pages} | "
          f"{len(data) // 1024} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="*", default=[100, 1000])
    parser.add_argument("--sheets", type=int, nargs="*", default=[10, 50])
    args = parser.parse_args()
    with translation.override("vi"):
        pdf_bytes("<p>warm-up: Pango and the fonts load once per process</p>")
        print("| sheet | HTML s | PDF s | pages | KiB |\n|---|---:|---:|---:|---:|")
        for players in args.players:
            measure(f"crosstable, {players} players, {ROUNDS} rounds", crosstable(players))
        for count in args.sheets:
            measure(f"{count} score sheets", score_sheets(count))


if __name__ == "__main__":
    main()
