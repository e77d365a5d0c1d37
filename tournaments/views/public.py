"""Public pages: anyone may read a public event (Art. 14: the draw, scores and results).

Read-only: these views only call selectors. While a round is in play the pages refresh
themselves (htmx polling of the same URL, swapping the main content).
"""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from tournaments.models import Entry, RoundStatus
from tournaments.selectors.championship_tree import public_championships
from tournaments.selectors.events import public_events, search_events
from tournaments.selectors.game_records import annotate_recorded
from tournaments.selectors.pairing_sheet import annotate_points_before, find_my_board
from tournaments.selectors.player_card import player_card
from tournaments.selectors.rounds import round_boards
from tournaments.selectors.standings import (
    event_crosstable,
    event_standings,
    statute_tiebreaks,
)
from tournaments.selectors.swiss_explain import round_explanation
from tournaments.selectors.team_ranks import standings_team_ranks
from tournaments.selectors.teams import annotate_match_scores
from tournaments.views.errors import PageNotFound
from tournaments.views.public_context import after_round, get_visible_event_or_404, page_context
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
    rows = event.entries.select_related("player", "team").prefetch_related("members__player")
    return render(request, "tournaments/public/entries.html",
                  page_context(request, event, "entries", entries=rows))


def rounds(request, slug):
    """"Pairings & results": the current round (the last one in play, else the last one), as
    chess-results opens an event; the picker leads to the others."""
    event = get_visible_event_or_404(request, slug)
    ctx = page_context(request, event, "rounds")
    shown = [r for r in ctx["rounds"] if r.status != RoundStatus.DRAFT] or ctx["rounds"]
    current = next((r for r in reversed(shown) if r.status == RoundStatus.PUBLISHED),
                   shown[-1] if shown else None)
    asked = request.GET.get("round", "")  # the round picker (works without JavaScript)
    current = next((r for r in ctx["rounds"] if str(r.number) == asked), current)
    if current is None:
        return render(request, "tournaments/public/round.html", ctx)
    return _round_page(request, event, ctx, current)


def round_detail(request, slug, number):
    event = get_visible_event_or_404(request, slug)
    ctx = page_context(request, event, "rounds")
    round_ = next((r for r in ctx["rounds"] if r.number == number), None)
    if round_ is None:
        raise PageNotFound(_("Round %(n)s has not been published yet: its pairings appear here "
                             "once the chief arbiter publishes them.") % {"n": number})
    return _round_page(request, event, ctx, round_)


def _round_page(request, event, ctx, round_):
    """One round: the pairing sheet (start numbers, ratings, points before the round), the
    "why?" of a Swiss pairing, and the alphabetical "find my board" list."""
    boards = round_boards(round_)
    annotate_points_before(round_, boards)
    ctx.update(round=round_, boards=boards, seats=find_my_board(boards))
    ctx["why"] = round_explanation(round_, boards)  # Swiss: "why?" on each board
    ctx["recorded"] = annotate_recorded(boards)  # links to the games with moves (Art. 11)
    if event.is_team:
        annotate_match_scores(boards)  # "2½–1½" on each team match
    return render(request, "tournaments/public/round.html", ctx)


def event_version(request, slug):
    """``{"event": id, "version": n}``: what a live page asks every few seconds to learn
    whether the event changed, before reloading anything (issue 23). A visitor's answer comes
    from the cache (tournaments/public_cache.py) until the version moves."""
    event = get_visible_event_or_404(request, slug)
    return JsonResponse({"event": event.pk, "version": event.version})


def standings(request, slug):
    event = get_visible_event_or_404(request, slug)
    ctx = page_context(request, event, "standings")
    after, played = after_round(request, ctx["rounds"])
    table = event_standings(event, after_round=after)
    ctx.update(table=table, played=played, team_ranks=standings_team_ranks(table))
    return render(request, "tournaments/public/standings.html", ctx)


def crosstable(request, slug):
    event = get_visible_event_or_404(request, slug)
    ctx = page_context(request, event, "crosstable")
    after, played = after_round(request, ctx["rounds"])
    ctx.update(cross=event_crosstable(event, after_round=after), played=played)
    return render(request, "tournaments/public/crosstable.html", ctx)


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
