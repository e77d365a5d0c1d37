"""Why this pairing: what decided each bracket (C.04.3 Art. 2-4) and each board's colours (Art. 5).

Built beside the pairing when asked (``pair_round(..., explain=True)``), as data: criterion codes
("C1" ... "C21"), colour rules ("5.2.1" ... "5.2.5") and pairing numbers, never prose, so that each
front end words it in its own language (``pairings/dutch_cli.py`` in English).

Per bracket, from the bracket's pairs as the engine chose them:

- *downfloaters*, and how many of them each criterion forced: [C6] those the bracket cannot pair
  on its own (an odd number of players, or no compatible opponent: [C1], [C3]); [C4] those it
  could pair, but only by leaving the rest of the round unpairable;
- *upfloaters*: residents who meet a moved-down player (MDP); [C7] when a lower score floats
  down (or takes the bye) instead of the MDP, [C6] otherwise;
- in the last bracket, who is left takes the bye ([C5], [C9]): not a downfloater;
- the *exchange* between S1 and S2 (Art. 4.3) and whether S2 was *transposed* (Art. 4.2);
- why the *first candidate* (Art. 3.2-3.3: MDPs against the highest residents in order, then
  S1 against S2 in order) was not the pairing: the first criterion, most important first, on
  which it fails or loses ([C1]/[C3] an illegal pair, [C4] the round cannot be completed after
  it, then the bracket's own criteria [C6]-[C21]; [C8] when only the next bracket can tell).

Per board, the rule of Art. 5.2 that gave the colours (``pairings/colours.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from pairings.colours import ColourRule
from pairings.dutch_weights import WeightContext
from pairings.matching import perfect_matching
from pairings.swiss_state import PlayerState

BYE = -1


@dataclass(frozen=True)
class FloatCount:
    """``count`` downfloaters of a bracket forced by ``criterion`` ("C4" or "C6")."""

    criterion: str
    count: int


@dataclass(frozen=True)
class Upfloat:
    """Resident ``player`` meets the MDP ``opponent``, for ``criterion`` ("C6" or "C7")."""

    player: int
    opponent: int
    criterion: str


@dataclass(frozen=True)
class Exchange:
    """Art. 4.3: players moved from S1 to S2 and from S2 to S1 (pairing numbers)."""

    out_of_s1: tuple[int, ...]
    into_s1: tuple[int, ...]


@dataclass(frozen=True)
class Failure:
    """Why the first candidate lost: ``criterion``, and for an illegal pair ([C1], [C3]) the
    two players."""

    criterion: str
    players: tuple[int, ...] = ()


@dataclass(frozen=True)
class BracketExplanation:
    """One bracket: its scoregroup's score (pairing score, virtual points included; None for
    MDPs paired below the last scoregroup), its MDPs and residents, what floated and why."""

    score: Fraction | None
    mdps: tuple[int, ...]
    residents: tuple[int, ...]
    downfloaters: tuple[int, ...]
    float_counts: tuple[FloatCount, ...]
    upfloaters: tuple[Upfloat, ...]
    exchange: Exchange | None
    transposed: bool
    first_candidate: Failure | None  # None: the first candidate is the pairing


@dataclass(frozen=True)
class BoardExplanation:
    """The colours of a board: ``rule`` of Art. 5.2, the deciding ``player`` (5.2.2, 5.2.4,
    5.2.5) and the ``round`` in which the player now White last had Black against the
    other's White (5.2.3)."""

    white: int
    black: int
    rule: str
    player: int | None = None
    round: int | None = None


@dataclass(frozen=True)
class RoundExplanation:
    """A round: brackets from the top scoregroup down, boards in published order, and the
    bye ([C5]: given to a player of the lowest score that allows a complete pairing)."""

    brackets: tuple[BracketExplanation, ...]
    boards: tuple[BoardExplanation, ...]
    bye: int | None


def board_explanation(white: int, black: int, rule: ColourRule) -> BoardExplanation:
    return BoardExplanation(white, black, rule.rule, rule.player, rule.round)


@dataclass
class BracketFacts:
    """What :func:`explain_bracket` reads of the round: vertices are indices in pairing
    order; ``adjacent`` is [C1]/[C3] over the whole round (``BYE`` for a bye candidate)."""

    ctx: WeightContext
    order: Sequence[PlayerState]
    mdps: list[int]
    residents: list[int]
    below: list[int]  # everybody after the bracket: the next scoregroup and the rest
    adjacent: Callable[[int, int], bool]
    completion: dict[int, int] | None
    odd: bool


def explain_bracket(facts: BracketFacts, pairs: list[tuple[int, int]],
                    downfloaters: list[int]) -> BracketExplanation:
    """The explanation of a bracket paired with ``pairs``."""
    pairs = [(min(u, v), max(u, v)) for u, v in pairs]  # higher-ranked player first
    number = [p.number for p in facts.order]
    mdps = set(facts.mdps)
    score = facts.ctx.score
    level = (Fraction(score[number[facts.residents[0]]], 10) if facts.residents else None)
    ups = []
    lowest_down = min((score[number[v]] for v in downfloaters), default=None)
    for u, v in pairs:
        if u in mdps:
            lower = lowest_down is not None and lowest_down < score[number[u]]
            ups.append(Upfloat(number[v], number[u], "C7" if lower else "C6"))
    remainder = [(u, v) for u, v in pairs if u not in mdps]
    exchange, transposed = _exchange(facts, remainder, {v for u, v in pairs if u in mdps})
    natural, natural_down = _first_candidate(facts)
    same = set(natural) == set(pairs)
    failure = None if same else _failure(facts, natural, natural_down, pairs)
    if not facts.below:  # the last bracket: who is left gets the bye, not a float
        downfloaters = []
    return BracketExplanation(
        level, tuple(number[v] for v in facts.mdps), tuple(number[v] for v in facts.residents),
        tuple(number[v] for v in downfloaters),
        _float_counts(facts, pairs) if downfloaters else (), tuple(ups), exchange, transposed,
        failure)


