"""TRF files as the pairing programs write them (records/trf.py, records/trf_fields.py).

Each file in ``data/`` was written by hand for this test, in the manner of one program (its
encoding, line ends, bye and unplayed-round forms); each test states the expected reading.
"""

from fractions import Fraction
from pathlib import Path

import pytest

from records import Bye, Participant, Result, Tournament, trf, trf_checks, trf_extensions

DATA = Path(__file__).parent / "data"


def _read(name: str) -> trf.TrfDocument:
    return trf.read_bytes((DATA / name).read_bytes())


def _games(t: Tournament) -> set[tuple[int, int, int, Result | None]]:
    return {(p.round, p.white, p.black, p.result) for p in t.pairings if not p.is_bye}


def _byes(t: Tournament) -> set[tuple[int, int, Bye]]:
    return {(p.round, p.first, p.bye) for p in t.pairings if p.is_bye}


def test_swiss_manager_windows_1252_with_crlf():
    doc = _read("swiss_manager_cp1252_crlf.trf")
    t = doc.tournament
    assert doc.encoding == "windows-1252"
    assert t.name == "Bayerische Meisterschaft – Open" and dict(doc.info)["022"] == "München"
    assert [p.name for p in t.participants] == [
        "Müller, Jürgen", "Œhlenschläger, Zoë", "Ó Briain, Seán", "Šerbedžija, Rade"]
    # A rating written 0 is unrated.
    assert [p.rating for p in t.participants] == [2150, None, 1875, None]
    assert _games(t) == {
        (1, 1, 3, Result.WHITE_WINS), (1, 4, 2, Result.BLACK_WINS),
        (2, 2, 1, Result.DRAW), (2, 3, 4, Result.DRAW),
        (3, 1, 4, Result.WHITE_WINS), (3, 3, 2, Result.WHITE_WINS)}
    assert t.rounds == 3 and doc.warnings == ()  # the ### comment line is skipped


def test_vega_latin_1_with_unrated_0000_and_pairing_byes():
    doc = _read("vega_latin1.trf")
    t = doc.tournament
    assert doc.encoding == "latin-1"
    assert [p.name for p in t.participants] == [
        "Ní Bhriain, Áine", "Ó Súilleabháin, Pádraig", "Müller, Grégoire"]
    assert all(p.rating is None for p in t.participants)
    assert _byes(t) == {(1, 3, Bye.PAIRING_ALLOCATED), (2, 2, Bye.PAIRING_ALLOCATED)}
    assert doc.warnings == ()


def test_vietnamese_windows_1258_tones_as_separate_marks():
    doc = _read("vietnamese_cp1258_crlf.trf")
    t = doc.tournament
    assert doc.encoding == "windows-1258"
    assert t.name == "Giải Cờ Tướng Hà Nội mở rộng" and dict(doc.info)["022"] == "Hà Nội"
    # The tone marks take a column each in the file: the columns after the name still hold.
    assert [(p.name, p.rating, p.federation, p.sex) for p in t.participants] == [
        ("Nguyễn Thành Bảo", 2205, "VIE", "m"), ("Trần Thị Hương", None, "VIE", "w"),
        ("Lại Lý Huynh", 2310, "VIE", "m")]
    assert doc.totals == {1: "1.0", 2: "0.0", 3: "1.0"} and t.rounds == 7


def test_lichess_byes_without_an_opponent_number():
    doc = _read("lichess_byes.trf")
    t = doc.tournament
    assert doc.encoding == "utf-8"
    assert [p.name for p in t.participants] == ["alpha_xq", "Bình_Tướng", "chariot-99"]
    # "       H", "       U", "       -": blank opponent is 0000, blank colour is "-".
    assert _byes(t) == {(2, 1, Bye.HALF_POINT), (1, 3, Bye.PAIRING_ALLOCATED),
                        (3, 2, Bye.ZERO_POINT)}
    assert _games(t) == {(1, 1, 2, Result.WHITE_WINS), (2, 2, 3, Result.WHITE_WINS),
                         (3, 3, 1, Result.DRAW)}
    assert doc.warnings == ()  # the points columns agree: 2, 1, 1½


