"""A player's own page by their private link (``/p/<token>/``, no account; docs/web.md,
"The player's own page"; docs/security.md, "Private links"): the next board, the results,
rank and points, and the requests to the arbiters (a half-point bye within the statute's
limits, a withdrawal with its reason).

The token is the right: it opens its own entry only, and any other string is not found (404)
like an unknown page. The answers are never stored by a shared cache nor indexed
(``Cache-Control: private, no-store``, ``X-Robots-Tag: noindex``), and the link travels in a
``Referer`` to this site's own pages only (``same-origin``: no referrer at all would make the
browser send ``Origin: null`` with the page's forms, which the CSRF check refuses).
"""

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.errors import ServiceError
from tournaments.models import RequestKind
from tournaments.selectors.player_page import entry_by_token, player_page
from tournaments.services.checkins import entry_self_check_in
from tournaments.services.player_requests import player_request_create
from tournaments.text import query_number


def private(view):
    """The entry the token names, or 404; the answer kept out of shared caches and search
    engines, and its address out of the ``Referer`` sent to other sites."""
    @wraps(view)
    def answer(request, token):
        entry = entry_by_token(token)
        if entry is None:
            raise Http404(_("This link does not open any player's page: ask the arbiters for "
                            "your slip."))
        response = view(request, entry)
        add_never_cache_headers(response)
        patch_cache_control(response, private=True)
        response["X-Robots-Tag"] = "noindex, nofollow"
        response["Referrer-Policy"] = "same-origin"
        return response
    return answer


def _page(request, entry, status=200):
    """The page, with what its "notify me" button subscribes with: the installation's VAPID
    public key (Web Push, RFC 8292) and the address that keeps the subscription for this
    entry (``api/player.py: private_push``)."""
    page = player_page(entry, now=timezone.now())
    return render(request, "tournaments/player/page.html", {
        **page.context(), "token": entry.private_token,
        "vapid_key": settings.VAPID_PUBLIC_KEY,
        "push_url": reverse("private-push", kwargs={"token": entry.private_token})},
        status=status)


@private
def player_page_view(request, entry):
    return _page(request, entry)


@require_POST
@private
def player_request_send(request, entry):
    """The page's forms: a half-point bye in the round chosen, or a withdrawal with its
    reason. A refusal is shown on the page with its reason (400), nothing stored."""
    kind = request.POST.get("kind", "")
    try:
        number = query_number(request.POST.get("round"), minimum=1)
        player_request_create(entry=entry, kind=kind, round_number=number,
                              reason=request.POST.get("reason", ""))
    except (ValueError, ServiceError) as error:
        messages.error(request, str(error))
        return _page(request, entry, status=400)
    if kind == RequestKind.BYE:
        messages.success(request, _("Your request for a half-point bye in round %(n)s is sent "
                                    "to the arbiters.") % {"n": number})
    else:
        messages.success(request, _("Your withdrawal is sent to the arbiters."))
    return redirect("tournaments:player_page", token=entry.private_token)


@require_POST
@private
def player_check_in(request, entry):
    """"I am here": the player checks in for the round to come while the check-in is open
    (``services/checkins.py: entry_self_check_in``); refused with the reason otherwise."""
    try:
        entry_self_check_in(entry=entry)
    except ServiceError as error:
        messages.error(request, str(error))
        return _page(request, entry, status=400)
    messages.success(request, _("You are checked in. Good luck!"))
    return redirect("tournaments:player_page", token=entry.private_token)
