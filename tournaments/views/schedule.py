"""Moving one round's start from the round's page (``services/schedule.py``); the statute's
schedule gives the others."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.forms import RoundTimeForm
from tournaments.models import Round
from tournaments.services.schedule import round_schedule_set
from tournaments.views._access import event_for as _event_for


@login_required
@require_POST
def round_time(request, slug, number):
    event = _event_for(request, slug, "tournaments.change_event")
    round_ = get_object_or_404(Round, event=event, number=number)
    form = RoundTimeForm(request.POST)
    if not form.is_valid() or not (form.cleaned_data["statute"]
                                   or form.cleaned_data["starts_at"]):
        messages.error(request, _("Give the date and time the round starts."))
        return redirect("tournaments:manage_round", slug=slug, number=number)
    data = form.cleaned_data
    try:
        round_schedule_set(round_=round_, actor=request.user, reason=data["reason"],
                           starts_at=None if data["statute"] else data["starts_at"])
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Round %(n)s: start time saved.") % {"n": number})
    return redirect("tournaments:manage_round", slug=slug, number=number)
