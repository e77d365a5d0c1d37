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

from tournaments.adapters.matches import board_result
from tournaments.errors import ServiceError, StaleResult
from tournaments.models import (
    Board,
    Entry,
    Event,
    Game,
    Player,
    RoundStatus,
    Substitution,
)
from tournaments.services._access import event_lock, reason_check, right_require
from tournaments.services._history import history_note, versioned_save
from tournaments.services._lineup_rules import (
    default_lineup_read,
    game_forfeit_imply,
    lineup_check,
    rosters_read,
)

LINEUP_REASON = "line-up"


# --- the service ---------------------------------------------------------------------------------


def _ids(players: Sequence[Player | int | None], boards: int, team: str) -> list[int | None]:
    if len(players) != boards:
        raise ServiceError(_("The line-up of %(team)s needs %(n)s boards (empty for a "
                             "forfeit)."), team=team, n=boards)
    return [p if p is None or isinstance(p, int) else p.pk for p in players]


def _check_open(board: Board, actor, reason: str) -> None:
    """Line-ups are set while the round is a draft or in play; a closed round only by those who
    correct results, with a reason (as for results)."""
    reason_check(reason=reason)
    event = board.round.event
    if board.round.status == RoundStatus.COMPLETED:
        right_require(actor=actor, perm="tournaments.correct_result", event=event)
        if not reason.strip():
            raise ServiceError(_("Round %(n)s is closed: give a reason for the correction."),
                               n=board.round.number)
    else:
        right_require(actor=actor, perm="tournaments.enter_result", event=event)


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
    event_lock(event=Board.objects.values_list("round__event_id", flat=True).get(pk=board.pk))
    board = (Board.objects.select_related("round__event", "white__team", "black__team")
             .select_for_update(of=("self",)).get(pk=board.pk))
    event = board.round.event
    _check_open(board, actor, reason)
    if not event.is_team:
        raise ServiceError(_("Line-ups are for team events."))
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: nobody plays."), n=board.number)
    if board.version != expected_version:
        raise StaleResult.of(board)
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
        board.result = board_result(games)
    versioned_save(row=board, actor=actor, reason=reason or LINEUP_REASON,
                   fields=["result", "first_substitution", "second_substitution"])
    return board


def _check_sides(event: Event, board: Board, wanted: dict[str, list[int | None]],
                 rules: dict[str, str]) -> None:
    """Both teams' line-ups against their rosters and their choice (``lineup_check``)."""
    rosters = rosters_read(entry_ids=[board.white_id, board.black_id])
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
        implied = game_forfeit_imply(game=game)
        if game.result and game.result != implied:
            raise ServiceError(_("Board %(n)s already has a result: clear it before changing "
                                 "who plays it."), n=game.number)
        game.first_player_id, game.second_player_id = p1, p2
        game.result = game_forfeit_imply(game=game)
        versioned_save(row=game, actor=actor, reason=reason or LINEUP_REASON,
                       fields=["first_player", "second_player", "result"])
        changed.append(game)
    return changed


def lineups_reset(*, entry: Entry, actor) -> None:
    """After a roster change (allowed until round 1 is published): the team's matches in draft
    rounds take the new default line-up again (forfeits the old line-up implied go with it).
    Called by the roster service, inside its transaction."""
    event = entry.event
    lineup = default_lineup_read(entry_ids=[entry.pk], boards=event.team_boards)[entry.pk]
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
            game.result = game_forfeit_imply(game=game)
            history_note(row=game, actor=actor, reason="roster")
            game.save(update_fields=["first_player", "second_player", "result"])
        board.result = board_result(games)
        versioned_save(row=board, actor=actor, reason="roster", fields=["result"])
