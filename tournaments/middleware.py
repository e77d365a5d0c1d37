"""Middleware of the site: the language, the security headers Django does not set, and the
redirects of former addresses."""

from django.http import HttpResponsePermanentRedirect
from django.urls import Resolver404, resolve, reverse

from tournaments.models import AddressKind
from tournaments.selectors.addresses import address_now


class VietnameseByDefault:
    """The browser's language preference is not consulted, so a visitor sees Vietnamese until
    they choose English (the choice is kept in a cookie)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
        return self.get_response(request)


class ApiNumbers:
    """The API writes numbers for programs: a decimal point in every language
    (``text.machine_numbers``); the pages write them as their language does (``2,5``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path.startswith("/api/"):
            return self.get_response(request)
        from tournaments.text import machine_numbers

        with machine_numbers():
            return self.get_response(request)


class SecurityHeaders:
    """Content-Security-Policy and Permissions-Policy on every answer (Django has neither).

    The pages load scripts and styles from this site only and have no inline script, style or
    event handler (``static/js/site.js`` wires what ``onchange=`` did), so the policy needs no
    ``unsafe-inline``: an injected ``<script>`` does not run. A view may set its own policy.
    """

    def __init__(self, get_response):
        from django.conf import settings

        self.get_response = get_response
        self.headers = {"Content-Security-Policy": settings.CONTENT_SECURITY_POLICY,
                        "Permissions-Policy": settings.PERMISSIONS_POLICY}

    def __call__(self, request):
        response = self.get_response(request)
        for name, value in self.headers.items():
            if value:
                response.headers.setdefault(name, value)
        return response


class NoNulCharacters:
    """A NUL character in the address or the query string is refused (400) before any view:
    no page or API takes one, and PostgreSQL refuses text holding one (a search would fail
    with a server error instead)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or any(
                "\x00" in key or "\x00" in value
                for key, values in request.GET.lists() for value in values):
            return refuse_nul(request)
        return self.get_response(request)


def refuse_nul(request):
    from django.http import HttpResponseBadRequest, JsonResponse
    from django.utils.translation import gettext as _

    message = _("The address holds a NUL character.")
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": message, "code": "bad_request"}, status=400)
    return HttpResponseBadRequest(message)


class OldAddresses:
    """A page not found at an event's or a championship's former address is answered with a
    permanent redirect (301) to the same page at its current address, the query kept: links
    shared before the organiser changed the address (the wall sheets' QR codes) still work.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code != 404 or request.method not in ("GET", "HEAD"):
            return response
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return response
        slug = match.kwargs.get("slug")
        if not slug:
            return response
        kind = (AddressKind.CHAMPIONSHIP if "championships/" in match.route
                else AddressKind.EVENT)
        now = address_now(kind, slug)
        if now is None or now == slug:
            return response
        target = reverse(match.view_name, args=match.args, kwargs={**match.kwargs, "slug": now})
        query = request.META.get("QUERY_STRING")
        return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)


class ClosedEvents:
    """A page's write refused because its event is closed (``errors.EventClosed``), which the
    view did not catch: the refusal is shown as a message on the page the form was on (the
    referring page of this site, else the home), nothing having changed. The API answers it
    itself (``api/errors.py``: a 400 with the message)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        from django.contrib import messages
        from django.http import HttpResponseRedirect
        from django.utils.http import url_has_allowed_host_and_scheme

        from tournaments.errors import EventClosed

        if not isinstance(exception, EventClosed) or request.path.startswith("/api/"):
            return None
        messages.error(request, str(exception))
        back = request.META.get("HTTP_REFERER", "")
        if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                               require_https=request.is_secure()):
            back = "/"
        return HttpResponseRedirect(back)
