"""Short forms of results for tables: "0-0 (both lose, Art. 7.1 i)" prints as "0-0"."""

from django import template

from tournaments.text import points_text

register = template.Library()


@register.filter
def short_result(label) -> str:
    return str(label).split(" ")[0] if label else ""


@register.filter
def points(value) -> str:
    """Points as exact decimal text in the page's language (2,5 in Vietnamese, 2.5 in English;
    never 5/2): ``tournaments/text.py: points_text``."""
    return points_text(value)


@register.filter
def clock(seconds) -> str:
    """A clock's time left, "1:05:30" (Art. 10.3.1: the clocks at an adjournment)."""
    if seconds is None:
        return ""
    minutes, second = divmod(int(seconds), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02d}:{second:02d}"
