"""Why this pairing (pairings/dutch_explain.py): hand-made rounds whose deciding criterion is
known, then every claim of every round of random events checked independently (matchings by
rustworkx, colours from the players' histories)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import rustworkx

from pairings.dutch import DutchOptions, ForbiddenPairs, NoValidPairing, pair_round, round_pairer
from pairings.dutch_cli import load, main
from pairings.dutch_explain import Exchange, Failure, FloatCount, Upfloat
from records import Bye, Colour, Game, Pairing, Participant, Result, Tournament
from tests.scoring.builders import B, D, W, tour

DATA = Path(__file__).parent / "data"

# --- hand-made rounds ------------------------------------------------------------------------


def _explain(t: Tournament, rnd: int, options: DutchOptions | None = None):
    return pair_round(t, rnd, options, explain=True).explanation


def test_art_4_2_transposition_after_a_rematch_c1():
    """1-5 met in round 1: the first candidate (1-5, 2-6, ...) fails [C1]; S2 is transposed and
    every preference is granted (5.2.1)."""
    ex = _explain(tour(8, [[(1, 5, D), (6, 2, D), (3, 7, D), (8, 4, D)]], 5), 2)
    (bracket,) = ex.brackets
    assert bracket.first_candidate == Failure("C1", (1, 5))
    assert bracket.transposed and bracket.exchange is None and not bracket.downfloaters
    assert {b.rule for b in ex.boards} == {"5.2.1"}


def test_art_4_3_exchange_of_3_and_4():
    ex = _explain(tour(6, [[(1, 4, D), (5, 2, D), (3, 6, D)]], 3), 2)
    (bracket,) = ex.brackets
    assert bracket.exchange == Exchange((3,), (4,))
    assert bracket.first_candidate == Failure("C1", (1, 4))


def test_c6_odd_bracket_floats_one_and_c12_rejects_the_first_candidate():
    """Score group 1 = {1, 2, 3, 4, 9}: one must float ([C6]); 1-3 and 2-4 would deny four
    colour preferences ([C12] before [C14])."""
    t = tour(9, [[(1, 5, W), (6, 2, B), (3, 7, W), (8, 4, B), (9, 0)]], 3)
    ex = _explain(t, 2)
    top, last = ex.brackets
    assert (top.residents, top.downfloaters) == ((1, 2, 3, 4, 9), (3,))
    assert top.float_counts == (FloatCount("C6", 1),)
    assert top.first_candidate == Failure("C12")
    assert last.mdps == (3,) and last.upfloaters == (Upfloat(5, 3, "C7"),)
    assert last.downfloaters == () and ex.bye == 8


def test_c4_top_pair_split_so_that_the_round_completes():
    """bbpPairings' dutch_2025_C5: 1-3 could meet, but then nobody can take the bye ([C4] with
    [C5]): both float down."""
    event = load((DATA / "bbp" / "dutch_2025_C5.trf").read_text())
    ex = _explain(event.tournament, 3, event.options)
    top = ex.brackets[0]
    assert (top.residents, top.downfloaters) == ((1, 3), (1, 3))
    assert top.float_counts == (FloatCount("C4", 2),)
    assert top.first_candidate == Failure("C4")
    assert ex.bye == 6


@pytest.mark.parametrize(("initial", "players"), [(Colour.WHITE, (1, 2, 3)),
                                                  (Colour.BLACK, (1, 2, 3))])
def test_art_5_2_5_round_one_colours_by_lot_and_pairing_number(initial, players):
    ex = _explain(tour(7, [], 5), 1, DutchOptions(initial_colour=initial))
    assert tuple(b.rule for b in ex.boards) == ("5.2.5",) * 3
    assert tuple(b.player for b in ex.boards) == players


def test_art_5_2_4_higher_ranked_player_gets_his_preference():
    ex = _explain(tour(4, [[(1, 3, D), (4, 2, D)], [(2, 1, D), (3, 4, D)]], 5), 3)
    assert [(b.white, b.black, b.rule, b.player) for b in ex.boards] == [
        (1, 4, "5.2.4", 1), (3, 2, "5.2.4", 2)]


def test_cli_explain_writes_english_text(tmp_path, capsys):
    out, why = tmp_path / "out.txt", tmp_path / "why.txt"
    trf = DATA / "bbp" / "dutch_2025_C5.trf"
    assert main([str(trf), "-p", str(out), "--explain", str(why)]) == 0
    text = why.read_text()
    assert "float down: 1 3" in text and "[C4]" in text
    assert "Bye: 6" in text
    assert out.read_text().splitlines()[0] == "3"


# --- every claim of random rounds --------------------------------------------------------------


def _random_event(seed: int):
    """Random Swiss rounds: draws, forfeits, absences and half-point byes, two clubs whose
    members must not meet; yields (tournament before the round, round, options)."""
    rng = random.Random(seed)
    n = rng.randint(7, 26)
    people = tuple(Participant(i, f"P{i}", 2400 - i) for i in range(1, n + 1))
    clubs = tuple(ForbiddenPairs(tuple(rng.sample(range(1, n + 1), 3))) for _ in range(2))
    options = DutchOptions(initial_colour=rng.choice(list(Colour)), forbidden_pairs=clubs)
    rounds = rng.randint(3, 7)
    pairings: list[Pairing] = []
    for rnd in range(1, rounds + 1):
        absent = rng.sample(range(1, n + 1), rng.randint(0, 2))
        pre = [Pairing(rnd, 0, a, None, bye=rng.choice([Bye.ZERO_POINT, Bye.HALF_POINT]))
               for a in absent]
        before = Tournament(people, tuple(pairings + pre), rounds)
        yield before, rnd, options
        try:
            result = pair_round(before, rnd, options)
        except NoValidPairing:
            return
        pairings += pre
        for board, (w, b) in enumerate(result.boards, start=1):
            outcome = rng.choice([W, B, D, W, B, Result.WHITE_WINS_FORFEIT])
            pairings.append(Pairing(rnd, board, w, b, (Game(True, outcome),)))
        if result.bye is not None:
            pairings.append(Pairing(rnd, 0, result.bye, None, bye=Bye.PAIRING_ALLOCATED))


class Claims:
    """One round's explanation checked against matchings computed here."""

    def __init__(self, before: Tournament, rnd: int, options: DutchOptions) -> None:
        pairer = round_pairer(before, rnd, options, explain=True)
        self.result = pairer.pair()
        self.ctx, self.state = pairer.ctx, pairer.state
        self.players = {p.number: p for p in self.state.players}
        self.mate = {w: b for w, b in self.result.boards} | {b: w for w, b in self.result.boards}
        self.initial = options.initial_colour

    def ok(self, a: int, b: int) -> bool:
        return self.ctx.compatible(self.players[a], self.players[b])

    def matching(self, vertices, weight) -> tuple[int, int]:
        """(pairs, total weight) of a maximum-cardinality, then maximum-weight matching;
        ``weight(a, b)`` is None for no edge. -1 stands for the bye."""
        graph = rustworkx.PyGraph()
        graph.add_nodes_from(vertices)
        for i, a in enumerate(vertices):
            for j in range(i + 1, len(vertices)):
                w = weight(a, vertices[j])
                if w is not None:
                    graph.add_edge(i, j, w)
        found = rustworkx.max_weight_matching(graph, max_cardinality=True,
                                              weight_fn=lambda w: w)
        total = sum(weight(vertices[i], vertices[j]) for i, j in found)
        return len(found), total

    def completion_edge(self, a: int, b: int) -> int | None:
        if -1 in (a, b):
            x = b if a == -1 else a
            return 1 if self.ctx.bye_candidate(self.players[x]) else None
        return 1 if self.ok(a, b) else None

    def check(self) -> None:
        done: set[int] = set()
        for bracket in self.result.explanation.brackets:
            done |= self.check_bracket(bracket, done)
        for board in self.result.explanation.boards:
            self.check_colours(board)

    def check_bracket(self, bracket, done: set[int]) -> set[int]:
        members = bracket.mdps + bracket.residents
        mdps = set(bracket.mdps)
        place = {x: i for i, x in enumerate(members)}  # pairing order: MDPs, then residents
        inside = [(a, self.mate[a]) for a in members
                  if self.mate.get(a) in members and place[a] < place[self.mate[a]]]
        paired = {x for pair in inside for x in pair}
        below = [n for n in self.players if n not in done and n not in members]
        if below:
            assert set(bracket.downfloaters) == set(members) - paired
        self.check_floats(bracket, members, mdps, inside, below)
        for up in bracket.upfloaters:
            assert up.opponent in mdps and self.mate[up.player] == up.opponent
            lower = [x for x in set(members) - paired
                     if self.ctx.score[x] < self.ctx.score[up.opponent]]
            assert (up.criterion == "C7") == bool(lower)
        self.check_first_candidate(bracket, members, mdps, inside, below)
        return paired

    def bracket_edge(self, mdps: set[int]):
        def weight(a: int, b: int) -> int | None:
            return 1 if self.ok(a, b) and not (a in mdps and b in mdps) else None
        return weight

    def check_floats(self, bracket, members, mdps, inside, below) -> None:
        """[C6]: the bracket alone pairs at most m; [C4]: no complete pairing of the round
        has more pairs in the bracket than the engine made."""
        if not bracket.downfloaters:
            return
        most, _ = self.matching(list(members), self.bracket_edge(mdps))
        counts = {c.criterion: c.count for c in bracket.float_counts}
        assert counts.get("C6", 0) == len(members) - 2 * most
        assert counts.get("C4", 0) == 2 * (most - len(inside))
        in_bracket = self.bracket_edge(mdps)
        vertices = list(members) + below + ([-1] if len(self.players) % 2 else [])

        def weight(a: int, b: int) -> int | None:
            base = self.completion_edge(a, b)
            if base is None:
                return None
            return 2 if a in members and b in members and in_bracket(a, b) else 1
        pairs, total = self.matching(vertices, weight)
        assert 2 * pairs == len(vertices)
        assert total - pairs == len(inside)

    def fields(self, pairs) -> list[int]:
        out = [0] * len(self.ctx.layout.subfields)
        for a, b in pairs:
            _, h = self.ctx.weight(self.players[a], self.players[b], True, False)
            for i, value in enumerate(self.ctx.layout.split(h)):
                out[i] += value
        return out

    def check_first_candidate(self, bracket, members, mdps, inside, below) -> None:
        k = min(len(bracket.mdps), len(bracket.residents))
        natural = list(zip(bracket.mdps[:k], bracket.residents[:k], strict=True))
        rest = bracket.residents[k:]
        half = len(rest) // 2
        natural += list(zip(rest[:half], rest[half:2 * half], strict=True))
        failure = bracket.first_candidate
        if set(natural) == set(inside):
            assert failure is None
            return
        assert failure is not None
        if failure.criterion in ("C1", "C3"):
            assert failure.players in natural
            a, b = (self.players[x] for x in failure.players)
            if failure.criterion == "C1":
                assert b.number in a.opponents
            else:
                assert a.absolute and b.absolute and a.colour_pref is b.colour_pref
            return
        assert all(self.ok(a, b) for a, b in natural)
        floats = [x for x in members if x not in {y for pair in natural for y in pair}]
        vertices = floats + below + ([-1] if len(self.players) % 2 else [])
        pairs, _ = self.matching(vertices, self.completion_edge)
        if failure.criterion == "C4":
            assert 2 * pairs < len(vertices)
            return
        assert 2 * pairs == len(vertices)
        names = [name for name, _ in self.ctx.layout.subfield_names]
        if failure.criterion in ("C8", "C9"):
            return  # the next bracket and [C9] are weighed beyond this bracket
        mine, theirs = self.fields(natural), self.fields(set(inside))
        decisive = [i for i in reversed(range(len(names))) if mine[i] != theirs[i]
                    and names[i] != "C9"][0]
        assert names[decisive].split()[0] == failure.criterion
        assert theirs[decisive] > mine[decisive]

    def check_colours(self, board) -> None:
        white, black = self.players[board.white], self.players[board.black]
        pw, pb = white.colour_pref, black.colour_pref
        got = {white.number: Colour.WHITE, black.number: Colour.BLACK}
        if board.rule == "5.2.1":
            assert pw is None or pb is None or pw is not pb
            assert pw in (None, Colour.WHITE) and pb in (None, Colour.BLACK)
            return
        if board.rule == "5.2.3":
            assert pw is pb
            history = [[(r.colour, i) for i, r in enumerate(p.history)
                        if r.played and r.colour is not None] for p in (white, black)]
            for (cw, rw), (cb, _) in zip(reversed(history[0]), reversed(history[1]),
                                         strict=False):
                if cw is not cb:
                    assert (cw, rw + 1) == (Colour.BLACK, board.round)
                    return
            pytest.fail("5.2.3 claimed, but the two never had different colours")
        decider = self.players[board.player]
        other = black if decider is white else white
        if board.rule == "5.2.2":
            assert pw is pb and got[decider.number] is decider.colour_pref
            strength = (decider.absolute, decider.absolute and decider.imbalance,
                        decider.strong)
            assert strength > (other.absolute, other.absolute and other.imbalance, other.strong)
            return
        higher = min((white, black), key=lambda p: (-self.ctx.score[p.number], p.rank))
        assert decider is higher
        if board.rule == "5.2.4":
            assert pw is pb and got[decider.number] is decider.colour_pref
        else:
            assert board.rule == "5.2.5" and pw is None and pb is None
            expected = self.initial if decider.rank % 2 == 0 else self.initial.opposite
            assert got[decider.number] is expected


@pytest.mark.parametrize("seed", range(40))
def test_every_claim_of_random_rounds_holds(seed):
    for before, rnd, options in _random_event(seed):
        try:
            claims = Claims(before, rnd, options)
        except NoValidPairing:
            return
        claims.check()
