"""The statute's prizes in templates: a winner's prize beside their row, money in đồng."""

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def prize_of(prizes, number) -> str:
    """The prize of table number ``number`` ("Nữ 1"), "" for none (``PrizesView``)."""
    line = prizes.by_number.get(number) if prizes else None
    return f"{line.category} {line.place or ''}".strip() if line else ""


@register.filter
def money(amount) -> str:
    """An amount in đồng, grouped as the page's language writes numbers (5.000.000 đ)."""
    return f"{number_format(amount or 0, decimal_pos=0, force_grouping=True)} đ"
