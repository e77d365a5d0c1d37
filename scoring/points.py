"""Scoring systems and the scoresheet: what every pairing is worth to each participant.

The statute chooses the scoring system (Art. 18, 21.1, 21.2). The law's defaults:

- Art. 21.1: one game scores win 1, draw ½, loss 0, everywhere in the country.
- Art. 21.2: a match of two games scores *game points* 2 / 1 / 0 per game and *match points*
  1 / ½ / 0 per match (the side with more game points wins the match); ranking is by match points,
  then game points. A present player whose opponent is absent gets 1 match point and 4 game points
  (every game of the match counted as a forfeit win worth 2).
- Appendix §4: a team's score is the sum of the points its players won (board points); the same
  match structure serves, with match points (e.g. 2 / 1 / 0) available as the primary score.
- Art. 7.1 i, 15.7 b: both players can lose one game (0-0); each gets the loss value.
- Art. 21.5.1: a cancelled game (X) scores nothing for anybody.

Points are exact. The scoresheet keeps them as integers of a unit (``1 / unit`` of a point) chosen
so that every value of the scoring system is a whole number of units; tie-breaks add and multiply
those integers and convert to :class:`~fractions.Fraction` only at the edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from math import lcm
from typing import NamedTuple

from records import Outcome, Pairing, Result, Tournament

ONE = Fraction(1)
HALF = Fraction(1, 2)
ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points per outcome of one game, or of one match when used as a match's scale.

    ``None`` means "same as": a forfeit win and the full-point and pairing-allocated byes are worth
    a win, a half-point bye a draw. FIDE C.04.1 and the law both give the pairing-allocated bye the
    value of a win unless the statute says otherwise.
    """

    win: Fraction = ONE
    draw: Fraction = HALF
    loss: Fraction = ZERO
    forfeit_win: Fraction | None = None
    forfeit_loss: Fraction = ZERO
    pairing_bye: Fraction | None = None
    full_bye: Fraction | None = None
    half_bye: Fraction | None = None
    zero_bye: Fraction = ZERO

    def value(self, outcome: Outcome) -> Fraction:
        """Points for ``outcome``. Cancelled games (Art. 21.5.1) are worth nothing."""
        match outcome:
            case Outcome.WIN:
                return Fraction(self.win)
            case Outcome.DRAW:
                return Fraction(self.draw)
            case Outcome.LOSS:
                return Fraction(self.loss)
            case Outcome.FORFEIT_WIN:
                return Fraction(self.win if self.forfeit_win is None else self.forfeit_win)
            case Outcome.FORFEIT_LOSS:
                return Fraction(self.forfeit_loss)
            case Outcome.PAIRING_BYE:
                return Fraction(self.win if self.pairing_bye is None else self.pairing_bye)
            case Outcome.FULL_BYE:
                return Fraction(self.win if self.full_bye is None else self.full_bye)
            case Outcome.HALF_BYE:
                return Fraction(self.draw if self.half_bye is None else self.half_bye)
            case Outcome.ZERO_BYE:
                return Fraction(self.zero_bye)
            case Outcome.CANCELLED:
                return ZERO
        raise ValueError(f"unknown outcome {outcome!r}")

    def values(self) -> tuple[Fraction, ...]:
        return tuple(self.value(o) for o in Outcome)


#: Art. 21.1: win 1, draw ½, loss 0.
LAW_GAME = ScoringSystem()
#: Art. 21.2: game points of a two-game match, win 2, draw 1, loss 0.
LAW_MATCH_GAME = ScoringSystem(Fraction(2), Fraction(1), ZERO)
#: "Football" scoring some statutes use: 3 / 1 / 0.
THREE_ONE_ZERO = ScoringSystem(Fraction(3), Fraction(1), ZERO)
#: Team match points as many team statutes use them: 2 / 1 / 0.
TEAM_MATCH_POINTS = ScoringSystem(Fraction(2), Fraction(1), ZERO)


class Primary(StrEnum):
    """Which score ranks first in a match event (Art. 21.2; appendix §4)."""

    MATCH = "match"
    GAME = "game"


