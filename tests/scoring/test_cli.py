"""``python -m scoring standings`` on a TRF file (tests/scoring/data/law_rr4.trf).

The file is the four-player round robin of test_art_21_3_round_robin.py where wins with Black
decide: everyone 1½, H2H 1½ each among the four, SB 2¼, one win each, BWG 1 0 1 1.
"""

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from scoring.cli import main, start_date, system_from_points
from scoring.points import format_points

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).parents[2]


def test_cli_law_round_robin(capsys):
    assert main(["standings", str(DATA / "law_rr4.trf"), "--tiebreaks", "law-rr"]) == 0
    assert capsys.readouterr().out == (
        "Rank\tStartNo\tPTS\tH2H\tSB\tWIN\tBWG\tLOT\n"
        "1\t1\t1.5\t1.5\t2.25\t1\t1\t-\n"
        "4\t2\t1.5\t1.5\t2.25\t1\t0\t-\n"
        "1\t3\t1.5\t1.5\t2.25\t1\t1\t-\n"
        "1\t4\t1.5\t1.5\t2.25\t1\t1\t-\n"
    )


def test_cli_after_round_and_forced_swiss(capsys):
    args = ["standings", str(DATA / "law_rr4.trf"), "--tiebreaks", "PTS,BH", "--after-round",
            "2", "--swiss"]
    assert main(args) == 0
    # After round 2: 1 = 0 + ½, 2 = 0 + ½, 3 = 1 + ½, 4 = 1 + ½; BH of 1 = s(4) 1½ + s(2) ½ = 2.
    assert capsys.readouterr().out.splitlines()[1:] == [
        "3\t1\t0.5\t2", "3\t2\t0.5\t2", "1\t3\t1.5\t2", "1\t4\t1.5\t2"]


def test_cli_point_values_from_the_file(tmp_path, capsys):
    text = (DATA / "law_rr4.trf").read_text() + "BBW 3.0\nBBD 1.0\n"
    path = tmp_path / "football.trf"
    path.write_text(text)
    assert main(["standings", str(path), "--tiebreaks", "PTS,WIN"]) == 0
    # One win, one draw, one loss each: 3 + 1 + 0 = 4.
    assert [line.split("\t")[2] for line in capsys.readouterr().out.splitlines()[1:]] == ["4"] * 4


def test_cli_rejects_an_unknown_tiebreak(capsys):
    assert main(["standings", str(DATA / "law_rr4.trf"), "--tiebreaks", "PTS,XYZ"]) == 2
    assert "unknown tie-break" in capsys.readouterr().err


def test_cli_runs_as_a_module():
    out = subprocess.run(
        [sys.executable, "-m", "scoring", "standings", str(DATA / "law_rr4.trf"),
         "--tiebreaks", "PTS,SB", "--edition", "2024"],
        capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.splitlines()[0] == "Rank\tStartNo\tPTS\tSB"


def test_start_date_and_point_lines():
    assert str(start_date([("042", "2026/05/01")])) == "2026-05-01"
    assert start_date([("042", "01.05.2026")]) is None
    system = system_from_points({"BBW": Fraction(2), "BBD": Fraction(1), "BBU": Fraction(1)})
    assert (system.win, system.draw, system.pairing_bye, system.forfeit_win) == (2, 1, 1, 2)


def test_values_print_exactly():
    assert [format_points(v) for v in (Fraction(25, 2), Fraction(3, 4), 7, Fraction(13, 3),
                                       Fraction(-1, 2), None)] == [
        "12.5", "0.75", "7", "4.333", "-0.5", "-"]


RECORDS = ROOT / "tests" / "records" / "data"


def test_cli_reads_latin_1_and_windows_1252_files(capsys):
    assert main(["standings", str(RECORDS / "vega_latin1.trf"), "--tiebreaks", "PTS"]) == 0
    assert main(["standings", str(RECORDS / "swiss_manager_cp1252_crlf.trf"),
                 "--tiebreaks", "PTS"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:4] == ["1\t1\t2", "2\t2\t1", "2\t3\t1"]  # Vega: 2, then two pairing byes


def test_cli_prints_no_aro_when_nobody_is_rated(capsys):
    # lichess writes no ratings; the Swiss-Manager file writes 0 for two of four players.
    assert main(["standings", str(RECORDS / "lichess_byes.trf"), "--tiebreaks", "PTS,ARO"]) == 0
    assert [line.split("\t")[3] for line in capsys.readouterr().out.splitlines()[1:]] == ["-"] * 3
    assert main(["standings", str(RECORDS / "swiss_manager_cp1252_crlf.trf"),
                 "--tiebreaks", "PTS,ARO"]) == 0
    # 1 met 3 (1875), 2 (unrated), 4 (unrated): ARO 1875, not (1875 + 0 + 0) / 3.
    assert capsys.readouterr().out.splitlines()[1].split("\t")[3] == "1875"


def test_cli_warns_of_a_points_column_that_disagrees(capsys):
    assert main(["standings", str(RECORDS / "chess_results_bom_crlf.trf")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("warning: line 5: player 2: the points column says 0.5, the results "
                           "give 0.0")
    assert len(err) == 2


def test_cli_refuses_a_bad_file_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.trf"
    path.write_bytes(b"001    1 m    A\n001    1 m    B\n")
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"standings: {path}: line 2: start number 1 is already used on line 1\n"
