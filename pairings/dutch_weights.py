"""Edge weights that encode the Dutch criteria (C.04.3 Art. 2) for a maximum-weight matching.

The weight of a possible pair is an integer made of *fields*, one per criterion, the most important
in the most significant bits, each wide enough that no combination of less important fields can
outweigh one unit of it: a maximum-weight matching then optimises the criteria lexicographically.
The layout and every field's value are those of the endorsed engine bbpPairings
(``computeEdgeWeight`` in ``src/swisssystems/dutch.cpp``), so that ties resolve as it resolves them.

From the most significant field down (h = the higher-ranked player of the pair, l = the other;
"in the bracket" = l belongs to the bracket being paired, "next" = l belongs to the next
scoregroup):

- ``T``  [C4]/[C2]/[C5] 1 for a legal pair, +1 for each player who may not take the bye;
- ``C6`` pairs in the bracket; ``C7`` scores paired in the bracket (a slice per score);
- ``C8`` pairs, then scores paired, in the next bracket;
- ``C9`` rank (by played games) of players with the bye assignee's score who are paired;
- ``C10`` ... ``C13`` colour criteria, ``C14`` ... ``C17`` repeated floats, ``C18`` ... ``C21``
  scores of repeated floaters (slices per score);
- ``ORD`` low bits used by the bracket procedure to emulate the generation order (Art. 3.6-4).

A field given as a slice field holds ``1 << shift[score]``: one sub-field per score, higher scores
more significant (the descending-order comparisons of [C7], [C8], [C18]-[C21]).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pairings.swiss_state import Float, PlayerState, RoundState


@dataclass(frozen=True, slots=True)
class Pair:
    """A possible pair inside the procedure: ``h`` before ``l`` in pairing order."""

    h: PlayerState
    l: PlayerState  # noqa: E741
    in_bracket: bool
    in_next: bool


@dataclass(frozen=True, slots=True)
class Field:
    """One criterion's field: ``width`` is "group" (bits for the largest scoregroup), "slices"
    (a sub-field per score), or "double" (two group widths, [C9])."""

    name: str
    width: str
    value: Callable[[WeightContext, Pair], int]
    min_played_rounds: int = 0


def bits(value: int) -> int:
    """bbpPairings' ``bitsToRepresent``."""
    return value.bit_length()


def colours_compatible(a: PlayerState, b: PlayerState) -> bool:
    return a.colour_pref is None or b.colour_pref is None or a.colour_pref is not b.colour_pref


class WeightContext:
    """Everything a field needs: the round, the bye assignee's score ([C5]), whether [C9] is in
    force for the bracket, and the layout (scoregroup slices)."""

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.score = {p.number: state.acc_score(p) for p in state.players}
        sizes: dict[int, int] = {}
        for p in state.players:
            sizes[self.score[p.number]] = sizes.get(self.score[p.number], 0) + 1
        self.slices: dict[int, tuple[int, int]] = {}  # score -> (shift, width)
        shift = 0
        for score in sorted(sizes):
            self.slices[score] = (shift, bits(sizes[score]))
            shift += bits(sizes[score])
        self.slices_width = shift
        self.group_bits = bits(max(sizes.values(), default=0))
        self.bye_score = 0
        self.c9_active = False
        self.c9_ranks: dict[int, int] = {}
        self.eligible = {p.number: p.eligible_for_bye for p in state.players}
        self.last_round = state.is_last_round()
        self.topscore = state.topscore_threshold()
        self.layout = Layout(self)
        # Everything a field reads of a player, so that weights can be cached per kind of pair.
        self.signature = {p.number: (self.score[p.number], p.colour_pref, p.imbalance,
                                     p.repeated, p.strong, p.float1, p.float2,
                                     p.eligible_for_bye, p.played_games)
                          for p in state.players}
        self._cache: dict[tuple, tuple[int, int]] = {}

    def weight(self, h: PlayerState, l: PlayerState, in_bracket: bool,  # noqa: E741
               in_next: bool) -> tuple[int, int]:
        """:func:`base_weight`, cached by the kinds of the two players."""
        if l.number in h.opponents:
            return (0, 0)
        return self.kind_weight(h, l, in_bracket, in_next)

    def kind_weight(self, h: PlayerState, l: PlayerState, in_bracket: bool,  # noqa: E741
                    in_next: bool) -> tuple[int, int]:
        """The weight of any pair of players of these kinds who have not met."""
        key = (self.signature[h.number], self.signature[l.number], in_bracket, in_next,
               self.c9_active, self.bye_score)
        value = self._cache.get(key)
        if value is None:
            value = base_weight(self, Pair(h, l, in_bracket, in_next), met=False)
            self._cache[key] = value
        return value

    def set_bye(self, bye_score: int) -> None:
        """[C5]: the score of the bye assignee; [C9] ranks players of that score by played
        games, most games first (equal counts share the last rank given to them)."""
        self.bye_score = bye_score
        counts = sorted((p.played_games for p in self.state.players
                         if self.score[p.number] == bye_score), reverse=True)
        self.c9_ranks = {}
        for rank, games in enumerate(counts):
            self.c9_ranks[games] = rank

    def bye_candidate(self, p: PlayerState) -> bool:
        return self.eligible[p.number] and self.score[p.number] <= self.bye_score

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        """[C1] not met before and not forbidden; [C3] colours allowed."""
        return b.number not in a.opponents and self.colours_allowed(a, b)

    def colours_allowed(self, a: PlayerState, b: PlayerState) -> bool:
        """[C3] not two equal absolute colour preferences, unless the final round and one of
        them is a topscorer."""
        if not (a.absolute and b.absolute and a.colour_pref is b.colour_pref):
            return True
        return self.last_round and (self.score[a.number] > self.topscore
                                    or self.score[b.number] > self.topscore)

    def slice_bit(self, player: PlayerState) -> int:
        return 1 << self.slices[self.score[player.number]][0]


