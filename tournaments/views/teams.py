"""Team events' own public pages (appendix §4): individual results per board (board prizes)
and a team's page with its roster and its matches board by board. Read-only, over selectors."""

from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.selectors.teams import event_board_results, team_view
from tournaments.views.errors import PageNotFound
from tournaments.views.public_context import after_round, get_visible_event_or_404, page_context


def board_results(request, slug):
    """Board prizes: each board's players ranked by percentage, with their performance."""
    event = get_visible_event_or_404(request, slug)
    if not event.is_team:
        raise PageNotFound(_("Board results are for team events; this event is for players."))
    ctx = page_context(request, event, "boards")
    after, played = after_round(request, ctx["rounds"])
    ctx.update(view=event_board_results(event, after_round=after), played=played)
    return render(request, "tournaments/public/boards.html", ctx)


def team_page(request, event, entry):
    """A team: its roster (board order, reserves) with each player's score, and every match
    with the players and results of each board."""
    ctx = page_context(request, event, "entries")
    ctx.update(entry=entry, team=team_view(entry, staff=ctx["staff"]))
    return render(request, "tournaments/public/team.html", ctx)
