"""TRF extension lines the Dutch engine reads (records/trf.py), and round trips of the files
it reads and writes."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pairings.dutch_cli import infer_initial_colour, load, next_round
from records import Colour, trf

DATA = Path(__file__).parent / "data"

EXTENDED = """012 Extension lines
001    1      Test0001 Player0001               2720                             1.0    1     3 w 1
001    2      Test0002 Player0002               2701                             0.5    2     4 b =
001    3      Test0003 Player0003               2697                             0.0    3     1 b 0
001    4      Test0004 Player0004               2689                             0.5    4     2 w =
XXR 5
XXC black1
BBW  1.0
BBD  0.5
XXP 1 4
260 002 003 0002 0003
XXA    1  1.0  1.0  0.5
250       0.5 004 005 0003 0004
152 B
162  W 3.0    D 1.0    P 2.0
192 FIDE_DUTCH_2025_BAKU
"""


def test_extension_lines_are_read():
    doc = trf.read(EXTENDED)
    groups = trf.forbidden_groups(doc)
    assert [(g.players, g.first, g.last) for g in groups] == [((1, 4), 1, None),
                                                              ((2, 3), 2, 3)]
    acc = trf.accelerations(doc)
    assert acc[1] == {1: 1, 2: 1, 3: Fraction(1, 2)}
    assert acc[3] == {4: Fraction(1, 2), 5: Fraction(1, 2)}
    assert trf.colour_of_first_board(doc) is Colour.BLACK
    assert trf.rounds_announced(doc) == 5
    assert trf.point_system(doc) == {"BBW": 3, "BBD": 1, "BBU": 2}
    assert trf.pairing_system(doc) == "FIDE_DUTCH_2025_BAKU"


def test_round_trip_keeps_extension_lines_byte_for_byte():
    text = trf.write(trf.read(EXTENDED))
    assert trf.write(trf.read(text)) == text
    for line in ("XXP 1 4", "260 002 003 0002 0003", "XXA    1  1.0  1.0  0.5", "152 B",
                 "192 FIDE_DUTCH_2025_BAKU"):
        assert line in text.splitlines()
    assert "BBW  1.0" in text.splitlines()  # score in columns 5-8, as bbpPairings reads it


@pytest.mark.parametrize("path", sorted((DATA / "extensions").glob("*.trf"))
                         + sorted((DATA / "bbp").glob("*.trf")), ids=lambda p: p.stem)
def test_files_round_trip(path):
    text = trf.write(trf.read(path.read_text(encoding="utf-8")))
    assert trf.write(trf.read(text)) == text


def test_next_round_and_initial_colour_as_bbp_infers_them():
    event = load((DATA / "bbp" / "dutch_2025_C5.trf").read_text())
    assert event.next_round == 3  # #4's Z in round 3 is a pre-assigned absence
    fixture = trf.read((DATA / "fixtures" / "dutch2025_r05_p21_1237566605.trf").read_text())
    assert next_round(fixture.tournament) == 6
    assert infer_initial_colour(fixture.tournament) is not None


def test_missing_initial_colour_is_an_input_error():
    text = EXTENDED.replace("XXC black1\n", "").replace("152 B\n", "")
    no_games = "\n".join(line[:91].rstrip() if line.startswith("001") else line
                         for line in text.splitlines())
    from pairings.swiss_state import DutchError

    with pytest.raises(DutchError, match="initial piece colours"):
        load(no_games)
