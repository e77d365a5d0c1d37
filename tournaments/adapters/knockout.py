"""Model rows ⇄ the knockout engines (``pairings.knockout``, ``pairings.minimatch``).

The knockout part of the adapters (one place converts between rows and engine types). The
service (``services/knockout.py``) and the selector
(``selectors/knockout.py``) read the bracket and the mini-matches only through here.

- The bracket is rebuilt from the statute and the number of seeded entries (``Entry.number`` is
  the seed); which match a board plays is its ``match_code``.
- A board names first the entry that has White in game 1 (lots, Art. 4.2.2); the mini-match
  engine calls that entry "home" and alternates colours from there, tie-break games included.
- A board's result is the match's: White's win (``Result.WHITE_WINS``) the first-named entry
  won it, Black's the other; a ruling (a forfeit, a walkover: ``records.FORFEITS``) decides
  whatever the games say.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pairings.knockout import Bracket, BracketState, MatchState, knockout, resolve
from pairings.minimatch import Game as MiniGame
from pairings.minimatch import (
    Level,
    MiniMatchError,
    MiniMatchRules,
    MiniMatchState,
    Side,
    draw_first_white,
    minimatch_state,
)
from pairings.team_knockout import TeamGame, TeamMatchState, team_match_state
from records import FORFEITS, Result
from tournaments.models import Board, Event, Game, GameKind, TeamKnockoutDecider

# Game results as the mini-match engine reads them (White's score first): the law's codes of
# games played, its own "+-" and "-+" for forfeits. A double forfeit is a loss for both, like
# 0-0 (Art. 7.1 i). A cancelled game (Art. 21.5.1) has no place in a knockout.
GAME_RESULTS = {
    Result.WHITE_WINS: Result.WHITE_WINS.value, Result.DRAW: Result.DRAW.value,
    Result.BLACK_WINS: Result.BLACK_WINS.value, Result.BOTH_LOSE: Result.BOTH_LOSE.value,
    Result.WHITE_WINS_FORFEIT: "+-", Result.BLACK_WINS_FORFEIT: "-+",
    Result.DOUBLE_FORFEIT: Result.BOTH_LOSE.value,
}
# The match's results that send the first-named entry on, and the other.
FIRST_WINS = frozenset({Result.WHITE_WINS, Result.WHITE_WINS_FORFEIT})
SECOND_WINS = frozenset({Result.BLACK_WINS, Result.BLACK_WINS_FORFEIT})


class KnockoutStatuteError(ValueError):
    """The statute's tie-break chain cannot decide a match."""


def minimatch_rules(event: Event) -> MiniMatchRules:
    """The match's own games (level 0), then the statute's tie-break chain (appendix §2).

    Appendix §2 names only two more games, or other forms such as rapid or blitz games; a
    deciding game (armageddon) is played only when the statute's chain names it, and so is a
    lots level. A chain that ends without either gets lots at the end: the product's last
    resort, so that every match ends with a winner (docs/law.md, appendix §2).
    """
    try:
        levels = [Level(GameKind.REGULAR, event.games_per_match)]
        levels += [Level(kind, int(games)) for kind, games in (event.tiebreak_games or [])]
        if not levels[-1].decisive:
            levels.append(Level("lots", 0))
        return MiniMatchRules(tuple(levels))
    except (MiniMatchError, TypeError, ValueError) as error:
        raise KnockoutStatuteError(str(error)) from None


def bracket_for(event: Event, entrants: int) -> Bracket:
    """The statute's bracket for ``entrants`` seeds (double elimination has no third place, nor
    seeds' passes: appendix §2 gives them in single elimination)."""
    double = event.format_rules.losers_bracket
    return knockout(entrants, double=double, third_place=event.third_place_match and not double,
                    passes=0 if double else event.seed_passes, skip=event.seed_pass_rounds)


def derived_seed(seed: int, *parts) -> int:
    """A reproducible integer from a recorded seed and labels (a round, a match code)."""
    return random.Random(":".join(str(p) for p in (seed, *parts))).getrandbits(48)


def first_white_lot(round_seed: int, code: str) -> Side:
    """Art. 4.2.2: the lot for White in the match's first game, replayable from the round's
    seed."""
    return draw_first_white(derived_seed(round_seed, code, "white"))


def lots_winner(round_seed: int, code: str) -> Side:
    """The lot drawn when the chain reaches lots ("home" = the board's first-named entry)."""
    return draw_first_white(derived_seed(round_seed, code, "lots"))


def level_of(rules: MiniMatchRules, number: int) -> int:
    """The level (index in the chain) of game ``number`` (1-based)."""
    end = 0
    for index, level in enumerate(rules.levels):
        end += level.games
        if number <= end:
            return index
    raise MiniMatchError(f"game {number} is beyond the statute's chain")


def games_through(rules: MiniMatchRules, level: int) -> int:
    """How many games the levels 0..level hold together."""
    return sum(lv.games for lv in rules.levels[: level + 1])


