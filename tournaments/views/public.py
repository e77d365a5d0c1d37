"""Public pages: anyone may read a public event (Art. 14: the draw, scores and results).

Read-only: these views only call selectors. While a round is in play the pages refresh
themselves (htmx polling of the same URL, swapping the main content).
"""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from tournaments.models import Entry
from tournaments.selectors.championship_tree import public_championships
from tournaments.selectors.events import event_entries, public_events, search_events
from tournaments.selectors.player_card import player_card
from tournaments.selectors.round_page import round_page_public
from tournaments.selectors.standings import statute_tiebreaks
from tournaments.selectors.standings_page import crosstable_page, standings_page
from tournaments.views.errors import PageNotFound
from tournaments.views.public_context import get_visible_event_or_404, is_staff_of, page_context
from tournaments.views.teams import team_page


def event_list(request):
    query = request.GET.get("q", "").strip()
    events = search_events(query, public_events())
    championships = search_events(query, public_championships())
    return render(request, "tournaments/event_list.html",
                  {"events": events, "query": query, "championships": championships})


def event_detail(request, slug):
    event = get_visible_event_or_404(request, slug)
    tiebreaks = statute_tiebreaks(event) if event.format_rules.has_standings else ()
    return render(request, "tournaments/public/overview.html",
                  page_context(request, event, "overview", tiebreaks=tiebreaks))


def entries(request, slug):
    event = get_visible_event_or_404(request, slug)
    return render(request, "tournaments/public/entries.html",
                  page_context(request, event, "entries", entries=event_entries(event)))


def rounds(request, slug):
    """"Pairings & results": the current round (the last one in play, else the last one), as
    chess-results opens an event; the picker leads to the others."""
    event = get_visible_event_or_404(request, slug)
    page = round_page_public(event, staff=is_staff_of(request, event),
                             asked=request.GET.get("round", ""))  # the picker, without JS too
    return _round_page(request, event, page)


def round_detail(request, slug, number):
    event = get_visible_event_or_404(request, slug)
    page = round_page_public(event, staff=is_staff_of(request, event), number=number)
    if page.round is None:
        raise PageNotFound(_("Round %(n)s has not been published yet: its pairings appear here "
                             "once the chief arbiter publishes them.") % {"n": number})
    return _round_page(request, event, page)


def _round_page(request, event, page):
    """One round: the pairing sheet (start numbers, ratings, points before the round), the
    "why?" of a Swiss pairing, and the alphabetical "find my board" list."""
    return render(request, "tournaments/public/round.html",
                  page_context(request, event, "rounds", frame=page.frame, **page.context()))


def event_version(request, slug):
    """``{"event": id, "version": n}``: what a live page asks every few seconds to learn
    whether the event changed, before reloading anything (issue 23). A visitor's answer comes
    from the cache (tournaments/public_cache.py) until the version moves."""
    event = get_visible_event_or_404(request, slug)
    return JsonResponse({"event": event.pk, "version": event.version})


def standings(request, slug):
    event = get_visible_event_or_404(request, slug)
    page = standings_page(event, staff=is_staff_of(request, event),
                          after=request.GET.get("after", ""))
    return render(request, "tournaments/public/standings.html",
                  page_context(request, event, "standings", frame=page.frame, **page.context()))


def crosstable(request, slug):
    event = get_visible_event_or_404(request, slug)
    page = crosstable_page(event, staff=is_staff_of(request, event),
                           after=request.GET.get("after", ""))
    return render(request, "tournaments/public/crosstable.html",
                  page_context(request, event, "crosstable", frame=page.frame,
                               **page.context()))


def entry_detail(request, slug, entry_id):
    """A player's (or team's) page with every game."""
    event = get_visible_event_or_404(request, slug)
    entry = get_object_or_404(Entry.objects.select_related("player", "team"), pk=entry_id,
                              event=event)
    if entry.team_id:
        return team_page(request, event, entry)
    ctx = page_context(request, event, "entries")
    ctx.update(entry=entry, card=player_card(event, entry, staff=ctx["staff"]))
    return render(request, "tournaments/public/entry.html", ctx)
