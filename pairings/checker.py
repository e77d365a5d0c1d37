"""Check a Swiss round's pairing against the Dutch rules (C.04.3), e.g. after a manual override.

For each round: the absolute rules (C.04.1 and [C1]-[C3]) are checked on the pairing as
published, then the round is re-paired by the engine from the earlier rounds (and the absences
written for the round) and every board that differs is listed.

Each finding is a :class:`Finding`: a stable ``code`` with its parameters (for the web layer to
translate) and an English ``text``. Codes:

- ``paired_twice`` (player), ``not_paired`` (player), ``not_available`` (player);
- ``rematch`` (white, black) [C1]; ``forbidden_pair`` (white, black) [C1];
- ``second_bye`` (player), ``bye_after_unplayed_win`` (player) [C2]; ``two_byes`` (players);
- ``same_absolute_colour`` (white, black, colour) [C3]; ``colour_limit`` (player, colour)
  (C.04.1: colour difference beyond 2, or a colour three times running);
- ``differs`` (expected_white, expected_black, actual_white, actual_black): a board of the engine's
  pairing the round does not have, with what the round has instead (0 = nobody / the bye);
- ``no_valid_pairing``: the engine finds no pairing satisfying [C1]-[C3];
- ``incomplete_history`` (message): earlier rounds cannot be read (e.g. a missing result).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field

from pairings.dutch import DutchOptions, RoundPairing, pair_round, virtual_points
from pairings.swiss_state import DutchError, NoValidPairing, PlayerState, RoundState, build_state
from records import Bye, Colour, Pairing, Tournament


@dataclass(frozen=True)
class Finding:
    code: str
    params: dict[str, object] = field(default_factory=dict)
    text: str = ""


@dataclass(frozen=True)
class RoundReport:
    round: int
    messages: tuple[Finding, ...]
    expected: RoundPairing | None = None

    @property
    def ok(self) -> bool:
        return not self.messages


def check_tournament(tournament: Tournament, options: DutchOptions | None = None) -> list[
        RoundReport]:
    """Check every round that has pairings."""
    return [check_round(tournament, r, options) for r in range(1, tournament.rounds_paired + 1)]


def check_round(tournament: Tournament, round_number: int,
                options: DutchOptions | None = None, *,
                expected: RoundPairing | None = None) -> RoundReport:
    """The findings on round ``round_number`` of ``tournament``. ``expected``: the engine's own
    pairing of that round from the same earlier rounds and ``options``, when the caller has
    just computed it (the service that paired the round): it is compared with, not paired
    again."""
    options = options or DutchOptions()
    actual = tournament.pairings_of_round(round_number)
    before = _before(tournament, round_number)
    try:
        state = _state(before, round_number, options)
    except DutchError as error:
        return RoundReport(round_number, (Finding("incomplete_history", {"message": str(error)},
                                                  f"Round {round_number}: {error}"),))
    findings = _absolute(state, actual, options)
    if expected is None:
        try:
            expected = pair_round(before, round_number, options)
        except NoValidPairing as error:
            findings.append(Finding("no_valid_pairing", {"round": round_number}, str(error)))
        except DutchError as error:
            findings.append(Finding("incomplete_history", {"message": str(error)}, str(error)))
    if expected is not None:
        findings += _differences(expected, actual)
    return RoundReport(round_number, tuple(findings), expected)


def _before(tournament: Tournament, round_number: int) -> Tournament:
    """Rounds before this one, plus the absences written for it (byes other than the PAB)."""
    keep = tuple(p for p in tournament.pairings if p.round < round_number or (
        p.round == round_number and p.is_bye and p.bye is not Bye.PAIRING_ALLOCATED))
    return dataclasses.replace(tournament, pairings=keep)


def _state(before: Tournament, round_number: int, options: DutchOptions) -> RoundState:
    total = options.total_rounds or before.rounds or round_number
    points = options.points.in_tenths()
    return build_state(before, round_number, total_rounds=total, points=points,
                       accelerations=virtual_points(before, options, total, points.win,
                                                    points.draw),
                       forbidden=options.forbidden_pairs, unavailable=options.unavailable)


# --- absolute rules -----------------------------------------------------------------------------


def _absolute(state: RoundState, actual: tuple[Pairing, ...],
              options: DutchOptions) -> list[Finding]:
    r = state.round_number
    out: list[Finding] = []
    seen = Counter(n for p in actual for n in (p.first, p.second) if n is not None)
    for number, count in sorted(seen.items()):
        if count > 1:
            out.append(Finding("paired_twice", {"player": number},
                               f"Round {r}: player {number} appears {count} times."))
    to_pair = {p.number for p in state.players}
    systemic = [p for p in actual if not p.is_bye or p.bye is Bye.PAIRING_ALLOCATED]
    placed = {n for p in systemic for n in (p.first, p.second) if n is not None}
    for number in sorted(to_pair - placed):
        out.append(Finding("not_paired", {"player": number},
                           f"Round {r}: player {number} is present but not paired."))
    for number in sorted(placed - to_pair):
        out.append(Finding("not_available", {"player": number},
                           f"Round {r}: player {number} is paired but not available "
                           "(absent, withdrawn or not yet entered)."))
    byes = [p.first for p in actual if p.is_bye and p.bye is Bye.PAIRING_ALLOCATED]
    if len(byes) > 1:
        out.append(Finding("two_byes", {"players": byes},
                           f"Round {r}: {len(byes)} pairing-allocated byes ({byes})."))
    for number in byes:
        out += _bye_findings(state, r, number)
    for p in actual:
        if not p.is_bye and p.white is not None and p.black is not None:
            out += _game_findings(state, r, p.white, p.black)
    return out


def _bye_findings(state: RoundState, r: int, number: int) -> list[Finding]:
    player = state.states.get(number)
    if player is None or player.eligible_for_bye:
        return []
    if any(h.opponent is None and h.participated for h in player.history):
        return [Finding("second_bye", {"player": number},
                        f"Round {r}: player {number} already had a pairing-allocated bye [C2].")]
    return [Finding("bye_after_unplayed_win", {"player": number},
                    f"Round {r}: player {number} already scored a win without playing and may "
                    "not get the pairing-allocated bye [C2].")]


def _game_findings(state: RoundState, r: int, white: int, black: int) -> list[Finding]:
    out: list[Finding] = []
    w, b = state.states.get(white), state.states.get(black)
    if w is None or b is None:
        return out
    params = {"white": white, "black": black}
    met = any(h.opponent == black and h.played for h in w.history)
    if met:
        out.append(Finding("rematch", params,
                           f"Round {r}: {white} - {black} already played each other [C1]."))
    elif black in w.opponents:
        out.append(Finding("forbidden_pair", params,
                           f"Round {r}: {white} and {black} must not meet [C1]."))
    exempt = state.is_last_round() and max(state.acc_score(w), state.acc_score(b)) > \
        state.topscore_threshold()
    if w.absolute and b.absolute and w.colour_pref is b.colour_pref and not exempt:
        colour = w.colour_pref.value if w.colour_pref else ""
        out.append(Finding("same_absolute_colour", {**params, "colour": colour},
                           f"Round {r}: {white} and {black} both must have "
                           f"{_colour_name(w.colour_pref)} [C3]."))
    for player, colour in ((w, Colour.WHITE), (b, Colour.BLACK)):
        if _breaks_colour_limit(player, colour) and not exempt:
            out.append(Finding("colour_limit", {"player": player.number,
                                                "colour": colour.value},
                               f"Round {r}: {_colour_name(colour)} for {player.number} makes a "
                               "colour difference beyond 2 or the same colour three times "
                               "running (C.04.1)."))
    return out


def _breaks_colour_limit(player: PlayerState, colour: Colour) -> bool:
    played = [h.colour for h in player.history if h.played and h.colour is not None]
    played.append(colour)
    difference = played.count(Colour.WHITE) - played.count(Colour.BLACK)
    return abs(difference) > 2 or played[-3:] == [colour] * 3


def _colour_name(colour: Colour | None) -> str:
    return "White" if colour is Colour.WHITE else "Black"


# --- comparison with the engine -------------------------------------------------------------


def _differences(expected: RoundPairing, actual: tuple[Pairing, ...]) -> list[Finding]:
    boards = {(p.white, p.black) for p in actual if not p.is_bye}
    partner: dict[int, tuple[int, int]] = {}
    for p in actual:
        if p.is_bye:
            if p.bye is Bye.PAIRING_ALLOCATED:
                partner[p.first] = (p.first, 0)
        elif p.white is not None and p.black is not None:
            partner[p.white] = partner[p.black] = (p.white, p.black)
    expected_boards = list(expected.boards)
    if expected.bye is not None:
        expected_boards.append((expected.bye, 0))
    actual_byes = {p.first for p in actual if p.is_bye and p.bye is Bye.PAIRING_ALLOCATED}
    out = []
    for white, black in expected_boards:
        if (black == 0 and white in actual_byes) or (white, black) in boards:
            continue
        instead = partner.get(white, (0, 0))
        out.append(Finding(
            "differs",
            {"expected_white": white, "expected_black": black,
             "actual_white": instead[0], "actual_black": instead[1]},
            f"The rules give {_board(white, black)}; the round has {_board(*instead)}."))
    return out


def _board(white: int, black: int) -> str:
    if white == 0:
        return "nothing"
    return f"{white} bye" if black == 0 else f"{white} - {black}"
