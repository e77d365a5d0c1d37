"""The correction of a closed round's result as a page of its own (Art. 20): what the round
page's reason dialog (static/js/results.js) does, for a browser without JavaScript."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.forms import CorrectionForm
from tournaments.selectors.rounds import boards_with_event
from tournaments.services.results import result_record
from tournaments.views._access import event_for as _event_for
from tournaments.views._access import staff_perms


@login_required
def board_correct(request, slug, board_id):
    """Correct the result of one board of a closed round, with the reason the law asks."""
    event = _event_for(request, slug, "tournaments.correct_result")
    board = get_object_or_404(boards_with_event().select_related(
        "white__player", "white__team", "black__player", "black__team"),
        pk=board_id, round__event=event)
    form = CorrectionForm(request.POST or None,
                          initial={"result": board.result, "version": board.version})
    if request.method == "POST" and form.is_valid():
        try:
            result_record(board=board, actor=request.user, reason=form.cleaned_data["reason"],
                          result=form.cleaned_data["result"],
                          expected_version=form.cleaned_data["version"])
        except ServiceError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Board %(n)s corrected.") % {"n": board.number})
            return redirect("tournaments:manage_round", slug=slug, number=board.round.number)
    return render(request, "tournaments/staff/correct.html", {
        "event": event, "board": board, "round": board.round, "form": form,
        "perms": staff_perms(request.user, event),
    }, status=400 if form.errors else 200)
