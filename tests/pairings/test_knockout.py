"""Knockout brackets, appendix §2 (single elimination) and §3 (double elimination)."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairings import knockout_cli
from pairings.knockout import (
    DECIDER,
    FINAL,
    THIRD_PLACE,
    Bracket,
    KnockoutError,
    LoserOf,
    Seed,
    WinnerOf,
    bracket_order,
    double_elimination,
    first_round_entrants,
    knockout,
    resolve,
    seeds_by_lots,
    seeds_by_rating,
    seeds_from_order,
    single_elimination,
)

ROOT = Path(__file__).resolve().parents[2]
ALL_A = range(2, 65)


def law_x(a: int) -> int:
    """Appendix §2 as printed: X = (a - 2^n) * 2, 2^n the largest power of two below a."""
    two_n = 1
    while two_n * 2 < a:
        two_n *= 2
    return (a - two_n) * 2


def log2(size: int) -> int:
    return size.bit_length() - 1


def play_out(bracket: Bracket, rng: random.Random):
    """Decide every ready match at random until none is left; return the final state."""
    winners: dict[str, str] = {}
    while True:
        state = resolve(bracket, winners)
        if not state.ready:
            return state, winners
        for code in state.ready:
            winners[code] = rng.choice(("home", "away"))


def played_matches(bracket: Bracket, state):
    """(match, match state) for every decided match, in playing order."""
    codes = {m.code: m for m in bracket.matches}
    return [(codes[s.code], s) for s in state.matches if s.status == "decided"]


# --- rematch analysis straight from the bracket's data ------------------------------------


def a_upstream(bracket: Bracket) -> dict[str, set[str]]:
    """For each A match, the A matches whose winner can reach it."""
    up: dict[str, set[str]] = {}
    for m in bracket.matches:
        if m.bracket == "A":
            up[m.code] = set()
            for slot in (m.home, m.away):
                if isinstance(slot, WinnerOf):
                    up[m.code] |= {slot.code} | up[slot.code]
    return up


def rematch_possible(bracket: Bracket) -> set[str]:
    """B matches where two players who met in A can meet again, over all outcomes.

    Each B side is fed by the losers of some A matches (its *origins*). The loser of A match x
    has beaten, in A, the loser of every A match upstream of x, and lost to a player who drops
    later from a match downstream of x; so the sides can hold an earlier pair exactly when an
    origin of one is upstream of an origin of the other.
    """
    up = a_upstream(bracket)
    origins: dict[str, set[str]] = {}
    possible = set()
    for m in bracket.matches:
        if m.bracket != "B":
            continue
        sides = []
        for slot in (m.home, m.away):
            sides.append({slot.code} if isinstance(slot, LoserOf) else origins[slot.code])
        origins[m.code] = sides[0] | sides[1]
        if any(x in up[y] or y in up[x] for x in sides[0] for y in sides[1]):
            possible.add(m.code)
    return possible


def nominal_b_round(bracket: Bracket, code: str) -> int:
    """B round counted in the full bracket of ``size`` lines (played at stage round + 1)."""
    return bracket.match(code).stage - 1


FIRST_REMATCH_B_ROUND = {2: 2, 3: 3, 4: 4, 5: 5, 6: 7}
"""By bracket size 2^k: the first B round (of 2k - 2) where a rematch can happen."""


# --- layout and sizes ---------------------------------------------------------------------


def test_bracket_order_16_is_the_usual_layout():
    pairs = list(zip(*[iter(bracket_order(16))] * 2, strict=True))
    assert pairs == [(1, 16), (8, 9), (5, 12), (4, 13), (3, 14), (6, 11), (7, 10), (2, 15)]


def test_appendix_2_example_seven_entrants():
    bracket = single_elimination(7)
    assert bracket.first_round_entrants == 6 == law_x(7)
    assert bracket.byes == (1,)
    assert bracket.match_count == 6
    round_1 = [m for m in bracket.matches if m.stage == 1]
    assert [(m.home, m.away) for m in round_1] == [
        (Seed(4), Seed(5)),
        (Seed(3), Seed(6)),
        (Seed(2), Seed(7)),
    ]
    assert bracket.match("A2.1").home == Seed(1)
    with_third = single_elimination(7, third_place=True)
    assert with_third.match_count == 6 and len(with_third.matches) == 7


def test_appendix_3_example_eight_teams():
    bracket = double_elimination(8)
    assert bracket.first_round_entrants == 8 and bracket.byes == ()
    assert bracket.match_count == 14
    assert len(bracket.matches) == 15
    assert bracket.matches[-1].code == DECIDER


@pytest.mark.parametrize("a", ALL_A)
@pytest.mark.parametrize("double", [False, True])
def test_appendix_2_sizes_for_every_a(a, double):
    bracket = knockout(a, double=double)
    x = law_x(a)
    assert first_round_entrants(a) == bracket.first_round_entrants == x
    if a & (a - 1) == 0:
        assert x == a
    round_1 = [m for m in bracket.matches if m.bracket == "A" and m.round == 1]
    assert len(round_1) * 2 == x
    assert bracket.byes == tuple(range(1, a - x + 1))  # byes to the top seeds only
    assert bracket.match_count == (2 * a - 2 if double else a - 1)
    assert len(bracket.matches) == bracket.match_count + (1 if double else 0)
    seeds = Counter(
        s.seed for m in bracket.matches for s in (m.home, m.away) if isinstance(s, Seed)
    )
    assert seeds == Counter(range(1, a + 1))  # each entrant enters once
    stage = {m.code: m.stage for m in bracket.matches}
    for m in bracket.matches:
        if m.bracket in "AB":
            assert m.code == f"{m.bracket}{m.round}.{m.index}"
        feeders = [s.code for s in (m.home, m.away) if not isinstance(s, Seed)]
        assert all(stage[c] < m.stage for c in feeders)  # played after what feeds it
        if m.bracket == "A" and m.round == 2:
            assert all(isinstance(s, WinnerOf) or s.seed in bracket.byes for s in (m.home, m.away))


def meeting_round(bracket: Bracket, s: int, t: int) -> int:
    """A round of the first A match both seeds can reach (their earliest possible meeting)."""

    def path(seed: int) -> list[str]:
        code = next(m.code for m in bracket.matches if Seed(seed) in (m.home, m.away))
        out = [code]
        while (nxt := bracket.match(out[-1]).winner_to) and bracket.match(nxt).bracket == "A":
            out.append(nxt)
        return out

    other = set(path(t))
    return bracket.match(next(c for c in path(s) if c in other)).round


@pytest.mark.parametrize("a", ALL_A)
def test_seeds_1_2_opposite_halves_1_4_different_quarters(a):
    bracket = single_elimination(a)
    k = log2(bracket.size)
    assert meeting_round(bracket, 1, 2) == k
    if a >= 4:
        for s in range(1, 5):
            for t in range(s + 1, 5):
                assert meeting_round(bracket, s, t) >= k - 1
    for t in range(2, a + 1):  # in general seeds <= 2^m sit in different 1/2^m sections
        m = (t - 1).bit_length()
        for s in range(1, t):
            assert meeting_round(bracket, s, t) >= k - m + 1


# --- playing brackets out -----------------------------------------------------------------


def check_played(bracket: Bracket, state, winners) -> None:
    a = bracket.entrants
    assert state.finished and state.champion in range(1, a + 1)
    games = played_matches(bracket, state)
    for _, s in games:
        assert {s.home, s.away} <= set(range(1, a + 1)) and s.home != s.away
    losses = Counter(s.loser for m, s in games if m.bracket != "3")
    if bracket.double:
        decider = winners.get(FINAL) == "away"
        assert len(games) == 2 * a - 2 + decider
        assert losses[state.champion] == decider
        assert all(losses[p] == 2 for p in range(1, a + 1) if p != state.champion)
        void = [s.code for s in state.matches if s.status == "void"]
        assert void == ([] if decider else [DECIDER])
    else:
        assert len(games) == a - 1 + bracket.third_place
        assert losses[state.champion] == 0
        assert all(losses[p] == 1 for p in range(1, a + 1) if p != state.champion)
        assert all(s.status == "decided" for s in state.matches)
    placed = {p.seed: p for p in state.placings}
    assert sorted(placed) == list(range(1, a + 1))
    assert placed[state.champion].place == 1
    groups = Counter((p.place, p.place_to) for p in state.placings)
    expected_place = 1
    for (place, place_to), count in sorted(groups.items()):
        assert place == expected_place and count == place_to - place + 1
        expected_place = place_to + 1
    assert expected_place == a + 1


def check_rematches(bracket: Bracket, state) -> None:
    """Rematches only where the analysis allows; never against whoever sent you to B."""
    possible = rematch_possible(bracket)
    met: set[frozenset[int]] = set()
    sent_by: dict[int, int] = {}
    first_b: dict[int, int] = {}
    for m, s in played_matches(bracket, state):
        pair = frozenset((s.home, s.away))
        if m.bracket == "B":
            assert pair not in met or m.code in possible, f"rematch in {m.code}"
            for player, opponent in ((s.home, s.away), (s.away, s.home)):
                first_b.setdefault(player, opponent)
        if m.bracket == "A":
            sent_by[s.loser] = s.winner
        met.add(pair)
    if bracket.entrants != 3:
        assert all(first_b[p] != sent_by[p] for p in first_b)


@settings(max_examples=300, deadline=None)
@given(a=st.integers(2, 64), double=st.booleans(), third=st.booleans(), rng=st.randoms())
def test_random_outcomes_one_champion_everyone_else_out(a, double, third, rng):
    bracket = knockout(a, double=double, third_place=third and not double and a >= 4)
    state, winners = play_out(bracket, rng)
    check_played(bracket, state, winners)
    if double:
        check_rematches(bracket, state)


@pytest.mark.parametrize("a", ALL_A)
def test_every_a_played_out_many_times(a):
    rng = random.Random(a)
    for double in (False, True):
        bracket = knockout(a, double=double)
        for _ in range(20):
            state, winners = play_out(bracket, rng)
            check_played(bracket, state, winners)
            if double:
                check_rematches(bracket, state)


# --- double elimination: the drop pattern -------------------------------------------------


@pytest.mark.parametrize("a", range(3, 65))
def test_appendix_3_no_early_rematch(a):
    """A rematch in B can only come in its last rounds: the table, and B rounds 1-2 always."""
    bracket = double_elimination(a)
    k = log2(bracket.size)
    rounds = {nominal_b_round(bracket, code) for code in rematch_possible(bracket)}
    assert min(rounds) == FIRST_REMATCH_B_ROUND[k]
    if k >= 3:
        assert min(rounds) >= 3
    if k <= 6:
        assert min(rounds) >= 2 * k - 2 - 3  # only the last four B rounds


@pytest.mark.parametrize("a", [8, 16, 32, 64])
def test_appendix_3_first_possible_rematch_does_happen(a):
    """The analysis is tight: random play meets a rematch in the table's round."""
    bracket = double_elimination(a)
    target = FIRST_REMATCH_B_ROUND[log2(a)]
    rng = random.Random(0)
    for _ in range(3000):
        state, _ = play_out(bracket, rng)
        met: set[frozenset[int]] = set()
        for m, s in played_matches(bracket, state):
            pair = frozenset((s.home, s.away))
            if pair in met and m.bracket == "B":
                assert nominal_b_round(bracket, m.code) >= target
                if nominal_b_round(bracket, m.code) == target:
                    return
            met.add(pair)
    pytest.fail(f"no rematch seen in B round {target}")