# --- the criteria, most important first -------------------------------------------------------


def _c6_pairs(ctx: WeightContext, p: Pair) -> int:
    """[C6] minimise the downfloaters = maximise the pairs in the bracket."""
    return int(p.in_bracket)


def _c7_scores(ctx: WeightContext, p: Pair) -> int:
    """[C7] minimise the downfloaters' scores: reward pairing the higher score."""
    return ctx.slice_bit(p.h) if p.in_bracket else 0


def _c8_pairs(ctx: WeightContext, p: Pair) -> int:
    """[C8] pairs in the next bracket."""
    return int(p.in_next)


def _c8_scores(ctx: WeightContext, p: Pair) -> int:
    """[C8] scores paired in the next bracket."""
    return ctx.slice_bit(p.h) if p.in_next else 0


def _c9_unplayed(ctx: WeightContext, p: Pair) -> int:
    """[C9] the bye goes to the player of the bye assignee's score with most played games:
    pairing players with fewer played games is rewarded (in every edge of the window)."""
    if not ctx.c9_active:
        return 0
    value = 0
    for player in (p.h, p.l):
        if ctx.score[player.number] == ctx.bye_score:
            value += ctx.c9_ranks[player.played_games]
    return value


def _c10_topscorer_difference(ctx: WeightContext, p: Pair) -> int:
    """[C10] no colour difference beyond +-2 (topscorers, final round)."""
    a, b = p.l, p.h
    return int(p.in_bracket and (not a.absolute_imbalance or not b.absolute_imbalance
                                 or a.colour_pref is not b.colour_pref))


def _c11_topscorer_repetition(ctx: WeightContext, p: Pair) -> int:
    """[C11] no colour three times in a row (topscorers, final round): the player who would
    have to break his preference must not be the one with a repeated colour."""
    a, b = p.l, p.h
    if not p.in_bracket:
        return 0
    if not a.absolute or not b.absolute or a.colour_pref is not b.colour_pref:
        return 1
    if a.imbalance == b.imbalance:
        return int(a.repeated is None or a.repeated is not b.repeated)
    yielder = b if a.imbalance > b.imbalance else a
    return int(yielder.repeated is not (a.colour_pref.opposite if a.colour_pref else None))


def _c12_preferences(ctx: WeightContext, p: Pair) -> int:
    """[C12] colour preferences satisfied."""
    return int(p.in_bracket and colours_compatible(p.l, p.h))


def _c13_strong_preferences(ctx: WeightContext, p: Pair) -> int:
    """[C13] strong (or absolute) colour preferences satisfied."""
    a, b = p.l, p.h
    return int(p.in_bracket and (
        (not a.strong and not a.absolute) or (not b.strong and not b.absolute)
        or (a.absolute and b.absolute) or a.colour_pref is not b.colour_pref))


