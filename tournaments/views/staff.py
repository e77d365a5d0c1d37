"""Pages for the people who run events: organisers and arbiters (login required)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournaments.selectors.events import events_run_by


@login_required
def my_events(request):
    events = events_run_by(request.user)
    can_create = request.user.has_perm("tournaments.add_event")
    return render(request, "tournaments/my_events.html",
                  {"events": events, "can_create": can_create})
