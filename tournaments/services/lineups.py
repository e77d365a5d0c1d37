"""Line-ups of team matches (appendix §4): who plays each board of a match.

A team match is a ``Board`` of two team entries whose ``Game`` rows are its boards (game ``k`` is
board ``k``); ``Game.first_player`` sits for the board's first-named team (``Board.white``),
``Game.second_player`` for the other. When a round is paired every game gets the default line-up,
the first ``team_boards`` players of each roster, so the arbiter only records the exceptions.

The law (appendix §4): rosters are listed strongest first and board k of one team
meets board k of the other; when a regular player rests, the team chooses how its reserve comes
in, for that match: on the absent player's board (``Substitution.SAME_BOARD``) or on the last
board with the others moving up (``Substitution.LAST_BOARD``). Reserves need not come in in
roster order. A friendly event may rearrange its order after a game: any order, each match. A
board nobody plays is lost by forfeit.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import models, transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import (
    Board,
    Entry,
    Event,
    Game,
    Player,
    ResultCode,
    RoundStatus,
    Substitution,
    TeamMember,
)
from tournaments.services._access import event_lock, reason_check, require
from tournaments.services._history import history_note, versioned_save
from tournaments.services.matches import match_result
from tournaments.services.stale import stale_result

LINEUP_REASON = "line-up"


# --- rosters -------------------------------------------------------------------------------------


def roster_ids(members: Sequence[TeamMember]) -> tuple[list[int], list[int]]:
    """(regular players, reserves) of one roster, by player id, in board order."""
    ordered = sorted(members, key=lambda m: m.board_order)
    return ([m.player_id for m in ordered if not m.is_reserve],
            [m.player_id for m in ordered if m.is_reserve])


def default_lineup(regulars: Sequence[int], reserves: Sequence[int], boards: int
                   ) -> list[int | None]:
    """Appendix §4: board k is the roster's k-th player. Should the roster be shorter than the
    statute's number of boards, reserves follow, then empty (forfeited) boards."""
    players = [*regulars, *reserves][:boards]
    return [*players, *[None] * (boards - len(players))]


def _rosters(entry_ids: Sequence[int]) -> dict[int, tuple[list[int], list[int]]]:
    members: dict[int, list[TeamMember]] = {e: [] for e in entry_ids}
    for m in TeamMember.objects.filter(entry_id__in=list(entry_ids)):
        members[m.entry_id].append(m)
    return {e: roster_ids(ms) for e, ms in members.items()}


def default_lineups_apply(event: Event, games: Sequence[Game]) -> None:
    """Fill ``first_player`` / ``second_player`` of new (unsaved) team-match games with the
    default line-up. Call before saving them; one query for all rosters."""
    if not event.is_team or not games:
        return
    boards = {g.board_id: g.board for g in games}
    entry_ids = {e for b in boards.values() for e in (b.white_id, b.black_id) if e}
    rosters = _rosters(sorted(entry_ids))
    lineups = {e: default_lineup(*rosters[e], event.team_boards) for e in entry_ids}
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


def forfeit_code(game: Game, first_absent: bool, second_absent: bool) -> str:
    """The result of a board nobody plays for one side (or both): a loss by forfeit."""
    if first_absent and second_absent:
        return ResultCode.DOUBLE_FORFEIT
    white_absent = first_absent if game.white_first else second_absent
    return ResultCode.BLACK_WINS_FORFEIT if white_absent else ResultCode.WHITE_WINS_FORFEIT


def lineup_forfeit(game: Game) -> str:
    """The forfeit the current line-up implies for this game, or "" when both sides play."""
    first_absent, second_absent = game.first_player_id is None, game.second_player_id is None
    if not (first_absent or second_absent):
        return ""
    return forfeit_code(game, first_absent, second_absent)


def game_result_check(game: Game, result: str) -> None:
    """A board without a player is a forfeit: its result is the line-up's to set
    (``services/results.py: game_result_record`` asks here for team matches)."""
    implied = lineup_forfeit(game)
    if implied and result != implied:
        raise ServiceError(_("Board %(n)s has no player on one side: it is lost by forfeit. "
                             "Change the line-up instead."), n=game.number)


# --- the service ---------------------------------------------------------------------------------


def _ids(players: Sequence[Player | int | None], boards: int, team: str) -> list[int | None]:
    if len(players) != boards:
        raise ServiceError(_("The line-up of %(team)s needs %(n)s boards (empty for a "
                             "forfeit)."), team=team, n=boards)
    return [p if p is None or isinstance(p, int) else p.pk for p in players]


def _check_open(board: Board, actor, reason: str) -> None:
    """Line-ups are set while the round is a draft or in play; a closed round only by those who
    correct results, with a reason (as for results)."""
    reason_check(reason)
    event = board.round.event
    if board.round.status == RoundStatus.COMPLETED:
        require(actor, "tournaments.correct_result", event)
        if not reason.strip():
            raise ServiceError(_("Round %(n)s is closed: give a reason for the correction."),
                               n=board.round.number)
    else:
        require(actor, "tournaments.enter_result", event)