def test_chess_results_bom_unplayed_rounds_and_a_bye_written_as_a_draw():
    doc = _read("chess_results_bom_crlf.trf")
    t = doc.tournament
    assert doc.encoding == "utf-8-sig" and t.name == "Giải Cờ Tướng Mở Rộng"
    # "     -  " and "0000 -  ": no result code, the player took no part (no pairing).
    assert {p.first for p in t.pairings_of_round(2) if p.is_bye} == {4}
    assert all(p.first != 5 and p.second != 5 for p in t.pairings)
    # "0000 - =" reads as a half-point bye, with a word about it.
    assert (2, 4, Bye.HALF_POINT) in _byes(t)
    # The file's points column is kept as written, and each disagreement is reported.
    assert doc.totals[2] == "0.5"
    assert [(w.kind, w.line, dict(w.values)) for w in doc.warnings] == [
        ("points", 5, {"number": "2", "written": "0.5", "results": "0.0"}),
        ("bye_as_draw", 7, {"number": "4", "round": "2"}),
    ]
    assert str(doc.warnings[0]) == ("line 5: player 2: the points column says 0.5, the "
                                    "results give 0.0")


def test_a_points_column_of_zeros_is_reported_player_by_player():
    text = (DATA / "lichess_byes.trf").read_text(encoding="utf-8")
    zeros = "\n".join(line[:80] + " 0.0" + line[84:] if line.startswith("001") else line
                      for line in text.splitlines())
    doc = trf.read(zeros)
    assert [w.values["number"] for w in doc.warnings] == ["1", "2", "3"]
    assert [w.values["results"] for w in doc.warnings] == ["2.0", "1.0", "1.5"]


def test_points_use_the_files_point_values():
    text = (DATA / "lichess_byes.trf").read_text(encoding="utf-8")
    doc = trf.read(text + "BBW 3.0\nBBD 1.0\n")
    # alpha: win 3 + half-point bye 1 + draw 1 = 5; the file says 2.0.
    assert trf_checks.results_points(doc) == {1: Fraction(5), 2: Fraction(3), 3: Fraction(4)}
    assert {w.values["number"] for w in doc.warnings} == {"1", "2", "3"}


def test_utf_16_and_lone_carriage_returns():
    text = (DATA / "lichess_byes.trf").read_text(encoding="utf-8")
    doc = trf.read_bytes(text.replace("\n", "\r").encode("utf-16"))
    assert doc.encoding == "utf-16"
    assert doc.tournament == _read("lichess_byes.trf").tournament


def test_trf_2026_lines():
    text = (DATA / "lichess_byes.trf").read_text(encoding="utf-8").replace("XXR 3\n", "")
    doc = trf.read(text + "### comment\n142 5\n152 b\n162  W 3.0    D 1.0    A 0.0\n")
    assert trf_extensions.rounds_announced(doc) == 5
    assert trf_extensions.colour_of_first_board(doc).value == "b"
    assert trf_extensions.point_system(doc) == {
        "BBW": 3, "BBD": 1, "BBZ": 0, "BBF": 0}


def test_withdrawals_are_written_and_read_back():
    doc = _read("lichess_byes.trf")
    t = doc.tournament
    withdrawn = Tournament(
        tuple(Participant(p.number, p.name, withdrawn_after=2 if p.number == 2 else None)
              for p in t.participants), t.pairings, t.rounds, t.name)
    text = trf.write(trf.TrfDocument(withdrawn, totals=doc.totals))
    assert "XXW 2 2" in text.splitlines()
    again = trf.read(text)
    assert [p.withdrawn_after for p in again.tournament.participants] == [None, 2, None]
    assert trf.write(again) == text


def test_a_rating_of_zero_is_no_rating():
    assert Participant(1, rating=0).rating is None
    assert Participant(1, rating=1500).rating == 1500


