"""Upper bounds of the Dutch criteria, and the handbook's exchange order (C.04.3 Art. 2, 4.3).

A pairing of a bracket is scored by the criteria [C6]-[C21] in lexicographic order (their
sub-fields in ``pairings/dutch_weights.py``). A candidate whose every sub-field reaches an upper
bound valid for all pairings (given that the more important sub-fields are at their best) is
optimal: that is how the direct path proves its candidates.

The bounds are counting arguments: [C6]/[C7] count the pairs and the MDPs paired; a colour
criterion must be broken by at least half the players of one kind (e.g. "prefers White") who
cannot all find a partner of another kind; a float criterion by the downfloaters who cannot all be
among those left unpaired.

:func:`exchanges` lists the exchanges between S1 and S2 of a remainder in the order of Art. 4.3:
fewest players, smallest BSN difference, the highest BSN moved out of S1, the lowest moved in.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from pairings.dutch_weights import WeightContext
from pairings.swiss_state import Float, PlayerState

COLOUR_FIELDS = ("C10", "C12", "C13")


def _float(player: PlayerState, rounds_back: int) -> Float:
    return player.float1 if rounds_back == 1 else player.float2


def rounds_back(name: str) -> int:
    return 1 if name in ("C14", "C15", "C18", "C19") else 2


def in_kind(ctx: WeightContext, name: str, p: PlayerState) -> bool:
    """Players two of whom, with the same colour preference, break the criterion if paired."""
    if name == "C10":
        return p.absolute_imbalance
    if name == "C12":
        return True
    # C13: strong or absolute preferences (two absolute ones may only meet as final-round
    # topscorers and then do not count: leave them out of the kind there).
    return p.strong or (p.absolute and not ctx.last_round)


def kinds(ctx: WeightContext, name: str, players: Sequence[PlayerState]) -> dict:
    """Players of the criterion's kind, per preferred colour."""
    out: dict = {}
    for p in players:
        if p.colour_pref is not None and in_kind(ctx, name, p):
            out[p.colour_pref] = out.get(p.colour_pref, 0) + 1
    return out