def _float(player: PlayerState, rounds_back: int) -> Float:
    return player.float1 if rounds_back == 1 else player.float2


def _repeated_downfloaters(rounds_back: int) -> Callable[[WeightContext, Pair], int]:
    def value(ctx: WeightContext, p: Pair) -> int:
        """[C14]/[C16] residents who downfloated before are paired (not floated again)."""
        if not p.in_bracket:
            return 0
        lower_down = _float(p.l, rounds_back) is Float.DOWN
        higher_down = (ctx.score[p.h.number] <= ctx.score[p.l.number]
                       and _float(p.h, rounds_back) is Float.DOWN)
        return int(lower_down) + int(higher_down)
    return value


def _repeated_upfloaters(rounds_back: int) -> Callable[[WeightContext, Pair], int]:
    def value(ctx: WeightContext, p: Pair) -> int:
        """[C15]/[C17] MDP opponents who upfloated before."""
        return int(p.in_bracket and not (
            ctx.score[p.h.number] > ctx.score[p.l.number]
            and _float(p.l, rounds_back) is Float.UP))
    return value


def _downfloater_scores(rounds_back: int) -> Callable[[WeightContext, Pair], int]:
    def value(ctx: WeightContext, p: Pair) -> int:
        """[C18]/[C20] scores of repeated downfloaters."""
        if not p.in_bracket:
            return 0
        total = 0
        for player in (p.l, p.h):
            if _float(player, rounds_back) is Float.DOWN:
                total += ctx.slice_bit(player)
        return total
    return value


def _upfloater_opponent_scores(rounds_back: int) -> Callable[[WeightContext, Pair], int]:
    def value(ctx: WeightContext, p: Pair) -> int:
        """[C19]/[C21] scores of the opponents of repeated upfloaters."""
        if p.in_bracket and not (_float(p.l, rounds_back) is Float.UP
                                 and ctx.score[p.h.number] > ctx.score[p.l.number]):
            return ctx.slice_bit(p.h)
        return 0
    return value


CRITERIA: tuple[Field, ...] = (
    Field("C6", "group", _c6_pairs),
    Field("C7", "slices", _c7_scores),
    Field("C8 pairs", "group", _c8_pairs),
    Field("C8 scores", "slices", _c8_scores),
    Field("C9", "double", _c9_unplayed),
    Field("C10", "group", _c10_topscorer_difference),
    Field("C11", "group", _c11_topscorer_repetition),
    Field("C12", "group", _c12_preferences),
    Field("C13", "group", _c13_strong_preferences),
    Field("C14", "group", _repeated_downfloaters(1), 1),
    Field("C15", "group", _repeated_upfloaters(1), 1),
    Field("C16", "group", _repeated_downfloaters(2), 2),
    Field("C17", "group", _repeated_upfloaters(2), 2),
    Field("C18", "slices", _downfloater_scores(1), 1),
    Field("C19", "slices", _upfloater_opponent_scores(1), 1),
    Field("C20", "slices", _downfloater_scores(2), 2),
    Field("C21", "slices", _upfloater_opponent_scores(2), 2),
)


class Layout:
    """Bit offsets of the fields for one round (they depend on the scoregroup sizes)."""

    def __init__(self, ctx: WeightContext) -> None:
        played = ctx.state.played_rounds
        group = ctx.group_bits
        self.fields = [f for f in CRITERIA if played >= f.min_played_rounds]
        width = {"group": group, "slices": ctx.slices_width, "double": 2 * group}
        self.ord_bits = 3 * group + 1
        offset = self.ord_bits
        self.offsets: dict[str, tuple[int, int]] = {}
        for f in reversed(self.fields):
            self.offsets[f.name] = (offset, width[f.width])
            offset += width[f.width]
        self.t_offset = offset
        self.group_bits = group
        # Sub-fields (offset, width) from the least significant, for compact re-encoding, and
        # their names: (criterion, score of the slice or None).
        self.subfields: list[tuple[int, int]] = []
        self.subfield_names: list[tuple[str, int | None]] = []
        for f in reversed(self.fields):
            base, w = self.offsets[f.name]
            if f.width == "slices":
                for score, (shift, size) in sorted(ctx.slices.items()):
                    self.subfields.append((base + shift, size))
                    self.subfield_names.append((f.name, score))
            else:
                self.subfields.append((base, w))
                self.subfield_names.append((f.name, None))

    def split(self, h: int) -> tuple[int, ...]:
        """The sub-field values of ``H``, least significant first."""
        return tuple((h >> o) & ((1 << w) - 1) for o, w in self.subfields)


