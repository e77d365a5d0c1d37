"""Public reads of an event from cache: validators, 304s and cached answers.

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

A read sees only the query parameters it uses (``READ_QUERIES``): the others are taken out of
the request before the view runs, so the answer and its cache key are the same with or without
them (``?x=random`` is answered from the cache). A visitor's reads that the cache cannot answer
are counted per address (the expensive ones, ``THROTTLED_READS``: tables, exports, PDFs):
over ``ANONYMOUS_RENDERS_PER_MINUTE`` renders a minute, 429 with ``Retry-After`` and a message in
the page's language. Answers from the cache and 304s are not counted.
"""

import hashlib
import re

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified, JsonResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.compat import csrf_secret
from tournaments.selectors.relay import relay_in_play
from tournaments.signin_throttle import client_address, throttle_bump, throttle_key
from tournaments.versions import version_of

# URL names of the public reads of one event, and the URL argument naming it: an event's
# slug for pages, its id for the API. Pages that read more than the event (the rating pages
# follow the latest rating list) are not here.
PUBLIC_READS = {
    **dict.fromkeys([
        "tournaments:event_detail", "tournaments:entries", "tournaments:entry",
        "tournaments:rounds", "tournaments:round", "tournaments:standings",
        "tournaments:crosstable", "tournaments:prizes", "tournaments:trf_public",
        "tournaments:bracket",
        "tournaments:board_results", "tournaments:excel_download",
        "tournaments:event_version", "tournaments:hall_screen",
        "tournaments:game", "tournaments:game_pgn",
        "tournaments:round_pgn", "tournaments:event_pgn", "tournaments:print",
        "tournaments:print_pdf", "tournaments:rounds_calendar"], "slug"),
    **dict.fromkeys(["event-detail", "event-standings", "event-crosstable", "event-version",
                     "event-prizes"], "pk"),
    **dict.fromkeys([
        "event-entries", "event-rounds", "event-round", "event-bracket", "event-trf",
        "event-board-results", "event-team", "event-fouls", "round-pgn"], "event_pk"),
}

# The query parameters each public read uses (a round, a game, the round a table is after, a
# printed sheet's choices; the API's ``format``); any other is taken out of the request.
# tests/tournaments/views/test_read_queries.py fails on a name a read asks for that is not here.
READ_QUERIES = {
    "tournaments:rounds": {"round", "find", "board"},
    "tournaments:round": {"find", "board"},
    "tournaments:entries": {"sort", "q", "sex", "title", "club", "province", "status"},
    "tournaments:standings": {"after"},
    "tournaments:crosstable": {"after"},
    "tournaments:prizes": {"after"},
    "tournaments:board_results": {"after"},
    "tournaments:excel_download": {"round"},
    "tournaments:game": {"game", "ply", "pieces"},
    "tournaments:hall_screen": {"every", "views", "rows"},
    "tournaments:game_pgn": {"game"},
    "tournaments:print": {"round", "after", "top"},
    "tournaments:print_pdf": {"round", "after", "top"},
    "event-standings": {"after_round"},
    "event-crosstable": {"after_round"},
    "event-prizes": {"after_round"},
    "event-board-results": {"after_round"},
    "event-trf": {"drafts", "edition"},
    "event-entries": {"page"},
}
API_QUERIES = frozenset({"format"})
# The reads whose renders a visitor's address may make only so many of a minute: an event's
# tables and exports (the heavy ones for a 1,000-player event), and the championship's workbook.
THROTTLED_READS = frozenset({
    "tournaments:standings", "tournaments:crosstable", "tournaments:prizes",
    "tournaments:board_results",
    "tournaments:excel_download", "tournaments:trf_public", "tournaments:event_pgn",
    "tournaments:round_pgn", "tournaments:print", "tournaments:print_pdf",
    "tournaments:championship_excel",
    "event-standings", "event-crosstable", "event-prizes", "event-board-results", "event-trf",
    "round-pgn",
})
RENDER_WINDOW_SECONDS = 60
# The reads that show relayed games (docs/live.md, "Relay"), and the URL argument naming the
# board or round they show (None: the whole event). A relayed move does not raise the event's
# version, and the statute's delay in minutes makes the public answer change with the clock:
# while such a game is in play these reads are answered fresh, with no validator.
RELAY_READS = {"tournaments:game": "board_id", "tournaments:game_pgn": "board_id",
               "tournaments:round_pgn": "number", "tournaments:event_pgn": None}

_TOKEN = re.compile(r"[A-Za-z0-9]{64}")
_SENTINEL = "@@csrf-token@@"
_KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language",
                 "Content-Security-Policy")
MAX_STORED_BYTES = 8 * 1024 * 1024
# The API's ``Accept`` headers whose answers are stored; any other is answered fresh.
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


def _is_api(view_name: str) -> bool:
    return not view_name.startswith("tournaments:")


