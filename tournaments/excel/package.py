"""Every uploaded file checked before a parser reads any of it, so a hostile file costs little
and is refused with its reason (400), never a crash: the players' and the rating lists'
workbooks (.xlsx), and the text files (CSV rating lists, TRF, PGN, backups).

An .xlsx is a zip of XML parts. Excel and LibreOffice never write a document type declaration
(DTD) in them; a DTD is how a "billion laughs" (entities that expand to gigabytes) or an XXE
(an entity that reads a file of the server) gets in, so a part that declares one is refused
unread: its prolog (what comes before the root element) is read to its end, and a prolog
longer than a few kilobytes is refused too. openpyxl parses with defusedxml besides, which
refuses entities whatever the prolog. The parts' unpacked size is bounded (a small zip can
unpack to gigabytes), and so is each part's packing ratio: a part a hundred times smaller
packed than unpacked is a "zip bomb", not a sheet. A sheet's declared size (its ``dimension``)
is bounded too: a sheet that says it has two million rows is refused before a row is read.
The rows themselves are counted as they are read (``imports._rows``), whatever the sheet
declares.

A text file holds no NUL byte (a database stores no NUL in a text either): one anywhere is
refused (:func:`text_check`).
"""

from __future__ import annotations

import re
import zipfile
from typing import IO

from django.utils.translation import gettext_lazy as _

from tournaments.errors import ServiceError

MAX_UNPACKED_BYTES = 50 * 1024 * 1024
# A part of an .xlsx written by Excel or LibreOffice packs at most some 20 to 1 (a sheet of
# repeated cells); only parts past a megabyte unpacked are judged, a small part may pack better.
MAX_PACKING_RATIO = 100
_RATIO_FROM_BYTES = 1024 * 1024
# A DTD comes before the root element: the prolog (XML declaration, comments, processing
# instructions) is read to its end within these bytes.
_HEAD_BYTES = 8192
_PROLOG_ITEM = re.compile(rb"\s+|<\?.*?\?>|<!--.*?-->", re.DOTALL)
_ROOT = re.compile(rb"<[A-Za-z_]")
_DIMENSION = re.compile(rb"<(?:\w+:)?dimension\s+ref=\"[A-Z]*\d*:?([A-Z]*)(\d*)\"")

MESSAGES = {
    "nul": _("The file contains NUL characters (zero bytes), which no text file holds; it was "
             "refused unread and nothing was stored. Save it again as plain text (UTF-8)."),
    "packed": _("The workbook is packed far more tightly than Excel or LibreOffice pack a "
                "sheet (a “zip bomb”); it was refused unread. Save it again from Excel or "
                "LibreOffice."),
}


class FileRefused(ServiceError):
    """An upload refused by the guards before it is read; nothing was stored. ``code``: the
    reason (a key of :data:`MESSAGES`, or of the reader's messages)."""

    def __init__(self, code: str, message=None, **params):
        self.code = code
        super().__init__(message or MESSAGES[code], **params)


def text_check(data: bytes | str) -> None:
    """Refuse a text file (or its decoded text) holding a NUL anywhere."""
    if (b"\x00" if isinstance(data, bytes) else "\x00") in data:
        raise FileRefused("nul")


def refusal(source: IO[bytes], *, max_rows: int, max_columns: int) -> tuple[str, dict] | None:
    """Why the package cannot be read (an error code of ``imports.FILE_ERRORS`` or of
    :data:`MESSAGES`, and its parameters), or None. ``source`` is rewound."""
    try:
        with zipfile.ZipFile(source) as package:
            return _refusal(package, max_rows, max_columns)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, RuntimeError,
            NotImplementedError):
        return "not_workbook", {}
    finally:
        source.seek(0)


def _refusal(package: zipfile.ZipFile, max_rows: int, max_columns: int):
    parts = package.infolist()
    if sum(part.file_size for part in parts) > MAX_UNPACKED_BYTES:
        return "too_big_unpacked", {"max": MAX_UNPACKED_BYTES // (1024 * 1024)}
    for part in parts:
        if part.file_size > _RATIO_FROM_BYTES \
                and part.file_size > MAX_PACKING_RATIO * max(part.compress_size, 1):
            return "packed", {}
    for part in parts:
        if not part.filename.endswith((".xml", ".rels")):
            continue
        with package.open(part) as stream:
            head = stream.read(_HEAD_BYTES)
        if _declares_dtd(head):
            return "dtd", {}
        if part.filename.startswith("xl/worksheets/"):
            rows, columns = _declared_size(head)
            if rows > max_rows:
                return "too_many_rows", {}
            if columns > max_columns:
                return "too_large_sheet", {"rows": rows, "columns": columns}
    return None


def _declares_dtd(head: bytes) -> bool:
    """Whether the prolog of a part declares a DTD (``<!DOCTYPE``, ``<!ENTITY``), or does not
    end within ``head`` (an empty part has none)."""
    at = 3 if head.startswith(b"\xef\xbb\xbf") else 0
    while match := _PROLOG_ITEM.match(head, at):
        at = match.end()
    if at == len(head):  # all prolog: an empty part, or a prolog past the bytes read
        return len(head) == _HEAD_BYTES
    return not _ROOT.match(head, at)


def _declared_size(head: bytes) -> tuple[int, int]:
    """The rows and columns a sheet's ``dimension`` declares (0, 0 if it declares none)."""
    match = _DIMENSION.search(head)
    if not match:
        return 0, 0
    letters, digits = match.group(1).decode(), match.group(2).decode()
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter) - ord("A") + 1
    return int(digits or 0), column
