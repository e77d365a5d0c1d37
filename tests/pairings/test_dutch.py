"""pairings.dutch: bbpPairings' own regression tests, the worked examples of the handbook and
DUTCH.md, and the options of the API. Expected pairings were checked against bbpPairings
(FIDE_DUTCH_2025)."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from pairings.dutch import (
    DutchOptions,
    ForbiddenPairs,
    NoValidPairing,
    PointValues,
    baku_accelerations,
    pair_round,
)
from pairings.dutch_cli import format_pairing, load, main
from pairings.swiss_state import DutchError
from records import Bye, Colour, Pairing, Participant, Result
from tests.scoring.builders import B, D, W, tour

DATA = Path(__file__).parent / "data"
REPO = Path(__file__).resolve().parents[2]

def _pair_file(path: Path) -> str:
    event = load(path.read_text(encoding="utf-8"))
    return format_pairing(pair_round(event.tournament, event.next_round, event.options))


# --- bbpPairings' tests -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["dutch_2025_C5", "dutch_2025_C9", "issue_7"])
def test_bbp_regression_cases(name):
    """bbpPairings' tests (test/tests/<name>.input / .output.expected), pairs and colours."""
    expected = (DATA / "bbp" / f"{name}.expected").read_text()
    assert _pair_file(DATA / "bbp" / f"{name}.trf") == expected


@pytest.mark.parametrize("path", sorted((DATA / "extensions").glob("*.trf")),
                         ids=lambda p: p.stem)
def test_trf_extensions_as_bbp_reads_them(path):
    """XXP forbidden pairs, XXA virtual points, 192 FIDE_DUTCH_2025_BAKU, BB? point values,
    F/H/Z byes: bbp's -p output on the same file."""
    assert _pair_file(path) == path.with_suffix(".expected").read_text()


def test_c04_3_c5_pab_goes_to_lowest_score():
    """[C5] outranks [C6]: #6 (0 points) gets the bye, which forces 1-3 apart (DUTCH.md §3.3)."""
    event = load((DATA / "bbp" / "dutch_2025_C5.trf").read_text())
    pairing = pair_round(event.tournament, 3, event.options)
    assert pairing.bye == 6
    assert set(pairing.boards) == {(1, 5), (3, 2)}


def test_c04_3_c9_pab_goes_to_player_with_most_games():
    """[C9]: among the 0-point players, #5 (absent in round 1) is not the one left out."""
    event = load((DATA / "bbp" / "dutch_2025_C9.trf").read_text())
    pairing = pair_round(event.tournament, 2, event.options)
    assert pairing.bye == 4


# --- generation order and criteria (Art. 2-4) ----------------------------------------------


def test_c04_3_art_4_2_transposition_gives_everyone_his_colour():
    """All drew in round 1, S1 = 1-4 met S2 = 5-8 board by board: the first transposition that
    gives everybody his colour wins (1-7, 2-8, 3-5, 4-6)."""
    t = tour(8, [[(1, 5, D), (6, 2, D), (3, 7, D), (8, 4, D)]], 5)
    pairing = pair_round(t, 2)
    assert pairing.boards == ((7, 1), (2, 8), (5, 3), (4, 6))


def test_c04_3_art_4_3_exchange_when_no_transposition_is_good():
    """S1 = 1-3 met S2 = 4-6: transpositions cost colours, exchanging 3 and 4 costs none."""
    t = tour(6, [[(1, 4, D), (5, 2, D), (3, 6, D)]], 3)
    assert pair_round(t, 2).boards == ((6, 1), (2, 3), (4, 5))


def test_c04_3_exchange_order_when_all_s1_s2_pairs_met():
    """Four players, everyone met across S1/S2: 1-2 and 3-4 (an exchange) are the only pairs."""
    t = tour(4, [[(1, 3, D), (4, 2, D)], [(4, 1, D), (2, 3, D)]], 3)
    assert pair_round(t, 3).boards == ((1, 2), (3, 4))


def test_c04_3_c14_resident_who_downfloated_is_not_floated_again():
    """Score group 1 = {1, 2, 3, 4, 9}: 9 had the PAB (a downfloat). 1-4 and 2-3 would suit
    the colours but float 9 again; 1-4 and 2-9 float 3 instead ([C14] before the order)."""
    t = tour(9, [[(1, 5, W), (6, 2, B), (3, 7, W), (8, 4, B), (9, 0)]], 3)
    pairing = pair_round(t, 2)
    assert pairing.boards == ((4, 1), (2, 9), (5, 3), (7, 6))
    assert pairing.bye == 8


def test_c04_3_c1_no_rematch_and_c2_no_second_bye():
    t = tour(3, [[(1, 2, W), (3, 0)], [(3, 1, D), (2, 0)]], 3)
    pairing = pair_round(t, 3)
    assert pairing.boards == ((2, 3),)  # 1-2 and 1-3 met, 3 and 2 had the bye
    assert pairing.bye == 1


def test_c04_3_c2_no_bye_after_a_forfeit_win():
    t = tour(3, [[(1, 2, Result.WHITE_WINS_FORFEIT), (3, 0)]], 3)
    pairing = pair_round(t, 2)
    assert pairing.bye == 2  # 1 won without playing, 3 had the bye: only 2 may get it