def test_appendix_3_drops_cross_over_for_16():
    bracket = double_elimination(16)
    b2 = [m for m in bracket.matches if m.bracket == "B" and m.round == 2]
    assert [m.away for m in b2] == [LoserOf(f"A2.{i}") for i in (4, 3, 2, 1)]
    b4 = [m for m in bracket.matches if m.bracket == "B" and m.round == 4]
    assert [m.away for m in b4] == [LoserOf("A3.2"), LoserOf("A3.1")]


def test_appendix_3_two_entrants():
    bracket = double_elimination(2)
    assert [m.code for m in bracket.matches] == ["A1.1", FINAL, DECIDER]
    assert bracket.match(FINAL).away == LoserOf("A1.1")
    state = resolve(bracket, {"A1.1": "home", FINAL: "away"})
    assert state.ready == (DECIDER,)
    assert (state.matches[-1].home, state.matches[-1].away) == (1, 2)
    state = resolve(bracket, {"A1.1": "home", FINAL: "away", DECIDER: "away"})
    assert state.champion == 2


def test_appendix_3_final_won_by_a_player_ends_it():
    bracket = double_elimination(8)
    winners = {m.code: "home" for m in bracket.matches if m.bracket in "AB"}
    winners[FINAL] = "home"
    state = resolve(bracket, winners)
    assert state.champion == 1 and state.ready == ()
    with pytest.raises(KnockoutError, match="B player"):
        resolve(bracket, {**winners, DECIDER: "home"})


