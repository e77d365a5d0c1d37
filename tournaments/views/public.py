"""Public pages: anyone may read a public event (Art. 14: the draw, scores and results).

Read-only: these views only call selectors. While a round is in play the pages refresh
themselves (htmx polling of the same URL, swapping the main content).
"""

from django.db.models import Max
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.models import Board, Entry, RoundStatus
from tournaments.selectors.events import public_events, search_events, visible_event
from tournaments.selectors.rounds import all_boards, entry_games, round_boards, visible_rounds
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.selectors.teams import annotate_match_scores
from tournaments.views.errors import PageNotFound

REFRESH_SECONDS = 30


def get_visible_event_or_404(request, slug):
    event = visible_event(request.user, slug)
    if event is None:  # the general text: a stranger learns nothing about a draft event
        raise Http404("No such event, or it is not public yet.")
    return event


def is_staff_of(request, event) -> bool:
    return request.user.has_perm("tournaments.enter_result", event)


def _last_update(event):
    boards = Board.history.filter(round__event=event).aggregate(at=Max("history_date"))["at"]
    return max(filter(None, [boards, event.updated_at]))


def _context(request, event, tab, **extra):
    staff = is_staff_of(request, event)
    rounds = visible_rounds(event, staff=staff)
    in_play = any(r.status == RoundStatus.PUBLISHED for r in rounds)
    return {
        "event": event, "tab": tab, "rounds": rounds, "staff": staff,
        # Links to entries, built once per page rather than reversed per row.
        "entry_prefix": reverse("tournaments:entries", kwargs={"slug": event.slug}),
        "last_update": _last_update(event), "in_play": in_play,
        "refresh_seconds": REFRESH_SECONDS, **extra,
    }


def event_list(request):
    query = request.GET.get("q", "").strip()
    events = search_events(query, public_events())
    return render(request, "tournaments/event_list.html", {"events": events, "query": query})


def event_detail(request, slug):
    event = get_visible_event_or_404(request, slug)
    return render(request, "tournaments/public/overview.html", _context(request, event, "overview"))


def entries(request, slug):
    event = get_visible_event_or_404(request, slug)
    rows = event.entries.select_related("player", "team").prefetch_related("members__player")
    return render(request, "tournaments/public/entries.html",
                  _context(request, event, "entries", entries=rows))


def rounds(request, slug):
    """The table of all rounds: every board of every (public) round."""
    event = get_visible_event_or_404(request, slug)
    ctx = _context(request, event, "rounds")
    by_round: dict[int, list] = {}
    boards = all_boards(event, staff=ctx["staff"])
    if event.is_team:
        annotate_match_scores(boards)
    for board in boards:
        by_round.setdefault(board.round.number, []).append(board)
    ctx["table"] = [(r, by_round.get(r.number, [])) for r in ctx["rounds"]]
    return render(request, "tournaments/public/rounds.html", ctx)


def round_detail(request, slug, number):
    event = get_visible_event_or_404(request, slug)
    ctx = _context(request, event, "rounds")
    round_ = next((r for r in ctx["rounds"] if r.number == number), None)
    if round_ is None:
        raise PageNotFound(_("Round %(n)s has not been published yet: its pairings appear here "
                             "once the chief arbiter publishes them.") % {"n": number})
    ctx.update(round=round_, boards=round_boards(round_))
    if event.is_team:
        annotate_match_scores(ctx["boards"])  # "2½–1½" on each team match
    return render(request, "tournaments/public/round.html", ctx)


def _after_round(request, rounds):
    played = [r.number for r in rounds if r.status != RoundStatus.DRAFT]
    try:
        after = int(request.GET.get("after", ""))
    except ValueError:
        after = None
    return after if after in played else None, played


def standings(request, slug):
    event = get_visible_event_or_404(request, slug)
    ctx = _context(request, event, "standings")
    after, played = _after_round(request, ctx["rounds"])
    ctx.update(table=event_standings(event, after_round=after), played=played)
    return render(request, "tournaments/public/standings.html", ctx)


def crosstable(request, slug):
    event = get_visible_event_or_404(request, slug)
    ctx = _context(request, event, "crosstable")
    after, played = _after_round(request, ctx["rounds"])
    ctx.update(cross=event_crosstable(event, after_round=after), played=played)
    return render(request, "tournaments/public/crosstable.html", ctx)


def entry_detail(request, slug, entry_id):
    """A player's (or team's) page with every game."""
    event = get_visible_event_or_404(request, slug)
    entry = get_object_or_404(Entry.objects.select_related("player", "team"), pk=entry_id,
                              event=event)
    if entry.team_id:
        from tournaments.views.teams import team_page  # appendix §4: roster, boards

        return team_page(request, event, entry)
    ctx = _context(request, event, "entries")
    ctx.update(entry=entry, games=entry_games(entry, staff=ctx["staff"]),
               members=entry.members.select_related("player") if entry.team_id else [])
    return render(request, "tournaments/public/entry.html", ctx)
