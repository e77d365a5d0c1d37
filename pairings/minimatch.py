"""Deciding a knockout match of several games (appendix §2; Art. 4.2.2, 21.2).

Appendix §2: a knockout pairing usually plays a match of two games, one with each colour; if it
is tied, two more games, or rapid or blitz games, "as the statute says". The statute's chain is
data here: a tuple of :class:`Level`, each a kind and a number of games, tried in order while the
match stays tied, ending with a level that always decides (a deciding game or lots).

Points are integers in game points (*điểm ván*, Art. 21.2): win 2, draw 1, loss 0; a forfeit
counts as a win for the present player, and both players can lose a game (0-0, Art. 7.1 i).

Definitions:

- A level is *tied* when, after all its games, both players have the same sum of game points
  within that level (earlier levels were tied, so the whole match is tied too).
- A level is *decided early* when one player's lead exceeds what the level's remaining games can
  give the other (2 points each): those games are not played.
- The deciding game ("armageddon", *ván quyết định*): one game whose winner wins the match,
  played only when the statute's chain names it (appendix §2 does not); its colours may be
  chosen (``Game.white``: the higher-placed player picks, as Chinese practice has it) instead of
  following the alternation; a draw counts for Black by default (a statute choice:
  ``armageddon_draw="lots"`` sends a draw to the lots instead). A 0-0 there cannot decide
  anything: the chief arbiter rules, and the service records the match winner directly.
- A "lots" level plays no game: the lot drawn by the caller decides.

Colours (Art. 4.2.2): lots decide who is White in the first game (``first_white``, drawn by the
caller, e.g. with :func:`draw_first_white`), then colours alternate game after game across all
levels. A game played with colours swapped by mistake is still recorded with the assigned colours
(Art. 9.9 e), so a result given with the other colour is refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

Side = Literal["home", "away"]
LevelKind = Literal["regular", "rapid", "blitz", "armageddon", "lots"]

WIN, DRAW, LOSS = 2, 1, 0
"""Game points, Art. 21.2."""

RESULTS: dict[str, tuple[int, int]] = {
    "1-0": (WIN, LOSS),
    "½-½": (DRAW, DRAW),
    "1/2-1/2": (DRAW, DRAW),
    "0-1": (LOSS, WIN),
    "+-": (WIN, LOSS),  # Black forfeited (absent, late beyond the forfeit time, ...)
    "-+": (LOSS, WIN),  # White forfeited
    "0-0": (LOSS, LOSS),  # both lose (Art. 7.1 i, 15.7 b), or both forfeited
}
"""Result of a game, White's score first, in game points."""


class MiniMatchError(ValueError):
    """A chain of levels or a list of games that cannot be a mini-match."""


@dataclass(frozen=True, slots=True)
class Level:
    """One step of the statute's chain: ``games`` games of ``kind``.

    "armageddon" has exactly 1 game, "lots" none, the others at least 1.
    """

    kind: LevelKind
    games: int

    def __post_init__(self) -> None:
        if self.kind not in ("regular", "rapid", "blitz", "armageddon", "lots"):
            raise MiniMatchError(f"unknown level kind {self.kind!r}")
        expected = {"armageddon": 1, "lots": 0}.get(self.kind)
        if expected is not None and self.games != expected:
            raise MiniMatchError(f"a {self.kind} level has {expected} games, not {self.games}")
        if expected is None and self.games < 1:
            raise MiniMatchError(f"a {self.kind} level needs at least one game")

    @property
    def decisive(self) -> bool:
        """True for the levels that always produce a winner (armageddon, lots)."""
        return self.kind in ("armageddon", "lots")


@dataclass(frozen=True, slots=True)
class MiniMatchRules:
    """The statute's chain of levels and its armageddon choice."""

    levels: tuple[Level, ...]
    armageddon_draw: Literal["black", "lots"] = "black"

    def __post_init__(self) -> None:
        if not self.levels or not self.levels[-1].decisive:
            raise MiniMatchError("the chain must end with an armageddon or a lots level")
        if any(level.decisive for level in self.levels[:-1]):
            raise MiniMatchError("armageddon or lots can only be the last level")
        if self.armageddon_draw not in ("black", "lots"):
            choice = self.armageddon_draw
            raise MiniMatchError(f"armageddon_draw is 'black' or 'lots', not {choice!r}")


DEFAULT_RULES = MiniMatchRules(
    levels=(
        Level("regular", 2),
        Level("regular", 2),
        Level("rapid", 2),
        Level("blitz", 2),
        Level("armageddon", 1),
    )
)
"""Two games, two more, two rapid, two blitz, then a deciding game (draw: Black wins)."""


