"""The chief arbiter shares out a round's boards among the arbiters (Art. 20.3 b), from the
round's page (``services/assignments.py``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import AssignmentForm
from tournaments.models import Round
from tournaments.selectors.users import user_appointable
from tournaments.services.assignments import board_assignment_remove, board_assignment_set
from tournaments.views._access import event_for as _event_for


@login_required
@require_POST
def round_assignments(request, slug, number):
    """Give an arbiter a range of the round's boards (or take it back, ``remove``)."""
    event = _event_for(request, slug, "tournaments.assign_boards")
    round_ = get_object_or_404(Round, event=event, number=number)
    form = AssignmentForm(request.POST)
    arbiter = (user_appointable(event=event, pk=form.cleaned_data["arbiter"])
               if form.is_valid() else None)
    data = form.cleaned_data if form.is_valid() else {}
    try:
        if arbiter is None:
            raise ServiceError(_("Choose an arbiter and the range of boards."))
        if data["remove"]:
            board_assignment_remove(round_=round_, actor=request.user, arbiter=arbiter)
            messages.success(request, _("%(name)s has no boards of round %(n)s any more.")
                             % {"name": arbiter.get_username(), "n": number})
        else:
            if data["first"] is None or data["last"] is None:
                raise ServiceError(_("Choose an arbiter and the range of boards."))
            board_assignment_set(round_=round_, actor=request.user, arbiter=arbiter,
                                 first=data["first"], last=data["last"])
            messages.success(request, _("%(name)s is in charge of boards %(first)s–%(last)s.")
                             % {"name": arbiter.get_username(), "first": data["first"],
                                "last": data["last"]})
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect("tournaments:manage_round", slug=slug, number=number)
