"""Recording and removing a penalty (chapter 5, Art. 22–24) from a board's page: the event's
arbiters only (``tournaments.record_foul``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import FoulForm
from tournaments.models import Board, Foul
from tournaments.selectors.rounds import board_game
from tournaments.services.fouls import foul_loss_confirm as loss_confirm
from tournaments.services.fouls import foul_record as record
from tournaments.services.fouls import foul_remove as remove
from tournaments.text import whole_number
from tournaments.views._access import event_for
from tournaments.views.board_forms import board_with_sides, form_errors_flash
from tournaments.views.confirm import confirmation


@login_required
@require_POST
def foul_record(request, slug, board_id):
    event = event_for(request, slug, "tournaments.record_foul")
    board = board_with_sides(event, board_id)
    form = FoulForm(request.POST, board=board)
    if not form.is_valid():
        form_errors_flash(request, form)
        return redirect("tournaments:board_history", slug=slug, board_id=board.pk)
    data = form.cleaned_data
    game = board_game(board, pk=data["game"]) if data.get("game") else None
    try:
        record(event=event, board=board, entry_id=data["entry"], kind=data["kind"],
               article=data["article"], note=data["note"], game=game, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Penalty recorded."))
    return redirect("tournaments:board_history", slug=slug, board_id=board.pk)


@login_required
@require_POST
def foul_remove(request, slug, foul_id):
    event = event_for(request, slug, "tournaments.record_foul")
    foul = get_object_or_404(Foul.objects.select_related("board__round"), pk=foul_id,
                             board__round__event=event)
    ask = confirmation(request, question=_("Remove this penalty? The board's history keeps a "
                                           "trace."), yes=_("Remove"),
                       back=reverse("tournaments:board_history", args=[slug, foul.board_id]))
    if ask:
        return ask
    try:
        remove(event=event, foul=foul, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Penalty removed."))
    return redirect("tournaments:board_history", slug=slug, board_id=foul.board_id)


@login_required
@require_POST
def foul_loss_confirm(request, slug, board_id):
    """One tap: the loss by three faults in a game (Art. 7.1 n), recorded as a result."""
    event = event_for(request, slug, "tournaments.record_foul")
    board = get_object_or_404(Board, pk=board_id, round__event=event)
    game_id = whole_number(request.POST.get("game"))
    game = board_game(board, pk=game_id) if game_id else None
    try:
        loss_confirm(event=event, board=board, entry_id=whole_number(request.POST.get("entry")),
                     game=game, actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Loss by three faults recorded (Art. 7.1 n)."))
    return redirect("tournaments:board_history", slug=slug, board_id=board.pk)
