"""Entering and correcting results. Every change keeps who, when, the old and the new value
(django-simple-history on Board and Game), and a second arbiter never silently overwrites the
first: a result is written only over the version the arbiter saw (optimistic locking)."""

from django.db import transaction
from django.utils.translation import gettext as _

from records import MATCH_RULINGS
from tournaments.adapters.matches import board_result
from tournaments.errors import ServiceError, StaleResult
from tournaments.models import Board, Game, ResultCode, Round, RoundStatus
from tournaments.services._access import event_lock, reason_check, right_require
from tournaments.services._history import versioned_save
from tournaments.services._lineup_rules import game_result_check
from tournaments.services.formats import FormatFlow
from tournaments.services.lineups import lineup_set
from tournaments.services.round_checks import drafts_check_schedule


def _check_board_open(board: Board, actor, reason: str) -> None:
    reason_check(reason=reason)
    status = board.round.status
    if status == RoundStatus.DRAFT:
        raise ServiceError(_("Publish round %(n)s before entering results."), n=board.round.number)
    if status == RoundStatus.COMPLETED:
        right_require(actor=actor, perm="tournaments.correct_result", event=board.round.event)
        if not reason.strip():
            raise ServiceError(_("Round %(n)s is closed: give a reason for the correction."),
                               n=board.round.number)
    else:
        right_require(actor=actor, perm="tournaments.enter_result", event=board.round.event)


def _lock_round(board_id: int) -> None:
    """Lock what a result changes besides its board, in the one order every writer takes
    (event, round, board), so none deadlocks:

    - the round, always: closing a round (``rounds.round_complete``) locks it too, so a result
      cleared while the round closes is either refused (the round is closed: a correction needs
      a reason) or seen by the close, which then refuses; a closed round never keeps an empty
      board (Art. 20: the chief arbiter closes a round once every result is in);
    - the event, always (``event_lock``): a result changes its public pages (the
      version); in a knockout its results advance the bracket, which locks the event, and
      withdrawals lock the event and then boards.
    """
    event_id, round_id = Board.objects.values_list("round__event_id", "round_id").get(pk=board_id)
    event_lock(event=event_id)
    Round.objects.select_for_update().only("pk").get(pk=round_id)


@transaction.atomic
def result_record(
    *, board: Board, result: str, actor, expected_version: int, reason: str = ""
) -> Board:
    """Record the result of a single-game board (blank ``result`` clears it).

    ``expected_version`` is the board version the arbiter's page showed; if someone changed the
    board since, ``StaleResult`` says so and nothing is written.
    """
    _lock_round(board.pk)
    board = (Board.objects.select_related("round__event")
             .select_for_update(of=("self",)).get(pk=board.pk))
    _check_board_open(board, actor, reason)
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: it has no result to enter."), n=board.number)
    if result and result not in ResultCode.values:
        raise ServiceError(_("Unknown result %(result)s."), result=result)
    if board.games.exists() and not _whole_match_ruling(board, result):
        raise ServiceError(_("Board %(n)s is a match: enter the result of each game "
                             "(a whole match can only be ruled a forfeit)."), n=board.number)
    if board.version != expected_version:
        raise StaleResult.of(board)
    if board.result == result:
        return board
    board.result = result
    versioned_save(row=board, actor=actor, reason=reason, fields=["result"])
    if board.round.status == RoundStatus.COMPLETED:  # a correction: later drafts read it
        drafts_check_schedule(event=board.round.event)
    if board.round.status == RoundStatus.COMPLETED and not result:
        board.round.status = RoundStatus.PUBLISHED
        board.round.completed_at = None
        board.round.save(update_fields=["status", "completed_at"])
    # A knockout: the ruling decides the match, the bracket advances.
    FormatFlow.of(board.round.event).after_result(board=board, actor=actor, reason=reason,
                                                by_game=False)
    return board


def _whole_match_ruling(board: Board, result: str) -> bool:
    """An absent side forfeits the whole match (Art. 21.2: the present player gets 1 match point
    and 4 game points), or a withdrawal cancels it (Art. 21.5.1): ``records.MATCH_RULINGS``;
    allowed only while no game of the match has a result."""
    if result and result not in MATCH_RULINGS:
        return False
    if board.round.event.format_rules.has_bracket:  # a walkover decides whatever was played
        return True
    return not board.games.exclude(result="").exists()


@transaction.atomic
def game_result_record(
    *, game: Game, result: str, actor, expected_version: int, reason: str = ""
) -> Game:
    """Record one game of a match; the board's result follows from its games
    (``adapters/matches.py: board_result``).

    The board's version moves too, so a page showing the board learns of the change.
    """
    _lock_round(Game.objects.values_list("board_id", flat=True).get(pk=game.pk))
    game = Game.objects.select_for_update(of=("self",)).select_related("board__round__event") \
        .get(pk=game.pk)
    board = game.board
    _check_board_open(board, actor, reason)
    if result and result not in ResultCode.values:
        raise ServiceError(_("Unknown result %(result)s."), result=result)
    if game.version != expected_version:
        raise StaleResult.of(game)
    if board.round.event.is_team:
        game_result_check(game=game, result=result)
    if game.result == result:
        return game
    game.result = result
    versioned_save(row=game, actor=actor, reason=reason, fields=["result"])
    if board.round.status == RoundStatus.COMPLETED:  # a correction: later drafts read it
        drafts_check_schedule(event=board.round.event)
    # A knockout: the mini-match engine decides the match (services/knockout.py).
    if FormatFlow.of(board.round.event).after_result(board=board, actor=actor, reason=reason,
                                                   by_game=True):
        return game
    games = list(board.games.filter(level=0).order_by("number"))
    board.result = board_result(games)
    versioned_save(row=board, actor=actor, reason=reason, fields=["result"])
    return game


@transaction.atomic
def lineup_record(*, board: Board, actor, **lineup) -> Board:
    """Record who plays each board of a team match (``services/lineups.py: lineup_set``, which
    checks the line-up and sets the forfeits it implies). In a team knockout those forfeits are
    results: the bracket decides the match from its boards (``services/knockout.py``), as after
    any game result."""
    _lock_round(board.pk)
    board = lineup_set(board=board, actor=actor, **lineup)
    FormatFlow.of(board.round.event).after_result(board=board, actor=actor,
                                                reason=lineup.get("reason", ""), by_game=True)
    return board
