"""The arbiters' check-in list (``selectors/checkins.py``, ``services/checkins.py``): one tap
per player on a phone, working offline (``static/js/checkin.js``); without JavaScript each tap
is a form. And a late arrival recorded on a board of the round page (Art. 10.2.1 a)."""

from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.selectors.checkins import checkin_list
from tournaments.selectors.events import entries_with_event
from tournaments.selectors.rounds import boards_with_event
from tournaments.services.checkins import board_arrival_record, entry_check_in, entry_check_out
from tournaments.views._access import event_for as _event_for
from tournaments.views._access import staff_perms


@login_required
def check_in_list(request, slug):
    """Who is expected at the round to come, each a button to tap; the counters; when the
    check-in closes; who a draft of the round left out."""
    event = _event_for(request, slug, "tournaments.check_in")
    return render(request, "tournaments/staff/check_in.html", {
        "event": event, "listing": checkin_list(event, now=timezone.now()),
        "perms": staff_perms(request.user, event)})


@login_required
@require_POST
def check_in_tap(request, slug, entry_id):
    """One tap without JavaScript: ``checked_in`` "1" checks the player in, "" out, over the
    event's ``version`` the list was read at."""
    event = _event_for(request, slug, "tournaments.check_in")
    entry = get_object_or_404(entries_with_event(), pk=entry_id, event=event)
    version = request.POST.get("version", "")
    try:
        write = entry_check_in if request.POST.get("checked_in") else entry_check_out
        write(entry=entry, actor=request.user,
              version=int(version) if version.isdigit() else None)
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect(f"{reverse('tournaments:check_in', args=[slug])}#entry-{entry.pk}")


@login_required
@require_POST
def board_arrival(request, slug, board_id):
    """A player arrived late at the board: the time of arrival (HH:MM, on the round's day)."""
    event = _event_for(request, slug)
    board = get_object_or_404(boards_with_event(), pk=board_id, round__event=event)
    target = f"{reverse('tournaments:manage_round', args=[slug, board.round.number])}" \
             f"#board-{board.number}"
    starts_at = board.round.starts_at
    try:
        if starts_at is None:
            raise ServiceError(_("Round %(n)s has no start time: set it first (lateness is "
                                 "counted from it)."), n=board.round.number)
        try:
            clock = datetime.strptime(request.POST.get("arrived", "").strip(), "%H:%M").time()
        except ValueError:
            raise ServiceError(_("Give the time of arrival as hours and minutes, e.g. "
                                 "14:20.")) from None
        local = timezone.localtime(starts_at)
        arrived_at = local.replace(hour=clock.hour, minute=clock.minute, second=0)
        version = request.POST.get("version", "")
        board = board_arrival_record(board=board, side=request.POST.get("side", ""),
                                     actor=request.user, arrived_at=arrived_at,
                                     expected_version=int(version) if version.isdigit() else -1)
        messages.success(request, _("Arrival recorded on board %(n)s.") % {"n": board.number})
    except ServiceError as error:
        messages.error(request, str(error))
    return redirect(target)
