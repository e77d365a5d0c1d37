"""The service worker of the pages (``static/js/sw.js``), served from the site's root so that
its scope is the whole site (a worker's scope cannot be above its own address): the arbiter's
round page and the public pages open without a connection (docs/web.md, "Offline")."""

from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpResponse
from django.views.decorators.http import require_GET


@cache
def _worker_source() -> bytes:
    with open(finders.find("js/sw.js"), "rb") as source:
        return source.read()


@require_GET
def service_worker(request):
    """``/sw.js``: never cached by the browser's HTTP cache, so a new worker is seen at once."""
    response = HttpResponse(_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response
