"""The crosstable's cells, a row at a time (issue 23: the 2,000 × 13 page under half a second).

A crosstable of 2,000 players and 13 rounds has 26,000 cells; rendered by the template's
``{% for %}`` with four tags per cell, they were most of the page's time. ``cross_cells``
writes a row's cells in one pass, escaping what the selector worded (``CrossCell``)."""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

# A Swiss round without a game or bye for the row: absent (shown as a dash).
ABSENT = '<span class="muted">–</span>'


@register.filter
def cross_cells(cells, round_robin: bool) -> SafeString:
    """The ``<td>`` of each ``CrossCell`` of a row: its marks, its class (``self`` on the
    diagonal, ``x-cell`` for a cancelled game, Art. 21.5) and its round as the title; an empty
    Swiss cell shows a dash, an empty round-robin cell nothing."""
    empty = "" if round_robin else ABSENT
    attributes: dict[tuple[str, str], str] = {}
    html = []
    for cell in cells:
        key = (cell.css, cell.title)
        if key not in attributes:
            attributes[key] = f'<td class="{escape(cell.css)}" title="{escape(cell.title)}">'
        html.append(attributes[key])
        html.append(escape(cell.text) if cell.text else empty)
        html.append("</td>")
    return mark_safe("".join(html))  # noqa: S308 (every part escaped above)
