"""Password guessing and reset flooding: counters in the cache, checked before the view runs.

Sign-in (every door: the login page, the admin's login, ``POST /api/token/``), like
django-axes' "username and address" combination plus a looser limit per address:

- failures are counted per account and address (``SIGNIN_FAILURE_LIMIT``, 10): one person's
  typos lock that account from that address only, so the other arbiters behind the same hall's
  address still sign in, and the same person can still sign in from a phone on another network;
- and per address, whatever the account (``SIGNIN_ADDRESS_FAILURE_LIMIT``, 100): one address
  trying many accounts (a password spray) is refused on every account, at a threshold a hall
  of typing arbiters does not reach;
- there is no lock per account alone: anyone could then lock the chief arbiter out during a
  round by failing on purpose from a few addresses.

Both last ``SIGNIN_FAILURE_WINDOW`` seconds from the first failure. Nothing the client sends
resets them (a successful sign-in does not); failures are counted from Django's
``user_login_failed`` signal, which every door sends.

Online registration's forms (``REGISTRATION_POSTS``: the public page and the API's submit)
are counted per address: over ``REGISTRATIONS_PER_HOUR`` in an hour, 429.

Password reset (``PASSWORD_RESET_PATHS``): every request is counted per address
(``PASSWORD_RESET_ADDRESS_LIMIT``: over it, 429) and per e-mail address
(``PASSWORD_RESET_EMAIL_LIMIT``: over it, the page says the mail is on its way, as for any
address, and sends nothing: nobody can flood a mailbox, and the answer tells nothing about the
address), both for ``PASSWORD_RESET_WINDOW`` seconds.

The counts live in ``CACHES["default"]``: Redis in production, so every worker sees the same
count (``config/settings_production.py``). The address is the connection's (``REMOTE_ADDR``);
``X-Forwarded-For`` is read only when the installation says how many proxies of its own stand
in front (``TRUSTED_PROXY_COUNT``), and then the address those proxies saw.
"""

import hashlib
import json
import re

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig
from django.dispatch import receiver
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

_NAME_CHARS = 254  # the longest e-mail address; usernames are shorter
# The anonymous writes of online registration: the public page's form and the API's submit.
REGISTRATION_POSTS = re.compile(r"^/(events/[-\w]+/register/|api/events/\d+/registrations/)$")


def client_address(request) -> str:
    """The address the request came from, as this installation's own proxies saw it."""
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies:
        hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        hops = [h for h in hops if h]
        if len(hops) >= proxies:
            return hops[-proxies]
    return request.META.get("REMOTE_ADDR", "")


def throttle_key(kind: str, *parts: str) -> str:
    """The cache key counting ``kind`` for ``parts`` (an address, an account), hashed."""
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return f"{kind}:{digest}"


def _name(value) -> str:
    """An account's name or an e-mail address as counted: case and spaces around ignored."""
    return value.strip().lower()[:_NAME_CHARS] if isinstance(value, str) else ""


def _count(key: str) -> int:
    return cache.get(key, 0)


def throttle_bump(key: str, window: int) -> int:
    """One more for ``key``, whose window starts at its first; the new count."""
    cache.add(key, 0, timeout=window)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window)
        return 1


def _pair_key(request, username: str) -> str:
    return throttle_key("signin-failures", client_address(request), username)


def _address_key(request) -> str:
    return throttle_key("signin-failures-address", client_address(request))


def signin_username(request) -> str:
    """The account a sign-in names: the form's ``username``, or the API's JSON ``username``."""
    if request.content_type == "application/json":
        try:
            body = json.loads(request.body or b"{}")
        except (ValueError, RecursionError, RequestDataTooBig):  # the API's parser answers it
            return ""
        return _name(body.get("username")) if isinstance(body, dict) else ""
    return _name(request.POST.get("username"))


def blocked(request, username: str) -> str | None:
    """Why a sign-in to ``username`` from this address is refused now (the message), or None."""
    if _count(_address_key(request)) >= settings.SIGNIN_ADDRESS_FAILURE_LIMIT:
        return _("Too many failed sign-ins from your address. Try again in %(minutes)d "
                 "minutes.")
    if _count(_pair_key(request, username)) >= settings.SIGNIN_FAILURE_LIMIT:
        return _("Too many failed sign-ins to this account from your address. Try again in "
                 "%(minutes)d minutes.")
    return None


@receiver(user_login_failed)
def count_failure(sender, credentials=None, request=None, **kwargs) -> None:
    """One more failure for the account from the client's address, and for the address."""
    if request is None:
        return
    username = _name((credentials or {}).get("username"))
    throttle_bump(_pair_key(request, username), settings.SIGNIN_FAILURE_WINDOW)
    throttle_bump(_address_key(request), settings.SIGNIN_FAILURE_WINDOW)


def reset_refusal(request) -> str | None:
    """Count a password reset request; "address" when the address asked too often, "email"
    when that e-mail address did (nothing is sent), None when it may go on."""
    window = settings.PASSWORD_RESET_WINDOW
    if throttle_bump(throttle_key("signin-reset-address", client_address(request)), window) \
            > settings.PASSWORD_RESET_ADDRESS_LIMIT:
        return "address"
    email = _name(request.POST.get("email"))
    if email and throttle_bump(throttle_key("signin-reset-email", email), window) \
            > settings.PASSWORD_RESET_EMAIL_LIMIT:
        return "email"
    return None


class SignInThrottle:
    """Refuse a sign-in (a POST to one of ``SIGNIN_PATHS``) for an account and address with
    too many failures, or an address with too many on any account; and a password reset asked
    too often (``PASSWORD_RESET_PATHS``). 429 with ``Retry-After``, JSON for the API, the error
    page otherwise."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.path in settings.SIGNIN_PATHS:
            message = blocked(request, signin_username(request))
            if message:
                return refused(request, message, settings.SIGNIN_FAILURE_WINDOW)
        if request.method == "POST" and request.path in settings.PASSWORD_RESET_PATHS:
            why = reset_refusal(request)
            if why == "address":
                return refused(request, _(
                    "Too many password reset requests from your address. Try again in "
                    "%(minutes)d minutes."), settings.PASSWORD_RESET_WINDOW)
            if why == "email":
                return HttpResponseRedirect(reverse("password_reset_done"))
        if request.method == "POST" and REGISTRATION_POSTS.match(request.path) and \
                settings.REGISTRATIONS_PER_HOUR and throttle_bump(
                    throttle_key("signin-registrations", client_address(request)), 3600) \
                > settings.REGISTRATIONS_PER_HOUR:
            return refused(request, _("Too many registrations sent from your address. Try "
                                      "again in %(minutes)d minutes."), 3600)
        return self.get_response(request)


def refused(request, message: str, window: int):
    """429 saying ``message`` (its ``%(minutes)d`` filled in), and when to try again."""
    text = message % {"minutes": max(1, window // 60)}
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": text, "code": "throttled"}, status=429)
    else:
        response = render(request, "403.html", {"message": text}, status=429)
    response["Retry-After"] = str(window)
    return response
