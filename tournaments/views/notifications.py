"""The organisers' log of an event's messages (read-only), and the public page an e-mail's
unsubscribe link opens (``services/notifications.py``)."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt

from tournaments.errors import ServiceError
from tournaments.selectors.notifications import event_notifications
from tournaments.services.notifications import unsubscribe_read, unsubscribe_record
from tournaments.views._access import event_for, staff_perms

PAGE_SIZE = 100


@login_required
def notification_log(request, slug):
    """Every message of the event: to whom, what, its status and last error (the organiser's:
    it shows the players' addresses)."""
    event = event_for(request, slug, "tournaments.change_event")
    page = Paginator(event_notifications(event), PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "tournaments/staff/notifications.html", {
        "event": event, "page": page, "perms": staff_perms(request.user, event),
        "limit": settings.NOTIFICATIONS_PER_RECIPIENT_PER_HOUR})


# The token is the authority: a mail program's one-click button (RFC 8058) posts here without a
# CSRF token, and the link does nothing but stop messages to the address it was sent to.
@csrf_exempt
def unsubscribe(request, token):
    """GET: what the link stops, and a button (a link opened by a mail scanner stops nothing);
    POST: stop it, and say so."""
    try:
        address, event = unsubscribe_read(token=token)
    except ServiceError as error:
        return render(request, "tournaments/unsubscribe.html", {"error": str(error)},
                      status=400)
    done = False
    if request.method == "POST":
        unsubscribe_record(token=token)
        done = True
    return render(request, "tournaments/unsubscribe.html",
                  {"address": address, "event": event, "done": done})