@dataclass(frozen=True, slots=True)
class MatchScoring:
    """Pairings of several games: two-game matches (Art. 21.2) or team matches (appendix §4).

    Each game scores ``game`` points; the match is won by the side with more game points and
    scores ``match`` points (``match.win`` / ``match.draw`` / ``match.loss``). A side whose every
    game is a forfeit loss is *absent*: the present side scores ``match.forfeit_win`` match points
    and the games' forfeit-win value in game points (Art. 21.2: 1 match point and 2 × 2 = 4 game
    points). A bye is worth ``match.<bye>`` match points and ``games`` × ``game.<bye>`` game points.
    """

    game: ScoringSystem = LAW_MATCH_GAME
    match: ScoringSystem = LAW_GAME
    primary: Primary = Primary.MATCH
    games: int = 2
    # Art. 21.3 "số ván thắng" in an event of two-game matches counts games (WIN, WON); a team's
    # wins (C.07 §7.1, appendix §4) count matches.
    wins_in_games: bool = True

    @classmethod
    def law_two_games(cls) -> MatchScoring:
        """Art. 21.2 as written."""
        return cls()

    @classmethod
    def team(cls, boards: int, primary: Primary = Primary.GAME,
             match: ScoringSystem = TEAM_MATCH_POINTS) -> MatchScoring:
        """Appendix §4: board points 1 / ½ / 0, team score = board points by default."""
        return cls(game=LAW_GAME, match=match, primary=primary, games=boards, wins_in_games=False)


System = ScoringSystem | MatchScoring


class Kind(StrEnum):
    """What a participant's round was, in FIDE C.07 §16 terms."""

    GAME = "game"  # played over the board (also a 0-0 double loss)
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"  # also a double forfeit
    PAIRING_BYE = "pairing_bye"
    FULL_BYE = "full_bye"
    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"
    ABSENT = "absent"  # not paired at all in a round that was paired
    CANCELLED = "cancelled"  # Art. 21.5.1 (X): as if the pairing did not exist
    PENDING = "pending"  # paired, result not known yet: scores nothing so far

    @property
    def played(self) -> bool:
        return self is Kind.GAME

    @property
    def voluntary(self) -> bool:
        """C.07 §16: a *voluntarily unplayed round* (VUR): the participant was not there to play.

        Half- and zero-point byes, forfeit losses and rounds not paired are VURs; the
        pairing-allocated bye, the full-point bye and a forfeit win are not.
        """
        return self in _VOLUNTARY


_VOLUNTARY = frozenset({Kind.FORFEIT_LOSS, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT})
_BYE_KINDS = {Outcome.PAIRING_BYE: Kind.PAIRING_BYE, Outcome.FULL_BYE: Kind.FULL_BYE,
              Outcome.HALF_BYE: Kind.HALF_BYE, Outcome.ZERO_BYE: Kind.ZERO_BYE}


class Entry(NamedTuple):
    """One participant's round. Points are integers of the scoresheet's unit.

    ``mp`` and ``gp`` are match and game points; for single-game events both are the game's
    points. ``win`` says the round scored as much as a win (C.07 §7.1 WIN counts those);
    ``black_games`` / ``black_wins`` count games played over the board with Black, and of those
    the ones won (BPG, BWG); ``white_wins`` the games won with White/Red. ``game_wins`` counts
    the round's games that scored a win (forfeits included) and ``games_won`` those won over the
    board: Art. 21.3 "số ván thắng" in two-game matches. ``boards`` holds the game points per
    board of a match (teams).
    """

    round: int
    kind: Kind
    opponent: int | None
    mp: int
    gp: int
    win: bool = False
    won: bool = False  # won over the board
    black_games: int = 0
    black_wins: int = 0
    boards: tuple[int, ...] = ()
    white_wins: int = 0
    game_wins: int = 0
    games_won: int = 0

    @property
    def has_opponent(self) -> bool:
        return self.opponent is not None and self.kind is not Kind.CANCELLED


