"""Links to the print sheets that a page offers: only those the event has and the
visitor may print (``printing/sheets.py``)."""

from django import template

from tournaments.printing.sheets import sheets_for

register = template.Library()


@register.inclusion_tag("tournaments/print/_links.html")
def print_links(event, keys: str, staff=False, round_number=None):
    """Print and PDF links for the sheets named in ``keys`` (space-separated), of round
    ``round_number`` for the sheets of a round."""
    wanted = keys.split()
    sheets = [s for s in sheets_for(event, staff=bool(staff)) if s.key in wanted]
    sheets.sort(key=lambda s: wanted.index(s.key))
    return {"event": event, "sheets": sheets, "round_number": round_number}