def _used_queries_only(request, view_name: str) -> None:
    """Take out of the request the query parameters the read does not use (``READ_QUERIES``),
    the kept ones in a fixed order: the view, the page's own links and the cache's key see the
    same address whatever else was added to it."""
    used = READ_QUERIES.get(view_name, set()) | (API_QUERIES if _is_api(view_name) else set())
    kept = QueryDict(mutable=True)
    for name in sorted(set(request.GET) & used):
        kept.setlist(name, request.GET.getlist(name))
    query = kept.urlencode()
    if query != request.META.get("QUERY_STRING", ""):
        kept._mutable = False
        request.GET = kept
        request.META["QUERY_STRING"] = query


def _storable(request) -> bool:
    """A visitor's request, which the shared cache may answer: no session, credentials or
    flash message (which the page would show once); and, so that nobody can fill the cache by
    varying the address or the headers, short plain values of the queries the read uses and,
    for the API, one of the usual ``Accept`` headers."""
    return (_credentials(request) == "|" and "messages" not in request.COOKIES
            and request.method == "GET"
            and all(len(values) == 1 and values[0].isalnum() and values[0].isascii()
                    and len(values[0]) <= 4 for values in dict(request.GET.lists()).values())
            and (not _is_api(request.resolver_match.view_name)
                 or request.headers.get("Accept", "") in STORED_ACCEPTS))


def _anonymous(request) -> bool:
    """Nobody signed in: no session's user and, for the API, no token (which the API checks
    before its view does anything, refusing a wrong one at once). Any other ``Authorization``
    header is nobody's: neither the pages nor the API read it."""
    user = getattr(request, "user", None)
    return not (user is not None and user.is_authenticated) and not (
        _is_api(request.resolver_match.view_name)
        and request.headers.get("Authorization", "").startswith("Token "))


def _over_render_rate(request) -> bool:
    """Count one render of an expensive read for the visitor's address; whether it is one too
    many this minute (``ANONYMOUS_RENDERS_PER_MINUTE``; 0: no limit)."""
    limit = settings.ANONYMOUS_RENDERS_PER_MINUTE
    if not limit:
        return False
    key = throttle_key("throttle-anonymous-renders", client_address(request))
    return throttle_bump(key, RENDER_WINDOW_SECONDS) > limit


def _throttled(request):
    """429 for a visitor who asked for too many renders: JSON ``{detail, code}`` for the API,
    the error page in the page's language otherwise."""
    message = _("Too many pages asked from your address in a minute: wait a minute and try "
                "again.")
    if _is_api(request.resolver_match.view_name):
        response = JsonResponse({"detail": message, "code": "throttled"}, status=429)
    else:
        response = render(request, "403.html", {"message": message}, status=429)
    response["Retry-After"] = str(RENDER_WINDOW_SECONDS)
    return response


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
        lambda m: _SENTINEL if csrf_secret(m.group()) == secret else m.group(),
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


def _keep_seconds(request) -> int:
    """How long a stored answer is kept: ``FINISHED_PUBLIC_CACHE_SECONDS`` for a page of a
    finished event (the page's view says so, ``views/public_context.py``), else
    ``PUBLIC_CACHE_SECONDS``. Never wrong for longer: a write's new version is a new key."""
    if getattr(request, "public_read_finished", False):
        return max(settings.PUBLIC_CACHE_SECONDS, settings.FINISHED_PUBLIC_CACHE_SECONDS)
    return settings.PUBLIC_CACHE_SECONDS


def _relay_in_play(slug: str, number, argument: str | None) -> bool:
    """Whether a read of ``RELAY_READS`` shows a relayed game still in play (one query)."""
    where = {"board_pk": number} if argument == "board_id" else (
        {"round_number": number} if argument == "number" else {})
    return relay_in_play(event_slug=slug, **where)


class PublicReadCache:
    """Middleware (the innermost one): validators, 304s and the shared cache of public reads."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        found = getattr(request, "_public_read", None)
        if found is None:
            if getattr(request, "_relay_in_play", False):
                response["Cache-Control"] = "no-cache"
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
                               timeout=_keep_seconds(request))
        _validated(response, request, etag)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        name = match.view_name if match else ""
        argument = PUBLIC_READS.get(name)
        if request.method not in ("GET", "HEAD"):
            return None
        if argument is None:
            return _throttled(request) if name in THROTTLED_READS and _anonymous(request) \
                and _over_render_rate(request) else None
        _used_queries_only(request, name)
        value = view_kwargs.get(argument)
        if value is None:
            return None
        if name in RELAY_READS and _relay_in_play(value, view_kwargs.get(RELAY_READS[name]),
                                                  RELAY_READS[name]):
            request._relay_in_play = True
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
        if name in THROTTLED_READS and _anonymous(request) and _over_render_rate(request):
            if store:
                cache.delete(_render_lock(asked))
            return _throttled(request)
        request._public_read = (asked, etag, store)
        return None
