"""The app's text: names compared and sorted without diacritics, made into addresses, points
and labels written for people. The one place the app turns such values into words (pages, the
API, Excel, print sheets); services write, they do not format."""

import re
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from string import ascii_uppercase

from django.utils.text import slugify

from scoring.points import format_points

# Đ/đ is a letter of its own, not D with a combining mark, so NFD does not split it.
_EXTRA = str.maketrans({"Đ": "D", "đ": "d"})


def fold(text: str) -> str:
    """Lower-case ASCII form of ``text``: "Nguyễn Đức" -> "nguyen duc"."""
    decomposed = unicodedata.normalize("NFD", text.translate(_EXTRA))
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.lower().split())


# Search is bounded in words and cost: a query is read up to this many characters, and its first
# distinct words only (each word is one more condition on every row searched).
SEARCH_MAX_CHARS = 100
SEARCH_MAX_WORDS = 5


def search_words(query: str) -> list[str]:
    """The words a search matches, folded: at most ``SEARCH_MAX_WORDS`` distinct words from
    the first ``SEARCH_MAX_CHARS`` characters of ``query``."""
    words = dict.fromkeys(fold(query[:SEARCH_MAX_CHARS]).split())
    return list(words)[:SEARCH_MAX_WORDS]


def whole_number(value) -> int | None:
    """``value`` (a query or form parameter) as an integer, or None if it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def name_sort_key(full_name: str) -> str:
    """Sort key for a Vietnamese full name: given name first (the last word), as Vietnamese
    lists are ordered, then the family and middle names, all without diacritics."""
    words = fold(full_name).split()
    if not words:
        return ""
    return " ".join([words[-1], *words[:-1]])


SLUG_MAX_CHARS = 70


def unique_slug(name: str, *, fallback: str, taken: Callable[[str], bool]) -> str:
    """The address of a new page made from ``name`` (Django's ``slugify``: ASCII letters,
    digits and hyphens, cut to ``SLUG_MAX_CHARS``; ``fallback`` when nothing is left),
    numbered ``-2``, ``-3``... while ``taken`` says the address is used."""
    base = slugify(name)[:SLUG_MAX_CHARS] or fallback
    slug, n = base, 1
    while taken(slug):
        n += 1
        slug = f"{base}-{n}"
    return slug


def name_key(name: str) -> str:
    """A player's name compared loosely: ``fold``, punctuation ignored too (an uploaded PGN's
    Red and Black against the round's players)."""
    return " ".join(re.sub(r"[^\w\s]", " ", fold(name)).split())


def group_labels(groups: int) -> list[str]:
    """The groups of a stage: A, B, C... (AA, AB... past Z)."""
    return [ascii_uppercase[i] if i < 26 else ascii_uppercase[i // 26 - 1] + ascii_uppercase[
        i % 26] for i in range(groups)]


Points = Fraction | Decimal | int | None


def points_text(value: Points | tuple[Points, ...], *, halves: bool = False,
                language: str | None = None) -> str:
    """Points as people read them, wherever the app writes them: exact, ``12``, ``12.5``,
    ``0.75`` (``scoring.points.format_points``); ``None`` as ``-``; a tuple (board-by-board
    sums, appendix §4) as ``3/2/1``. ``halves``: a half point as tables and score sheets write
    it, ``2½``, ``½``.

    ``language`` is the language of the text: None for the active one (the request's), an
    Excel sheet's own for a workbook. Every language writes a decimal point today.
    """
    if isinstance(value, tuple):
        return "/".join(points_text(v, halves=halves, language=language) for v in value)
    return format_points(value, halves=halves)
