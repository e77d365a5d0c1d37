"""Public reads of an event from cache (issue 23): validators, 304s and cached answers.

Every public page and public API read of an event (``PUBLIC_READS``) gets an ETag made of the
event's version (``tournaments/versions.py``), the language, who asks (a visitor, or one
signed-in session or API token), the address with its query string and the negotiated format.
A request whose ``If-None-Match`` holds that ETag is answered 304 without running the view.

A visitor's request (no session, no pending message, no credentials) is answered from the
shared cache when the same address was rendered at the same version; the first one renders it
and stores it. A write bumps the version, so the next request misses and renders again; other
events' cached answers are untouched. While one request renders a page again after a write,
the others asking for the same page get its previous answer (no stampede of renders of a
1,000-player table). A page's CSRF tokens are taken out before it is stored
and the asker's own token is put back when it is served, so no visitor gets another's token.

Signed-in users (organisers and arbiters see draft rounds on the same pages) get validators
too, for their own session only, and ``Cache-Control: private``; their pages are never stored.
"""

import hashlib
import re

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.middleware.csrf import _unmask_cipher_token, get_token
from django.utils.translation import get_language

from tournaments.versions import version_of

# URL names of the public reads of one event, and the URL argument naming it: an event's
# slug for pages, its id for the API. Pages that read more than the event (the rating pages
# follow the latest rating list) are not here.
PUBLIC_READS = {
    **dict.fromkeys([
        "tournaments:event_detail", "tournaments:entries", "tournaments:entry",
        "tournaments:rounds", "tournaments:round", "tournaments:standings",
        "tournaments:crosstable", "tournaments:trf_public", "tournaments:bracket",
        "tournaments:board_results", "tournaments:excel_download",
        "tournaments:event_version", "tournaments:game", "tournaments:game_pgn",
        "tournaments:round_pgn", "tournaments:event_pgn", "tournaments:print",
        "tournaments:print_pdf"], "slug"),
    **dict.fromkeys(["event-detail", "event-standings", "event-crosstable", "event-version"],
                    "pk"),
    **dict.fromkeys([
        "event-entries", "event-rounds", "event-round", "event-bracket", "event-trf",
        "event-board-results", "event-team", "event-fouls", "round-pgn"], "event_pk"),
}

_TOKEN = re.compile(r"[A-Za-z0-9]{64}")
_SENTINEL = "@@csrf-token@@"
_KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language",
                 "Content-Security-Policy")
MAX_STORED_BYTES = 8 * 1024 * 1024
# The queries of a stored answer (the round of a table: ``?after=``, ``?after_round=``) and
# the API's ``Accept`` headers whose answers are stored; any other is answered fresh.
STORED_QUERIES = frozenset({"after", "after_round"})
STORED_ACCEPTS = frozenset({"", "*/*", "application/json"})
# While one request renders a page again after a write, the others asking for it get the
# previous answer rather than all rendering it at once; the lock ends with that request (or
# after this many seconds, if its process died).
RENDER_LOCK_SECONDS = 30


def _render_lock(asked: str) -> str:
    return f"public-render:{asked}"


def _latest(asked: str) -> str:
    return f"public-latest:{asked}"


def _credentials(request) -> str:
    """What makes an answer personal: the session cookie and the API credentials."""
    return (request.COOKIES.get(settings.SESSION_COOKIE_NAME, "") + "|"
            + request.headers.get("Authorization", ""))


def _storable(request) -> bool:
    """A visitor's request, which the shared cache may answer: no session, credentials or
    flash message (which the page would show once); and, so that nobody can fill the cache by
    varying the address or the headers, no query but a small round number
    (``STORED_QUERIES``) and, for the API, one of the usual ``Accept`` headers."""
    api = not request.resolver_match.view_name.startswith("tournaments:")
    return (_credentials(request) == "|" and "messages" not in request.COOKIES
            and request.method == "GET"
            and all(name in STORED_QUERIES and len(values) == 1 and values[0].isdigit()
                    and len(values[0]) <= 3 for name, values in request.GET.lists())
            and (not api or request.headers.get("Accept", "") in STORED_ACCEPTS))


