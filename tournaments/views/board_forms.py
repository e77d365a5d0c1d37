"""What the forms on a board's page share (a fault, an adjournment): the board of the event
with its two sides, and a refused form's messages."""

from django.contrib import messages
from django.shortcuts import get_object_or_404

from tournaments.models import Board, Event


def board_with_sides(event: Event, board_id: int) -> Board:
    """The event's board ``board_id`` with both sides' players or teams (404 otherwise)."""
    return get_object_or_404(Board.objects.select_related("white__player", "white__team",
                                                          "black__player", "black__team"),
                             pk=board_id, round__event=event)


def form_errors_flash(request, form) -> None:
    """Each of a refused form's errors as a message, named by its field's label."""
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        messages.error(request, f"{label}: {' '.join(errors)}" if label else " ".join(errors))
