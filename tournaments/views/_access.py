"""Who may open a staff page of an event."""

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.models import Event


def event_for(request, slug, perm="tournaments.enter_result") -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not request.user.has_perm(perm, event):
        raise PermissionDenied(_("Only this event's organisers and arbiters can open this "
                                 "page."))
    return event