def _asked(request, pk: int) -> str:
    """What the answer depends on besides the version: the event, the language, who asks,
    the address with its query string, whether htmx asks and, for the API, the format asked
    for (pages are HTML whatever the ``Accept``)."""
    api = not request.resolver_match.view_name.startswith("tournaments:")
    asked = "\n".join([
        get_language() or "", _credentials(request), request.get_full_path(),
        request.headers.get("Accept", "") if api else "",
        "htmx" if request.headers.get("HX-Request") else "",
    ])
    return f"e{pk}-" + hashlib.blake2b(asked.encode(), digest_size=10).hexdigest()


def _etag(asked: str, version: int) -> str:
    return f'"{asked}-v{version}"'


def _matches(request, etag: str) -> bool:
    asked = request.headers.get("If-None-Match", "")
    return any(tag.strip().removeprefix("W/") == etag for tag in asked.split(","))


def _without_tokens(request, content: str) -> str | None:
    """The page with the asker's CSRF tokens replaced by a placeholder (None if the page
    already holds the placeholder, which a visitor could have typed)."""
    secret = request.META.get("CSRF_COOKIE")
    if _SENTINEL in content:
        return None
    if not secret:
        return content
    return _TOKEN.sub(
        lambda m: _SENTINEL if _unmask_cipher_token(m.group()) == secret else m.group(),
        content)


def _stored(response, request) -> dict | None:
    """What the cache keeps of a fresh answer, or None if it must not be kept."""
    if (response.status_code != 200 or response.streaming
            or len(response.content) > MAX_STORED_BYTES
            or any(name != settings.CSRF_COOKIE_NAME for name in response.cookies)):
        return None
    content = response.content
    if response.get("Content-Type", "").startswith("text/html"):
        text = _without_tokens(request, content.decode(response.charset))
        if text is None:
            return None
        content = text.encode(response.charset)
    headers = {name: response[name] for name in _KEPT_HEADERS if response.has_header(name)}
    # Kept cut where the tokens go, so serving it is one join (a 1,000-player table is
    # 400 kB: searching it on every request would cost more than the rest of the answer).
    return {"parts": content.split(_SENTINEL.encode()), "headers": headers}


def _replayed(stored: dict, request) -> HttpResponse:
    parts = stored["parts"]
    content = get_token(request).encode().join(parts) if len(parts) > 1 else parts[0]
    response = HttpResponse(content)
    for name, value in stored["headers"].items():
        response[name] = value
    return response


def _validated(response, request, etag: str) -> None:
    response["ETag"] = etag
    private = _credentials(request) != "|" or bool(response.cookies) \
        or "CSRF_COOKIE_NEEDS_UPDATE" in request.META
    response["Cache-Control"] = ("private" if private else "public") + ", no-cache"


class PublicReadCache:
    """Middleware (the innermost one): validators, 304s and the shared cache of public reads."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        found = getattr(request, "_public_read", None)
        if found is None:
            return response
        asked, etag, store = found
        if store:
            cache.delete(_render_lock(asked))
        if response.status_code != 200:
            if store:
                cache.delete(_latest(asked))  # e.g. the event is no longer public
            return response
        user = getattr(request, "user", None)  # the API's authentication sets it here too
        if store and not (user is not None and user.is_authenticated):
            stored = _stored(response, request)
            if stored is not None:
                cache.set_many({f"public-read:{etag}": stored,
                                _latest(asked): {**stored, "etag": etag}},
                               timeout=settings.PUBLIC_CACHE_SECONDS)
        _validated(response, request, etag)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        argument = PUBLIC_READS.get(match.view_name if match else "")
        if argument is None or request.method not in ("GET", "HEAD"):
            return None
        value = view_kwargs.get(argument)
        if value is None:
            return None
        found = version_of(slug=value) if argument == "slug" else version_of(pk=int(value))
        if found is None:
            return None
        pk, version = found
        asked = _asked(request, pk)
        etag = _etag(asked, version)
        if _matches(request, etag):
            response = HttpResponseNotModified()
            _validated(response, request, etag)
            return response
        store = _storable(request) and bool(settings.PUBLIC_CACHE_SECONDS)
        if store:
            stored = cache.get(f"public-read:{etag}")
            if stored is None and not cache.add(_render_lock(asked), 1, RENDER_LOCK_SECONDS):
                stored = cache.get(_latest(asked))  # being rendered: the previous answer
                store = stored is None
            if stored is not None:
                response = _replayed(stored, request)
                _validated(response, request, stored.get("etag", etag))
                return response
        request._public_read = (asked, etag, store)
        return None
