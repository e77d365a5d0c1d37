"""Public pages: anyone may read a public event (Art. 14: the draw, scores and results).

Read-only: these views only call selectors. While a round is in play the pages refresh
themselves (htmx polling of the same URL, swapping the main content).
"""

from urllib.parse import urlencode

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import ics
from tournaments.models import Entry
from tournaments.selectors.archive import archive_page
from tournaments.selectors.entries_register import event_register
from tournaments.selectors.event_page import event_frame
from tournaments.selectors.home import home_page
from tournaments.selectors.player_card import player_card
from tournaments.selectors.round_page import round_page_public
from tournaments.selectors.schedule import event_schedule, public_schedule
from tournaments.selectors.search import archive_search
from tournaments.selectors.standings import statute_tiebreaks
from tournaments.selectors.standings_page import crosstable_page, prizes_page, standings_page
from tournaments.views.errors import PageNotFound
from tournaments.views.public_context import get_visible_event_or_404, is_staff_of, page_context
from tournaments.views.teams import team_page


def event_list(request):
    """The spectators' home: ongoing, upcoming and finished, newest first; ``?phase=`` one
    phase's own page, paged (``?page=``); ``?q=`` words of the name."""
    home = home_page(query=request.GET.get("q", "").strip(), phase=request.GET.get("phase", ""),
                     page=request.GET.get("page", 1))
    return render(request, "tournaments/event_list.html", {"home": home, "query": home.query})


def search(request):
    """The archive's search (``?q=``): public events and players, diacritics ignored
    (``selectors/search.py``)."""
    return render(request, "tournaments/search.html",
                  {"results": archive_search(request.GET.get("q", ""))})


def archive(request):
    """Finished public events season by season (``?year=``, ``?page=``)."""
    return render(request, "tournaments/archive.html",
                  {"archive": archive_page(year=request.GET.get("year"),
                                           page=request.GET.get("page", 1))})


def event_detail(request, slug):
    event = get_visible_event_or_404(request, slug)
    tiebreaks = statute_tiebreaks(event) if event.format_rules.has_standings else ()
    frame = event_frame(event, staff=is_staff_of(request, event))
    # The rounds still to come, at the statute's times (the others are in the round list).
    upcoming = [t for t in event_schedule(event, frame.rounds)
                if t.round is None and t.starts_at is not None]
    return render(request, "tournaments/public/overview.html",
                  page_context(request, event, "overview", frame=frame, tiebreaks=tiebreaks,
                               upcoming=upcoming))


def entries(request, slug):
    event = get_visible_event_or_404(request, slug)
    return render(request, "tournaments/public/entries.html",
                  page_context(request, event, "entries",
                               register=event_register(event, request.GET)))


def rounds(request, slug):
    """"Pairings & results": the current round (the last one in play, else the last one), as
    chess-results opens an event; the picker leads to the others."""
    event = get_visible_event_or_404(request, slug)
    page = round_page_public(event, staff=is_staff_of(request, event),
                             asked=request.GET.get("round", ""),  # the picker, without JS too
                             **_find(request))
    return _round_page(request, event, page, picked="round" in request.GET)


def round_detail(request, slug, number):
    event = get_visible_event_or_404(request, slug)
    page = round_page_public(event, staff=is_staff_of(request, event), number=number,
                             **_find(request))
    if page.round is None:
        raise PageNotFound(_("Round %(n)s has not been published yet: its pairings appear here "
                             "once the chief arbiter publishes them.") % {"n": number})
    return _round_page(request, event, page)


def _find(request) -> dict:
    return {"find": request.GET.get("find", "").strip(), "board": request.GET.get("board", "")}


def _round_page(request, event, page, *, picked: bool = False):
    """One round: the pairing sheet (start numbers, ratings, points before the round), the
    "why?" of a Swiss pairing, and the alphabetical "find my board" list. A search that finds
    one board jumps to it (``?board=n#board-n``, the board highlighted, and the round
    ``picked`` in the picker kept), without JavaScript too; one that finds several lists them."""
    if page.round is not None and page.found_board is not None:
        query = {"board": page.found_board}
        if picked:
            query = {"round": page.round.number, **query}
        return redirect(f"{request.path}?{urlencode(query)}#board-{page.found_board}")
    return render(request, "tournaments/public/round.html",
                  page_context(request, event, "rounds", frame=page.frame, picked=picked,
                               **page.context()))


def rounds_calendar(request, slug):
    """The event's rounds as a calendar file (``tournaments/ics.py``): a phone's calendar
    shows when each round starts, and moves a round its organiser moves."""
    event = get_visible_event_or_404(request, slug)
    body = ics.rounds_calendar(
        event, public_schedule(event), domain=request.get_host().split(":")[0],
        url_of=lambda n: request.build_absolute_uri(reverse("tournaments:round", args=[slug, n])),
        stamp=timezone.now())
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slug}.ics"'
    return response


def event_version(request, slug):
    """``{"event": id, "version": n}``: what a live page asks every few seconds to learn
    whether the event changed, before reloading anything. A visitor's answer comes
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


def prizes(request, slug):
    """The statute's prize winners (provisional until the last round is closed); amounts for
    the event's staff only."""
    event = get_visible_event_or_404(request, slug)
    page = prizes_page(event, staff=is_staff_of(request, event),
                       after=request.GET.get("after", ""))
    return render(request, "tournaments/public/prizes.html",
                  page_context(request, event, "prizes", frame=page.frame, **page.context()))


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
