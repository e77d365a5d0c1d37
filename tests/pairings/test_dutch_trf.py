"""TRF extension lines the Dutch engine reads (records/trf.py), and round trips of the files
it reads and writes."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pairings.colours import infer_initial_colour
from pairings.dutch_cli import load, main, next_round
from records import Colour, trf, trf_extensions

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
    groups = trf_extensions.forbidden_groups(doc)
    assert [(g.players, g.first, g.last) for g in groups] == [((1, 4), 1, None),
                                                              ((2, 3), 2, 3)]
    acc = trf_extensions.accelerations(doc)
    assert acc[1] == {1: 1, 2: 1, 3: Fraction(1, 2)}
    assert acc[3] == {4: Fraction(1, 2), 5: Fraction(1, 2)}
    assert trf_extensions.colour_of_first_board(doc) is Colour.BLACK
    assert trf_extensions.rounds_announced(doc) == 5
    assert trf_extensions.point_system(doc) == {"BBW": 3, "BBD": 1, "BBU": 2}
    assert trf_extensions.pairing_system(doc) == "FIDE_DUTCH_2025_BAKU"


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


RECORDS = Path(__file__).parents[1] / "records" / "data"


def test_pairing_past_the_announced_rounds_says_the_event_is_over(capsys):
    # XXR 3 and three rounds played: round 4 is not "no valid pairing" but the end.
    assert main([str(RECORDS / "javafo_event_over.trf"), "-p"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the event is over: it has 3 rounds" in err


def test_a_bad_file_gets_one_line_and_exit_code_2(tmp_path, capsys):
    path = tmp_path / "bad.trf"
    path.write_bytes(b"\xef\xbb\xbf001    1\n\xff")
    assert main([str(path), "-p"]) == 2
    assert capsys.readouterr().err == (
        f"dutch: {path}: line 2: the file starts as utf-8-sig but is not (bytes that encoding "
        "cannot hold)\n")


def test_files_of_other_programs_are_paired(capsys):
    # lichess's byes without opponent numbers (its 3 rounds are over), Windows-1258 names.
    assert main([str(RECORDS / "lichess_byes.trf"), "-p"]) == 2  # XXR 3: over
    assert "event is over" in capsys.readouterr().err
    assert main([str(RECORDS / "vietnamese_cp1258_crlf.trf"), "-p"]) == 0
    # 1 and 3 lead with a point; 1 had White; 2 has had no bye yet.
    assert capsys.readouterr().out == "2\n3 1\n2 0\n"
