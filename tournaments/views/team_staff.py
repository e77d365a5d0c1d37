"""Staff pages of team events (appendix §4): register a team with its roster, change a roster
until round 1 is published, and record each match's line-up on the arbiter's round page.

The roster form has one slot per board, then one per reserve; each slot is filled by searching
the player register (diacritics ignored) with htmx, so the board order is the slots' order.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.models import Board, Entry, Player
from tournaments.selectors.events import event_entry
from tournaments.selectors.players import player_by_id, player_search, players_by_ids
from tournaments.selectors.rounds import board_match_size
from tournaments.selectors.teams import team_players_taken, team_roster_players
from tournaments.services import teams as team_services
from tournaments.services.results import lineup_record
from tournaments.text import whole_number
from tournaments.views._access import event_for as _event_for
from tournaments.views._access import staff_perms


def _slots(event) -> list[tuple[int, str]]:
    """(slot number, label): boards 1..n, then reserves."""
    boards = [(k, _("Board %(n)s") % {"n": k}) for k in range(1, event.team_boards + 1)]
    reserves = [(event.team_boards + k, _("Reserve %(n)s") % {"n": k})
                for k in range(1, event.team_reserves + 1)]
    return boards + reserves


def _form_context(request, event, entry=None, chosen=None, values=None):
    chosen = chosen if chosen is not None else {}
    slots = [{"number": n, "label": label, "player": chosen.get(n)} for n, label in _slots(event)]
    return {"event": event, "entry": entry, "slots": slots, "values": values or {},
            "perms": staff_perms(request.user, event)}


def _posted_slots(request, event) -> dict[int, Player]:
    ids = {}
    for n, _label in _slots(event):
        value = request.POST.get(f"slot_{n}", "").strip()
        if value.isdigit():
            ids[n] = int(value)
    players = {p.pk: p for p in players_by_ids(ids.values())}
    return {n: players[pid] for n, pid in ids.items() if pid in players}


def _roster_from(event, chosen: dict[int, Player]) -> tuple[list[Player], list[Player]]:
    players = [chosen[n] for n in range(1, event.team_boards + 1) if n in chosen]
    reserves = [chosen[n] for n, _label in _slots(event)[event.team_boards:] if n in chosen]
    if len(players) != event.team_boards:
        raise ServiceError(_("Choose a player for every board (%(n)s)."), n=event.team_boards)
    return players, reserves


@login_required
def team_new(request, slug):
    """Register a team: its name (found in the register or created) and its roster."""
    event = _event_for(request, slug, "tournaments.change_event")
    if not event.is_team:
        return redirect("tournaments:manage_entries", slug=slug)
    if request.method == "POST":
        chosen = _posted_slots(request, event)
        values = {k: request.POST.get(k, "").strip() for k in ("name", "province", "club")}
        try:
            players, reserves = _roster_from(event, chosen)
            entry = team_services.team_register(event=event, actor=request.user,
                                                players=players, reserves=reserves, **values)
        except ServiceError as error:
            messages.error(request, str(error))
            return render(request, "tournaments/staff/team_form.html",
                          _form_context(request, event, chosen=chosen, values=values),
                          status=400)
        messages.success(request, _("%(name)s registered.") % {"name": entry.name})
        return redirect("tournaments:manage_entries", slug=slug)
    return render(request, "tournaments/staff/team_form.html", _form_context(request, event))


@login_required
def team_roster(request, slug, entry_id):
    """Change a team's roster (until round 1 is published)."""
    event = _event_for(request, slug, "tournaments.change_event")
    entry = get_object_or_404(Entry.objects.select_related("team"), pk=entry_id, event=event,
                              team__isnull=False)
    if request.method == "POST":
        chosen = _posted_slots(request, event)
        try:
            players, reserves = _roster_from(event, chosen)
            team_services.team_roster_set(entry=entry, actor=request.user, players=players,
                                          reserves=reserves)
        except ServiceError as error:
            messages.error(request, str(error))
            return render(request, "tournaments/staff/team_form.html",
                          _form_context(request, event, entry, chosen), status=400)
        messages.success(request, _("Roster of %(name)s saved.") % {"name": entry.name})
        return redirect("tournaments:manage_entries", slug=slug)
    regulars, reserves = team_roster_players(entry)
    chosen = {i: p for i, p in enumerate(regulars, start=1)}
    chosen.update({event.team_boards + i: p for i, p in enumerate(reserves, start=1)})
    return render(request, "tournaments/staff/team_form.html",
                  _form_context(request, event, entry, chosen))


@login_required
def team_slot(request, slug):
    """One roster slot (htmx): filled with ``player``, or empty with its search box."""
    event = _event_for(request, slug, "tournaments.change_event")
    number = whole_number(request.GET.get("slot"))
    labels = dict(_slots(event))
    if number not in labels:
        return HttpResponse(status=400)
    player = player_by_id(whole_number(request.GET.get("player")))
    entry = event_entry(event, whole_number(request.GET.get("entry")))
    return render(request, "tournaments/staff/_team_slot.html",
                  {"event": event, "entry": entry,
                   "slot": {"number": number, "label": labels[number], "player": player}})


@login_required
def team_lookup(request, slug):
    """Players for one slot (htmx), diacritics ignored; those on another team are marked."""
    event = _event_for(request, slug, "tournaments.change_event")
    number = request.GET.get("slot", "")
    query = request.GET.get("q", "").strip()
    entry = event_entry(event, whole_number(request.GET.get("entry")))
    players = player_search(query, limit=10) if len(query) >= 2 else []
    return render(request, "tournaments/staff/_team_lookup.html",
                  {"event": event, "entry": entry, "players": players, "query": query,
                   "slot": number, "taken": team_players_taken(event, except_entry=entry)})


@login_required
@require_POST
def lineup_save(request, slug, board_id):
    """Record a match's line-up from the round page's form (``first_<k>`` / ``second_<k>``:
    player ids, empty for nobody; ``first_substitution`` / ``second_substitution``: each team's
    way for its reserves to come in, appendix §4)."""
    event = _event_for(request, slug)
    board = get_object_or_404(Board.objects.select_related("round"), pk=board_id,
                              round__event=event)
    count = board_match_size(board)

    def side(name):
        values = [request.POST.get(f"{name}_{k}", "") for k in range(1, count + 1)]
        return [int(v) if v.isdigit() else None for v in values]

    version = request.POST.get("version", "")
    try:
        lineup_record(board=board, actor=request.user, first=side("first"),
                      second=side("second"),
                      expected_version=int(version) if version.isdigit() else -1,
                      reason=request.POST.get("reason", ""),
                      first_rule=request.POST.get("first_substitution") or None,
                      second_rule=request.POST.get("second_substitution") or None)
    except ServiceError as error:
        if request.htmx:
            return HttpResponse(f'<p class="msg error" role="alert">{escape(str(error))}</p>')
        messages.error(request, str(error))
    else:
        messages.success(request, _("Line-up of board %(n)s saved.") % {"n": board.number})
        if request.htmx:
            response = HttpResponse("")
            response["HX-Refresh"] = "true"
            return response
    return redirect("tournaments:manage_round", slug=slug, number=board.round.number)