def test_no_valid_pairing_raises_with_a_message():
    t = tour(2, [[(1, 2, D)]], 3)
    with pytest.raises(NoValidPairing, match="chief arbiter"):
        pair_round(t, 2)


# --- colours (Art. 5) and board order ----------------------------------------------------


@pytest.mark.parametrize(("initial", "boards"), [
    (Colour.WHITE, ((1, 4), (5, 2), (3, 6))),
    (Colour.BLACK, ((4, 1), (2, 5), (6, 3))),
])
def test_c04_3_art_5_2_5_round_one_by_pairing_number_parity(initial, boards):
    pairing = pair_round(tour(7, [], 5), 1, DutchOptions(initial_colour=initial))
    assert pairing.boards == boards and pairing.bye == 7


def test_c04_3_art_5_2_3_alternation_looks_back_to_last_difference():
    """1 and 4 both had W then B: alternation gives nothing, rule 5.2.4 gives the higher
    player (1) his preference."""
    t = tour(4, [[(1, 3, D), (4, 2, D)], [(2, 1, D), (3, 4, D)]], 5)
    assert pair_round(t, 3).boards == ((1, 4), (3, 2))


def test_board_order_uses_real_scores_with_acceleration():
    """Baku acceleration (C.04.5): pairing uses virtual points, the board order real scores:
    3 and 4 (0 points + 1 virtual) meet, on the board after 7-8 (1 point)."""
    values = baku_accelerations(list(range(1, 10)), 9, 10, 5)
    assert sorted(values) == [1, 2, 3, 4, 5]  # first half rounded up, as bbpPairings does
    assert values[1] == (10, 10, 10, 5, 5)  # 5 accelerated rounds: 3 full, 2 half
    t = tour(8, [[(1, 5, W), (6, 2, B), (3, 7, B), (8, 4, W)]], 9)
    pairing = pair_round(t, 2, DutchOptions(acceleration="baku"))
    assert pairing.boards == ((2, 1), (7, 8), (4, 3), (5, 6))


# --- options -------------------------------------------------------------------------------


def test_forbidden_pairs_are_absolute():
    options = DutchOptions(forbidden_pairs=(ForbiddenPairs((1, 3)),))
    pairing = pair_round(tour(4, [], 3), 1, options)
    assert (1, 3) not in pairing.boards and (3, 1) not in pairing.boards


def test_unavailable_withdrawn_and_late_players_are_not_paired():
    people = (Participant(1, "A"), Participant(2, "B"), Participant(3, "C", withdrawn_after=1),
              Participant(4, "D"), Participant(5, "E", joined_round=3), Participant(6, "F"))
    t = tour(6, [[(1, 4, W), (6, 2, D), (3, 0, Bye.ZERO_POINT)]], 5, people=people)
    pairing = pair_round(t, 2, DutchOptions(unavailable=frozenset({6})))
    paired = {p for b in pairing.boards for p in b} | {pairing.bye}
    assert paired == {1, 2, 4}


def test_requested_byes_written_for_the_round_are_respected():
    extra = (Pairing(2, 0, 2, None, bye=Bye.HALF_POINT),)
    t = tour(4, [[(1, 3, W), (4, 2, D)]], 3, extra=extra)
    pairing = pair_round(t, 2)
    assert 2 not in {p for b in pairing.boards for p in b} and pairing.bye is not None


def test_point_values_for_pairing_team_match_points():
    """A team Swiss passes match points (2-1-0): same pairing as 1-1/2-0 here."""
    t = tour(6, [[(1, 4, W), (5, 2, D), (3, 6, B)]], 5)
    team = DutchOptions(points=PointValues(win=Fraction(2), draw=Fraction(1)))
    assert pair_round(t, 2, team).boards == pair_round(t, 2).boards


def test_round_already_paired_is_an_error():
    t = tour(4, [[(1, 3, W), (4, 2, D)]], 3)
    with pytest.raises(DutchError, match="already has pairings"):
        pair_round(t, 1)


def test_engine_imports_no_django():
    code = ("import sys, pairings.dutch, pairings.checker, pairings.dutch_cli; "
            "sys.exit(any(m.startswith('django') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0


# --- command line --------------------------------------------------------------------------


def test_cli_writes_bbp_format(tmp_path):
    out = tmp_path / "out.txt"
    assert main([str(DATA / "bbp" / "dutch_2025_C5.trf"), "-p", str(out)]) == 0
    assert out.read_text() == "3\n1 5\n3 2\n6 0\n"


def test_cli_bad_input_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text("012 nothing\n")
    assert main([str(bad), "-p"]) == 2
    assert "dutch:" in capsys.readouterr().err


def test_cli_check_reports_a_changed_round(tmp_path, capsys):
    """-c re-pairs every round; a round paired by hand differently is reported (exit 1)."""
    from records import trf

    t = tour(4, [[(1, 3, W), (4, 2, W)], [(1, 2, D), (3, 4, D)]], 3)  # the rules: 4-1, 2-3
    path = tmp_path / "hand.trf"
    totals = {1: "1.5", 2: "0.5", 3: "0.5", 4: "1.5"}
    path.write_text(trf.write(trf.TrfDocument(t, initial_colour=Colour.WHITE, totals=totals)))
    assert main([str(path), "-c"]) == 1
    out = capsys.readouterr().out
    assert "hand: Round #1\nhand: Round #2\n" in out
    assert "The rules give 4 - 1; the round has 3 - 4." in out
