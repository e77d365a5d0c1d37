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

from pairings.swiss_state import PlayerState, RoundState
from records import Colour


def _played_colours(player: PlayerState) -> list[Colour]:
    return [r.colour for r in player.history if r.played and r.colour is not None]


def last_different_colours(a: PlayerState, b: PlayerState) -> tuple[Colour, Colour] | None:
    """Art. 5.2.3: the colours of the latest round (counting back each player's played games)
    in which a and b had different colours."""
    for ca, cb in zip(reversed(_played_colours(a)), reversed(_played_colours(b)), strict=False):
        if ca is not cb:
            return ca, cb
    return None


def neutral_colour(a: PlayerState, b: PlayerState) -> Colour | None:
    """Rules 5.2.1-5.2.3 for ``a`` (bbpPairings ``choosePlayerNeutralColor``): None when only
    the ranking can decide."""
    pa, pb = a.colour_pref, b.colour_pref
    if pa is None or pb is None or pa is not pb:
        if pa is not None:
            return pa
        return pb.opposite if pb is not None else None
    assert pb is not None
    if a.absolute and (a.imbalance > b.imbalance or not b.absolute):
        return pa
    if b.absolute and (b.imbalance > a.imbalance or not a.absolute):
        return pb.opposite
    if a.strong and not b.strong:
        return pa
    if b.strong and not a.strong:
        return pb.opposite
    different = last_different_colours(a, b)
    return different[1] if different else None


def ranks_below(state: RoundState, a: PlayerState, b: PlayerState) -> bool:
    """Whether ``a`` comes after ``b`` in the pairing order (Art. 1.2)."""
    return (state.acc_score(a), b.rank) < (state.acc_score(b), a.rank)


def colour_of(state: RoundState, a: PlayerState, b: PlayerState, initial: Colour) -> Colour:
    """The colour ``a`` gets against ``b`` (Art. 5.2; bbpPairings ``choosePlayerColor``)."""
    colour = neutral_colour(a, b)
    if colour is not None:
        return colour
    a_lower = ranks_below(state, a, b)
    if a.colour_pref is not None:  # 5.2.4: the higher-ranked player's preference
        assert b.colour_pref is not None
        return b.colour_pref.opposite if a_lower else a.colour_pref
    higher = b if a_lower else a  # 5.2.5: odd pairing number -> initial colour
    higher_colour = initial if higher.rank % 2 == 0 else initial.opposite
    return higher_colour.opposite if a_lower else higher_colour


def board_key(state: RoundState, white: PlayerState, black: PlayerState) -> tuple[int, int, int]:
    """C.04.2 board order: the pair's higher score, then its lower score (real scores, without
    virtual points), then the higher-ranked player's pairing number."""
    higher, lower = (black, white) if (white.score, black.rank) < (black.score, white.rank) \
        else (white, black)
    return (-higher.score, -lower.score, higher.rank)
