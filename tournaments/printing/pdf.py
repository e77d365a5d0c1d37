"""Rendering a print sheet's HTML as PDF with WeasyPrint (docs/dependencies.md says why).

The renderer fetches nothing from the network: stylesheets and fonts are read from the
project's static files, any other address is refused, so a name or text typed by a user can
never make the server fetch a URL.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders

# The document's own address: relative links resolve under it; it is never fetched.
BASE_URL = "https://print.invalid/"


def static_file(url: str) -> Path | None:
    """The static file a ``/static/...`` address of ``BASE_URL`` names, if any: a relative
    name inside the static folders, never an absolute path or a way up."""
    prefix = BASE_URL.rstrip("/") + settings.STATIC_URL
    if not url.startswith(prefix):
        return None
    name = url[len(prefix):].split("?")[0].split("#")[0]
    parts = name.split("/")
    if not name or name.startswith("/") or "\\" in name or ".." in parts or ":" in name:
        return None
    found = finders.find(name)
    if found:
        return Path(found)
    if settings.STATIC_ROOT:  # deployed: the collected (hashed) names
        collected = Path(settings.STATIC_ROOT) / name
        return collected if collected.is_file() else None
    return None


def _fetcher():
    from weasyprint import URLFetcher
    from weasyprint.urls import URLFetcherResponse

    class StaticOnly(URLFetcher):
        def fetch(self, url, headers=None):
            path = static_file(url)
            if path is None:
                raise ValueError(f"not fetched when printing: {url[:80]}")
            mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime})

    return StaticOnly()


def pdf_bytes(html: str, progress: Callable[[int, int], None] | None = None) -> bytes:
    """The PDF of a print sheet's ``html``: laid out into pages, then written; ``progress``
    hears (1, 2) after the layout, the long part, and (2, 2) at the end."""
    from weasyprint import HTML  # imported on use: it loads Pango, a second or so

    document = HTML(string=html, base_url=BASE_URL, url_fetcher=_fetcher()).render()
    if progress:
        progress(1, 2)
    data = document.write_pdf()
    if progress:
        progress(2, 2)
    return data