@dataclass(frozen=True)
class Scoresheet:
    """Every participant's rounds ``1..rounds`` under one scoring system.

    ``entries[n][r - 1]`` is participant ``n``'s round ``r``. ``unit`` is the denominator of the
    integer points. ``primary`` names the ranking score: ``"mp"`` or ``"gp"``.
    """

    numbers: tuple[int, ...]
    entries: dict[int, tuple[Entry, ...]]
    rounds: int
    unit: int
    primary: str
    # Values of a win and a draw, in units, per score ("mp"/"gp"), for WIN and the C.07 §16 draws.
    win_value: dict[str, int] = field(default_factory=dict)
    draw_value: dict[str, int] = field(default_factory=dict)
    ratings: dict[int, int | None] = field(default_factory=dict)
    # WIN and WON count games, not matches (two-game matches, Art. 21.3 "số ván thắng").
    wins_in_games: bool = False

    def total(self, number: int, score: str | None = None) -> int:
        key = score or self.primary
        return sum(getattr(e, key) for e in self.entries[number])

    def totals(self, score: str | None = None) -> dict[int, int]:
        key = score or self.primary
        return {n: sum(getattr(e, key) for e in es) for n, es in self.entries.items()}

    def fraction(self, value: int) -> Fraction:
        return Fraction(value, self.unit)


def unit_of(system: System) -> int:
    """The smallest denominator that makes every value of ``system`` a whole number."""
    if isinstance(system, MatchScoring):
        values = system.game.values() + system.match.values()
    else:
        values = system.values()
    return lcm(*(Fraction(v).denominator for v in values))


def score_event(tournament: Tournament, system: System, *, after_round: int | None = None
                ) -> Scoresheet:
    """The scoresheet of ``tournament`` up to ``after_round`` (default: the last paired round)."""
    rounds = tournament.rounds_paired if after_round is None else after_round
    unit = unit_of(system)
    numbers = tuple(sorted(p.number for p in tournament.participants))
    grid: dict[int, dict[int, Entry]] = {n: {} for n in numbers}
    fast = _single_game_table(system, unit) if isinstance(system, ScoringSystem) else None
    for pairing in tournament.pairings:
        if pairing.round > rounds:
            continue
        if fast is not None and len(pairing.games) == 1 and pairing.second is not None:
            result = pairing.games[0].result
            if result is not None:
                _fast_entries(grid, pairing, fast[result])
                continue
        for number, entry in _pairing_entries(pairing, system, unit):
            if number in grid:
                grid[number][pairing.round] = entry
    entries = {
        n: tuple(grid[n].get(r) or Entry(r, Kind.ABSENT, None, 0, 0) for r in range(1, rounds + 1))
        for n in numbers
    }
    if isinstance(system, MatchScoring):
        wins = {"mp": system.match.win, "gp": system.game.win * system.games}
        draws = {"mp": system.match.draw, "gp": system.game.draw * system.games}
        primary = "mp" if system.primary is Primary.MATCH else "gp"
    else:
        wins = {"mp": system.win, "gp": system.win}
        draws = {"mp": system.draw, "gp": system.draw}
        primary = "gp"
    return Scoresheet(
        numbers=numbers, entries=entries, rounds=rounds, unit=unit, primary=primary,
        win_value={k: int(v * unit) for k, v in wins.items()},
        draw_value={k: int(v * unit) for k, v in draws.items()},
        ratings={p.number: p.rating for p in tournament.participants},
        wins_in_games=isinstance(system, MatchScoring) and system.wins_in_games,
    )


# (kind, points, win, won, black game, black win) for White and for Black, per result.
_Side = tuple[Kind, int, bool, bool]


