"""FIDE C.07 §10 performance criteria (scoring/performance.py): TPR, PTP, APRO, APPO against
FIDE's tie-break program and its formulas, and B.02's tables (scoring/ratings.py)."""

from fractions import Fraction
from pathlib import Path

import pytest

from scoring.cli import standings_table
from scoring.formats import Format
from scoring.performance import ptp_value, tpr_value
from scoring.points import LAW_GAME
from scoring.ratings import dp, table_expected
from scoring.standings import standings
from tests.scoring.builders import D, W, event, game

DATA = Path(__file__).parent / "data" / "c07"
FILES = ("rr6", "rr7", "drr4", "swiss11_2026", "swiss24_2026", "swiss30_2024")


@pytest.mark.parametrize("name", FILES)
def test_c07_10_performance_as_fides_tiebreak_program(name):
    expected = (DATA / f"{name}.perf.tsv").read_text().splitlines()[1:]
    ours = standings_table((DATA / f"{name}.trf").read_text(), "TPR,PTP,APRO,APPO")
    mine = {row.split("\t")[1]: row.split("\t")[2:] for row in ours.splitlines()[1:]}
    for line in expected:
        number, _rank, _pts, *values = line.split("\t")
        assert mine[number] == values, (name, number)


def test_b02_tables_published_values():
    # Table 8.1a: 100 % → 800, 99 % → 677, 75 % → 193, 50 % → 0, 25 % → -193.
    assert [dp(p) for p in (100, 99, 75, 50, 25, 0)] == [800, 677, 193, 0, -193, -800]
    # Table 8.1b: 0–3 → .50, 4–10 → .51, 392–411 → .92, 620–735 → .99, above → 1.00.
    assert [table_expected(d) * 100 for d in (3, 4, 400, 735, 736, -400)] == [
        50, 51, 92, 99, 100, 8]


def test_c07_10_2_tpr_and_10_3_ptp_hand_worked():
    # Opponents 2000 and 2100, score 1½: ARO 2050, 75 % → dp 193: TPR 2243.
    ratings, score = (2000, 2100), Fraction(3, 2)
    assert tpr_value(ratings, score) == 2050 + 193
    # PTP: the lowest R with We(R − 2000) + We(R − 2100) ≥ 1½ (table 8.1b). R = 2245:
    # differences 245 (.80) and 145 (.69) give 1.49; R = 2246: 246 (.81) and 146 (.70), 1.51.
    assert ptp_value(ratings, score) == 2246
    # A score of 0: the lowest opponent's rating − 800.
    assert ptp_value(ratings, Fraction(0)) == 1200


def test_c07_unrated_without_a_statute_rating_leaves_performance_blank():
    t = event(3, game(1, 1, 2, W), game(2, 2, 3, D), game(3, 3, 1, W),
              ratings={1: 2000, 2: 1900})
    blank = standings(t, LAW_GAME, ("TPR", "APRO"), fmt=Format.ROUND_ROBIN)
    assert {blank.value(n, "TPR") for n in (1, 2, 3)} == {None}
    rated = standings(t, LAW_GAME, ("TPR",), fmt=Format.ROUND_ROBIN, unrated_rating=1800)
    # P1: 1 of 2 against 1900 and 1800: ARO 1850, 50 % → 1850.
    assert rated.value(1, "TPR") == 1850
