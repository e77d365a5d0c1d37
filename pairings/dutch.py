"""FIDE Dutch system (Handbook C.04.3, rules applied from 2025/2026): pair one round of a Swiss.

``pair_round(tournament, round_number, options)`` returns the boards of the round in the published
order, each ``(white, black)`` by pairing number, and the player who gets the pairing-allocated
bye. The result is the one the FIDE-endorsed engine bbpPairings gives in its ``FIDE_DUTCH_2025``
mode; ``docs/swiss.md`` explains how and what is verified.

Outline (C.04.3 Art. 1-5):

1. the players to pair, in pairing order (score with virtual points, then pairing number);
2. absolute criteria over the whole round: can everybody be paired ([C1]-[C3])? which is the
   lowest score that can receive the bye ([C5], [C2])? Otherwise :class:`NoValidPairing`;
3. brackets from the top scoregroup down (``pairings/dutch_bracket.py``), each keeping the rest of
   the round pairable ([C4]); unpaired players float down; the last one left gets the bye;
4. colours (Art. 5) and board order (``pairings/colours.py``).

Pure Python, no Django: frozen dataclasses in and out, pairing numbers throughout.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from pairings.colours import board_key, colour_rule
from pairings.dutch_bracket import (
    ZERO,
    BracketResult,
    BracketRun,
    NeedWholeField,
    Solver,
    Weight,
    Window,
)
from pairings.dutch_explain import (
    BracketExplanation,
    BracketFacts,
    RoundExplanation,
    board_explanation,
    explain_bracket,
)
from pairings.dutch_fast import FastBracket, next_bracket_check
from pairings.dutch_weights import WeightContext
from pairings.matching import perfect_matching
from pairings.swiss_state import (
    DutchError,
    EventOver,
    ForbiddenPairs,
    NoValidPairing,
    PointValues,
    RoundState,
    build_state,
    tenths,
)
from records import Colour, Tournament

__all__ = ["DutchError", "DutchOptions", "ForbiddenPairs", "NoValidPairing", "PointValues",
           "RoundPairing", "pair_round"]

BYE = -1  # the dummy vertex standing for "gets the bye" in pairability checks


@dataclass(frozen=True)
class DutchOptions:
    """Statute options for pairing a round.

    - ``initial_colour``: drawn by lot before round 1 (Art. 5.1), given to the top player;
    - ``points``: points per outcome *for pairing* (a team event passes match points);
    - ``acceleration``: None, ``"baku"`` (C.04.5, computed as bbpPairings does for
      ``FIDE_DUTCH_2025_BAKU``), or explicit virtual points ``{pairing number: {round: points}}``
      (TRF ``XXA``/``250``);
    - ``forbidden_pairs``: players who must not meet (absolute, like [C1]);
    - ``unavailable``: players not to pair this round, besides those with a bye already written
      for the round, late entries and withdrawals;
    - ``total_rounds``: rounds announced (defaults to ``tournament.rounds``), for the final-round
      topscorer rule of [C3].
    """

    edition: str = "2025"
    initial_colour: Colour = Colour.WHITE
    points: PointValues = field(default_factory=PointValues)
    acceleration: str | Mapping[int, Mapping[int, Fraction]] | None = None
    forbidden_pairs: tuple[ForbiddenPairs, ...] = ()
    unavailable: frozenset[int] = frozenset()
    total_rounds: int | None = None


@dataclass(frozen=True)
class RoundPairing:
    """A round's pairing: boards in published order as ``(white, black)``, and the bye; the
    explanation when asked for (``pairings/dutch_explain.py``)."""

    round: int
    boards: tuple[tuple[int, int], ...]
    bye: int | None
    trace: tuple[str, ...] = ()
    explanation: RoundExplanation | None = None


def pair_round(tournament: Tournament, round_number: int,
               options: DutchOptions | None = None, *, explain: bool = False) -> RoundPairing:
    """Pair ``round_number`` from the results of the earlier rounds (C.04.3, 2025 rules);
    ``explain``: with what decided each bracket and each board's colours."""
    return round_pairer(tournament, round_number, options, explain=explain).pair()