def _player(number: int, *blocks: str, name: str = "X") -> str:
    head = f"001 {number:>4} m    {name:<33} 1800 VIE {'':>11} {'':<10}  0.0 {number:>4}"
    return head + "".join(f"  {b}" for b in blocks) + "\n"


BROKEN = [
    (b"", "no player lines"),
    (b"\x00\x01\x02", "line 1: a NUL character"),
    (_player(1, "0002 w 1").encode(), "line 1: round 1: player 1 meets 2, who has no entry"),
    (b"001    x\n", "line 1: start number 'x'"),
    (b"001    0\n", "line 1: start number 0"),
    ((_player(1) + _player(1)).encode(), "line 2: start number 1 is already used on line 1"),
    (_player(1, "0001 w 1").encode(), "paired with himself"),
    ((_player(1, "0002 w 1") + _player(2, "0001 w 0")).encode(), "line 1: round 1: .*same"),
    ((_player(1, "0002 x 1") + _player(2, "0001 b 0")).encode(), "line 1: round 1: colour 'x'"),
    ((_player(1, "0002w  1") + _player(2, "0001 b 0")).encode(), "not laid out"),
    ((_player(1, "0002 w Q") + _player(2, "0001 b 0")).encode(), "result 'Q'"),
    ((_player(1, "0002 w 1") + _player(2, "0001 b 1")).encode(), "do not fit together"),
    (_player(1).encode() + b"XXR 1000\n", "line 2: XXR: 1000 rounds"),
    (_player(1).encode() + b"XXW 2 1\n", "XXW: start number 2 has no player line"),
    (_player(1).encode() + b"BBW x\n", "line 2: BBW value 'x'"),
    (_player(1).encode() + b"XXC green1\n", "line 2: XXC"),
    (_player(1).encode() + b"\n152 Q\n", "line 3: 152 needs W or B"),
    (_player(1).encode() + b"162  W 1.0    Q 2.0\n", "line 2: 162: result code 'Q'"),
    (_player(1).encode() + b"260 001 002 00x1\n", "line 2: 260 player"),
    (b"\xef\xbb\xbf" + _player(1).encode() + b"\xff\n", "line 2: the file starts as utf-8"),
]


@pytest.mark.parametrize(("data", "message"), BROKEN)
def test_broken_files_are_refused_with_the_line_and_the_reason(data, message):
    with pytest.raises(trf.TrfError, match=message):
        trf.read_bytes(data)


def test_trf_2026_bye_records_are_merged_into_the_rounds():
    text = (DATA / "vega_latin1.trf").read_bytes().decode("latin-1")
    doc = trf.read(text + "240 H 003  001 0002\n240 Z 003 0003\n")
    assert {b for b in _byes(doc.tournament) if b[0] == 3} == {
        (3, 1, Bye.HALF_POINT), (3, 2, Bye.HALF_POINT), (3, 3, Bye.ZERO_POINT)}
    assert doc.tournament.rounds == 3
    # A bye record that the player line contradicts is refused.
    with pytest.raises(trf.TrfError, match="line 8: 240: player 1 has a F bye in round 1"):
        trf.read(text + "240 F 001 0001\n")


def test_the_2026_edition_writes_records_142_152_162_and_reads_back():
    doc = trf.read((DATA / "lichess_byes.trf").read_text(encoding="utf-8") + "XXC black1\n"
                   "BBW 3.0\nBBD 1.0\nBBU 1.0\n")
    text = trf.write(doc, edition=2026)
    lines = text.splitlines()
    assert {"142 3", "152 B", "162  W 3.0    D 1.0    P 1.0"} <= set(lines)
    assert not any(line[:3] in ("XXR", "XXC", "BBW") for line in lines)
    again = trf.read(text)
    assert again.tournament.pairings == doc.tournament.pairings
    assert trf_extensions.rounds_announced(again) == 3
    assert trf_extensions.colour_of_first_board(again) is doc.initial_colour
    assert trf_extensions.point_system(again) == {"BBW": 3, "BBD": 1, "BBU": 1}
