"""pairings.checker: the absolute rules of a round (C.04.1, [C1]-[C3]) and the comparison with
the engine, as an arbiter overriding pairings by hand would see them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairings.checker import check_round, check_tournament
from pairings.dutch_cli import load
from records import Bye, Game, Pairing, Participant, Result, Tournament
from tests.scoring.builders import B, D, W, tour

DATA = Path(__file__).parent / "data"


def _codes(report) -> list[str]:
    return [m.code for m in report.messages]


@pytest.mark.parametrize("name", ["dutch2025_r11_p35_255707081", "dutch2025_r08_p41_303347811"])
def test_rounds_paired_by_the_rules_have_no_findings(name):
    event = load((DATA / "fixtures" / f"{name}.trf").read_text(), need_colour=False)
    reports = check_tournament(event.tournament, event.options)
    assert [r.round for r in reports] == list(range(1, event.tournament.rounds + 1))
    assert all(r.ok for r in reports)


def test_c1_rematch():
    t = tour(4, [[(1, 3, W), (4, 2, W)], [(3, 1, D), (2, 4, D)]], 3)
    report = check_round(t, 2)
    rematches = [m for m in report.messages if m.code == "rematch"]
    assert {(m.params["white"], m.params["black"]) for m in rematches} == {(3, 1), (2, 4)}
    assert "already played each other [C1]" in rematches[0].text


def test_c2_second_bye_and_bye_after_forfeit_win():
    t = tour(3, [[(1, 2, W), (3, 0)], [(3, 1, D), (2, 0)], [(1, 2, D), (3, 0)]], 5)
    assert "second_bye" in _codes(check_round(t, 3))
    t = tour(3, [[(1, 2, Result.WHITE_WINS_FORFEIT), (3, 0)], [(2, 3, D), (1, 0)]], 5)
    report = check_round(t, 2)
    assert "bye_after_unplayed_win" in _codes(report)
    assert report.messages[0].params == {"player": 1}


def test_c3_same_absolute_colour_and_colour_limit():
    # 1 and 2 had White twice: both must have Black in round 3.
    t = tour(4, [[(1, 3, D), (2, 4, D)], [(1, 4, D), (2, 3, D)], [(1, 2, D), (3, 4, D)]], 5)
    codes = _codes(check_round(t, 3))
    assert "same_absolute_colour" in codes
    assert "colour_limit" in codes  # 1 gets White a third time


def test_players_paired_twice_missing_or_absent():
    people = tuple(Participant(i, f"P{i}") for i in range(1, 6))
    pairings = (
        Pairing(1, 1, 1, 2, (Game(True, Result.DRAW),)),
        Pairing(1, 2, 1, 3, (Game(True, Result.DRAW),)),
        Pairing(1, 3, 5, None, bye=Bye.ZERO_POINT),
        Pairing(1, 4, 5, None, bye=Bye.PAIRING_ALLOCATED),
    )
    codes = _codes(check_round(Tournament(people, pairings, 3), 1))
    assert codes.count("paired_twice") == 2  # 1 twice, 5 twice
    assert "not_paired" in codes  # 4
    assert "not_available" in codes  # 5 is absent but got the PAB


def test_differs_lists_the_boards_the_rules_give():
    t = tour(4, [[(1, 3, W), (4, 2, W)], [(1, 2, D), (3, 4, B)]], 3)
    differs = [m for m in check_round(t, 2).messages if m.code == "differs"]
    assert [(m.params["expected_white"], m.params["expected_black"]) for m in differs] == [
        (4, 1), (2, 3)]
    assert differs[0].params["actual_white"] == 3 and differs[0].params["actual_black"] == 4


def test_no_valid_pairing_is_reported_not_raised():
    t = tour(2, [[(1, 2, D)], [(2, 1, D)]], 3)
    codes = _codes(check_round(t, 2))
    assert "no_valid_pairing" in codes and "rematch" in codes


def test_missing_result_is_reported():
    people = (Participant(1, "A"), Participant(2, "B"))
    t = Tournament(people, (Pairing(1, 1, 1, 2, (Game(True, None),)),
                            Pairing(2, 1, 2, 1, (Game(True, Result.DRAW),))), 3)
    assert _codes(check_round(t, 2)) == ["incomplete_history"]
