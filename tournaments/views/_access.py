"""Who may open a staff page of an event."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.models import Event
from tournaments.views.errors import refusal


def event_for(request, slug, perm="tournaments.enter_result") -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not request.user.has_perm(perm, event):
        raise PermissionDenied(refusal(perm))  # whose right it is (Art. 19, 20)
    return event


def staff_perms(user, event) -> dict[str, bool]:
    """The rights the staff pages show buttons for."""
    return {name: user.has_perm(f"tournaments.{name}", event)
            for name in ("change_event", "pair_round", "enter_result", "correct_result",
                         "record_foul")}
