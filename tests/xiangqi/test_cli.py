"""The command line: ``python -m xiangqi replay|convert``."""

import subprocess
import sys
from pathlib import Path

from xiangqi.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAMES = """[Event "One"]
1) P2-5 M2.3 2) M8.7 P8-5 1-0

[Event "Two"]
1. h2e2 h9g7 2. h2h1 *

[Event "Three"]
[FEN "4k4/1R7/9/9/9/9/9/9/9/R2K5 w"]
1. R9+9 *
"""


def run(tmp_path, capsys, *args, text=GAMES):
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    status = main([args[0], str(path), *args[1:]])
    out, err = capsys.readouterr()
    return status, out, err


def test_replay_prints_one_tab_separated_line_per_game(tmp_path, capsys):
    status, out, err = run(tmp_path, capsys, "replay")
    assert status == 1  # a game is illegal
    assert err.endswith("games.pgn: UTF-8, 3 games, 2 read\n")
    assert out.splitlines() == [
        "1\tok\tr1bakabnr/9/1cn1c4/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C4/9/R1BAKABNR w",
        "2\tillegal\t3\th2h1\t'h2h1' is not a legal move",
        "3\tok\tR3k4/1R7/9/9/9/9/9/9/9/3K5 b",
    ]


def test_convert_prints_the_games_in_another_notation(tmp_path, capsys):
    status, out, err = run(tmp_path, capsys, "convert", "--to", "zh", text=GAMES.split(
        '[Event "Two"]')[0])
    assert status == 0 and err.endswith("UTF-8, 1 games, 1 read\n")
    assert "1. 炮二平五 马2进3 2. 马八进七 炮8平5 1-0" in out
    assert '[Format "Chinese"]' in out


def test_convert_reports_a_game_it_cannot_play(tmp_path, capsys):
    status, out, err = run(tmp_path, capsys, "convert", "--to", "vi")
    assert status == 1
    assert err.splitlines()[1] == "xiangqi: game 2: move 3 (h2h1): 'h2h1' is not a legal move"
    assert "1. P2-5 M2.3 2. M8.7 P8-5 1-0" in out and "1. X9.9 *" in out


def test_an_unreadable_file_gives_one_line_and_exit_status_2(tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_bytes(bytes(range(256)))
    for args in (["replay", str(path)], ["replay", str(tmp_path / "missing.pgn")],
                 ["convert", str(path), "--to", "wxf"]):
        done = subprocess.run([sys.executable, "-m", "xiangqi", *args], cwd=ROOT,
                              capture_output=True, text=True)
        assert done.returncode == 2
        assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1
        assert "Traceback" not in done.stderr


def test_a_binary_file_is_refused_without_a_traceback(tmp_path, capsys):
    path = tmp_path / "binary.pgn"
    path.write_bytes(b"\x00\x01\x02 PK\x03\x04")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.strip().endswith(
        "not text in UTF-8, UTF-16, GBK/GB18030 or Big5")


def test_a_broken_game_among_good_ones_gets_its_own_line(tmp_path, capsys):
    text = GAMES.replace('[Event "Two"]', '[Event "Two]')
    status, out, err = run(tmp_path, capsys, "replay", text=text)
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 3 and lines[0].startswith("1\tok\t") and lines[2].startswith("3\tok")
    assert lines[1] == "2\tunreadable\t4\tmalformed tag '[Event \"Two]'"
