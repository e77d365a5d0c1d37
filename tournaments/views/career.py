"""A player across events: the public career page and head-to-head, and the register's staff
pages for one player: the titles and classifications held (award, revoke), merging a duplicate
into him, and the register's workbook.

The career and head-to-head pages read more than one event, so they are not among the event
pages cached by ``public_cache.py`` (as the rating pages): their per-event lines are cached by
the selector, keyed by each event's version (``selectors/career.py``). A player is addressed by
the register's id: names change and namesakes are common, ids never do.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.excel import workbook
from tournaments.excel.register import register_workbook
from tournaments.excel.workbook import XLSX
from tournaments.forms import PlayerMergeForm, TitleAwardForm
from tournaments.models import Player, PlayerTitle
from tournaments.selectors.career import (
    player_career,
    player_merge_candidates,
    player_opponents,
    player_public_by_id,
    player_title_history,
    player_titles,
    players_head_to_head,
)
from tournaments.selectors.players import player_by_id, players_register
from tournaments.services.player_merge import player_merge
from tournaments.services.titles import player_title_award, player_title_revoke

SEARCH_MAX = 80


def _public(player_id: int) -> Player:
    player = player_public_by_id(player_id)
    if player is None:
        raise Http404("No such player in a public event, on a rating list or with a title.")
    return player


def career(request, player_id):
    """Every public event of the player, the rating graph, the titles, the recorded games, and
    the head-to-head picker (``?q=`` narrows the opponents)."""
    player = _public(player_id)
    query = request.GET.get("q", "")[:SEARCH_MAX]
    return render(request, "tournaments/players/career.html", {
        "player": player, "career": player_career(player), "q": query,
        "opponents": player_opponents(player, query),
        "may_award": request.user.has_perm("tournaments.award_title"),
        "may_edit": request.user.has_perm("tournaments.edit_player", player)})


def head_to_head(request, player_id, other_id):
    first, second = _public(player_id), _public(other_id)
    if first.pk == second.pk:
        raise Http404("A player meets nobody in a head-to-head with himself.")
    return render(request, "tournaments/players/head_to_head.html",
                  {"h2h": players_head_to_head(first, second)})


def _register_player(request, player_id) -> Player:
    player = player_by_id(player_id)
    if player is None:
        raise Http404("No such player.")
    return player


@login_required
def titles(request, player_id):
    """The titles and classifications a player holds, their history; the register's keepers
    award one (``tournaments.award_title``)."""
    player = _register_player(request, player_id)
    may_award = request.user.has_perm("tournaments.award_title")
    if not (may_award or request.user.has_perm("tournaments.edit_player", player)):
        raise PermissionDenied(_("Only the register's keepers (the federation's staff) may "
                                 "award or revoke titles and classifications."))
    form = TitleAwardForm(request.POST or None) if may_award else None
    if request.method == "POST":
        if not may_award:
            raise PermissionDenied
        if form.is_valid():
            try:
                player_title_award(player=player, actor=request.user, **form.cleaned_data)
            except ServiceError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("The title is recorded."))
                return redirect("tournaments:player_titles", player_id=player.pk)
    return render(request, "tournaments/players/titles.html", {
        "player": player, "titles": player_titles(player), "form": form,
        "history": player_title_history(player), "may_award": may_award})


@login_required
@require_POST
def title_revoke(request, player_id, title_id):
    title = get_object_or_404(PlayerTitle, pk=title_id, player_id=player_id)
    try:
        player_title_revoke(title=title, actor=request.user,
                            reason=request.POST.get("reason", "")[:200])
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The title is revoked."))
    return redirect("tournaments:player_titles", player_id=player_id)


@login_required
def merge(request, player_id):
    """Merge a duplicate into this player: search the register (``?q=``), pick, confirm."""
    keep = _register_player(request, player_id)
    if not request.user.has_perm("tournaments.edit_player", keep):
        raise PermissionDenied(_("Only the register's keepers may merge players (the "
                                 "organiser who added both, while they are in none of other "
                                 "organisers' events)."))
    query = request.GET.get("q", "")[:SEARCH_MAX]
    form = PlayerMergeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        duplicate = player_by_id(form.cleaned_data["duplicate"])
        if duplicate is None:
            form.add_error(None, _("That player is no longer in the register."))
        else:
            try:
                player_merge(keep=keep, duplicate=duplicate, actor=request.user,
                             reason=form.cleaned_data["reason"])
            except ServiceError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("%(name)s is merged into this player.")
                                 % {"name": duplicate.full_name})
                return redirect("tournaments:player_merge", player_id=keep.pk)
    picked = player_by_id(_int(request.GET.get("duplicate")))
    return render(request, "tournaments/players/merge.html", {
        "player": keep, "q": query, "form": form,
        "candidates": player_merge_candidates(keep, query),
        "picked": picked if picked and picked.pk != keep.pk else None})


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
def register_export(request):
    """The whole register as a workbook the import reads back (the register's keepers)."""
    if not request.user.has_perm("tournaments.export_register"):
        raise PermissionDenied(_("Only the register's keepers may download the whole "
                                 "register."))
    wb = register_workbook(players_register(), get_language())
    response = HttpResponse(workbook.to_bytes(wb), content_type=XLSX)
    response["Content-Disposition"] = 'attachment; filename="so-van-dong-vien.xlsx"'
    return response