def _rules(board: Board, first_rule: str | None, second_rule: str | None) -> dict[str, str]:
    """Each team's choice for this match (appendix §4); ``None`` keeps the one stored."""
    rules = {"first": first_rule or board.first_substitution,
             "second": second_rule or board.second_substitution}
    for rule in rules.values():
        if rule not in Substitution.values:
            raise ServiceError(_("“%(rule)s” is not a way for a reserve to come in: "
                                 "“same” (the absent player's board) or “last” (the last "
                                 "board, the others move up)."), rule=rule)
    return rules


@transaction.atomic
def lineup_set(*, board: Board, actor, first: Sequence[Player | int | None],
               second: Sequence[Player | int | None], expected_version: int,
               reason: str = "", first_rule: str | None = None,
               second_rule: str | None = None) -> Board:
    """Record who plays each board of a team match: ``first`` for the first-named team
    (``board.white``), ``second`` for the other, one item per board, ``None`` where nobody plays.

    Appendix §4: each team chooses, for this match, how its reserves come in (``first_rule``,
    ``second_rule``: a ``Substitution``; ``None`` keeps the match's current choice, "same board"
    at first); the line-up is checked against that choice (``lineup_check``). A board with
    nobody is lost by forfeit (the game's result is set; both empty is a double forfeit) and a
    board filled again loses that forfeit. Who played a board whose game already has a result
    cannot change: clear the result first. ``expected_version`` is the board's version the
    arbiter saw.
    """
    event_lock(Board.objects.values_list("round__event_id", flat=True).get(pk=board.pk))
    board = (Board.objects.select_related("round__event", "white__team", "black__team")
             .select_for_update(of=("self",)).get(pk=board.pk))
    event = board.round.event
    _check_open(board, actor, reason)
    if not event.is_team:
        raise ServiceError(_("Line-ups are for team events."))
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: nobody plays."), n=board.number)
    if board.version != expected_version:
        raise stale_result(board)
    games = list(board.games.filter(level=0).order_by("number").select_for_update())
    wanted = {
        "first": _ids(first, len(games), board.white.name),
        "second": _ids(second, len(games), board.black.name),
    }
    rules = _rules(board, first_rule, second_rule)
    _check_sides(event, board, wanted, rules)
    changed = _games_apply(games, wanted, actor, reason)
    rules_changed = (board.first_substitution, board.second_substitution) != (
        rules["first"], rules["second"])
    if not (changed or rules_changed):
        return board
    board.first_substitution, board.second_substitution = rules["first"], rules["second"]
    if not board.bracket:  # a knockout's match result is the bracket's (services/knockout.py)
        board.result = match_result(games)
    versioned_save(board, actor=actor, reason=reason or LINEUP_REASON,
                   fields=["result", "first_substitution", "second_substitution"])
    return board


def _check_sides(event: Event, board: Board, wanted: dict[str, list[int | None]],
                 rules: dict[str, str]) -> None:
    """Both teams' line-ups against their rosters and their choice (``lineup_check``)."""
    rosters = _rosters([board.white_id, board.black_id])
    names = dict(Player.objects.filter(
        pk__in=[p for side in wanted.values() for p in side if p is not None]
    ).values_list("pk", "full_name"))
    for side, entry in (("first", board.white), ("second", board.black)):
        regulars, reserves = rosters[entry.pk]
        lineup_check(team=entry.name, regulars=regulars, reserves=reserves,
                     lineup=wanted[side], rule=rules[side], official=event.official,
                     names=names)


def _games_apply(games: Sequence[Game], wanted: dict[str, list[int | None]], actor,
                 reason: str) -> list[Game]:
    """Seat the players on each game (board) that changes; the forfeit an empty board implies
    follows. A board whose game has another result keeps its players."""
    changed = []
    for game, p1, p2 in zip(games, wanted["first"], wanted["second"], strict=True):
        if (game.first_player_id, game.second_player_id) == (p1, p2):
            continue
        implied = lineup_forfeit(game)
        if game.result and game.result != implied:
            raise ServiceError(_("Board %(n)s already has a result: clear it before changing "
                                 "who plays it."), n=game.number)
        game.first_player_id, game.second_player_id = p1, p2
        game.result = lineup_forfeit(game)
        versioned_save(game, actor=actor, reason=reason or LINEUP_REASON,
                       fields=["first_player", "second_player", "result"])
        changed.append(game)
    return changed


def lineups_reset(*, entry: Entry, actor) -> None:
    """After a roster change (allowed until round 1 is published): the team's matches in draft
    rounds take the new default line-up again (forfeits the old line-up implied go with it).
    Called by the roster service, inside its transaction."""
    event = entry.event
    regulars, reserves = _rosters([entry.pk])[entry.pk]
    lineup = default_lineup(regulars, reserves, event.team_boards)
    boards = (Board.objects.filter(round__event=event, round__status=RoundStatus.DRAFT)
              .filter(models.Q(white=entry) | models.Q(black=entry))
              .prefetch_related("games"))
    for board in boards:
        games = [g for g in board.games.all() if g.level == 0]
        for game in games:
            k = game.number - 1
            player = lineup[k] if k < len(lineup) else None
            if board.white_id == entry.pk:
                game.first_player_id = player
            else:
                game.second_player_id = player
            game.result = lineup_forfeit(game)
            history_note(game, actor=actor, reason="roster")
            game.save(update_fields=["first_player", "second_player", "result"])
        board.result = match_result(games)
        versioned_save(board, actor=actor, reason="roster", fields=["result"])
