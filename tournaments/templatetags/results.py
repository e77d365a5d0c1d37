"""Short forms of results for tables: "0-0 (both lose, Art. 7.1 i)" prints as "0-0"."""

from django import template

from scoring.points import format_points

register = template.Library()


@register.filter
def short_result(label) -> str:
    return str(label).split(" ")[0] if label else ""


@register.filter
def points(value) -> str:
    """Points as exact decimal text (2.5, not 5/2); the scoring engine's ``format_points``."""
    return format_points(value)
