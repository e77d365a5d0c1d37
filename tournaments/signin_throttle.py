"""Password guessing: failed sign-ins are counted per client address in the cache, and a client
with too many in the window is refused on every sign-in door (the login page, the admin's login,
``POST /api/token/``) until the window ends.

- The count lives in ``CACHES["default"]``: Redis in production, so every worker sees the same
  count (``config/settings_production.py``).
- Nothing the client sends resets it: a successful sign-in does not clear it, and the address is
  the connection's (``REMOTE_ADDR``); ``X-Forwarded-For`` is read only when the installation
  says how many proxies of its own stand in front (``TRUSTED_PROXY_COUNT``), and then the
  address those proxies saw, not what the client wrote.
- Failures are counted from Django's ``user_login_failed`` signal, which every door sends.
"""

import hashlib

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.core.cache import cache
from django.dispatch import receiver
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _


def client_address(request) -> str:
    """The address the request came from, as this installation's own proxies saw it."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies:
        hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        hops = [h for h in hops if h]
        if len(hops) >= proxies:
            return hops[-proxies]
    return request.META.get("REMOTE_ADDR", "")


def _key(request) -> str:
    digest = hashlib.sha256(client_address(request).encode()).hexdigest()[:32]
    return f"signin-failures:{digest}"


def failures(request) -> int:
    return cache.get(_key(request), 0)


def blocked(request) -> bool:
    return failures(request) >= settings.SIGNIN_FAILURE_LIMIT


@receiver(user_login_failed)
def count_failure(sender, credentials=None, request=None, **kwargs) -> None:
    """One more failure for the client; the window starts at its first failure."""
    if request is None:
        return
    key = _key(request)
    cache.add(key, 0, timeout=settings.SIGNIN_FAILURE_WINDOW)
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=settings.SIGNIN_FAILURE_WINDOW)


class SignInThrottle:
    """Refuse a sign-in (a POST to one of ``SIGNIN_PATHS``) from a client with too many
    failures: 429 with ``Retry-After``, JSON for the API, the error page otherwise."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.path in settings.SIGNIN_PATHS and \
                blocked(request):
            return refused(request)
        return self.get_response(request)


def refused(request):
    minutes = max(1, settings.SIGNIN_FAILURE_WINDOW // 60)
    message = _("Too many failed sign-ins from your address. Try again in %(minutes)d "
                "minutes.") % {"minutes": minutes}
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message, "code": "throttled"}, status=429)
    else:
        response = render(request, "403.html", {"message": message}, status=429)
    response["Retry-After"] = str(settings.SIGNIN_FAILURE_WINDOW)
    return response