def _float_counts(facts: BracketFacts, pairs: list[tuple[int, int]]) -> tuple[FloatCount, ...]:
    """[C6]: floats the bracket cannot avoid on its own (the largest pairing of the bracket
    alone); [C4]: the others (pairs the bracket could have made)."""
    size = len(facts.mdps) + len(facts.residents)
    made = most = len(pairs)
    if size - 2 * made >= 2:
        most = _largest_pairing(facts, pairs)
    counts = [FloatCount("C6", size - 2 * most), FloatCount("C4", 2 * (most - made))]
    return tuple(c for c in counts if c.count)


def _largest_pairing(facts: BracketFacts, pairs: list[tuple[int, int]]) -> int:
    """The most pairs the bracket alone allows ([C1], [C3]; MDPs do not meet each other),
    counted up from the pairs made: k pairs exist when the players and ``size - 2k`` dummy
    "floats" can all be paired."""
    vertices = facts.mdps + facts.residents
    mdps = set(facts.mdps)

    def adjacent(u: int, v: int) -> bool:
        if u < 0 or v < 0:
            return u >= 0 or v >= 0
        return not (u in mdps and v in mdps) and facts.ctx.compatible(facts.order[u],
                                                                      facts.order[v])

    start = {u: v for u, v in pairs} | {v: u for u, v in pairs}
    most = len(pairs)
    while len(vertices) - 2 * (most + 1) >= 0:
        dummies = [-2 - i for i in range(len(vertices) - 2 * (most + 1))]
        found = perfect_matching(vertices + dummies, adjacent, start)
        if found is None:
            break
        most += 1
        start = {v: w for v, w in found.items() if v >= 0 and w >= 0}
    return most


def _exchange(facts: BracketFacts, remainder: list[tuple[int, int]],
              upfloaters: set[int]) -> tuple[Exchange | None, bool]:
    """Art. 4.3/4.2 read off the remainder's pairs: S1 is the higher player of each pair; the
    first candidate's S1 is the remainder's first players in pairing order."""
    if not remainder:
        return None, False
    number = [p.number for p in facts.order]
    rest = [v for v in facts.residents if v not in upfloaters]
    natural = set(rest[:len(remainder)])
    s1 = {u for u, _ in remainder}
    out, into = sorted(natural - s1), sorted(s1 - natural)
    exchange = Exchange(tuple(number[v] for v in out),
                        tuple(number[v] for v in into)) if out else None
    s1_order = sorted(s1)
    s2_order = sorted(v for v in rest if v not in s1)
    mate = dict(remainder)
    transposed = any(mate[u] != s2_order[i] for i, u in enumerate(s1_order))
    return exchange, transposed


def _first_candidate(facts: BracketFacts) -> tuple[list[tuple[int, int]], list[int]]:
    """Art. 3.2-3.3: each MDP against the highest resident in order, then the remainder's S1
    (its first half) against S2 in order; the rest float."""
    mdps, residents = facts.mdps, facts.residents
    k = min(len(mdps), len(residents))
    pairs = list(zip(mdps[:k], residents[:k], strict=True))
    remainder = residents[k:]
    half = len(remainder) // 2
    pairs += list(zip(remainder[:half], remainder[half:2 * half], strict=True))
    return pairs, mdps[k:] + remainder[2 * half:]


def _failure(facts: BracketFacts, natural: list[tuple[int, int]], down: list[int],
             chosen: list[tuple[int, int]]) -> Failure:
    ctx, order = facts.ctx, facts.order
    for u, v in natural:
        a, b = order[u], order[v]
        if b.number in a.opponents:
            return Failure("C1", (a.number, b.number))
        if not ctx.colours_allowed(a, b):
            return Failure("C3", (a.number, b.number))
    vertices = down + facts.below + ([BYE] if facts.odd else [])
    if perfect_matching(vertices, facts.adjacent, facts.completion) is None:
        return Failure("C4")
    mine, theirs = _fields(ctx, order, natural), _fields(ctx, order, chosen)
    names = ctx.layout.subfield_names
    for i in reversed(range(len(names))):
        if theirs[i] != mine[i]:
            return Failure(names[i][0].split()[0] if theirs[i] > mine[i] else "C8")
    return Failure("C8")


def _fields(ctx: WeightContext, order: Sequence[PlayerState],
            pairs: list[tuple[int, int]]) -> list[int]:
    """The bracket's criteria summed over ``pairs`` (sub-fields, least significant first)."""
    total = [0] * len(ctx.layout.subfields)
    for u, v in pairs:
        _, h = ctx.weight(order[u], order[v], True, False)
        for i, value in enumerate(ctx.layout.split(h)):
            total[i] += value
    return total