def _single_game_table(system: ScoringSystem, unit: int) -> dict[Result, tuple[_Side, _Side]]:
    """Art. 21.1 single games, precomputed per result in units (the common case, kept fast)."""
    table = {}
    for result in Result:
        sides = []
        for white in (True, False):
            outcome = result.outcome_for(white)
            if result is Result.CANCELLED:
                kind = Kind.CANCELLED
            elif result.played:
                kind = Kind.GAME
            else:
                kind = Kind.FORFEIT_WIN if outcome is Outcome.FORFEIT_WIN else Kind.FORFEIT_LOSS
            value = system.value(outcome)
            win = kind is not Kind.CANCELLED and value == system.win
            sides.append((kind, int(value * unit), win, outcome is Outcome.WIN))
        table[result] = (sides[0], sides[1])
    return table


def _fast_entries(grid: dict[int, dict[int, Entry]], pairing: Pairing,
                  sides: tuple[_Side, _Side]) -> None:
    assert pairing.second is not None
    white_first = pairing.games[0].white_first
    white, black = (pairing.first, pairing.second) if white_first else (pairing.second,
                                                                         pairing.first)
    rnd = pairing.round
    kind, pts, win, won = sides[0]
    if white in grid:
        grid[white][rnd] = Entry(rnd, kind, black, pts, pts, win, won, white_wins=int(won),
                                 game_wins=int(win), games_won=int(won))
    kind, pts, win, won = sides[1]
    if black in grid:
        grid[black][rnd] = Entry(rnd, kind, white, pts, pts, win, won,
                                 1 if kind is Kind.GAME else 0, int(won),
                                 game_wins=int(win), games_won=int(won))


def _pairing_entries(pairing: Pairing, system: System, unit: int) -> list[tuple[int, Entry]]:
    if pairing.second is None:
        outcome = (pairing.bye.outcome if pairing.bye else Outcome.ZERO_BYE)
        return [(pairing.first, _bye_entry(pairing.round, outcome, system, unit))]
    if isinstance(system, MatchScoring):
        return _match_entries(pairing, system, unit)
    return _game_entries(pairing, system, unit)


def _bye_entry(rnd: int, outcome: Outcome, system: System, unit: int) -> Entry:
    kind = _BYE_KINDS[outcome]
    if isinstance(system, MatchScoring):
        mp = system.match.value(outcome)
        gp = system.game.value(outcome) * system.games
        win = mp == system.match.win
    else:
        mp = gp = system.value(outcome)
        win = mp == system.win
    games = system.games if isinstance(system, MatchScoring) else 1
    return Entry(rnd, kind, None, int(mp * unit), int(gp * unit), win=win,
                 game_wins=games if win else 0)


def _side_outcomes(pairing: Pairing, first: bool) -> list[tuple[Outcome | None, bool]]:
    """(outcome, had White) of every game for the first (``first=True``) or second participant."""
    out = []
    for game in pairing.games:
        white = game.white_first == first
        outcome = game.result.outcome_for(white) if game.result is not None else None
        out.append((outcome, white))
    return out


def _game_entries(pairing: Pairing, system: ScoringSystem, unit: int) -> list[tuple[int, Entry]]:
    """Single-game scoring; several games in one pairing simply add up."""
    assert pairing.second is not None
    out = []
    for number, opponent, first in ((pairing.first, pairing.second, True),
                                    (pairing.second, pairing.first, False)):
        sides = _side_outcomes(pairing, first)
        kind = _kind(pairing, sides)
        pts = sum((system.value(o) for o, _ in sides if o is not None), ZERO)
        boards = tuple(int(system.value(o) * unit) if o is not None else 0 for o, _ in sides)
        points = int(pts * unit)
        out.append((number, Entry(
            pairing.round, kind, opponent, points, points,
            win=kind not in (Kind.PENDING, Kind.CANCELLED) and pts == system.win * len(sides),
            won=kind is Kind.GAME and all(o is Outcome.WIN for o, _ in sides),
            boards=boards if len(sides) > 1 else (),
            **_colour_counts(sides),
        )))
    return out


