"""Public pages: anyone may read a public event (Art. 14: the draw, scores and results)."""

from django.http import Http404
from django.shortcuts import render

from tournaments.selectors.events import public_events, search_events, visible_event


def event_list(request):
    query = request.GET.get("q", "").strip()
    events = search_events(query, public_events())
    return render(request, "tournaments/event_list.html", {"events": events, "query": query})


def get_visible_event_or_404(request, slug):
    event = visible_event(request.user, slug)
    if event is None:
        raise Http404("No such event, or it is not public yet.")
    return event


def event_detail(request, slug):
    event = get_visible_event_or_404(request, slug)
    return render(request, "tournaments/event_detail.html", {"event": event})
