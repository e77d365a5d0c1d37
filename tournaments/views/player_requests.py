"""The staff's side of the players' private pages: the players' requests (a half-point bye, a
withdrawal) to approve or reject, and each entry's private link with its QR code, renewed when
lost (``services/player_requests.py``). Every page of the event's staff sees the list; the
chief arbiter and the organisers decide and renew."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.models import Entry
from tournaments.printing.qr import qr_svg
from tournaments.selectors.player_page import event_player_requests, player_requests_with_event
from tournaments.services.player_requests import entry_token_renew, player_request_decide
from tournaments.views._access import event_for, staff_perms


@login_required
def player_requests(request, slug):
    event = event_for(request, slug)
    return render(request, "tournaments/staff/player_requests.html", {
        "event": event, "requests": event_player_requests(event),
        "perms": staff_perms(request.user, event)})


@login_required
@require_POST
def player_request_decide_view(request, slug, request_id):
    """Approve (applied at once by the staff's own services) or reject, with an answer."""
    event = event_for(request, slug, "tournaments.decide_request")
    asked = get_object_or_404(player_requests_with_event(),
                              pk=request_id, entry__event=event)
    approve = request.POST.get("decision") == "approve"
    try:
        player_request_decide(player_request=asked, actor=request.user, approve=approve,
                              answer=request.POST.get("answer", ""))
    except ServiceError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, (_("%(name)s: request approved.") if approve
                                   else _("%(name)s: request rejected."))
                         % {"name": asked.entry.name})
    return redirect("tournaments:player_requests", slug=slug)


@login_required
def entry_link(request, slug, entry_id):
    """An entry's private link and its QR code (to show on a phone or print); a POST makes a
    new link, and the old one stops working."""
    perm = "tournaments.decide_request" if request.method == "POST" else \
        "tournaments.enter_result"
    event = event_for(request, slug, perm)
    entry = get_object_or_404(Entry.objects.select_related("player", "team"), pk=entry_id,
                              event=event)
    if request.method == "POST":
        entry_token_renew(entry=entry, actor=request.user)
        messages.success(request, _("A new link for %(name)s: the old one no longer opens "
                                    "the page.") % {"name": entry.name})
        return redirect("tournaments:entry_link", slug=slug, entry_id=entry.pk)
    url = request.build_absolute_uri(reverse("tournaments:player_page",
                                             kwargs={"token": entry.private_token}))
    response = render(request, "tournaments/staff/entry_link.html", {
        "event": event, "entry": entry, "url": url, "qr": qr_svg(url),
        "perms": staff_perms(request.user, event)})
    response["Referrer-Policy"] = "same-origin"
    return response
