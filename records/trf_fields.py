"""The pieces of a TRF file below a line: its bytes as text, and the numbers in its fields.

FIDE's TRF definition names no encoding, so the programs write their platform's: UTF-8 (with
or without a byte-order mark), UTF-16 from some Windows editors, Latin-1 or Windows-1252 for
Western names, Windows-1258 for Vietnamese ones. Lines end with CR LF, LF or CR alone.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from fractions import Fraction

# Windows-1258 writes most Vietnamese tones as a combining mark after the vowel (ế = ê + ́).
_TONE = re.compile("[\u0300\u0301\u0303\u0309\u0323]")
_VOWELS = frozenset("aăâeêioôơuưyAĂÂEÊIOÔƠUƯY")
_LINE_END = re.compile(r"\r\n|\r|\n")
_NUMBER = re.compile(r"[0-9]{1,4}")
_POINTS = re.compile(r"-?[0-9]{1,4}(?:\.[0-9]{1,3})?")
MAX_ROUNDS = 999  # TRF-2026 writes round numbers in three columns


class TrfError(ValueError):
    """A file that is not a usable TRF; the message names the line and the reason."""


def is_points(text: str) -> bool:
    """Whether ``text`` is a number of points as TRF files write them (``2.5``, ``10``)."""
    return _POINTS.fullmatch(text) is not None


def decode(data: bytes) -> tuple[str, str]:
    """The text of ``data`` and the name of the encoding it was read in. A byte-order mark
    decides; bytes that break the encoding it names are refused (:class:`TrfError`)."""
    for bom, codec, name in ((codecs.BOM_UTF8, "utf-8", "utf-8-sig"),
                             (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16"),
                             (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16")):
        if data.startswith(bom):
            body = data[len(bom):]
            try:
                return body.decode(codec), name
            except UnicodeDecodeError as error:
                line = body[:error.start].decode(codec, "replace").count("\n") + 1
                raise TrfError(f"line {line}: the file starts as {name} but is not (bytes "
                               "that encoding cannot hold)") from None
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    vietnamese = _windows_1258(data)
    if vietnamese is not None:
        return vietnamese, "windows-1258"
    if re.search(rb"[\x80-\x9f]", data):
        try:
            return data.decode("cp1252"), "windows-1252"
        except UnicodeDecodeError:
            pass
    return data.decode("latin-1"), "latin-1"


def lines(text: str) -> list[str]:
    """The lines of ``text`` whatever their ends (the numbers an editor shows start at 1)."""
    return _LINE_END.split(text.removeprefix("\ufeff"))


def _windows_1258(data: bytes) -> str | None:
    """The text read as Windows-1258 when it reads as Vietnamese: tone marks after vowels and
    never after anything else (Italian ò or ì after a consonant reads as a mark there). The
    marks stay separate characters: the file's columns count them."""
    try:
        text = data.decode("cp1258")
    except UnicodeDecodeError:
        return None
    before = [text[m.start() - 1] if m.start() else " " for m in _TONE.finditer(text)]
    after_vowel = sum(char in _VOWELS for char in before)
    return text if after_vowel and after_vowel == len(before) else None


def text_field(text: str) -> str:
    """A field's text without its padding, its letters composed (NFC): Windows-1258 writes a
    tone as its own character, and columns count it, so fields are composed once cut out."""
    return unicodedata.normalize("NFC", text.strip())


def read_int(text: str, line_no: int, what: str) -> int:
    if not _NUMBER.fullmatch(text.strip()):
        raise TrfError(f"line {line_no}: {what} {text.strip()!r} is not a number")
    return int(text)


def read_round(text: str, line_no: int, what: str) -> int:
    value = read_int(text, line_no, what)
    if value > MAX_ROUNDS:
        raise TrfError(f"line {line_no}: {what}: {value} rounds is more than {MAX_ROUNDS}")
    return value


def read_fraction(text: str, line_no: int, what: str) -> Fraction:
    if not _POINTS.fullmatch(text.strip()):
        raise TrfError(f"line {line_no}: {what} value {text.strip()!r} is not a number")
    return Fraction(text.strip())


def points_text(value: Fraction) -> str:
    """Points as TRF files write them: ``1.0``, ``2.5``."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return f"{whole}.0"
    if rest == Fraction(1, 2):
        return f"{whole}.5"
    return f"{float(value):.2f}"
