"""Seeds given a pass of one or two rounds (appendix §2: "chọn một số đấu thủ hạt giống từ những
người tham dự cho miễn đấu 1 - 2 trận"; pairings/knockout.py: pass_lines), worked by hand."""

import pytest

from pairings.knockout import KnockoutError, Seed, WinnerOf, knockout, resolve


def _pairs(bracket, stage):
    return [(m.home.seed if isinstance(m.home, Seed) else m.home.code,
             m.away.seed if isinstance(m.away, Seed) else m.away.code)
            for m in bracket.matches if m.stage == stage]


def test_the_appendix_example_seven_players_one_seed_to_round_two():
    """Appendix §2: 7 players, X = (7 - 2^2) * 2 = 6 play round 1, 1 goes straight to round 2;
    6 matches. One seed's pass of one round is that bracket."""
    passed = knockout(7, passes=1, skip=1)
    assert passed.matches == knockout(7).matches
    assert (passed.first_round_entrants, passed.byes, passed.match_count) == (6, (1,), 6)


def test_two_seeds_of_ten_go_straight_to_the_semi_finals():
    """10 players, seeds 1 and 2 skip two rounds: the 8 others play round 1 (4 matches) and
    round 2 (2 matches) for the 2 places beside them in the semi-finals (16 lines: 1 16 8 9 |
    5 12 4 13 | 3 14 6 11 | 7 10 2 15; seed 1's and seed 2's sections hold them alone, labels
    11-14 are seeds 7-10)."""
    bracket = knockout(10, passes=2, skip=2)
    assert _pairs(bracket, 1) == [(5, 8), (4, 9), (3, 10), (6, 7)]
    assert _pairs(bracket, 2) == [("A1.1", "A1.2"), ("A1.3", "A1.4")]
    assert _pairs(bracket, 3) == [(1, "A2.1"), ("A2.2", 2)]
    assert (bracket.byes, bracket.match_count, bracket.first_round_entrants) == ((1, 2), 9, 8)
    # Seeds 1 and 2 meet only in the final.
    final = [m for m in bracket.matches if m.stage == 4]
    assert [(m.home, m.away) for m in final] == [(WinnerOf("A3.1"), WinnerOf("A3.2"))]


def test_nine_players_one_seed_skips_two_rounds_the_next_four_one():
    """9 players, seed 1 skips two rounds: P = 4 players meet in the semi-finals (1 and 3
    qualifiers), the 8 others fill 12 lines: seeds 2-5 have a bye in round 1, 6-9 play it."""
    bracket = knockout(9, passes=1, skip=2)
    assert _pairs(bracket, 1) == [(6, 9), (7, 8)]
    assert _pairs(bracket, 2) == [(5, 4), (3, "A1.1"), ("A1.2", 2)]
    assert _pairs(bracket, 3) == [(1, "A2.1"), ("A2.2", "A2.3")]
    assert bracket.byes == (1, 2, 3, 4, 5) and bracket.match_count == 8


def test_twenty_players_four_seeds_to_the_quarter_finals():
    bracket = knockout(20, passes=4, skip=2)
    assert len(_pairs(bracket, 1)) == 8 and len(_pairs(bracket, 2)) == 4
    quarter = _pairs(bracket, 3)
    assert sorted(s for pair in quarter for s in pair if isinstance(s, int)) == [1, 2, 3, 4]
    assert bracket.match_count == 19


def test_the_bracket_plays_out_to_the_champion():
    bracket = knockout(10, passes=2, skip=2)
    state = resolve(bracket, {m.code: "home" for m in bracket.matches})
    assert state.champion == 1


@pytest.mark.parametrize(("entrants", "passes", "skip"), [
    (12, 2, 2),  # the 10 others would fill 10 of 24 lines: less than half
    (8, 8, 1), (8, 2, 3),
])
def test_impossible_passes_are_refused(entrants, passes, skip):
    with pytest.raises(KnockoutError):
        knockout(entrants, passes=passes, skip=skip)


def test_no_pass_in_double_elimination():
    with pytest.raises(KnockoutError):
        knockout(10, double=True, passes=2, skip=1)
