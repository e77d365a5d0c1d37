"""Deciding a team knockout match (appendix §2 "mỗi cặp đấu (hoặc 2 đội)", appendix §4).

A tie between two teams is one team match: board k of one team meets board k of the other, and
the team with more board points wins (appendix §4: a team scores what its players scored). All
boards are played, so the match is known only once every board has a result.

A match level on board points is decided as the statute says (``TeamDecider``):

- ``"boards"``: board 1 first, as appendix §4 breaks a tie between teams: the team that did
  better on board 1 wins, failing that board 2, and onwards. The product's default, since it is
  the law's own rule for two teams level on points.
- ``"extra"``: one extra team match on the same boards with colours swapped (the law's "two more
  games" for a team); if it is level too, board 1 first over the extra match.
- ``"lots"``: the lot drawn by the caller.

Whatever the rule, a match still level on every board ends with the lot: the documented last
resort, so every tie has a winner.

Points are game points (win 2, draw 1, loss 0, Art. 21.2), the same order as board points
(1, ½, 0); a board lost by both (0-0, Art. 7.1 i) gives nothing to either team.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pairings.minimatch import RESULTS, MiniMatchError, Side

TeamDecider = Literal["boards", "extra", "lots"]
DecidedBy = Literal["points", "boards", "extra", "extra_boards", "lots"]
DECIDERS: tuple[TeamDecider, ...] = ("boards", "extra", "lots")


@dataclass(frozen=True, slots=True)
class TeamGame:
    """One board of a team match: its result (White's score first) and whether the first-named
    team ("home") had White there."""

    result: str
    home_white: bool


@dataclass(frozen=True, slots=True)
class TeamMatchScore:
    """Board points of each team in one team match (``level`` 0: the match, 1: the extra one),
    in game points, and each board's points (home, away)."""

    level: int
    home: int
    away: int
    boards: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class TeamMatchState:
    """Where the team match stands: ``winner`` once known, with how it was decided; else
    ``needs_extra`` (the extra team match must be played) or nothing (boards still to play)."""

    winner: Side | None
    decided_by: DecidedBy | None
    needs_extra: bool
    scores: tuple[TeamMatchScore, ...]


def _score(level: int, games: Sequence[TeamGame]) -> TeamMatchScore:
    boards = []
    for number, game in enumerate(games, start=1):
        if game.result not in RESULTS:
            raise MiniMatchError(f"board {number}: unknown result {game.result!r}")
        white, black = RESULTS[game.result]
        boards.append((white, black) if game.home_white else (black, white))
    return TeamMatchScore(level, sum(h for h, _a in boards), sum(a for _h, a in boards),
                          tuple(boards))


def board_order_winner(score: TeamMatchScore) -> Side | None:
    """Appendix §4: the team that did better on board 1, failing that board 2, and onwards."""
    for home, away in score.boards:
        if home != away:
            return "home" if home > away else "away"
    return None


def team_match_state(decider: TeamDecider, boards: int, games: Sequence[TeamGame | None], *,
                     lot_winner: Side) -> TeamMatchState:
    """Replay the boards' results (board 1 first; then the extra match's boards, if any) and
    say who won or what is still to play. A board without a result is given as ``None``."""
    if decider not in DECIDERS:
        raise MiniMatchError(f"unknown team decider {decider!r}")
    if boards < 1:
        raise MiniMatchError("a team match has at least one board")
    if len(games) > 2 * boards or (len(games) > boards and decider != "extra"):
        raise MiniMatchError("more boards than the team match and its decider hold")
    scores: list[TeamMatchScore] = []
    for level in range(2):
        chunk = list(games[level * boards:(level + 1) * boards])
        if len(chunk) < boards or any(g is None for g in chunk):
            return TeamMatchState(None, None, level > 0, tuple(scores))
        score = _score(level, chunk)
        scores.append(score)
        if score.home != score.away:
            winner: Side = "home" if score.home > score.away else "away"
            return TeamMatchState(winner, "points" if level == 0 else "extra", False,
                                  tuple(scores))
        if decider == "extra" and level == 0:
            continue
        if decider != "lots" and (winner := board_order_winner(score)) is not None:
            return TeamMatchState(winner, "boards" if level == 0 else "extra_boards", False,
                                  tuple(scores))
        return TeamMatchState(lot_winner, "lots", False, tuple(scores))
    raise AssertionError("unreachable: the extra match always ends the tie")