def bracket_bounds(ctx: WeightContext, mdps: Sequence[PlayerState],
                   residents: Sequence[PlayerState]) -> tuple[int, ...] | None:
    """Upper bounds of every sub-field over the pairings of a bracket (MDPs, residents) that
    pair as many players as possible with every MDP against a resident ([C6], [C7] at best).
    None if the MDPs outnumber the residents."""
    if len(mdps) > len(residents):
        return None
    everyone = list(mdps) + list(residents)
    pairs = len(everyone) // 2
    unpaired = len(everyone) - 2 * pairs
    res_score = ctx.score[residents[0].number] if residents else None
    mdp_scores = [ctx.score[p.number] for p in mdps]
    floats = {back: (sum(_float(p, back) is Float.DOWN for p in residents),
                     sum(_float(p, back) is Float.UP for p in residents)) for back in (1, 2)}
    out = []
    for name, score in ctx.layout.subfield_names:
        if name == "C6":
            out.append(pairs)
        elif name in ("C7", "C19", "C21"):
            out.append(pairs - len(mdps) if score == res_score else mdp_scores.count(score))
        elif name in ("C8 pairs", "C8 scores"):
            out.append(0)
        elif name == "C9":
            out.append(_c9_bound(ctx, everyone, residents, unpaired))
        elif name == "C11":
            out.append(pairs)
        elif name in COLOUR_FIELDS:
            conflicts = 0
            for count in kinds(ctx, name, everyone).values():
                conflicts += max(0, (count - (len(everyone) - count) - unpaired + 1) // 2)
            out.append(pairs - conflicts)
        else:
            back = rounds_back(name)
            down, up = floats[back]
            stay = max(0, unpaired - (len(residents) - down))
            if name in ("C14", "C16"):
                out.append(down - stay)
            elif name in ("C15", "C17"):
                out.append(pairs - max(0, len(mdps) - (len(residents) - up)))
            elif score == res_score:  # C18 / C20
                out.append(down - stay)
            else:
                out.append(sum(1 for p, s in zip(mdps, mdp_scores, strict=True)
                               if s == score and _float(p, back) is Float.DOWN))
    return tuple(out)


def _c9_bound(ctx: WeightContext, everyone: Sequence[PlayerState],
              residents: Sequence[PlayerState], unpaired: int) -> int:
    if not ctx.c9_active:
        return 0
    ranks = sorted(ctx.c9_ranks[p.played_games] for p in everyone
                   if ctx.score[p.number] == ctx.bye_score)
    others = sum(1 for p in residents if ctx.score[p.number] != ctx.bye_score)
    dropped = max(0, unpaired - others)
    return sum(ranks) - sum(ranks[:dropped])


def split_bounds(ctx: WeightContext, high: Sequence[PlayerState],
                 low: Sequence[PlayerState]) -> tuple[int, ...]:
    """Upper bounds for a remainder (one score) paired S1 = ``high`` against S2 = ``low``:
    every S1 player meets an S2 player; the extra S2 players float."""
    pairs = len(high)
    unpaired = len(low) - pairs
    score = ctx.score[(high or low)[0].number] if (high or low) else None
    out = []
    for name, slice_score in ctx.layout.subfield_names:
        if name in ("C6", "C11", "C15", "C17"):
            out.append(pairs)
        elif name in ("C7", "C19", "C21"):
            out.append(pairs if slice_score == score else 0)
        elif name in ("C8 pairs", "C8 scores"):
            out.append(0)
        elif name == "C9":
            out.append(_c9_split(ctx, high, low, unpaired))
        elif name in COLOUR_FIELDS:
            k_high, k_low = kinds(ctx, name, high), kinds(ctx, name, low)
            conflicts = 0
            for colour in set(k_high) | set(k_low):
                a, b = k_high.get(colour, 0), k_low.get(colour, 0)
                conflicts += max(0, a - (len(low) - b), (b - unpaired) - (len(high) - a))
            out.append(pairs - conflicts)
        else:
            if name in ("C18", "C20") and slice_score != score:
                out.append(0)
                continue
            back = rounds_back(name)
            down = sum(_float(p, back) is Float.DOWN for p in high)
            down_low = sum(_float(p, back) is Float.DOWN for p in low)
            out.append(down + down_low - max(0, unpaired - (len(low) - down_low)))
    return tuple(out)


def _c9_split(ctx: WeightContext, high: Sequence[PlayerState], low: Sequence[PlayerState],
              unpaired: int) -> int:
    if not ctx.c9_active:
        return 0
    ranks = [ctx.c9_ranks[p.played_games] for p in list(high) + list(low)
             if ctx.score[p.number] == ctx.bye_score]
    low_ranks = sorted(ctx.c9_ranks[p.played_games] for p in low
                       if ctx.score[p.number] == ctx.bye_score)
    others = sum(1 for p in low if ctx.score[p.number] != ctx.bye_score)
    dropped = max(0, unpaired - others)
    return sum(ranks) - sum(low_ranks[:dropped])


def exchanges(s1: int, s2: int, max_size: int = 2) -> Iterator[tuple[tuple[int, ...],
                                                                      tuple[int, ...]]]:
    """Exchanges (BSNs leaving S1, BSNs entering S1) of a remainder whose S1 holds BSNs
    ``0..s1-1`` and S2 ``s1..s1+s2-1``, in the order of Art. 4.3, up to ``max_size`` players."""
    for size in range(1, min(max_size, s1, s2) + 1):
        low = sum(range(s1, s1 + size)) - sum(range(s1 - size, s1))
        high = sum(range(s1 + s2 - size, s1 + s2)) - sum(range(size))
        for difference in range(low, high + 1):
            yield from _with_difference(s1, s2, size, difference)


def _with_difference(s1: int, s2: int, size: int, difference: int):
    for out in combinations(range(s1 - 1, -1, -1), size):  # highest BSNs out of S1 first
        target = sum(out) + difference
        yield from ((out, into) for into in _subsets_with_sum(s1, s1 + s2, size, target))


def _subsets_with_sum(lo: int, hi: int, size: int, target: int) -> Iterator[tuple[int, ...]]:
    """Increasing tuples of ``size`` numbers in [lo, hi) summing to ``target``, in
    lexicographic order (lowest BSNs into S1 first)."""
    if size == 0:
        if target == 0:
            yield ()
        return
    for first in range(lo, hi):
        rest_min = sum(range(first + 1, first + size))
        rest_max = sum(range(hi - size + 1, hi))
        remaining = target - first
        if remaining < rest_min:
            break
        if remaining > rest_max:
            continue
        for tail in _subsets_with_sum(first + 1, hi, size - 1, remaining):
            yield (first, *tail)
