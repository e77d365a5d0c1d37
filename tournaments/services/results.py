"""Entering and correcting results. Every change keeps who, when, the old and the new value
(django-simple-history on Board and Game), and a second arbiter never silently overwrites the
first: a result is written only over the version the arbiter saw (optimistic locking)."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError, StaleResult
from tournaments.models import Board, ResultCode, RoundStatus
from tournaments.services._access import require


def _check_board_open(board: Board, actor, reason: str) -> None:
    status = board.round.status
    if status == RoundStatus.DRAFT:
        raise ServiceError(_("Publish round %(n)s before entering results."), n=board.round.number)
    if status == RoundStatus.COMPLETED:
        require(actor, "tournaments.correct_result", board.round.event)
        if not reason.strip():
            raise ServiceError(_("Round %(n)s is closed: give a reason for the correction."),
                               n=board.round.number)
    else:
        require(actor, "tournaments.enter_result", board.round.event)


@transaction.atomic
def result_record(
    *, board: Board, result: str, actor, expected_version: int, reason: str = ""
) -> Board:
    """Record the result of a single-game board (blank ``result`` clears it).

    ``expected_version`` is the board version the arbiter's page showed; if someone changed the
    board since, ``StaleResult`` says so and nothing is written.
    """
    board = (Board.objects.select_related("round__event")
             .select_for_update(of=("self",)).get(pk=board.pk))
    _check_board_open(board, actor, reason)
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: it has no result to enter."), n=board.number)
    if board.games.exists():
        raise ServiceError(_("Board %(n)s is a match: enter the result of each game."),
                           n=board.number)
    if result and result not in ResultCode.values:
        raise ServiceError(_("Unknown result %(result)s."), result=result)
    if board.version != expected_version:
        raise StaleResult(current=board.get_result_display() or _("no result"))
    if board.result == result:
        return board
    board.result = result
    board.version += 1
    board._change_reason = reason
    board._history_user = actor
    board.save(update_fields=["result", "version"])
    if board.round.status == RoundStatus.COMPLETED and not result:
        board.round.status = RoundStatus.PUBLISHED
        board.round.completed_at = None
        board.round.save(update_fields=["status", "completed_at"])
    return board
