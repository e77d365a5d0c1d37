"""The app's text: names compared and sorted without diacritics, made into addresses, points
and labels written for people. The one place the app turns such values into words (pages, the
API, Excel, print sheets); services write, they do not format."""

import re
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction
from string import ascii_uppercase

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from records import Colour
from scoring.points import format_points

# Đ/đ is a letter of its own, not D with a combining mark, so NFD does not split it.
_EXTRA = str.maketrans({"Đ": "D", "đ": "d"})


def fold(text: str) -> str:
    """Lower-case form of ``text`` without diacritics: "Nguyễn Đức" -> "nguyen duc". Never
    longer than ``text``: letters whose decomposition has no mark to drop are composed again
    (a Hangul syllable is three jamo decomposed), and lower-casing comes before the marks are
    dropped ("İ" lower-cased is "i" and a dot)."""
    decomposed = unicodedata.normalize("NFD", text.translate(_EXTRA).lower())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(unicodedata.normalize("NFC", stripped).split())


# Vietnamese tone marks (huyền, sắc, hỏi, ngã, nặng) as combining characters; the marks that
# make a letter (ă â ê ô ơ ư) are not tones.
_TONES = frozenset("\u0300\u0301\u0309\u0303\u0323")


def same_spelling(first: str, second: str) -> bool:
    """Whether two texts are written the same, as a reader sees them: Unicode composition,
    spacing and where a tone mark sits in its syllable aside ("Hoà" / "Hòa", "Thuý" /
    "Thúy", a decomposed "Huế" / "Huế"); case, letters and tones still count."""
    return _spelling_key(first) == _spelling_key(second)


def _spelling_key(text: str) -> str:
    words = []
    for word in unicodedata.normalize("NFD", text).split():
        tones = "".join(c for c in word if c in _TONES)
        words.append(unicodedata.normalize("NFC", "".join(c for c in word if c not in _TONES))
                     + tones)
    return " ".join(words)


# Search is bounded in words and cost: a query is read up to this many characters, and its first
# distinct words only (each word is one more condition on every row searched).
SEARCH_MAX_CHARS = 100
SEARCH_MAX_WORDS = 5


def search_words(query: str) -> list[str]:
    """The words a search matches, folded: at most ``SEARCH_MAX_WORDS`` distinct words from
    the first ``SEARCH_MAX_CHARS`` characters of ``query``."""
    words = dict.fromkeys(fold(query[:SEARCH_MAX_CHARS]).split())
    return list(words)[:SEARCH_MAX_WORDS]


def search_tokens(text: str) -> list[str]:
    """``text`` folded (``fold``) and cut into words at anything but a letter or a digit:
    "Lê-Thị (Hà Nội)" -> ["le", "thi", "ha", "noi"]. PostgreSQL's archive search cuts the
    same way (``f_archive_fold``, migration 0034), so both databases find the same rows."""
    return re.sub(r"[\W_]+", " ", fold(text)).split()


def search_text(*parts: str) -> str:
    """The stored words a search looks in (``Event.search_text``, ``Player.search_text``):
    each word of ``parts`` folded, each after one space (" giai co tuong 2024"), so that a
    word's beginning is found by ``LIKE '% word%'`` where PostgreSQL's full-text search is
    not there (SQLite)."""
    return "".join(" " + word for word in search_tokens(" ".join(p for p in parts if p)))


def whole_number(value) -> int | None:
    """``value`` (a query or form parameter) as an integer, or None if it is not one."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# Above any round, board or rank an event has; bounds the text int() reads.
QUERY_NUMBER_MAX = 1_000_000


def query_number(text: str | None, *, minimum: int = 0) -> int | None:
    """A query parameter (``after_round``, ``round``, ``after``, ``top``, ``game``) as a whole
    number: None when absent or empty ("not asked"); a ``ValueError`` with the reason in the
    reader's language when it is anything else than a whole number from ``minimum``."""
    text = (text or "").strip()
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or len(text) > 7 \
            or not minimum <= int(text) <= QUERY_NUMBER_MAX:
        raise ValueError(_("“%(value)s” is not a whole number from %(min)s.") % {
            "value": text[:20], "min": minimum})
    return int(text)


def name_sort_key(full_name: str) -> str:
    """Sort key for a Vietnamese full name: given name first (the last word), as Vietnamese
    lists are ordered, then the family and middle names, all without diacritics."""
    words = fold(full_name).split()
    if not words:
        return ""
    return " ".join([words[-1], *words[:-1]])


SLUG_MAX_CHARS = 70
# A short name in addresses as an organiser may type it: lower-case ASCII letters and digits in
# words joined by single hyphens, at most as long as the model's field.
SLUG_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SLUG_FIELD_CHARS = 80