# --- placings -----------------------------------------------------------------------------


def favourites_win(bracket: Bracket, **forced: str):
    """Play out with the better seed always winning, except the matches in ``forced``."""
    winners: dict[str, str] = {}
    while (state := resolve(bracket, winners)).ready:
        for s in state.matches:
            if s.status == "ready":
                winners[s.code] = forced.get(s.code, "home" if s.home < s.away else "away")
    return state


def places(state) -> dict[int, tuple[int, int]]:
    return {p.seed: (p.place, p.place_to) for p in state.placings}


def test_placings_single_elimination_shared_third():
    state = favourites_win(single_elimination(8))
    assert places(state) == {
        1: (1, 1),
        2: (2, 2),
        3: (3, 4),
        4: (3, 4),
        **{s: (5, 8) for s in (5, 6, 7, 8)},
    }


def test_placings_single_elimination_third_place_match():
    bracket = single_elimination(8, third_place=True)
    third = bracket.match(THIRD_PLACE)
    assert (third.home, third.away) == (LoserOf("A2.1"), LoserOf("A2.2"))
    state = favourites_win(bracket, **{THIRD_PLACE: "home"})  # seed 4 beats seed 3
    assert places(state)[4] == (3, 3) and places(state)[3] == (4, 4)


def test_placings_single_elimination_with_byes():
    state = favourites_win(single_elimination(7))
    assert {s for s, p in places(state).items() if p == (5, 7)} == {5, 6, 7}


