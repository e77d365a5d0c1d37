"""A register player's page for an event's staff: correct the details, read the history.

The right is ``tournaments.edit_player`` (the register's keepers; the organiser who added the
player while the player is in none of other organisers' events: ``services/players.py``); the
event's other staff read the page and its history without the form, and why.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.forms import PlayerEditForm
from tournaments.models import Player
from tournaments.selectors.events import event_has_player
from tournaments.selectors.players import player_history
from tournaments.services.players import PLAYER_EDIT_REFUSAL, player_update
from tournaments.views._access import event_for, staff_perms


def _player_of(event, player_id: int) -> Player:
    player = get_object_or_404(Player, pk=player_id)
    if not event_has_player(event, player):
        raise Http404("This player is not entered in this event.")
    return player


@login_required
def player_edit(request, slug, player_id):
    event = event_for(request, slug)
    player = _player_of(event, player_id)
    may_edit = request.user.has_perm("tournaments.edit_player", player)
    form = PlayerEditForm(request.POST or None, instance=player) if may_edit else None
    if request.method == "POST":
        if not may_edit:
            raise PermissionDenied(PLAYER_EDIT_REFUSAL)
        if form.is_valid():
            values = {f: form.cleaned_data[f] for f in PlayerEditForm.Meta.fields}
            player.refresh_from_db()  # the form wrote into the instance; the service decides
            try:
                player_update(player=player, actor=request.user,
                              reason=form.cleaned_data["reason"], **values)
            except ServiceError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, _("The player's details are saved."))
                return redirect("tournaments:player_edit", slug=slug, player_id=player.pk)
    return render(request, "tournaments/staff/player.html", {
        "event": event, "player": player, "form": form, "history": player_history(player),
        "refusal": None if may_edit else PLAYER_EDIT_REFUSAL,
        "perms": staff_perms(request.user, event)})