def slug_text(name: str) -> str:
    """``name`` as words of an address, Vietnamese read as Vietnamese write it without marks:
    too, by ``fold``), then anything but ASCII letters and digits made one hyphen between
    words (``SLUG_PATTERN``): "Giải Vô địch" -> "giai-vo-dich"."""
    ascii_text = fold(name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


def slug_valid(slug: str) -> bool:
    """Whether ``slug`` may be an address typed by an organiser (``SLUG_PATTERN``)."""
    return len(slug) <= SLUG_FIELD_CHARS and SLUG_PATTERN.fullmatch(slug) is not None


def unique_slug(name: str, *, fallback: str, taken: Callable[[str], bool]) -> str:
    """The address of a new page made from ``name`` (``slug_text``, cut to
    ``SLUG_MAX_CHARS``; ``fallback`` when nothing is left), numbered ``-2``, ``-3``... while
    ``taken`` says the address is used."""
    base = slug_text(name)[:SLUG_MAX_CHARS].strip("-") or fallback
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


def colour_letter(colour: Colour | None) -> str:
    """A side's letter in a crosstable cell, from the law's words for the two sides (Art. 2.2,
    docs/law.md): Vietnamese ``t`` (*Trắng*) and ``đ`` (*Đen*), English ``w`` and ``b``."""
    if colour is None:
        return ""
    if colour is Colour.WHITE:
        return pgettext("colour letter of White in a crosstable", "w")
    return pgettext("colour letter of Black in a crosstable", "b")


Points = Fraction | Decimal | int | None


# Inside ``machine_numbers``: numbers are written for programs (the API), with a decimal point.
_MACHINE = ContextVar("machine_numbers", default=False)


@contextmanager
def machine_numbers() -> Iterator[None]:
    """Numbers written inside are for programs, not people: a decimal point whatever the
    language (the API's texts stay ``"2.5"``)."""
    token = _MACHINE.set(True)
    try:
        yield
    finally:
        _MACHINE.reset(token)


def decimal_mark(language: str | None = None) -> str:
    """The decimal mark of ``language`` (None: the active one): Vietnamese writes ``2,5``,
    English ``2.5``; a point inside ``machine_numbers`` when no language is given."""
    if language is None and _MACHINE.get():
        return "."
    return "," if (language or get_language() or "").startswith("vi") else "."


def points_text(value: Points | tuple[Points, ...], *, halves: bool = False,
                language: str | None = None) -> str:
    """Points as people read them, wherever the app writes them: exact, ``12``, ``12,5``
    (Vietnamese) or ``12.5`` (English), ``0,75``; ``None`` as ``-``; a tuple (board-by-board
    sums, appendix §4) as ``3/2/1``. ``halves``: a half point as tables and score sheets write
    it, ``2½``, ``½``.

    ``language`` is the language of the text: None for the active one (the request's), an
    Excel sheet's own for a workbook. The API keeps JSON numbers and does not use it.
    """
    if isinstance(value, tuple):
        return "/".join(points_text(v, halves=halves, language=language) for v in value)
    return format_points(value, halves=halves).replace(".", decimal_mark(language))


class NumberStyle(StrEnum):
    """How ``number_text`` writes a value other than points."""

    #: a rating change as chess-results prints "Rtg+/-": one decimal, half up, signed: ``+7,4``
    SIGNED = "signed"
    #: an expected score: two decimals, half up: ``3,42``
    HUNDREDTHS = "hundredths"
    #: a score fraction as a percentage, one decimal at most, half up: ``66,7%``
    PERCENT = "percent"


_PLACES = {NumberStyle.SIGNED: Decimal("0.1"), NumberStyle.HUNDREDTHS: Decimal("0.01"),
           NumberStyle.PERCENT: Decimal("0.1")}


def number_text(value: Fraction | Decimal | int | None, *, style: NumberStyle,
                language: str | None = None) -> str:
    """A tie-break value, rating change or percentage written for people in ``language``
    (None: the active one), with its decimal mark (``decimal_mark``); ``None`` as ``""``."""
    if value is None:
        return ""
    exact = Fraction(value) * (100 if style is NumberStyle.PERCENT else 1)
    rounded = (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(
        _PLACES[style], ROUND_HALF_UP)
    rounded = rounded.copy_abs() if rounded == 0 else rounded  # no "-0,0"
    text = str(rounded).replace(".", decimal_mark(language))
    if style is NumberStyle.SIGNED:
        return f"+{text}" if rounded > 0 else text
    if style is NumberStyle.PERCENT:
        return f"{text.removesuffix(decimal_mark(language) + '0')}%"
    return text


def vnd_text(amount) -> str:
    """An amount of đồng as Vietnam writes it, whatever the page's language: "1.200.000 đ"
    (dots between thousands; the đồng has no smaller unit)."""
    if amount is None or amount == "":
        return ""
    sign = "−" if int(amount) < 0 else ""
    return f"{sign}{abs(int(amount)):,} đ".replace(",", ".")
