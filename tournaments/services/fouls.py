"""Penalties recorded by the arbiters during play (chapter 5, Art. 22–24; ``models/fouls.py``).

Recording and removing lock the event (one writer at a time), check the right (the event's
arbiters: ``tournaments.record_foul``) and write nothing when the request is wrong.
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Board, Event, Foul, FoulArticle, FoulKind, Game, RoundStatus
from tournaments.services._access import event_writer

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
        raise ServiceError(_("Choose the article of chapter 5 (Art. 22–24) that was applied."))
    if len(note) > NOTE_MAX_LENGTH:
        raise ServiceError(_("The note is too long: %(n)s characters at most."),
                           n=NOTE_MAX_LENGTH)


@event_writer("tournaments.record_foul")
def foul_record(*, event: Event, board: Board, entry_id: int, kind: str, article: str,
                actor, game: Game | None = None, note: str = "", now=None) -> Foul:
    """Record a penalty against one side of ``board`` (of a game of its match if ``game``),
    under the article of chapter 5 the arbiter applied; who and when are kept."""
    board = Board.objects.select_related("round").get(pk=board.pk)
    _check(event=event, board=board, entry_id=entry_id, game=game, kind=kind, article=article,
           note=note)
    return Foul.objects.create(board=board, game=game, entry_id=entry_id, kind=kind,
                               article=article, note=note.strip(), recorded_by=actor,
                               recorded_at=now or timezone.now())


@event_writer("tournaments.record_foul")
def foul_remove(*, event: Event, foul: Foul, actor) -> None:
    """Remove a penalty recorded by mistake (the event's arbiters)."""
    if foul.board.round.event_id != event.pk:
        raise ServiceError(_("This penalty was not recorded in %(event)s."), event=event.name)
    foul.delete()
