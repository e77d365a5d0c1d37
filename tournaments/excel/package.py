"""An uploaded .xlsx checked before openpyxl parses any of it, so a hostile file costs little.

An .xlsx is a zip of XML parts. Excel and LibreOffice never write a document type declaration
(DTD) in them; a DTD is how a "billion laughs" (entities that expand to gigabytes) or an XXE
(an entity that reads a file of the server) gets in, so a part that declares one is refused
unread. The parts' unpacked size is bounded (a small zip can unpack to gigabytes), and so is a
sheet's declared size (its ``dimension``): a sheet that says it has two million rows is
refused before a row is read. The rows themselves are counted as they are read
(``imports._rows``), whatever the sheet declares.
"""

from __future__ import annotations

import re
import zipfile
from typing import IO

MAX_UNPACKED_BYTES = 50 * 1024 * 1024
# A DTD comes before the root element, so the first bytes of a part tell.
_HEAD_BYTES = 4096
_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_DIMENSION = re.compile(rb"<(?:\w+:)?dimension\s+ref=\"[A-Z]*\d*:?([A-Z]*)(\d*)\"")


def refusal(source: IO[bytes], *, max_rows: int, max_columns: int) -> tuple[str, dict] | None:
    """Why the package cannot be read (an error code of ``imports.FILE_ERRORS`` and its
    parameters), or None. ``source`` is rewound."""
    try:
        with zipfile.ZipFile(source) as package:
            return _refusal(package, max_rows, max_columns)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return "not_workbook", {}
    finally:
        source.seek(0)


def _refusal(package: zipfile.ZipFile, max_rows: int, max_columns: int):
    parts = package.infolist()
    if sum(part.file_size for part in parts) > MAX_UNPACKED_BYTES:
        return "too_big_unpacked", {"max": MAX_UNPACKED_BYTES // (1024 * 1024)}
    for part in parts:
        if not part.filename.endswith((".xml", ".rels")):
            continue
        with package.open(part) as stream:
            head = stream.read(_HEAD_BYTES)
        if _DTD.search(head):
            return "dtd", {}
        if part.filename.startswith("xl/worksheets/"):
            rows, columns = _declared_size(head)
            if rows > max_rows:
                return "too_many_rows", {}
            if columns > max_columns:
                return "too_large_sheet", {"rows": rows, "columns": columns}
    return None


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