def _match_entries(pairing: Pairing, system: MatchScoring, unit: int) -> list[tuple[int, Entry]]:
    """Art. 21.2 / appendix §4: game points per game, match points from their comparison."""
    assert pairing.second is not None
    sides = {True: _side_outcomes(pairing, True), False: _side_outcomes(pairing, False)}
    gp = {f: sum((system.game.value(o) for o, _ in s if o is not None), ZERO)
          for f, s in sides.items()}
    out = []
    for number, opponent, first in ((pairing.first, pairing.second, True),
                                    (pairing.second, pairing.first, False)):
        mine, theirs = sides[first], sides[not first]
        kind = _kind(pairing, mine)
        if kind is Kind.FORFEIT_WIN or kind is Kind.FORFEIT_LOSS:
            mp = system.match.value(Outcome.FORFEIT_WIN if kind is Kind.FORFEIT_WIN
                                    else Outcome.FORFEIT_LOSS)
        elif kind in (Kind.PENDING, Kind.CANCELLED):
            mp = ZERO
        elif all(o is Outcome.LOSS for o, _ in mine) and all(o is Outcome.LOSS for o, _ in theirs):
            mp = system.match.loss  # every game a 0-0 double loss: nobody won the match
        elif gp[first] > gp[not first]:
            mp = system.match.win
        elif gp[first] == gp[not first]:
            mp = system.match.draw
        else:
            mp = system.match.loss
        out.append((number, Entry(
            pairing.round, kind, opponent, int(mp * unit), int(gp[first] * unit),
            win=kind not in (Kind.PENDING, Kind.CANCELLED) and mp == system.match.win,
            won=kind is Kind.GAME and mp == system.match.win,
            boards=tuple(int(system.game.value(o) * unit) if o is not None else 0
                         for o, _ in mine),
            **_colour_counts(mine),
        )))
    return out


def _colour_counts(sides: list[tuple[Outcome | None, bool]]) -> dict[str, int]:
    """Games of one side's pairing counted one by one (BPG, BWG, WWG; Art. 21.3 wins in games)."""
    return {
        "black_games": sum(1 for o, w in sides if not w and _over_board(o)),
        "black_wins": sum(1 for o, w in sides if not w and o is Outcome.WIN),
        "white_wins": sum(1 for o, w in sides if w and o is Outcome.WIN),
        "game_wins": sum(1 for o, _ in sides if o in (Outcome.WIN, Outcome.FORFEIT_WIN)),
        "games_won": sum(1 for o, _ in sides if o is Outcome.WIN),
    }


def _over_board(outcome: Outcome | None) -> bool:
    return outcome in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)


def _kind(pairing: Pairing, sides: list[tuple[Outcome | None, bool]]) -> Kind:
    """C.07 §16 category of one side's pairing: played if any game was played over the board."""
    results = [g.result for g in pairing.games]
    if not results or any(r is None for r in results):
        return Kind.PENDING
    if all(r is Result.CANCELLED for r in results):
        return Kind.CANCELLED
    if any(_over_board(o) for o, _ in sides):
        return Kind.GAME
    outcomes = {o for o, _ in sides if o is not Outcome.CANCELLED}
    if outcomes == {Outcome.FORFEIT_WIN}:
        return Kind.FORFEIT_WIN
    if Outcome.FORFEIT_WIN in outcomes and Outcome.FORFEIT_LOSS not in outcomes:
        return Kind.FORFEIT_WIN
    return Kind.FORFEIT_LOSS


def format_points(value: Fraction | int | None, *, halves: bool = False) -> str:
    """Exact decimal text: ``12``, ``12.5``, ``0.75``; a value with no finite decimal form is
    rounded half up to three places. ``None`` prints as ``-``. ``halves``: a half point as
    tables and score sheets write it, ``2½``, ``½``."""
    if value is None:
        return "-"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if halves and value.denominator == 2 and value > 0:
        whole = value.numerator // 2
        return f"{whole}½" if whole else "½"
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    places = max(twos, fives) if d == 1 else 3
    scaled = value * 10 ** places
    rounded = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    sign = "-" if rounded < 0 else ""
    whole, frac = divmod(abs(rounded), 10 ** places)
    text = f"{sign}{whole}.{frac:0{places}d}"
    return text.rstrip("0").rstrip(".") if d != 1 else text
