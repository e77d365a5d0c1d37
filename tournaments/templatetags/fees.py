"""Amounts of đồng in pages and print sheets: ``{{ amount|vnd }}`` is "1.200.000 đ"."""

from django import template

from tournaments.text import vnd_text

register = template.Library()


@register.filter
def vnd(amount) -> str:
    return vnd_text(amount)
