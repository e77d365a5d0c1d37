"""The penalties recorded in an event (chapter 5; ``models/fouls.py``), as pages, the API and the
workbook show them."""

from django.db.models import QuerySet

from tournaments.models import Board, Event, Foul, Round, RoundStatus


def _fouls() -> QuerySet:
    return Foul.objects.select_related("entry__player", "entry__team", "recorded_by",
                                       "board__round", "game")


def fouls_with_round() -> QuerySet:
    """Penalties to find by id, each with its board and round."""
    return Foul.objects.select_related("board__round")


def board_fouls(board: Board) -> list[Foul]:
    """A board's penalties, oldest first (one query)."""
    return list(_fouls().filter(board=board).order_by("recorded_at", "pk"))


def round_fouls(round_: Round) -> list[Foul]:
    """A round's penalties by board, then in the order recorded (one query)."""
    return list(_fouls().filter(board__round=round_).order_by("board__number", "recorded_at",
                                                              "pk"))


def event_fouls(event: Event, *, staff: bool) -> list[Foul]:
    """Every penalty of the event by round and board; the public's rounds only unless
    ``staff`` (one query)."""
    fouls = _fouls().filter(board__round__event=event)
    if not staff:
        fouls = fouls.exclude(board__round__status=RoundStatus.DRAFT)
    return list(fouls.order_by("board__round__number", "board__number", "recorded_at", "pk"))
