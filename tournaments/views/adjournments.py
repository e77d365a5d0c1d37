"""Adjourning a game with its sealed move, and resuming it, from a board's page (Art. 10.3):
the event's arbiters only (``tournaments.adjourn_game``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import AdjournmentForm
from tournaments.selectors.adjournments import adjournments_with_board
from tournaments.selectors.rounds import board_game
from tournaments.services.adjournments import adjournment_record as record
from tournaments.services.adjournments import adjournment_resume as resume
from tournaments.views._access import event_for
from tournaments.views.board_forms import board_with_sides, form_errors_flash


@login_required
@require_POST
def adjournment_record(request, slug, board_id):
    event = event_for(request, slug, "tournaments.adjourn_game")
    board = board_with_sides(event, board_id)
    form = AdjournmentForm(request.POST, board=board)
    if not form.is_valid():
        form_errors_flash(request, form)
        return redirect("tournaments:board_history", slug=slug, board_id=board.pk)
    data = form.cleaned_data
    game = board_game(board, pk=data["game"]) if data.get("game") else None
    try:
        record(event=event, board=board, sealer_id=data["sealer"], game=game,
               sealed_move=data["sealed_move"], move_number=data["move_number"],
               white_seconds=data["white_clock"], black_seconds=data["black_clock"],
               actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Game adjourned; the sealed move is kept for the arbiters "
                                    "(Art. 10.3.1)."))
    return redirect("tournaments:board_history", slug=slug, board_id=board.pk)


@login_required
@require_POST
def adjournment_resume(request, slug, adjournment_id):
    event = event_for(request, slug, "tournaments.adjourn_game")
    adjournment = get_object_or_404(adjournments_with_board(), pk=adjournment_id,
                                    board__round__event=event)
    try:
        resume(event=event, adjournment=adjournment, outcome=request.POST.get("outcome", ""),
               actor=request.user)
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Resumption recorded (Art. 10.3.2)."))
    return redirect("tournaments:board_history", slug=slug, board_id=adjournment.board_id)
