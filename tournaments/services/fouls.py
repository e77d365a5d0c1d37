"""Penalties and faults recorded by the arbiters during play (technical and conduct faults,
Art. 7.1 m–n, 9, 11.3 b, 15.7 b, 16.3; chapter 5, Art. 22–24; ``models/fouls.py``).

Recording and removing lock the event (one writer at a time), check the right (the event's
arbiters: ``tournaments.record_foul``) and write nothing when the request is wrong. The third
technical or conduct fault of a side in a game is a loss to confirm (Art. 7.1 n):
``foul_loss_confirm`` records it through the results service. In rapid and blitz (the statute's
``pace``, or a rapid or blitz game of a match) the law's provisional rules apply: each technical
fault gives the opponent 2 or 1 minutes (point 5), an illegal move claimed wins for the claimant
(point 4.2) and a conduct fault loses at once (point 10).
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import (
    MINUTES_PER_FAULT,
    Board,
    Event,
    Foul,
    FoulArticle,
    FoulCategory,
    FoulKind,
    Game,
    Pace,
    ResultCode,
    RoundStatus,
    fault_category,
    game_pace,
)
from tournaments.selectors.fouls import faults_losing
from tournaments.services._access import event_writer, right_require
from tournaments.services.results import game_result_record, result_record

NOTE_MAX_LENGTH = Foul._meta.get_field("note").max_length


def _check(*, event: Event, board: Board, entry_id: int, game: Game | None, kind: str,
           article: str, note: str) -> None:
    if board.round.event_id != event.pk:
        raise ServiceError(_("Board %(n)s is not a board of %(event)s."), n=board.number,
                           event=event.name)
    if board.round.status == RoundStatus.DRAFT:
        raise ServiceError(_("Round %(n)s is a draft: no game has been played yet."),
                           n=board.round.number)
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: there is no game to penalise."),
                           n=board.number)
    if entry_id not in (board.white_id, board.black_id):
        raise ServiceError(_("The penalised side must be one of the two on board %(n)s."),
                           n=board.number)
    if game is not None and game.board_id != board.pk:
        raise ServiceError(_("That game is not a game of board %(n)s."), n=board.number)
    if kind not in FoulKind.values:
        raise ServiceError(_("Unknown penalty %(kind)s."), kind=kind)
    if article not in FoulArticle.values:
        raise ServiceError(_("Choose the article that was applied."))
    if article == FoulArticle.ILLEGAL_CLAIMED and game_pace(event.pace, game) == Pace.STANDARD:
        raise ServiceError(_("A claimed illegal move wins only in rapid and blitz (point 4.2); "
                             "in standard play an illegal move is a technical fault "
                             "(Art. 16.3 a)."))
    if len(note) > NOTE_MAX_LENGTH:
        raise ServiceError(_("The note is too long: %(n)s characters at most."),
                           n=NOTE_MAX_LENGTH)


@event_writer(perm="tournaments.record_foul")
def foul_record(*, event: Event, board: Board, entry_id: int, kind: str, article: str,
                actor, game: Game | None = None, note: str = "", now=None) -> Foul:
    """Record a penalty against one side of ``board`` (of a game of its match if ``game``),
    under the article of chapter 5 the arbiter applied; who and when are kept."""
    board = Board.objects.select_related("round").get(pk=board.pk)
    _check(event=event, board=board, entry_id=entry_id, game=game, kind=kind, article=article,
           note=note)
    minutes = 0
    if fault_category(article) == FoulCategory.TECHNICAL and \
            article != FoulArticle.ILLEGAL_CLAIMED:
        minutes = MINUTES_PER_FAULT.get(game_pace(event.pace, game), 0)
    return Foul.objects.create(board=board, game=game, entry_id=entry_id, kind=kind,
                               article=article, note=note.strip(), recorded_by=actor,
                               recorded_at=now or timezone.now(), opponent_minutes=minutes)


@event_writer(perm="tournaments.record_foul")
def foul_loss_confirm(*, event: Event, board: Board, entry_id: int, actor,
                      game: Game | None = None) -> Board | Game:
    """One tap: the side whose faults lose the game (three technical or three conduct faults,
    Art. 7.1 n; in rapid and blitz a claimed illegal move or a conduct fault, points 4.2, 10)
    loses it, recorded through the results service (its right and checks apply)."""
    right_require(actor=actor, perm="tournaments.enter_result", event=event)
    board = Board.objects.select_related("round").get(pk=board.pk)
    fouls = Foul.objects.filter(board=board, game=game, entry_id=entry_id).select_related("game")
    if (entry_id, game.pk if game else None) not in faults_losing(fouls, pace=event.pace):
        raise ServiceError(_("This side's faults do not lose this game (Art. 7.1 n; rapid and "
                             "blitz, points 4.2, 10)."))
    if game is not None:
        loses_white = (entry_id == board.white_id) == game.white_first
        result = ResultCode.BLACK_WINS if loses_white else ResultCode.WHITE_WINS
        return game_result_record(game=game, result=result, actor=actor,
                                  expected_version=game.version,
                                  reason=_("Lost by faults (Art. 7.1 n)."))
    result = ResultCode.BLACK_WINS if entry_id == board.white_id else ResultCode.WHITE_WINS
    return result_record(board=board, result=result, actor=actor,
                         expected_version=board.version,
                         reason=_("Lost by faults (Art. 7.1 n)."))


@event_writer(perm="tournaments.record_foul")
def foul_remove(*, event: Event, foul: Foul, actor) -> None:
    """Remove a penalty recorded by mistake (the event's arbiters)."""
    if foul.board.round.event_id != event.pk:
        raise ServiceError(_("This penalty was not recorded in %(event)s."), event=event.name)
    foul.delete()
