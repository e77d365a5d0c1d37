"""Who may open a staff page of an event."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournaments.models import Event
from tournaments.views.errors import refusal


def event_for(request, slug, perm="tournaments.enter_result") -> Event:
    """The event, if the user has ``perm`` in it. An event the user may not even see (a draft
    run by others) is not found, exactly like an unknown slug: a stranger learns nothing of it;
    a visible one says whose right the page is."""
    event = get_object_or_404(Event, slug=slug)
    if not request.user.has_perm("tournaments.view_event", event):
        raise Http404("No such event, or it is not public yet.")
    if not request.user.has_perm(perm, event):
        raise PermissionDenied(refusal(perm))  # whose right it is (Art. 19, 20)
    return event


def staff_perms(user, event) -> dict[str, bool]:
    """The rights the staff pages show buttons for."""
    return {name: user.has_perm(f"tournaments.{name}", event)
            for name in ("change_event", "pair_round", "enter_result", "correct_result",
                         "record_foul", "draw_numbers", "withdraw_entry", "record_moves")}
