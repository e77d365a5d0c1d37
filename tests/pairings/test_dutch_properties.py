"""Invariants of pairings.dutch over random events (hypothesis): every round of a simulated
Swiss (up to 200 players, 11 rounds, random results with forfeits, requested byes, absences,
withdrawals and late entries) pairs every available player exactly once, never twice the same
two players, gives at most one pairing-allocated bye and never twice to the same player, never
pairs two players who both must have the same colour, and the checker agrees with the engine."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairings.checker import check_round
from pairings.dutch import DutchOptions, NoValidPairing, pair_round
from pairings.matching import perfect_matching
from records import Bye, Colour, Game, Pairing, Participant, Result, Tournament

RESULTS = [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW]
FORFEITS = [Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT, Result.DOUBLE_FORFEIT]


def _people(rng: random.Random, n: int, rounds: int) -> tuple[Participant, ...]:
    out = []
    for number in range(1, n + 1):
        withdrawn = rng.randint(1, rounds) if rng.random() < 0.05 else None
        joined = rng.randint(2, rounds) if rounds > 1 and rng.random() < 0.05 else 1
        out.append(Participant(number, f"P{number}", 2700 - number,
                               withdrawn_after=withdrawn, joined_round=joined))
    return tuple(out)


def _play(rng: random.Random, rnd: int, boards, bye, forfeit: float) -> list[Pairing]:
    out = []
    for board, (white, black) in enumerate(boards, start=1):
        result = rng.choice(FORFEITS) if rng.random() < forfeit else rng.choice(RESULTS)
        out.append(Pairing(rnd, board, white, black, (Game(True, result),)))
    if bye is not None:
        out.append(Pairing(rnd, len(out) + 1, bye, None, bye=Bye.PAIRING_ALLOCATED))
    return out


def _cannot_be_paired(tournament: Tournament, rnd: int) -> bool:
    """Independent check of NoValidPairing: no complete pairing satisfies [C1]-[C3]."""
    from pairings.checker import _before, _state

    state = _state(_before(tournament, rnd), rnd, DutchOptions())
    players = [p.number for p in state.players]
    eligible = {p.number for p in state.players if p.eligible_for_bye}

    def adjacent(a: int, b: int) -> bool:
        if a == 0 or b == 0:
            return (b if a == 0 else a) in eligible
        sa, sb = state.states[a], state.states[b]
        if b in sa.opponents:
            return False
        if sa.absolute and sb.absolute and sa.colour_pref is sb.colour_pref:
            top = max(state.acc_score(sa), state.acc_score(sb))
            return state.is_last_round() and top > state.topscore_threshold()
        return True

    vertices = players + ([0] if len(players) % 2 else [])
    return perfect_matching(vertices, adjacent) is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.one_of(st.integers(2, 24), st.integers(25, 200)), rounds=st.integers(1, 11),
       seed=st.integers(0, 2**32), forfeit=st.sampled_from([0.0, 0.05, 0.2]),
       absent=st.sampled_from([0.0, 0.05, 0.15]),
       initial=st.sampled_from([Colour.WHITE, Colour.BLACK]))
def test_c04_3_invariants_hold_every_round(n, rounds, seed, forfeit, absent, initial):
    rng = random.Random(seed)
    people = _people(rng, n, rounds)
    options = DutchOptions(initial_colour=initial, total_rounds=rounds)
    pairings: list[Pairing] = []
    byes_had: set[int] = set()
    for rnd in range(1, rounds + 1):
        requested = [Pairing(rnd, 0, p.number, None,
                             bye=rng.choice([Bye.HALF_POINT, Bye.ZERO_POINT, Bye.FULL_POINT]))
                     for p in people if rng.random() < absent]
        tournament = Tournament(people, tuple(pairings + requested), rounds)
        try:
            pairing = pair_round(tournament, rnd, options)
        except NoValidPairing:
            assert _cannot_be_paired(tournament, rnd)
            return
        placed = [x for board in pairing.boards for x in board] + (
            [pairing.bye] if pairing.bye is not None else [])
        busy = {p.first for p in requested}
        available = {p.number for p in people if p.joined_round <= rnd
                     and (p.withdrawn_after is None or p.withdrawn_after >= rnd)} - busy
        assert sorted(placed) == sorted(available)
        assert (pairing.bye is not None) == (len(available) % 2 == 1)
        assert pairing.bye not in byes_had
        if pairing.bye is not None:
            byes_had.add(pairing.bye)
        played = {frozenset((p.first, p.second)) for p in pairings
                  if p.second is not None and p.result is not None and p.result.played}
        assert not any(frozenset(b) in played for b in pairing.boards)
        pairings += requested + _play(rng, rnd, pairing.boards, pairing.bye, forfeit)
        report = check_round(Tournament(people, tuple(pairings), rounds), rnd, options)
        assert report.ok, [m.text for m in report.messages]