def test_placings_double_elimination():
    state = favourites_win(double_elimination(8))
    assert places(state) == {
        1: (1, 1),
        2: (2, 2),
        3: (3, 3),
        4: (4, 4),
        **{s: (5, 6) for s in (5, 6)},
        **{s: (7, 8) for s in (7, 8)},
    }


def test_placings_double_elimination_decider():
    state = favourites_win(double_elimination(8), F="away", D="home")
    assert state.champion == 1 and places(state)[2] == (2, 2)
    state = favourites_win(double_elimination(8), F="away", D="away")
    assert state.champion == 2 and places(state)[1] == (2, 2)


def test_placings_known_as_players_go_out():
    bracket = single_elimination(8)
    state = resolve(bracket, {"A1.1": "home"})
    assert places(state) == {8: (5, 8)} and state.champion is None


# --- resolve: refusals --------------------------------------------------------------------


def test_resolve_refuses_unknown_code_bad_side_and_early_result():
    bracket = single_elimination(4)
    with pytest.raises(KnockoutError, match="no match"):
        resolve(bracket, {"Z9.9": "home"})
    with pytest.raises(KnockoutError, match="'home' or 'away'"):
        resolve(bracket, {"A1.1": "white"})
    with pytest.raises(KnockoutError, match="before both"):
        resolve(bracket, {"A2.1": "home"})