@dataclass(frozen=True)
class BoardMatch:
    """A board's mini-match as the engine counts it.

    ``played``: the leading games with a result, in order (the engine's input); ``state`` is
    None when the board carries a ruling, or when the deciding game was lost by both players
    (``needs_ruling``: the chief arbiter rules, Art. 20.3 c).
    """

    played: tuple[Game, ...]
    state: MiniMatchState | None
    needs_ruling: bool


def board_match(rules: MiniMatchRules, board: Board, games: Iterable[Game]) -> BoardMatch:
    """Replay a board's games through the chain; MiniMatchError if they cannot be counted."""
    ordered = sorted(games, key=lambda g: g.number)
    played = []
    for game in ordered:
        if not game.result:
            break
        played.append(game)
    if board.result in FORFEITS:
        return BoardMatch(tuple(played), None, False)
    for game in played:
        if game.result not in GAME_RESULTS:
            raise MiniMatchError(f"game {game.number}: {game.result} has no place in a knockout")
    last = played[-1] if played else None
    if (last is not None and last.kind == GameKind.ARMAGEDDON
            and GAME_RESULTS[last.result] == Result.BOTH_LOSE):
        return BoardMatch(tuple(played), None, True)
    lot = lots_winner(board.round.seed or 0, board.match_code)
    state = minimatch_state(rules, [engine_game(g) for g in played], first_white="home",
                            lot_winner=lot)
    return BoardMatch(tuple(played), state, False)


def engine_game(game: Game) -> MiniGame:
    """A stored game as the mini-match engine reads it: the deciding game carries its colours
    (chosen by the higher-placed player, ``services/knockout.py: armageddon_colour_choose``);
    the others follow the alternation."""
    if game.kind != GameKind.ARMAGEDDON:
        return MiniGame(GAME_RESULTS[game.result])
    return MiniGame(GAME_RESULTS[game.result], white="home" if game.white_first else "away")


def decided_before(rules: MiniMatchRules, board: Board, games: list[Game]) -> int | None:
    """The number of the first game entered after the match was already decided, if any."""
    lot = lots_winner(board.round.seed or 0, board.match_code)
    for k in range(len(games)):
        try:
            state = minimatch_state(rules, [engine_game(g) for g in games[:k]],
                                    first_white="home", lot_winner=lot)
        except MiniMatchError:
            return None
        if state.winner is not None:
            return games[k].number
    return None


def board_winner(board: Board, seeds: Mapping[int, int]) -> int | None:
    """The entry id that won the board's match; a double forfeit lets the better seed through
    (a formality: a withdrawn entry then loses its next match by walkover)."""
    if board.result in FIRST_WINS:
        return board.white_id
    if board.result in SECOND_WINS:
        return board.black_id
    if board.result == Result.DOUBLE_FORFEIT:
        return min((board.white_id, board.black_id), key=lambda e: seeds.get(e, 10**6))
    return None


def board_fits(board: Board, state: MatchState, seeds: Mapping[int, int]) -> bool:
    """Whether the board holds the two players the bracket puts in the match."""
    if state.home is None or state.away is None or board.black_id is None:
        return False
    return {seeds.get(board.white_id), seeds.get(board.black_id)} == {state.home, state.away}


def bracket_winners(
    bracket: Bracket, boards: Mapping[str, Board], seeds: Mapping[int, int]
) -> tuple[dict[str, Side], BracketState]:
    """Winners (match code -> "home"/"away") of the boards that fit the bracket, and the state.

    A board counts only if it holds the players the bracket puts in its match (a board left
    over from a corrected result does not); matches are resolved stage after stage.
    """
    winners: dict[str, Side] = {}
    while True:
        state = resolve(bracket, winners)
        added = False
        for match in state.matches:
            board = boards.get(match.code)
            if match.status != "ready" or board is None or not board_fits(board, match, seeds):
                continue
            winner = board_winner(board, seeds)
            if winner is None:
                continue
            winners[match.code] = "home" if seeds[winner] == match.home else "away"
            added = True
        if not added:
            return winners, state


def team_board_match(event: Event, board: Board, games: Iterable[Game]) -> TeamMatchState:
    """A team knockout match (appendix §2 for teams): its boards (``Game`` 1..n, then the extra
    match's n+1..2n when the statute's decider plays one) through ``pairings.team_knockout``.
    A game without a result is a board still to play; MiniMatchError if a result has no place in
    a knockout, or the games go beyond what the statute's decider holds."""
    ordered = sorted(games, key=lambda g: g.number)
    extra = event.team_knockout_decider == TeamKnockoutDecider.EXTRA
    held = event.team_boards * (2 if extra else 1)
    boards = []
    for game in ordered[:held]:
        if game.result and game.result not in GAME_RESULTS:
            raise MiniMatchError(f"board {game.number}: {game.result} has no place in a knockout")
        boards.append(TeamGame(GAME_RESULTS[game.result], game.white_first)
                      if game.result else None)
    lot = lots_winner(board.round.seed or 0, board.match_code)
    return team_match_state(event.team_knockout_decider, event.team_boards, boards,
                            lot_winner=lot)
