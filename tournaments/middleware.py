"""Middleware of the site: the language, and the security headers Django does not set."""


class VietnameseByDefault:
    """The browser's language preference is not consulted, so a visitor sees Vietnamese until
    they choose English (the choice is kept in a cookie)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.META.pop("HTTP_ACCEPT_LANGUAGE", None)
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
