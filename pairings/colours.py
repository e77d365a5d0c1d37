"""Colour allocation (C.04.3 Art. 5) and the published board order (C.04.2).

For each pair, the first rule that decides (Art. 5.2):

1. both preferences can be granted (different, or someone has none);
2. the stronger preference wins (absolute > strong > mild); two absolute ones (final-round
   topscorers): the larger colour difference wins;
3. alternation: go back to the latest round in which the two had different colours (played games
   only, each player's unplayed rounds skipped, C.04.2 Art. 3.4) and give each the colour opposite
   to his colour then;
4. the higher-ranked player gets his preference;
5. the higher-ranked player gets the initial colour if his pairing number is odd, the other one
   if it is even (pairing numbers counted among the players still in the event).

"Higher-ranked" is the pairing order: score with virtual points, then pairing number.
"""

from __future__ import annotations

from dataclasses import dataclass

from pairings.swiss_state import PlayerState, RoundState
from records import Bye, Colour, Tournament


def _played_colours(player: PlayerState) -> list[tuple[Colour, int]]:
    return [(r.colour, index + 1) for index, r in enumerate(player.history)
            if r.played and r.colour is not None]


def last_different_colours(a: PlayerState,
                           b: PlayerState) -> tuple[Colour, Colour, int] | None:
    """Art. 5.2.3: the colours of the latest round (counting back each player's played games)
    in which a and b had different colours, and the round of the one who had Black then (who
    gets White now; the two rounds differ when one of them missed a round)."""
    for (ca, ra), (cb, rb) in zip(reversed(_played_colours(a)), reversed(_played_colours(b)),
                                  strict=False):
        if ca is not cb:
            return ca, cb, ra if ca is Colour.BLACK else rb
    return None


@dataclass(frozen=True)
class ColourRule:
    """Which rule of Art. 5.2 gave ``a`` its colour against ``b``: ``rule`` is "5.2.1" ...
    "5.2.5"; ``player`` the player whose preference or rank decided (5.2.2, 5.2.4, 5.2.5;
    None for 5.2.1 and 5.2.3); ``round`` the round the two last had different colours (5.2.3)."""

    colour: Colour
    rule: str
    player: int | None = None
    round: int | None = None


def neutral_colour(a: PlayerState, b: PlayerState) -> ColourRule | None:
    """Rules 5.2.1-5.2.3 for ``a`` (bbpPairings ``choosePlayerNeutralColor``): None when only
    the ranking can decide."""
    pa, pb = a.colour_pref, b.colour_pref
    if pa is None or pb is None or pa is not pb:
        if pa is not None:
            return ColourRule(pa, "5.2.1")
        return ColourRule(pb.opposite, "5.2.1") if pb is not None else None
    assert pb is not None
    if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
        return ColourRule(pa, "5.2.2", a.number)
    if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
        return ColourRule(pb.opposite, "5.2.2", b.number)
    if a.strong and not b.strong:
        return ColourRule(pa, "5.2.2", a.number)
    if b.strong and not a.strong:
        return ColourRule(pb.opposite, "5.2.2", b.number)
    different = last_different_colours(a, b)
    if different is None:
        return None
    return ColourRule(different[1], "5.2.3", round=different[2])


def ranks_below(state: RoundState, a: PlayerState, b: PlayerState) -> bool:
    """Whether ``a`` comes after ``b`` in the pairing order (Art. 1.2)."""
    return (state.acc_score(a), b.rank) < (state.acc_score(b), a.rank)


def colour_of(state: RoundState, a: PlayerState, b: PlayerState, initial: Colour) -> Colour:
    """The colour ``a`` gets against ``b`` (Art. 5.2; bbpPairings ``choosePlayerColor``)."""
    return colour_rule(state, a, b, initial).colour


def colour_rule(state: RoundState, a: PlayerState, b: PlayerState,
                initial: Colour) -> ColourRule:
    """The colour ``a`` gets against ``b`` and the rule of Art. 5.2 that gives it."""
    neutral = neutral_colour(a, b)
    if neutral is not None:
        return neutral
    a_lower = ranks_below(state, a, b)
    higher = b if a_lower else a
    if a.colour_pref is not None:  # 5.2.4: the higher-ranked player's preference
        assert b.colour_pref is not None
        colour = b.colour_pref.opposite if a_lower else a.colour_pref
        return ColourRule(colour, "5.2.4", higher.number)
    # 5.2.5: odd pairing number -> initial colour
    higher_colour = initial if higher.rank % 2 == 0 else initial.opposite
    return ColourRule(higher_colour.opposite if a_lower else higher_colour, "5.2.5",
                      higher.number)


def board_key(state: RoundState, white: PlayerState, black: PlayerState) -> tuple[int, int, int]:
    """C.04.2 board order: the pair's higher score, then its lower score (real scores, without
    virtual points), then the higher-ranked player's pairing number."""
    higher, lower = (black, white) if (white.score, black.rank) < (black.score, white.rank) \
        else (white, black)
    return (-higher.score, -lower.score, higher.rank)


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """bbpPairings' ``inferFirstColor``: the colour of the top player in the first round in
    which colours were given, turned over when an odd number of players rank above him."""
    coloured = [p for p in tournament.pairings if p.white is not None]
    if not coloured:
        return None
    first = min(p.round for p in coloured)
    colours = {}
    for p in tournament.pairings_of_round(first):
        if p.white is not None and p.black is not None:
            colours[p.white], colours[p.black] = Colour.WHITE, Colour.BLACK
    took_part = {p.first for p in tournament.pairings if p.round <= first and
                 (not p.is_bye or p.bye is Bye.PAIRING_ALLOCATED)}
    took_part |= {p.second for p in tournament.pairings if p.round <= first and p.second}
    count = 0
    for number in sorted(took_part):
        colour = colours.get(number)
        if colour is not None:
            return colour if count % 2 == 0 else colour.opposite
        count += 1
    return None