def round_pairer(tournament: Tournament, round_number: int,
                 options: DutchOptions | None = None, *, explain: bool = False) -> RoundPairer:
    """The procedure for one round, before it runs (``use_fast = False`` leaves every bracket
    to the general procedure: tests and benchmarks compare the two)."""
    options = options or DutchOptions()
    if options.edition != "2025":
        raise DutchError(f"edition {options.edition!r} is not supported (only '2025')")
    total = options.total_rounds or tournament.rounds or round_number
    if round_number > total:
        raise EventOver(f"the event is over: it has {total} rounds, so round {round_number} "
                        "is not paired")
    points = options.points.in_tenths()
    state = build_state(
        tournament, round_number, total_rounds=total, points=points,
        accelerations=virtual_points(tournament, options, total, points.win, points.draw),
        forbidden=options.forbidden_pairs, unavailable=options.unavailable)
    return RoundPairer(state, options.initial_colour, explain)


def virtual_points(tournament: Tournament, options: DutchOptions, total: int,
                   win: int, draw: int) -> dict[int, tuple[int, ...]]:
    """Virtual points (acceleration) per player and round, in tenths."""
    acc = options.acceleration
    if acc is None:
        return {}
    if acc == "baku":
        return baku_accelerations(sorted(p.number for p in tournament.participants), total,
                                  win, draw)
    if isinstance(acc, str):
        raise DutchError(f"unknown acceleration {acc!r} (use 'baku' or virtual points)")
    out = {}
    for number, per_round in acc.items():
        last = max(per_round, default=0)
        out[number] = tuple(tenths(per_round.get(r, 0)) for r in range(1, last + 1))
    return out