def base_weight(ctx: WeightContext, pair: Pair, met: bool | None = None) -> tuple[int, int]:
    """The weight of a pair as ``(T, H)``: ``T`` the completion field ([C4], [C2], [C5]) and
    ``H`` the criteria fields above the ORD bits; ``(0, 0)`` for an illegal pair ([C1], [C3]).
    ``met``: whether they met or may not meet (None: look it up)."""
    if met is None:
        met = pair.l.number in pair.h.opponents
    if met or not ctx.colours_allowed(pair.h, pair.l):
        return (0, 0)
    t = 1 + (not ctx.bye_candidate(pair.h)) + (not ctx.bye_candidate(pair.l))
    h = 0
    offsets = ctx.layout.offsets
    for f in ctx.layout.fields:
        value = f.value(ctx, pair)
        if value:
            h += value << offsets[f.name][0]
    return (t, h)


# --- compact re-encoding for rustworkx --------------------------------------------------------


def compact_encoder(
    layout: Layout, edges: list[tuple[int, int, tuple[int, int, int]]], max_pairs: int,
    use_t: bool
) -> Callable[[tuple[int, int, int]], int] | None:
    """An order-preserving map of literal weights ``(T, H, ORD)`` onto small integers: only the
    sub-fields used by these edges, each with just enough room for its largest possible sum
    over a matching. None when bbpPairings' own fields could overflow (then only the literal
    weights reproduce it)."""
    distinct = {w for _, _, w in edges}
    if not distinct:
        return lambda w: 0
    union = 0
    for _, h, _ in distinct:
        union |= h
    active = [(o, w) for o, w in layout.subfields if w and (union >> o) & ((1 << w) - 1)]
    maxima = [0] * len(active)
    for _, h, _ in distinct:
        for i, (o, w) in enumerate(active):
            v = (h >> o) & ((1 << w) - 1)
            if v > maxima[i]:
                maxima[i] = v
    bounds = []
    for (o, w), top in zip(active, maxima, strict=True):
        bound = max_pairs * top
        if bound >= 1 << w:
            bound = min(bound, _vertex_bound(edges, o, (1 << w) - 1))
            if bound >= 1 << w:
                return None
        bounds.append(bound)
    ords = [w[2] for w in distinct]
    lo, hi = min(ords), max(ords)
    if max_pairs * max(abs(lo), abs(hi)) >= 1 << layout.ord_bits:
        return None
    radices = []
    span = max_pairs * (hi - lo)
    for bound in bounds:
        radices.append(span + 1)
        span += bound * (span + 1)
    t_radix = span + 1
    masks = [(o, (1 << w) - 1) for o, w in active]
    cache: dict[tuple[int, int, int], int] = {}

    def encode(weight: tuple[int, int, int]) -> int:
        value = cache.get(weight)
        if value is None:
            t, h, ord_ = weight
            value = ord_ - lo
            for (o, mask), radix in zip(masks, radices, strict=True):
                value += ((h >> o) & mask) * radix
            if use_t:
                value += t * t_radix
            cache[weight] = value
        return value

    return encode


def _vertex_bound(edges: list[tuple[int, int, tuple[int, int, int]]], offset: int,
                  mask: int) -> int:
    """A bound of a sub-field's sum over any matching: each edge's value is at most the mean
    of the largest values at its two ends."""
    best: dict[int, int] = {}
    for u, v, (_, h, _) in edges:
        value = (h >> offset) & mask
        if value:
            if value > best.get(u, 0):
                best[u] = value
            if value > best.get(v, 0):
                best[v] = value
    return sum(best.values()) // 2


def literal(layout: Layout, weight: tuple[int, int, int], use_t: bool) -> int:
    """bbpPairings' integer for a weight (``T`` omitted when the completion is checked apart)."""
    t, h, ord_ = weight
    return h + ord_ + (t << layout.t_offset if use_t else 0)
