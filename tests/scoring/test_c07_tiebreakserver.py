"""Agreement with an independent implementation of FIDE C.07: FIDE's TieBreakServer (gacrux).

Expected values were produced by that program on the TRF files in ``data/c07`` (see its README)
and are compared here with this engine's, criterion by criterion, and rank by rank.
"""

from fractions import Fraction
from pathlib import Path

import pytest

from records import trf
from scoring.cli import start_date, system_from_points
from scoring.standings import format_value, standings

DATA = Path(__file__).parent / "data" / "c07"
CASES = sorted((p.name.split(".")[0], p.name.split(".")[1]) for p in DATA.glob("*.tsv"))


def _expected(path: Path) -> tuple[list[str], dict[int, list[str]]]:
    lines = [line.split("\t") for line in path.read_text().splitlines() if line]
    return lines[0][2:], {int(row[0]): row[1:] for row in lines[1:]}


@pytest.mark.parametrize(("name", "kind"), CASES)
def test_c07_agrees_with_tiebreakserver(name, kind):
    doc = trf.read((DATA / f"{name}.trf").read_text())
    criteria, expected = _expected(DATA / f"{name}.{kind}.tsv")
    table = standings(doc.tournament, system_from_points(doc.point_values), criteria,
                      start_date=start_date(doc.info))
    rows = {r.number: r for r in table.rows}
    assert set(rows) == set(expected)
    for number, (rank, *values) in expected.items():
        row = rows[number]
        assert row.rank == int(rank), f"#{number} rank"
        for code, theirs, ours in zip(criteria, values, row.values, strict=True):
            if code == "DE":
                continue
            if code == "AOB":  # theirs is rounded to 2 or 3 decimals
                assert abs(Fraction(theirs) - Fraction(ours)) <= Fraction(1, 200), (number, code)
                continue
            assert Fraction(theirs) == Fraction(format_value(ours)), (number, code)


def test_the_cross_check_covers_both_editions_and_both_formats():
    names = {name for name, _ in CASES}
    assert {"swiss30_2024", "swiss30_2026", "rr6", "drr4"} <= names
