"""ASGI entry point: ``uvicorn config.asgi:application`` (docs/deployment.md).

Production serves the live feed's streams here (``/events/<slug>/live/``,
``/manage/<slug>/live/``, ``tournaments/views/live.py``) and everything else with gunicorn.

Django runs each request's synchronous code (the middlewares, the access check) in a thread of
that request's own, kept until the request ends: for a stream of hours that is a thread, and a
database connection, per spectator. The streams therefore run their synchronous code in the
process's one shared thread instead (no ``ThreadSensitiveContext``): a few milliseconds per
connection, one after the other, and one database connection for them all.
"""

import os
import re

import django
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

STREAMS = re.compile(r"/(events|manage)/[-\w]+/live/")


class Handler(ASGIHandler):
    """Django's ASGI handler, whose live streams share one thread for their synchronous code."""

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and STREAMS.fullmatch(scope["path"]):
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


application = Handler()
