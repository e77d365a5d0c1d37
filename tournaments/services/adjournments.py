"""Adjourning a game with a sealed move, and resuming it (Art. 10.3; Art. 7.1 i;
``models/adjournments.py``).

The event's arbiters (``tournaments.adjourn_game``) record both. Recording locks the event,
checks the board's game is under way and not already adjourned, and keeps the sealed move, the
move number, who sealed it and both clocks. Resuming opens the envelope: the game goes on, or
the sealer loses (Art. 10.3.2, 7.1 i), or both lose (Art. 7.1 i: an illegal sealed move, and
the opponent abandoned), recorded through the results service (its right and checks apply).
"""

from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import (
    Adjournment,
    AdjournmentOutcome,
    Board,
    Event,
    Game,
    ResultCode,
    RoundStatus,
)
from tournaments.services._access import event_writer, right_require
from tournaments.services.results import game_result_record, result_record

SEALED_MAX_LENGTH = Adjournment._meta.get_field("sealed_move").max_length


def _check(*, event: Event, board: Board, game: Game | None, sealer_id: int, sealed_move: str,
           move_number: int, white_seconds: int, black_seconds: int) -> None:
    if board.round.event_id != event.pk:
        raise ServiceError(_("Board %(n)s is not a board of %(event)s."), n=board.number,
                           event=event.name)
    if board.round.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Only a game of a published round still open can be adjourned."))
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: there is no game to adjourn."),
                           n=board.number)
    if game is not None and game.board_id != board.pk:
        raise ServiceError(_("That game is not a game of board %(n)s."), n=board.number)
    if (game.result if game is not None else board.result):
        raise ServiceError(_("This game has a result: it cannot be adjourned."))
    if sealer_id not in (board.white_id, board.black_id):
        raise ServiceError(_("The player who seals must be one of the two on board %(n)s."),
                           n=board.number)
    if not sealed_move.strip():
        raise ServiceError(_("Write the sealed move (Art. 10.3.1)."))
    if len(sealed_move.strip()) > SEALED_MAX_LENGTH:
        raise ServiceError(_("The sealed move is too long: %(n)s characters at most."),
                           n=SEALED_MAX_LENGTH)
    if move_number < 1:
        raise ServiceError(_("The move sealed is numbered from 1."))
    if white_seconds < 0 or black_seconds < 0:
        raise ServiceError(_("The clocks' times are not negative."))
    if Adjournment.objects.filter(board=board, game=game,
                                  outcome=AdjournmentOutcome.ADJOURNED).exists():
        raise ServiceError(_("This game is already adjourned: resume it first."))


@event_writer(perm="tournaments.adjourn_game")
def adjournment_record(*, event: Event, board: Board, actor, sealer_id: int, sealed_move: str,
                       move_number: int, white_seconds: int, black_seconds: int,
                       game: Game | None = None, resumes_at: datetime | None = None,
                       now=None) -> Adjournment:
    """Adjourn the game of ``board`` (of one game of its match if ``game``) with the move the
    player to move sealed (Art. 10.3.1), and both clocks once it was written."""
    board = Board.objects.select_related("round").get(pk=board.pk)
    _check(event=event, board=board, game=game, sealer_id=sealer_id, sealed_move=sealed_move,
           move_number=move_number, white_seconds=white_seconds, black_seconds=black_seconds)
    return Adjournment.objects.create(
        board=board, game=game, adjourned_at=now or timezone.now(), move_number=move_number,
        sealer_id=sealer_id, sealed_move=sealed_move.strip(), white_seconds=white_seconds,
        black_seconds=black_seconds, resumes_at=resumes_at, recorded_by=actor)


def _loss_result(board: Board, game: Game | None, loser_id: int) -> str:
    loses_white = loser_id == board.white_id
    if game is not None and not game.white_first:
        loses_white = not loses_white
    return ResultCode.BLACK_WINS if loses_white else ResultCode.WHITE_WINS


@event_writer(perm="tournaments.adjourn_game")
def adjournment_resume(*, event: Event, adjournment: Adjournment, outcome: str, actor,
                       now=None) -> Adjournment:
    """Open the envelope at the resumption (Art. 10.3.2): ``resumed`` (the game goes on),
    ``illegal`` (the sealer loses, Art. 7.1 i) or ``both`` (an illegal sealed move and an
    opponent who abandoned: both lose, Art. 7.1 i). A loss is recorded as the result."""
    adjournment = Adjournment.objects.select_related("board__round", "game").get(
        pk=adjournment.pk)
    board, game = adjournment.board, adjournment.game
    if board.round.event_id != event.pk:
        raise ServiceError(_("This adjournment is not of %(event)s."), event=event.name)
    if not adjournment.is_open:
        raise ServiceError(_("This game has already been resumed."))
    if outcome not in AdjournmentOutcome.values or outcome == AdjournmentOutcome.ADJOURNED:
        raise ServiceError(_("Say how the game resumed."))
    if outcome != AdjournmentOutcome.RESUMED:
        right_require(actor=actor, perm="tournaments.enter_result", event=event)
        if outcome == AdjournmentOutcome.BOTH_LOSE:
            result = ResultCode.BOTH_LOSE
            reason = _("Illegal sealed move, the opponent abandoned: both lose (Art. 7.1 i).")
        else:
            result = _loss_result(board, game, adjournment.sealer_id)
            reason = _("Illegal sealed move (Art. 10.3.2, 7.1 i).")
        if game is not None:
            game_result_record(game=game, result=result, actor=actor,
                               expected_version=game.version, reason=reason)
        else:
            result_record(board=board, result=result, actor=actor,
                          expected_version=board.version, reason=reason)
    adjournment.outcome = outcome
    adjournment.resumed_at = now or timezone.now()
    adjournment.resumed_by = actor
    adjournment.save(update_fields=["outcome", "resumed_at", "resumed_by"])
    return adjournment
