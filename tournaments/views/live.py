"""The live feed of an event as Server-Sent Events (``tournaments/live.py``, docs/live.md).

``/events/<slug>/live/``: anyone who may see the event, the public audience (relayed moves after
the statute's delay); ``/manage/<slug>/live/``: the event's staff, everything at once. A client
resumes after the ``Last-Event-ID`` header (or ``?after=``). Under ASGI (uvicorn, production's
server for these two paths) the stream is an async generator fed by the process's one reader of
the event's feed; under WSGI (``runserver``, the tests' live server) a generator that blocks a
thread. The feed unreachable: 503 at once; the pages keep their 30 s version check.
"""

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, StreamingHttpResponse
from django.utils.translation import gettext as _

from tournaments.live import FeedUnavailable, live_stream, live_stream_sync
from tournaments.views._access import event_for
from tournaments.views.public_context import get_visible_event_or_404


async def event_live(request, slug):
    """The public audience's stream of an event the visitor may see (404 otherwise)."""
    event = await sync_to_async(get_visible_event_or_404)(request, slug)
    return await _stream(request, event.pk, "public")


async def manage_live(request, slug):
    """The staff's stream: only the event's organisers and arbiters (403 for others)."""
    event = await sync_to_async(event_for)(request, slug)
    return await _stream(request, event.pk, "staff")


async def _stream(request, event_id: int, audience: str):
    after = request.headers.get("Last-Event-ID") or request.GET.get("after") or None
    try:
        if isinstance(request, ASGIRequest):
            body = await live_stream(event_id, audience, after=after)
        else:
            body = await sync_to_async(live_stream_sync)(event_id, audience, after=after)
    except FeedUnavailable:
        response = HttpResponse(
            _("The live feed is unavailable: the page checks for changes every 30 seconds."),
            status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = "10"
        response["Cache-Control"] = "no-store"
        return response
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx passes each event on at once
    return response
