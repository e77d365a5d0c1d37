"""Error pages that say what happened and what to do next, in the reader's language.

``PageNotFound`` is a 404 whose message is written for people (translated): the 404 page shows
it. Other 404s (an unknown address, an object that does not exist or is hidden) get the general
text, which never tells a stranger whether a draft event exists. A 403 shows the refusal's
reason (the services' and views' ``PermissionDenied`` messages are written for people).
Under ``/api/`` a 400 (a body past Django's bounds, e.g. over 1,000 form fields), a 404 and a
500 are JSON, as every other API answer (``{"detail", "code"}``).
"""

from django.core.exceptions import BadRequest
from django.http import Http404, HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _


class PageNotFound(Http404):
    """Not found, with a message for the reader."""


def _api(request) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request, exception):
    if _api(request):
        return JsonResponse({"detail": _("Not found."), "code": "not_found"}, status=404)
    message = str(exception) if isinstance(exception, PageNotFound) else ""
    return render(request, "404.html", {"message": message}, status=404)


def bad_request(request, exception):
    """A request the page cannot read: our own ``BadRequest`` says why (a query value that is
    not a number); Django's (a form past its bounds, a forged host) say nothing to strangers."""
    message = str(exception) if type(exception) is BadRequest else ""
    if _api(request):
        return JsonResponse({"detail": message or _("Bad request."), "code": "bad_request"},
                            status=400)
    return render(request, "400.html", {"message": message}, status=400)


def server_error(request):
    """Nothing was half-saved (every write is one transaction): say so, and try again."""
    if _api(request):
        return JsonResponse({"detail": _("Server error: nothing was changed. Please try again."),
                             "code": "server_error"}, status=500)
    return HttpResponseServerError(loader.get_template("500.html").render())


def permission_denied(request, exception):
    return render(request, "403.html", {"message": str(exception or "")}, status=403)


def csrf_failure(request, reason=""):
    """A form sent from a page too old (or without cookies): say so, and how to send it again."""
    return render(request, "403_csrf.html", status=403)