@dataclass(frozen=True, slots=True)
class Game:
    """A game's result, White's score first; ``white``, if given, must match the schedule."""

    result: str
    white: Side | None = None


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game as counted: its number overall and in its level, colours and game points."""

    number: int
    level: int
    game_in_level: int
    white: Side
    result: str
    home_points: int
    away_points: int


@dataclass(frozen=True, slots=True)
class LevelScore:
    """Game points of each side within one level, and whether the level is over."""

    level: int
    kind: LevelKind
    games_played: int
    home: int
    away: int
    complete: bool


@dataclass(frozen=True, slots=True)
class MiniMatchState:
    """Where the mini-match stands.

    ``winner`` is None while undecided; then ``next_level`` (index in the chain),
    ``next_game_in_level`` (1-based) and ``next_white`` say what to play, or ``awaiting_lots``
    says the lot must be drawn (then the next_* fields are None). ``levels`` lists every level
    reached, the one in progress last (possibly with no game yet).
    """

    winner: Side | None
    decided_at: int | None
    next_level: int | None
    next_game_in_level: int | None
    next_white: Side | None
    awaiting_lots: bool
    games: tuple[PlayedGame, ...]
    levels: tuple[LevelScore, ...]


def other(side: Side) -> Side:
    """The opposite side."""
    return "away" if side == "home" else "home"


def white_of_game(number: int, first_white: Side) -> Side:
    """White in game ``number`` (1-based): the lot's side in game 1, then alternate (Art. 4.2.2)."""
    if number < 1:
        raise MiniMatchError(f"games are numbered from 1, got {number}")
    return first_white if number % 2 == 1 else other(first_white)


def draw_first_white(seed: int) -> Side:
    """The lot for game 1's White (Art. 4.2.2), reproducible from the stored integer ``seed``."""
    return random.Random(seed).choice(("home", "away"))


def _level_winner(home: int, away: int, remaining: int) -> Side | None:
    """The side that leads by more than the remaining games can give back, else None."""
    if home - away > WIN * remaining:
        return "home"
    if away - home > WIN * remaining:
        return "away"
    return None


def minimatch_state(
    rules: MiniMatchRules,
    games: Sequence[Game | str],
    *,
    first_white: Side,
    lot_winner: Side | None = None,
) -> MiniMatchState:
    """Replay ``games`` (in playing order) through the chain and say who won or what comes next.

    ``lot_winner`` is used only when the chain reaches lots (a "lots" level, or a drawn
    armageddon with ``armageddon_draw="lots"``).
    """
    if first_white not in ("home", "away"):
        raise MiniMatchError(f"first_white is 'home' or 'away', got {first_white!r}")
    if lot_winner not in ("home", "away", None):
        raise MiniMatchError(f"lot_winner is 'home', 'away' or None, got {lot_winner!r}")
    entries = [g if isinstance(g, Game) else Game(g) for g in games]
    played: list[PlayedGame] = []
    scores: list[LevelScore] = []
    for index, level in enumerate(rules.levels):
        home = away = count = 0
        winner: Side | None = None
        while count < level.games and len(played) < len(entries) and winner is None:
            count += 1
            game = _count_game(entries, len(played) + 1, index, count, first_white,
                               chosen=level.kind == "armageddon")
            played.append(game)
            home, away = home + game.home_points, away + game.away_points
            if level.kind == "armageddon":
                winner = _armageddon(game.result, game.white, rules, lot_winner)
            else:
                winner = _level_winner(home, away, level.games - count)
        if level.kind == "lots":
            winner = lot_winner
        complete = winner is not None or (level.kind != "lots" and count == level.games)
        scores.append(LevelScore(index, level.kind, count, home, away, complete))
        if winner is not None:
            return _state(winner, index, None, None, None, entries, played, scores)
        if level.decisive and count == level.games:  # lots, or a drawn armageddon sent to lots
            return _state(None, None, None, None, None, entries, played, scores)
        if count < level.games:
            nxt = white_of_game(len(played) + 1, first_white)
            return _state(None, None, index, count + 1, nxt, entries, played, scores)
    raise AssertionError("unreachable: the chain ends with a decisive level")


def _count_game(
    entries: Sequence[Game], number: int, level: int, in_level: int, first_white: Side, *,
    chosen: bool = False,
) -> PlayedGame:
    """Game ``number`` (1-based) with its assigned colours and game points. The deciding game's
    colours may be ``chosen`` (the higher-placed player picks them, as Chinese practice has it):
    then the game's given ``white`` counts, not the alternation."""
    entry = entries[number - 1]
    white = white_of_game(number, first_white)
    if chosen and entry.white is not None:
        white = entry.white
    if entry.result not in RESULTS:
        raise MiniMatchError(f"game {number}: unknown result {entry.result!r}")
    if entry.white is not None and entry.white != white:
        raise MiniMatchError(
            f"game {number}: {white} has White by the lot and alternation (Art. 4.2.2);"
            " a game played with swapped colours is recorded as assigned (Art. 9.9 e)"
        )
    w_pts, b_pts = RESULTS[entry.result]
    h_pts, a_pts = (w_pts, b_pts) if white == "home" else (b_pts, w_pts)
    return PlayedGame(number, level, in_level, white, entry.result, h_pts, a_pts)


def _armageddon(result: str, white: Side, rules: MiniMatchRules, lot: Side | None) -> Side | None:
    """Winner of the deciding game; a draw goes to Black or to the lots (statute's choice)."""
    if result == "0-0":
        raise MiniMatchError(
            "both players lost the deciding game: the chief arbiter rules, record the match winner"
        )
    w_pts, b_pts = RESULTS[result]
    if w_pts != b_pts:
        return white if w_pts > b_pts else other(white)
    return other(white) if rules.armageddon_draw == "black" else lot


def _state(winner, level, next_level, next_game, next_white, entries, played, scores):
    """Wrap up; games entered beyond the point where the match was decided are refused."""
    if len(played) != len(entries):
        raise MiniMatchError(f"game {len(played) + 1} was entered after the match was decided")
    lots = winner is None and next_level is None
    return MiniMatchState(
        winner, level, next_level, next_game, next_white, lots, tuple(played), tuple(scores)
    )
