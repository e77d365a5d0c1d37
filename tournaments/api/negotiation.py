"""Content negotiation where ``?format=`` may also be a filter.

Events have a ``format`` (rr, swiss, ko...), and ``GET /api/events/?format=swiss`` filters by it.
DRF reads ``?format=`` to choose a renderer and answers 404 when none is called so; here a value
that names no renderer is left to the filters, and ``?format=json`` still chooses JSON.
"""

from rest_framework.negotiation import DefaultContentNegotiation


class FormatFilterFriendlyNegotiation(DefaultContentNegotiation):
    def filter_renderers(self, renderers, format):
        chosen = [renderer for renderer in renderers if renderer.format == format]
        return chosen or renderers