def test_walkover_is_just_a_winner():
    bracket = single_elimination(4)
    state = resolve(bracket, {"A1.1": "away"})  # seed 1 withdrew: seed 4 goes on
    assert state.matches[2].home == 4


@pytest.mark.parametrize("bad", [0, 1, -3, True, 2.5])
def test_bad_entrant_counts(bad):
    with pytest.raises(KnockoutError):
        knockout(bad)


def test_third_place_needs_four_and_single_elimination():
    with pytest.raises(KnockoutError):
        single_elimination(3, third_place=True)
    with pytest.raises(KnockoutError):
        knockout(8, double=True, third_place=True)


# --- seeding ------------------------------------------------------------------------------


def test_seeds_by_rating_ties_by_id_unrated_last():
    ratings = {10: 2100, 11: 2300, 12: None, 13: 2100, 14: 1900}
    assert seeds_by_rating(ratings) == {11: 1, 10: 2, 13: 3, 14: 4, 12: 5}


def test_seeds_from_order_and_duplicates():
    assert seeds_from_order([7, 3, 5]) == {7: 1, 3: 2, 5: 3}
    with pytest.raises(KnockoutError):
        seeds_from_order([7, 3, 7])


@given(st.sets(st.integers(1, 10_000), min_size=2, max_size=40), st.integers())
def test_seeds_by_lots_reproducible_from_stored_seed(entrants, seed):
    order = list(entrants)
    drawn = seeds_by_lots(order, seed)
    assert drawn == seeds_by_lots(list(reversed(order)), seed)
    assert sorted(drawn.values()) == list(range(1, len(entrants) + 1))


# --- command line -------------------------------------------------------------------------


def run_cli(capsys, *argv: str):
    code = knockout_cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_seven(capsys):
    code, out, _ = run_cli(capsys, "7")
    data = json.loads(out)
    assert code == 0
    assert data["first_round_entrants"] == 6 and data["byes"] == [1] and data["matches"] == 6
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    assert data["rounds"][1]["matches"][0]["home"] == {"seed": 1}
    assert data["rounds"][1]["matches"][0]["away"] == {"winner_of": "A1.1"}
    assert "matches_with_decider" not in data


def test_cli_double_eight(capsys):
    code, out, _ = run_cli(capsys, "8", "--double")
    data = json.loads(out)
    assert code == 0 and data["matches"] == 14 and data["matches_with_decider"] == 15
    listed = [m for r in data["rounds"] for m in r["matches"]]
    assert len(listed) == 15 and {m["bracket"] for m in listed} == {"A", "B", "F", "D"}
    assert {"loser_of": "A1.1"} in [m["home"] for m in listed]


def test_cli_third_place(capsys):
    code, out, _ = run_cli(capsys, "6", "--third-place")
    data = json.loads(out)
    assert code == 0 and data["matches"] == 5 and data["matches_with_third_place"] == 6


@pytest.mark.parametrize(
    "argv", [["1"], ["x"], [], ["3", "--third-place"], ["8", "--double", "--third-place"], ["5000"]]
)
def test_cli_bad_input(capsys, argv):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err


def test_cli_subprocess():
    done = subprocess.run(
        [sys.executable, "-m", "pairings", "knockout", "7"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["matches"] == 6


# --- engine purity ------------------------------------------------------------------------


@pytest.mark.parametrize("module", ["knockout.py", "minimatch.py"])
def test_engine_imports_only_the_standard_library(module):
    tree = ast.parse((ROOT / "pairings" / module).read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    assert names <= set(sys.stdlib_module_names) | {"__future__"}
