"""Short forms of results for tables: "0-0 (both lose, Art. 7.1 i)" prints as "0-0"."""

from django import template

register = template.Library()


@register.filter
def short_result(label) -> str:
    return str(label).split(" ")[0] if label else ""
