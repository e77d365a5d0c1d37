"""TRF-16 reading and writing (records/trf.py)."""

import pytest

from records import Bye, Colour, Game, Pairing, Participant, Result, Tournament, trf


def _doc() -> trf.TrfDocument:
    tournament = Tournament(
        participants=(
            Participant(1, "Nguyễn Văn A", 2400, "GM", "VIE", sex="m", birth_year=1990),
            Participant(2, "Trần Thị B", 2300, sex="w"),
            Participant(3, "Lê C"),
            Participant(4, "Phạm Đức D", 2100),
        ),
        pairings=(
            Pairing(1, 1, 1, 2, (Game(True, Result.WHITE_WINS),)),
            Pairing(1, 2, 4, 3, (Game(False, Result.BOTH_LOSE),)),
            Pairing(2, 1, 3, 1, (Game(True, Result.DRAW),)),
            Pairing(2, 2, 2, 4, (Game(True, Result.BLACK_WINS_FORFEIT),)),
            Pairing(3, 1, 1, 4, (Game(True, None),)),
            Pairing(3, 2, 3, None, bye=Bye.PAIRING_ALLOCATED),
            Pairing(3, 3, 2, None, bye=Bye.HALF_POINT),
        ),
        rounds=5,
    )
    return trf.TrfDocument(
        tournament,
        info=(("012", "Giải Cờ Tướng"), ("042", "2026/11/20")),
        initial_colour=Colour.BLACK,
        totals={1: "1.5", 2: "0.5", 3: "1.5", 4: "1.0"},
        ranks={1: 1, 2: 4, 3: 2, 4: 3},
    )


def test_player_line_columns_follow_trf16():
    line = trf.write(_doc()).splitlines()[2]
    assert line[0:3] == "001"
    assert line[4:8] == "   1"
    assert line[9] == "m" and line[10:13] == " GM"
    assert line[14:47].rstrip() == "Nguyễn Văn A"
    assert line[48:52] == "2400" and line[53:56] == "VIE"
    assert line[69:79] == "1990/00/00"
    assert line[80:84] == " 1.5" and line[85:89] == "   1"
    # Round blocks of 10 columns from column 92: opponent, colour, result.
    assert line[91:99] == "0002 w 1"
    assert line[101:109] == "0003 b ="
    # Round 3 is paired but not played yet: blank result, trailing blanks trimmed.
    assert line[111:] == "0004 w"


def test_round_trip_is_byte_identical():
    text = trf.write(_doc())
    assert trf.write(trf.read(text)) == text


def test_read_recovers_results_byes_and_extensions():
    doc = trf.read(trf.write(_doc()))
    t = doc.tournament
    assert t.rounds == 5 and doc.initial_colour is Colour.BLACK
    by_key = {(p.round, p.white or p.first): p for p in t.pairings}
    assert by_key[(1, 1)].result is Result.WHITE_WINS
    assert by_key[(1, 3)].result is Result.BOTH_LOSE and by_key[(1, 3)].black == 4
    assert by_key[(2, 2)].result is Result.BLACK_WINS_FORFEIT
    assert by_key[(3, 1)].result is None
    byes = {(p.round, p.first): p.bye for p in t.pairings if p.is_bye}
    assert byes == {(3, 3): Bye.PAIRING_ALLOCATED, (3, 2): Bye.HALF_POINT}
    assert [p.name for p in t.participants][:2] == ["Nguyễn Văn A", "Trần Thị B"]


def test_point_values_lines_are_read():
    text = trf.write(_doc()) + "BBW 2.0\nBBD 1.0\n"
    doc = trf.read(text)
    assert doc.point_values == {"BBW": 2, "BBD": 1}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no player lines"),
        ("012 only a name\n", "no player lines"),
        ("001 abcd\n", "start number"),
    ],
)
def test_malformed_files_are_refused_with_the_reason(text, message):
    with pytest.raises(trf.TrfError, match=message):
        trf.read(text)


def test_inconsistent_opponents_are_refused():
    lines = trf.write(_doc()).splitlines()
    # Player 2 claims to have met player 3 in round 1, while 1 says it met 2.
    lines[3] = lines[3][:91] + "0003" + lines[3][95:]
    with pytest.raises(trf.TrfError, match="round 1"):
        trf.read("\n".join(lines))
