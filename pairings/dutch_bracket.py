"""Pairing one bracket of the Dutch system (C.04.3 Art. 3-4) by weighted matchings.

The handbook describes a search: candidates of a bracket are generated in a fixed order
(transpositions of S2, then exchanges, Art. 4), judged criterion by criterion ([C1]-[C21], Art. 2),
and the first best one wins (Art. 3.8). Any method giving the same result is acceptable; this one,
like the endorsed engine bbpPairings, finds the best candidate as a maximum-weight matching whose
weights encode the criteria (``pairings/dutch_weights.py``), then fixes the bracket's pairs one
decision at a time in the handbook's order, each decision kept only if the matching stays optimal:

1. which moved-down players (MDPs) are paired, the highest first (Art. 4.4, [C7]);
2. their opponents, the highest resident first (S1 vs S2 of a heterogeneous bracket, Art. 3.2);
3. the remainder's exchanges: fewest players, smallest BSN difference, the highest BSN out of S1,
   the lowest into S1 (Art. 4.3);
4. S1's opponents, in S1 order, the highest available S2 player first (transpositions, Art. 4.2).

The matching is solved on the bracket and the next scoregroup ("the window"), which is where the
criteria live; the rest of the field only matters through the completion criterion [C4], checked
by a cardinality matching afterwards. When that check fails the bracket is redone on the whole
field, where [C4] is a weight field (``T``) as in bbpPairings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pairings.dutch_weights import WeightContext, compact_encoder, literal
from pairings.matching import blossom_matching, max_weight_matching

Weight = tuple[int, int, int]  # (T, H, ORD): see dutch_weights


class NeedWholeField(Exception):
    """The window alone cannot decide this bracket like bbpPairings: two MDPs are paired
    together, and only the completion field ([C4]) tells that pairing from its alternatives."""
ZERO: Weight = (0, 0, 0)


def add(weight: Weight, ord_: int) -> Weight:
    """Add to the ORD bits of a (non-zero) weight."""
    return (weight[0], weight[1], weight[2] + ord_)


@dataclass
class Window:
    """The bracket being paired (MDPs ``[0, b0)``, residents ``[b0, b1)``) and the next
    scoregroup ``[b1, m)``, as vertices (indices in pairing order)."""

    vertices: list[int]
    b0: int
    b1: int

    @property
    def mdps(self) -> list[int]:
        return self.vertices[:self.b0]

    @property
    def residents(self) -> list[int]:
        return self.vertices[self.b0:self.b1]

    @property
    def next_group(self) -> list[int]:
        return self.vertices[self.b1:]


@dataclass
class Solver:
    """Solves the window's matching problem. ``rest`` are the players below the window; they
    join the graph only in full mode (``full=True``), with their initial weights."""

    ctx: WeightContext
    weights: dict[tuple[int, int], Weight]
    vertices: list[int]
    rest: list[int]
    full: bool
    initial: Callable[[int, int], Weight]
    solves: int = 0

    def weight(self, u: int, v: int) -> Weight:
        key = (u, v) if u < v else (v, u)
        w = self.weights.get(key)
        if w is None:
            w = self.initial(*key)
        return w

    def solve(self) -> dict[int, int]:
        """Partner of every vertex of the graph (itself when unmatched)."""
        self.solves += 1
        graph = self.vertices + self.rest if self.full else self.vertices
        edges: list[tuple[int, int, Weight]] = []
        for i, u in enumerate(graph):
            for v in graph[i + 1:]:
                w = self.weight(u, v)
                if w != ZERO:
                    edges.append((u, v, w))
        index = {v: i for i, v in enumerate(graph)}
        max_pairs = len(graph) // 2
        encode = compact_encoder(self.ctx.layout, edges, max_pairs, self.full)
        if encode is not None:
            coded = [(index[u], index[v], encode(w)) for u, v, w in edges]
            mate = max_weight_matching(len(graph), coded)
        else:
            layout = self.ctx.layout
            coded = [(index[u], index[v], literal(layout, w, self.full)) for u, v, w in edges]
            mate = blossom_matching(len(graph), coded)
        return {v: (graph[mate[i]] if mate[i] >= 0 else v) for i, v in enumerate(graph)}


@dataclass
class BracketResult:
    pairs: list[tuple[int, int]]
    downfloaters: list[int]
    matching: dict[int, int]  # the final optimal matching of the window (partner or self)
    base: dict[tuple[int, int], Weight] = field(default_factory=dict)


class BracketRun:
    """One bracket, following bbpPairings' ``computeMatching`` loop body step by step."""

    def __init__(self, ctx: WeightContext, window: Window, solver: Solver,
                 players: Sequence) -> None:
        self.ctx = ctx
        self.w = window
        self.solver = solver
        self.players = players
        self.base: dict[tuple[int, int], Weight] = {}
        self.matched: set[int] = set()
        self.pairs: list[tuple[int, int]] = []
        self.mate: dict[int, int] = {}
        vs = window.vertices
        self.first_resident = vs[window.b0] if window.b0 < len(vs) else (vs[-1] + 1 if vs else 0)
        self.first_next = self.first_resident + (window.b1 - window.b0)

    # --- helpers ----------------------------------------------------------------------------

    def partner(self, v: int) -> int:
        return self.mate.get(v, v)

    def in_residents(self, x: int) -> bool:
        return self.first_resident <= x < self.first_next

    def is_higher(self, v: int) -> bool:
        """v is paired in the bracket with a later player (v would be in S1)."""
        p = self.partner(v)
        return v < p < self.first_next

    def set(self, u: int, v: int, w: Weight) -> None:
        key = (u, v) if u < v else (v, u)
        self.solver.weights[key] = w

    def get_base(self, u: int, v: int) -> Weight:
        key = (u, v) if u < v else (v, u)
        return self.base.get(key, ZERO)

    def zero_base(self, u: int, v: int) -> None:
        key = (u, v) if u < v else (v, u)
        if key in self.base:
            self.base[key] = ZERO

    def solve(self) -> None:
        self.mate = self.solver.solve()
        if not self.solver.full:
            mdps = set(self.w.mdps)
            if any(v in mdps and p in mdps and p != v for v, p in self.mate.items()):
                raise NeedWholeField

    def finalize(self, u: int, v: int) -> None:
        """Fix the pair u-v: remove both from the problem."""
        self.pairs.append((u, v) if u < v else (v, u))
        self.matched.update((u, v))
        for x in (u, v):
            self.solver.vertices.remove(x)
        for key in [k for k in self.solver.weights if u in k or v in k]:
            del self.solver.weights[key]

    # --- the procedure -----------------------------------------------------------------------

    def run(self) -> BracketResult:
        self.compute_base()
        self.solve()
        self.choose_mdps()
        self.pair_mdps()
        remainder, s1_size = self.remainder()
        if remainder:
            self.set_exchange_weights(remainder, s1_size)
            self.solve()
            count = self.exchange_count(remainder, s1_size)
            self.exchange_out_of_s1(remainder, s1_size, count)
            self.exchange_into_s1(remainder, s1_size, count)
            self.finalize_exchanges(remainder)
            self.pair_s1(remainder)
        paired = self.matched
        down = [v for v in self.w.vertices[:self.w.b1] if v not in paired]
        return BracketResult(self.pairs, down, dict(self.mate), self.base)

    def compute_base(self) -> None:
        """Base weights of every pair whose lower player is a resident or in the next group."""
        vs = self.w.vertices
        players = self.players
        for j in range(self.w.b0, len(vs)):
            lower = players[vs[j]]
            in_bracket = j < self.w.b1
            for i in range(j):
                t, h = self.ctx.weight(players[vs[i]], lower, in_bracket, not in_bracket)
                w = (t, h, 0) if t else ZERO
                self.base[(vs[i], vs[j])] = w
                self.solver.weights[(vs[i], vs[j])] = w

    def choose_mdps(self) -> None:
        """Art. 4.4 / [C7]: the MDPs to pair, by score group, the highest-ranked first."""
        mdps = self.w.mdps
        score = self.ctx.score
        remaining = to_match = 0
        group_score = None
        for idx, p in enumerate(mdps):
            pscore = score[self.players[p].number]
            if group_score is None or pscore < group_score:
                group_score = pscore
                same = [q for q in mdps[idx:] if score[self.players[q].number] >= group_score]
                remaining = len(same)
                to_match = sum(1 for q in same if self.in_residents(self.partner(q)))
            if not to_match:
                continue
            if remaining <= to_match:
                self.matched.add(p)
                continue
            remaining -= 1
            if not self.in_residents(self.partner(p)):
                for r in self.w.residents:
                    b = self.get_base(p, r)
                    if b != ZERO:
                        self.set(p, r, add(b, 1))
                self.solve()
            if self.in_residents(self.partner(p)):
                self.matched.add(p)
                to_match -= 1
                bonus = (self.w.b1 - self.w.b0) + 1
                for r in self.w.residents:
                    b = self.get_base(p, r)
                    if b != ZERO:
                        self.set(p, r, add(b, bonus))

    def pair_mdps(self) -> None:
        """Art. 3.2 heterogeneous bracket: each paired MDP in order meets the highest resident
        still possible (S1 = MDPs, S2 = residents; transpositions of S2)."""
        size = len(self.w.vertices)
        for p in self.w.mdps:
            if p not in self.matched:
                continue
            addend = size
            best = None
            for r in reversed(self.w.residents):
                if r in self.matched:
                    continue
                b = self.get_base(p, r)
                if b != ZERO:
                    self.set(p, r, add(b, addend))
                    addend += 1
                    best = r
            if best is None or self.partner(p) != best:
                self.solve()
            q = self.partner(p)
            self.finalize(p, q)

    def remainder(self) -> tuple[list[int], int]:
        """The residents not paired with MDPs, and how many of them form S1 (pairs they make)."""
        rem = [r for r in self.w.residents
               if r not in self.matched and self.partner(r) >= self.first_resident]
        s1_size = sum(1 for r in rem if self.partner(r) < r)
        return rem, s1_size

    def exchange_weight(self, u: int, v: int, u_index: int, s1_size: int) -> Weight:
        """Base weight plus the exchange terms (Art. 4.3): pairs led by an S1 player are
        rewarded (fewest exchanges), then small BSNs as pair leaders (smallest difference)."""
        b = self.get_base(u, v)
        if b == ZERO:
            return ZERO
        g = self.ctx.layout.group_bits
        return add(b, ((u_index < s1_size) << (2 * g + 1)) - 2 * u_index)

    def set_exchange_weights(self, rem: list[int], s1_size: int) -> None:
        for i, u in enumerate(rem):
            for v in rem[i + 1:]:
                self.set(u, v, self.exchange_weight(u, v, i, s1_size))

    def exchange_count(self, rem: list[int], s1_size: int) -> int:
        return sum(1 for u in rem[:s1_size] if not self.is_higher(u))

    def exchange_out_of_s1(self, rem: list[int], s1_size: int, count: int) -> None:
        """Art. 4.3: among equal exchanges, move the highest BSNs out of S1 first."""
        left = count
        i = s1_size
        while i > 0 and left:
            i -= 1
            u = rem[i]
            if self.is_higher(u):
                for v in rem[i + 1:]:
                    w = self.exchange_weight(u, v, i, s1_size)
                    if w != ZERO:
                        self.set(u, v, add(w, -1))
                self.solve()
            exchange = not self.is_higher(u)
            left -= exchange
            for v in rem[i + 1:]:
                if exchange:
                    self.zero_base(u, v)
                self.set(u, v, self.exchange_weight(u, v, i, s1_size))

    def exchange_into_s1(self, rem: list[int], s1_size: int, count: int) -> None:
        """Art. 4.3: and move the lowest BSNs of S2 into S1."""
        left = count
        for i in range(s1_size, len(rem)):
            if left <= 1:
                break
            u = rem[i]
            already = self.is_higher(u)
            if not already:
                for v in rem[i + 1:]:
                    w = self.exchange_weight(u, v, i, s1_size)
                    if w != ZERO:
                        self.set(u, v, add(w, 1))
                self.solve()
            if self.is_higher(u):
                left -= 1
                for v in rem[:i]:
                    self.zero_base(v, u)
                    self.set(v, u, ZERO)
                for v in self.w.next_group:
                    self.zero_base(u, v)
                    self.set(u, v, ZERO)
            if not already:
                for v in rem[i + 1:]:
                    self.set(u, v, self.exchange_weight(u, v, i, s1_size))

    def finalize_exchanges(self, rem: list[int]) -> None:
        """Keep only pairs from the chosen S1 to the chosen S2."""
        for i, u in enumerate(rem):
            for v in rem[i + 1:]:
                if not self.is_higher(u) or self.is_higher(v):
                    self.zero_base(u, v)
                self.set(u, v, self.get_base(u, v))

    def pair_s1(self, rem: list[int]) -> None:
        """Art. 4.2: S1 players in order each take the highest S2 player still possible."""
        for u in rem:
            if not self.is_higher(u):
                continue
            addend = 0
            best = None
            for v in reversed(rem):
                if v <= u or v in self.matched:
                    continue
                b = self.get_base(u, v)
                if b != ZERO:
                    self.set(u, v, add(b, addend))
                    best = v
                addend += 1
            if best is None or self.partner(u) != best:
                self.solve()
            self.finalize(u, self.partner(u))
