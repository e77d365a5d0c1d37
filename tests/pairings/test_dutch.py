"""pairings.dutch against bbpPairings' own regression tests and the handbook's worked examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairings.dutch import pair_round
from pairings.dutch_cli import format_pairing, load, main

DATA = Path(__file__).parent / "data"


def _pair_file(path: Path) -> str:
    event = load(path.read_text(encoding="utf-8"))
    return format_pairing(pair_round(event.tournament, event.next_round, event.options))


@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_bbp_regression_cases(name):
    """bbpPairings' tests (test/tests/<name>.input / .output.expected), pairs and colours."""
    expected = (DATA / "bbp" / f"{name}.expected").read_text()
    assert _pair_file(DATA / "bbp" / f"{name}.trf") == expected


def test_c04_3_c5_pab_goes_to_lowest_score():
    """[C5]: #6 (0 points) gets the bye, which forces 1-3 apart (DUTCH.md §3.3 example)."""
    event = load((DATA / "bbp" / "dutch_2025_C5.trf").read_text())
    pairing = pair_round(event.tournament, 3, event.options)
    assert pairing.bye == 6
    assert set(pairing.boards) == {(1, 5), (3, 2)}


def test_c04_3_c9_pab_goes_to_player_with_most_games():
    """[C9]: among the 0-point players, #5 (absent in round 1) is not the one left out."""
    event = load((DATA / "bbp" / "dutch_2025_C9.trf").read_text())
    pairing = pair_round(event.tournament, 2, event.options)
    assert pairing.bye == 4


def test_cli_writes_bbp_format(tmp_path, capsys):
    out = tmp_path / "out.txt"
    assert main([str(DATA / "bbp" / "dutch_2025_C5.trf"), "-p", str(out)]) == 0
    assert out.read_text() == "3\n1 5\n3 2\n6 0\n"
