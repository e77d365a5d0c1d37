"""Large fields: a bracket is never left to the general procedure for its size alone (the cliff
at 4,096 players: the direct path's effort limit was a fixed number of assignment cells, so a
larger bracket fell back to the general procedure, quadratic in time and memory)."""

from __future__ import annotations

import random

import pairings.dutch_fast as dutch_fast
from pairings.dutch import DutchOptions, ForbiddenPairs, pair_round, round_pairer
from records import Bye, Colour, Game, Pairing, Participant, Result, Tournament


def _methods(trace: tuple[str, ...]) -> set[str]:
    return {line.rsplit("(", 1)[1].rstrip(")") for line in trace if line.startswith("bracket")}


def test_art_3_round_one_of_4097_players_is_s1_against_s2_by_the_direct_path():
    """Round 1, 4,097 players on zero: S1 = 1..2048 meets S2 = 2049..4096 in order (Art. 3),
    colours by pairing number (5.2.5, initial colour White), 4,097 gets the bye ([C5]); the
    bracket is solved by the direct path (above the old bound it went to the general
    procedure, which takes minutes and gigabytes here)."""
    n = 4097
    people = tuple(Participant(i, f"P{i}", 2700 - i // 3) for i in range(1, n + 1))
    pairing = pair_round(Tournament(people, (), 9), 1, DutchOptions(initial_colour=Colour.WHITE))
    expected = tuple((i, i + 2048) if i % 2 else (i + 2048, i) for i in range(1, 2049))
    assert pairing.boards == expected and pairing.bye == n
    assert _methods(pairing.trace) == {"direct"}


def _rounds(players: int, rounds: int, seed: int):
    """A random Swiss with absences and forbidden pairs; yields each round before pairing."""
    rng = random.Random(seed)
    people = tuple(Participant(i, f"P{i}", 2500 - i) for i in range(1, players + 1))
    options = DutchOptions(forbidden_pairs=tuple(
        ForbiddenPairs(tuple(range(c, players + 1, 9))) for c in range(1, 10)))
    pairings: list[Pairing] = []
    for rnd in range(1, rounds + 1):
        absent = [Pairing(rnd, 0, a, None, bye=Bye.ZERO_POINT)
                  for a in rng.sample(range(1, players + 1), 3)]
        before = Tournament(people, tuple(pairings + absent), rounds)
        yield before, rnd, options
        result = pair_round(before, rnd, options)
        pairings += absent
        for board, (w, b) in enumerate(result.boards, start=1):
            outcome = rng.choice([Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW])
            pairings.append(Pairing(rnd, board, w, b, (Game(True, outcome),)))
        if result.bye is not None:
            pairings.append(Pairing(rnd, 0, result.bye, None, bye=Bye.PAIRING_ALLOCATED))


def test_effort_limit_grows_with_the_bracket_and_gives_the_general_procedures_pairings(
        monkeypatch):
    """With the fixed floor of the effort limit taken away, the limit is relative to each
    remainder's size: 150 players stay on the direct path as 4,097 do, and every round equals
    the general procedure's (the exact path, direct path switched off)."""
    monkeypatch.setattr(dutch_fast, "WORK_FLOOR", 0)
    methods: set[str] = set()
    for before, rnd, options in _rounds(150, 5, seed=3):
        fast = pair_round(before, rnd, options)
        methods |= _methods(fast.trace)
        exact = round_pairer(before, rnd, options)
        exact.use_fast = False
        assert exact.pair().boards == fast.boards, f"round {rnd}"
    assert "direct" in methods
