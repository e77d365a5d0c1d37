"""Adjourned games (Art. 10.3; ``models/adjournments.py``) as the board's page and the API read
them."""

from django.db.models import QuerySet

from tournaments.models import Adjournment, Board


def adjournments_with_board() -> QuerySet:
    """Adjournments to find by id, each with its board, round and game."""
    return Adjournment.objects.select_related("board__round", "game")


def board_adjournments(board: Board) -> list[Adjournment]:
    """A board's adjournments, oldest first, with who sealed and who recorded (one query)."""
    return list(Adjournment.objects.filter(board=board)
                .select_related("sealer__player", "sealer__team", "game", "recorded_by",
                                "resumed_by")
                .order_by("adjourned_at", "pk"))