def baku_accelerations(numbers: list[int], total_rounds: int, win: int,
                       draw: int) -> dict[int, tuple[int, ...]]:
    """C.04.5 Baku acceleration as bbpPairings applies it: the first half of the players by
    pairing number (rounded up) get a win's points in the first half (rounded up) of the
    accelerated rounds and a draw's in the others; the accelerated rounds are the first half of
    the tournament (rounded up)."""
    if not numbers or not total_rounds:
        return {}
    last_round = (total_rounds - 1) // 2
    last_full = last_round // 2
    values = tuple(win if r <= last_full else draw for r in range(last_round + 1))
    return {n: values for n in numbers[:(len(numbers) - 1) // 2 + 1]}


class RoundPairer:
    """The whole-round procedure (bbpPairings ``computeMatching``)."""

    def __init__(self, state: RoundState, initial_colour: Colour, explain: bool = False) -> None:
        self.state = state
        self.explained: list[BracketExplanation] | None = [] if explain else None
        self.initial_colour = initial_colour
        self.ctx = WeightContext(state)
        self.order = state.players
        self.n = len(self.order)
        self.score = [self.ctx.score[p.number] for p in self.order]
        self.trace: list[str] = []
        self.full_round = False
        self.initial_c9 = False
        self.completion: dict[int, int] | None = None
        self.use_fast = True

    # --- absolute criteria over the round ------------------------------------------------

    def adjacent(self, u: int, v: int) -> bool:
        if u == BYE or v == BYE:
            x = v if u == BYE else u
            return self.ctx.bye_candidate(self.order[x])
        return self.ctx.compatible(self.order[u], self.order[v])

    def check_round(self) -> None:
        """[C1]-[C3] for the round as a whole, the bye assignee's score [C5] and whether [C9]
        applies to the first bracket."""
        everyone = list(range(self.n))
        if self.n % 2 == 0:
            self.completion = perfect_matching(everyone, self.adjacent)
            if self.completion is None:
                raise NoValidPairing(_no_pairing_message(self.state))
            return
        scores = sorted(set(self.score))
        eligible = [v for v in everyone if self.order[v].eligible_for_bye]
        start = None
        for s in scores:
            self.ctx.set_bye(s)
            if not any(self.score[v] <= s for v in eligible):
                continue
            start = perfect_matching(everyone + [BYE], self.adjacent, start)
            if start is not None:
                self.completion = start
                self.trace.append(f"[C5] the bye goes to a player with {s / 10:g} points")
                self.ctx.c9_active = s >= self.score[0] and self._top_group_closed()
                self.initial_c9 = self.ctx.c9_active
                self.full_round = self.initial_c9 and len(scores) > 1
                return
        raise NoValidPairing(_no_pairing_message(self.state))

    def _top_group_closed(self) -> bool:
        """First bracket's [C9]: can every top-scorer but the bye be paired inside the top
        scoregroup while everybody else is paired among themselves?"""
        top = [v for v in range(self.n) if self.score[v] >= self.score[0]]
        others = [v for v in range(self.n) if self.score[v] < self.score[0]]
        return (perfect_matching(top + [BYE], self.adjacent) is not None
                and perfect_matching(others, self.adjacent) is not None)

    # --- brackets -------------------------------------------------------------------------

    def initial_weight(self, u: int, v: int) -> Weight:
        """The weight of a pair outside the window: completion only (and [C9] when the first
        bracket holds the bye)."""
        current, self.ctx.c9_active = self.ctx.c9_active, self.initial_c9
        t, h = self.ctx.weight(self.order[u], self.order[v], False, False)
        self.ctx.c9_active = current
        return (t, h, 0) if t else ZERO

    def pair(self) -> RoundPairing:
        if self.n == 0:
            empty = RoundExplanation((), (), None) if self.explained is not None else None
            return RoundPairing(self.state.round_number, (), None, explanation=empty)
        self.check_round()
        weights: dict[tuple[int, int], Weight] = {}
        pairs: list[tuple[int, int]] = []
        pos = self._group_end(0)
        vertices = list(range(pos))
        b0 = 0
        while len(vertices) > 1 or pos < self.n:
            b1 = len(vertices)
            if pos < self.n:
                end = self._group_end(pos)
                vertices += list(range(pos, end))
                pos = end
            window = Window(vertices, b0, b1)
            completion = self.completion
            result = self._pair_bracket(window, weights, pos)
            if not result.pairs and b0 == b1:
                raise DutchError("internal error: the last bracket could not be completed")
            if self.explained is not None:
                self._explain(window, result, pos, completion)
            pairs += result.pairs
            paired = {v for pr in result.pairs for v in pr}
            self._update_c9(window, result, paired)
            head = [v for v in vertices[:b1] if v not in paired]
            vertices = head + vertices[b1:]
            b0 = len(head)
        return self._publish(pairs)

    def _group_end(self, start: int) -> int:
        end = start
        while end < self.n and self.score[end] >= self.score[start]:
            end += 1
        return end

    def _pair_bracket(self, window: Window, weights: dict, pos: int):
        """The bracket by the cheapest method that can prove its answer: the direct path, the
        general procedure on the bracket alone, on the bracket and the next scoregroup, and on
        the whole field (see docs/swiss.md)."""
        rest = list(range(pos, self.n))
        if not self.full_round:
            for attempt in (self._direct, self._bracket_only, self._window):
                snapshot = dict(weights)
                result = attempt(window, weights, rest)
                if result is not None:
                    return result
                weights.clear()
                weights.update(snapshot)
        solver = Solver(self.ctx, weights, list(window.vertices), rest, True, self.initial_weight)
        result = BracketRun(self.ctx, window, solver, self.order).run()
        self._trace_bracket(window, result, "whole field")
        return result

    def _direct(self, window: Window, weights: dict, rest: list[int]):
        if not self.use_fast:
            return None
        fast = FastBracket(self.ctx, self.order, window.vertices, window.b0, window.b1, rest,
                           self.adjacent, self.completion, self.n % 2 == 1).run()
        if fast is None:
            return None
        self._forget(weights, fast.pairs, fast.downfloaters)
        self.completion = fast.completion
        result = BracketResult(fast.pairs, fast.downfloaters, fast.matching)
        self._trace_bracket(window, result, "direct")
        return result

    def _bracket_only(self, window: Window, weights: dict, rest: list[int]):
        """The general procedure without the next scoregroup: right when its downfloaters still
        let the next bracket be paired at best ([C8]) and the round be completed ([C4])."""
        bracket = Window(window.vertices[:window.b1], window.b0, window.b1)
        solver = Solver(self.ctx, weights, list(bracket.vertices), [], False, self.initial_weight)
        try:
            result = BracketRun(self.ctx, bracket, solver, self.order).run()
        except NeedWholeField:
            return None
        nxt = window.next_group
        compatible = self._compatible
        checked = next_bracket_check(compatible, result.downfloaters, nxt, rest,
                                     self.adjacent, self.completion, self.n % 2 == 1)
        if checked is None:
            return None
        matching, self.completion = checked
        result = BracketResult(result.pairs, result.downfloaters, matching, result.base)
        self._trace_bracket(window, result, "bracket")
        return result

    def _window(self, window: Window, weights: dict, rest: list[int]):
        solver = Solver(self.ctx, weights, list(window.vertices), rest, False,
                        self.initial_weight)
        try:
            result = BracketRun(self.ctx, window, solver, self.order).run()
        except NeedWholeField:
            return None
        if not self._extends(result, window, rest, weights):
            return None
        self._trace_bracket(window, result, "window")
        return result

    def _compatible(self, u: int, v: int) -> bool:
        return self.ctx.compatible(self.order[u], self.order[v])

    @staticmethod
    def _forget(weights: dict, pairs: list[tuple[int, int]], down: list[int]) -> None:
        """After a bracket: paired players leave; downfloaters of one bracket may not meet in
        the next one (bbpPairings keeps only S1-S2 edges of a remainder)."""
        paired = {v for pair in pairs for v in pair}
        for key in [k for k in weights if k[0] in paired or k[1] in paired]:
            del weights[key]
        for i, u in enumerate(down):
            for v in down[i + 1:]:
                weights[(min(u, v), max(u, v))] = ZERO

    def _extends(self, result, window: Window, rest: list[int], weights: dict) -> bool:
        """[C4]: the window's optimal matching extends to a pairing of everybody left."""
        paired = {v for pair in result.pairs for v in pair}
        free = [v for v in window.vertices
                if v not in paired and result.matching.get(v, v) == v]
        vertices = free + rest
        if self.n % 2:
            vertices.append(BYE)
        in_window = set(window.vertices)

        def adjacent(u: int, v: int) -> bool:
            if u in in_window and v in in_window:
                return weights.get((min(u, v), max(u, v)), ZERO) != ZERO
            return self.adjacent(u, v)

        found = perfect_matching(vertices, adjacent, self.completion)
        if found is None:
            return False
        self.completion = found
        return True

    def _update_c9(self, window: Window, result, paired: set[int]) -> None:
        """[C9] applies to the next bracket when it holds the bye assignee's score and nobody
        of it has to be paired below (bbpPairings' "single downfloater is the bye assignee")."""
        nxt = window.next_group
        ctx = self.ctx
        if self.n % 2 == 0 or not nxt or ctx.bye_score < self.score[nxt[0]]:
            ctx.c9_active = False
            return
        level = self.score[nxt[0]]
        mate = result.matching
        left = [v for v in window.vertices if v not in paired]
        ctx.c9_active = not any(
            mate.get(v, v) != v and self.score[mate[v]] < level for v in left
        ) and sum(1 for v in left if mate.get(v, v) == v) <= 1

    def _explain(self, window: Window, result, pos: int,
                 completion: dict[int, int] | None) -> None:
        """The bracket's explanation, with the weights as they were for it (before [C9] moves
        on to the next bracket)."""
        assert self.explained is not None
        facts = BracketFacts(self.ctx, self.order, window.mdps, window.residents,
                             window.next_group + list(range(pos, self.n)), self.adjacent,
                             completion, self.n % 2 == 1)
        self.explained.append(explain_bracket(facts, result.pairs, result.downfloaters))

    def _trace_bracket(self, window: Window, result, mode: str) -> None:
        numbers = [self.order[v].number for v in window.vertices[:window.b1]]
        mdps = [self.order[v].number for v in window.mdps]
        down = [self.order[v].number for v in result.downfloaters]
        level = f"{self.score[window.residents[0]] / 10:g}" if window.residents else "-"
        self.trace.append(f"bracket {level}: players {numbers}, MDPs {mdps}, "
                          f"downfloaters {down} ({mode})")

    # --- colours and board order ---------------------------------------------------------

    def _publish(self, pairs: list[tuple[int, int]]) -> RoundPairing:
        paired = {v for pr in pairs for v in pr}
        byes = [self.order[v].number for v in range(self.n) if v not in paired]
        if len(byes) > 1:
            raise DutchError(f"internal error: players {byes} left unpaired")
        boards = []
        for u, v in pairs:
            a, b = self.order[u], self.order[v]
            if a.number > b.number:
                a, b = b, a
            rule = colour_rule(self.state, a, b, self.initial_colour)
            white, black = (a, b) if rule.colour is Colour.WHITE else (b, a)
            boards.append((board_key(self.state, white, black), white.number, black.number,
                           rule))
        boards.sort(key=lambda t: t[0])
        bye = byes[0] if byes else None
        explanation = None
        if self.explained is not None:
            explanation = RoundExplanation(
                tuple(self.explained),
                tuple(board_explanation(w, b, rule) for _, w, b, rule in boards), bye)
        return RoundPairing(self.state.round_number, tuple((w, b) for _, w, b, _ in boards),
                            bye, tuple(self.trace), explanation)


def _no_pairing_message(state: RoundState) -> str:
    return (f"Round {state.round_number}: the {len(state.players)} players cannot all be paired "
            "without a rematch, a forbidden pair or a colour-rule violation ([C1]-[C3]); "
            "the chief arbiter must decide (C.04.3 Art. 1.10).")
