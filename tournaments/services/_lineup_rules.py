"""The law of line-ups (appendix §4), without writing: the default line-up of a new match, the
check of a line-up a team hands in, and the forfeit an empty board implies. The services of
``services/lineups.py`` (setting a line-up), ``rounds.py`` (a new round's games) and
``results.py`` (a game's result in a team match) apply it.

Board k of one team meets board k of the other; rosters are listed strongest first; a reserve
comes in on the absent player's board (``Substitution.SAME_BOARD``) or on the last board with
the others moving up (``Substitution.LAST_BOARD``), the team's choice for each match; a
friendly event may put its players in any order; a board nobody plays is lost by forfeit.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Event, Game, ResultCode, Substitution, TeamMember

# --- rosters -------------------------------------------------------------------------------------


def _roster_ids(members: Sequence[TeamMember]) -> tuple[list[int], list[int]]:
    """(regular players, reserves) of one roster, by player id, in board order."""
    ordered = sorted(members, key=lambda m: m.board_order)
    return ([m.player_id for m in ordered if not m.is_reserve],
            [m.player_id for m in ordered if m.is_reserve])


def _default_lineup(regulars: Sequence[int], reserves: Sequence[int], boards: int
                   ) -> list[int | None]:
    """Appendix §4: board k is the roster's k-th player. Should the roster be shorter than the
    statute's number of boards, reserves follow, then empty (forfeited) boards."""
    players = [*regulars, *reserves][:boards]
    return [*players, *[None] * (boards - len(players))]


def rosters_read(*, entry_ids: Sequence[int]) -> dict[int, tuple[list[int], list[int]]]:
    """Each team entry's (regular players, reserves) by player id, in board order; one query."""
    members: dict[int, list[TeamMember]] = {e: [] for e in entry_ids}
    for m in TeamMember.objects.filter(entry_id__in=list(entry_ids)):
        members[m.entry_id].append(m)
    return {e: _roster_ids(ms) for e, ms in members.items()}


def default_lineup_read(*, entry_ids: Sequence[int], boards: int
                        ) -> dict[int, list[int | None]]:
    """Each team entry's default line-up over ``boards`` boards (appendix §4)."""
    return {e: _default_lineup(*roster, boards)
            for e, roster in rosters_read(entry_ids=entry_ids).items()}


def default_lineups_apply(*, event: Event, games: Sequence[Game]) -> None:
    """Fill ``first_player`` / ``second_player`` of new (unsaved) team-match games with the
    default line-up. Call before saving them; one query for all rosters."""
    if not event.is_team or not games:
        return
    boards = {g.board_id: g.board for g in games}
    entry_ids = {e for b in boards.values() for e in (b.white_id, b.black_id) if e}
    lineups = default_lineup_read(entry_ids=sorted(entry_ids), boards=event.team_boards)
    for game in games:
        board = boards[game.board_id]
        k = (game.number - 1) % event.team_boards  # a knockout's extra match: same boards
        first, second = lineups[board.white_id], lineups[board.black_id]
        game.first_player_id = first[k] if k < len(first) else None
        game.second_player_id = second[k] if k < len(second) else None


# --- the rule ------------------------------------------------------------------------------------


def lineup_check(*, team: str, regulars: Sequence[int], reserves: Sequence[int],
                 lineup: Sequence[int | None], rule: str, official: bool,
                 names: dict[int, str]) -> None:
    """Refuse a line-up the law does not allow (appendix §4).

    - every player is on the team's roster, and plays at most one board;
    - a friendly event (``official`` false) may put its players in any order: the law lets a
      friendly match rearrange the order after a game, and each match has its own line-up;
    - otherwise the team's choice for this match (``rule``) decides. ``SAME_BOARD``: board k is
      played by the roster's k-th player, by a reserve, or by nobody (forfeit).
      ``LAST_BOARD``: the regular players present keep their roster order and move up, the
      reserves take the boards after them, and boards nobody plays come last.
      Reserves come in in any order: the law does not tie them to the roster's.
    """
    _check_roster(team, set(regulars) | set(reserves), lineup, names)
    if not official:
        return
    if rule == Substitution.LAST_BOARD:
        _check_last_board(team, regulars, lineup)
    else:
        _check_same_board(team, regulars, set(reserves), lineup, names)


def _check_roster(team: str, on_roster: set[int], lineup: Sequence[int | None],
                  names: dict[int, str]) -> None:
    seen: set[int] = set()
    for pid in lineup:
        if pid is None:
            continue
        if pid not in on_roster:
            raise ServiceError(_("%(player)s is not on the roster of %(team)s."),
                               player=names.get(pid, pid), team=team)
        if pid in seen:
            raise ServiceError(_("%(player)s appears twice in the line-up of %(team)s."),
                               player=names.get(pid, pid), team=team)
        seen.add(pid)


def _check_last_board(team: str, regulars: Sequence[int], lineup: Sequence[int | None]) -> None:
    """Appendix §4, "thay vào vị trí bàn cuối, các đấu thủ còn lại được dồn lên bàn trên"."""
    fielded = [p for p in lineup if p is not None]
    if list(lineup[:len(fielded)]) != fielded:
        raise ServiceError(_("%(team)s: with the reserve on the last board, the players "
                             "present move up; boards nobody plays are the last ones."),
                           team=team)
    regular_rank = {pid: i for i, pid in enumerate(regulars)}
    kinds = [0 if p in regular_rank else 1 for p in fielded]
    ranks = [regular_rank[p] for p in fielded if p in regular_rank]
    if kinds != sorted(kinds) or ranks != sorted(ranks):
        raise ServiceError(_("%(team)s: with the reserve on the last board, the players "
                             "present keep their roster order and move up, and reserves "
                             "play the last boards."), team=team)


def _check_same_board(team: str, regulars: Sequence[int], reserves: set[int],
                      lineup: Sequence[int | None], names: dict[int, str]) -> None:
    """Appendix §4, "thay đấu thủ dự bị vào đúng bàn có đấu thủ phải nghỉ đấu"."""
    for k, pid in enumerate(lineup):
        if pid is None or pid in reserves:
            continue
        own = regulars.index(pid) if pid in regulars else None
        if own != k:
            raise ServiceError(
                _("%(team)s, board %(board)s: %(player)s is listed on board %(own)s. A reserve "
                  "replaces an absent player on that player's board; nobody else changes "
                  "board."), team=team, board=k + 1, player=names.get(pid, pid),
                own=(own or 0) + 1)


def _forfeit_code(game: Game, first_absent: bool, second_absent: bool) -> str:
    """The result of a board nobody plays for one side (or both): a loss by forfeit."""
    if first_absent and second_absent:
        return ResultCode.DOUBLE_FORFEIT
    white_absent = first_absent if game.white_first else second_absent
    return ResultCode.BLACK_WINS_FORFEIT if white_absent else ResultCode.WHITE_WINS_FORFEIT


def game_forfeit_imply(*, game: Game) -> str:
    """The forfeit the current line-up implies for this game, or "" when both sides play."""
    first_absent, second_absent = game.first_player_id is None, game.second_player_id is None
    if not (first_absent or second_absent):
        return ""
    return _forfeit_code(game, first_absent, second_absent)


def game_result_check(*, game: Game, result: str) -> None:
    """A board without a player is a forfeit: its result is the line-up's to set
    (``services/results.py: game_result_record`` asks here for team matches)."""
    implied = game_forfeit_imply(game=game)
    if implied and result != implied:
        raise ServiceError(_("Board %(n)s has no player on one side: it is lost by forfeit. "
                             "Change the line-up instead."), n=game.number)
