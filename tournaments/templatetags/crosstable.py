"""The crosstable's rows (a 2,000 × 13 page under half a second, docs/benchmarks.md).

A crosstable of 2,000 players and 13 rounds has 26,000 cells; rendered by the template's
``{% for %}`` with four tags per cell and eight per row, they were most of the page's time.
``cross_rows`` writes the rows in one pass, ``cross_cells`` a row's cells, escaping what the
selector worded (``CrossRowView``, ``CrossCell``)."""

from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.models import EntryStatus

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


@register.simple_tag
def cross_rows(cross, entry_prefix: str) -> SafeString:
    """The ``<tr>`` of each row of ``cross`` (``CrosstableView``): rank (a dash when not
    ranked, Art. 21.5.1), number, name linked to the entry's page (``entry_prefix`` + id), a
    note when withdrawn, the cells, the points."""
    withdrew = f' <small class="muted">({escape(_("withdrew"))})</small>'
    html = []
    for row in cross.rows:
        entry = row.entry
        rank = "–" if row.rank is None else row.rank
        note = withdrew if entry.status == EntryStatus.WITHDRAWN else ""
        html.append(
            f'\n<tr><td class="num">{rank}</td><td class="num">{row.number}</td>'
            f'<td class="name stick"><a href="{escape(entry_prefix)}{entry.pk}/">'
            f'{escape(entry.name)}</a>{note}</td>\n  '
            f'{cross_cells(row.cells, cross.round_robin)}\n'
            f'  <td class="num"><strong>{escape(row.points)}</strong></td></tr>\n')
    return mark_safe("".join(html))  # noqa: S308 (every part escaped above)
