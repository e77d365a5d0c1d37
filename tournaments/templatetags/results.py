"""Short forms of results for tables: "0-0 (both lose, Art. 7.1 i)" prints as "0-0"."""

from django import template

from tournaments.text import points_text

register = template.Library()


@register.filter
def short_result(label) -> str:
    return str(label).split(" ")[0] if label else ""


@register.filter
def points(value) -> str:
    """Points as exact decimal text (2.5, not 5/2): ``tournaments/text.py: points_text``."""
    return points_text(value)
