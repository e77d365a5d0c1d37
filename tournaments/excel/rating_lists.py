"""Reading a federation's rating list from an .xlsx or .csv file: parse, check, preview.
Nothing is written here; ``services/ratings.py: rating_list_import`` stores a list only when no
row has an error, all rows in one transaction.

Every file passes the upload guards first (``excel/package.py``: a workbook's packing, DTD and
declared size; a CSV's NUL bytes), and a CSV cell longer than the csv module reads is refused
with its reason, as is a workbook whose XML the parser refuses.

Columns (Vietnamese or English headers, with or without diacritics): the name, the federation
ID, the rating and the number of games. Each bad row is named with its line and its reason. A
hostile file is refused before it is read (size, rows, columns bounded); formulas are never
evaluated: a cell holding one (``=…`` in a CSV) is a row error.
"""

from __future__ import annotations

import csv
import io
import unicodedata
import zipfile
from dataclasses import dataclass, field
from typing import IO

from django.utils.translation import gettext_lazy as _
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from tournaments.excel import package
from tournaments.excel.imports import FileRejected
from tournaments.excel.imports import message as file_message
from tournaments.models import Player
from tournaments.text import fold

MAX_ROWS = 20000
MAX_BYTES = 5 * 1024 * 1024
MAX_COLUMNS = 30
# What a sheet may declare (its ``dimension``).
MAX_SHEET_COLUMNS = 256
HEADER_SEARCH_ROWS = 10
MAX_RATING = 3500
NAME_LENGTH = 120
ID_LENGTH = 20

MESSAGES = {
    "not_a_list": _("This file is neither an Excel workbook (.xlsx) nor a CSV file."),
    "too_big": _("The file is larger than %(max)s MB."),
    "no_header": _("No header row with a name and a rating column in the first %(rows)s "
                   "rows."),
    "too_many_rows": _("The list has more than %(max)s rows."),
    "no_rows": _("The list has the column headers but no player under them."),
    "name_missing": _("The name is missing."),
    "too_long": _("“%(value)s” is too long."),
    "formula": _("A cell holds a formula (%(value)s): type the value itself."),
    "bad_rating": _("Rating “%(value)s” is not a whole number between 0 and %(max)s."),
    "bad_games": _("Games “%(value)s” is not a whole number from 0."),
    "duplicate_id": _("Federation ID %(id)s is also on line %(other)s."),
    "long_field": _("A field of the CSV file is longer than %(max)s characters (a quote left "
                    "open?): it cannot be a rating list. Check the file and upload it again."),
}

_ALIASES = {
    "name": ("ho va ten", "ho ten", "ten", "van dong vien", "full name", "name", "player"),
    "federation_id": ("ma vdv", "ma van dong vien", "ma hoi vien", "id", "federation id",
                      "national id", "ma lien doan"),
    "rating": ("elo", "diem elo", "he so elo", "rating", "rtg"),
    "games": ("so van", "van", "games", "gms", "number of games"),
}
_HEADERS = {alias: key for key, aliases in _ALIASES.items() for alias in aliases}


class ListRejected(FileRejected):
    """The file cannot be read as a rating list; nothing was stored."""

    def __str__(self) -> str:
        return message(self.code, self.params)


def message(code: str, params: dict | None = None) -> str:
    """The text of a code in the active language (the upload guards' codes included)."""
    if code not in MESSAGES:
        return file_message(code, params)
    return str(MESSAGES[code]) % params if params else str(MESSAGES[code])


@dataclass
class ListRow:
    line: int
    name: str = ""
    federation_id: str = ""
    rating: int = 0
    games: int = 0
    player_id: int | None = None
    errors: list[dict] = field(default_factory=list)

    def error(self, code: str, **params) -> None:
        self.errors.append({"code": code, "params": params})

    def reasons(self) -> list[str]:
        return [message(e["code"], e["params"]) for e in self.errors]


@dataclass
class ListPreview:
    rows: list[ListRow]

    @property
    def bad_rows(self) -> list[ListRow]:
        return [r for r in self.rows if r.errors]

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.bad_rows


def read(source: IO[bytes]) -> ListPreview:
    """Read and check a list; raises :class:`ListRejected` for a file that is not one."""
    source.seek(0, 2)
    if source.tell() > MAX_BYTES:
        raise ListRejected("too_big", max=MAX_BYTES // (1024 * 1024))
    source.seek(0)
    head = source.read(4)
    source.seek(0)
    lines = _xlsx_lines(source) if head.startswith(b"PK") else _csv_lines(source.read())
    try:
        rows = _rows(_csv_checked(lines))
    except (ValueError, KeyError, zipfile.BadZipFile, OSError) as error:
        if isinstance(error, ListRejected):
            raise
        # The XML parser's refusals (defusedxml's forbidden entities are ValueErrors).
        raise ListRejected("not_a_list") from None
    preview = ListPreview(rows)
    _check(preview.rows)
    return preview


def _csv_checked(lines):
    """``lines`` with the csv module's refusals (a field past its limit) as ours."""
    try:
        yield from lines
    except csv.Error as error:
        if "field larger" not in str(error):
            raise ListRejected("not_a_list") from None
        raise ListRejected("long_field", max=f"{csv.field_size_limit():,}") from None


def check(source: IO[bytes]) -> None:
    """The upload guards alone (size, a workbook's package, a CSV's NUL bytes and fields),
    cheap enough for the request that uploads the file; raises :class:`ListRejected`;
    ``source`` is rewound."""
    source.seek(0, 2)
    if source.tell() > MAX_BYTES:
        raise ListRejected("too_big", max=MAX_BYTES // (1024 * 1024))
    source.seek(0)
    if source.read(4).startswith(b"PK"):
        source.seek(0)
        _package_check(source)
    else:
        source.seek(0)
        for _cells in _csv_checked(_csv_lines(source.read())):
            pass
    source.seek(0)


def _package_check(source: IO[bytes]) -> None:
    refused = package.refusal(source, max_rows=MAX_ROWS + 1000, max_columns=MAX_SHEET_COLUMNS)
    if refused:
        code, params = refused
        raise ListRejected("too_many_rows", max=MAX_ROWS) if code == "too_many_rows" else \
            ListRejected("not_a_list" if code == "not_workbook" else code, **params)


def _xlsx_lines(source: IO[bytes]):
    _package_check(source)
    try:
        wb = load_workbook(source, read_only=True, data_only=False)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, OSError):
        raise ListRejected("not_a_list") from None
    try:
        ws = wb.worksheets[0]
        ws.reset_dimensions()
        for cells in ws.iter_rows(max_col=MAX_COLUMNS):
            yield [None if c.value is None else
                   ("=" + str(c.value).lstrip("=") if c.data_type == "f" else c.value)
                   for c in cells]
    finally:
        wb.close()


def _csv_lines(data: bytes):
    if b"\x00" in data:
        raise ListRejected("nul")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ListRejected("not_a_list") from None
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    for cells in csv.reader(io.StringIO(text), dialect):
        yield cells[:MAX_COLUMNS]


def _key(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    return _HEADERS.get(" ".join(fold(value).replace(".", " ").replace("/", " ").split()))


def _rows(lines) -> list[ListRow]:
    mapping: dict[int, str] | None = None
    rows = []
    for number, cells in enumerate(lines, start=1):
        if mapping is None:
            found = {c: _key(v) for c, v in enumerate(cells) if _key(v)}
            if {"name", "rating"} <= set(found.values()):
                mapping = found
            elif number >= HEADER_SEARCH_ROWS:
                break
            continue
        values = {key: cells[c] for c, key in mapping.items()
                  if c < len(cells) and _text(cells[c])}
        if not values:
            continue
        if len(rows) == MAX_ROWS:
            raise ListRejected("too_many_rows", max=MAX_ROWS)
        rows.append(_row(number, values))
    if mapping is None:
        raise ListRejected("no_header", rows=HEADER_SEARCH_ROWS)
    if not rows:
        raise ListRejected("no_rows")
    return rows


def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(unicodedata.normalize("NFC", str(value)).split())


def _whole(text: str) -> int | None:
    if text.endswith(".0"):
        text = text[:-2]
    return int(text) if text.isdigit() else None


def _row(line: int, values: dict[str, object]) -> ListRow:
    row = ListRow(line)
    texts = {key: _text(v) for key, v in values.items()}
    formulas = [t for t in texts.values() if t.startswith("=")]
    for text in formulas:
        row.error("formula", value=text[:40])
    if formulas:
        return row
    row.name = texts.get("name", "")
    row.federation_id = texts.get("federation_id", "")
    if not row.name:
        row.error("name_missing")
    if len(row.name) > NAME_LENGTH:
        row.error("too_long", value=row.name[:40])
    if len(row.federation_id) > ID_LENGTH:
        row.error("too_long", value=row.federation_id[:40])
    rating = _whole(texts.get("rating", "0"))
    if rating is None or rating > MAX_RATING:
        row.error("bad_rating", value=texts.get("rating"), max=MAX_RATING)
    row.rating = rating or 0
    games = _whole(texts.get("games", "0"))
    if games is None:
        row.error("bad_games", value=texts.get("games"))
    row.games = games or 0
    return row


def _check(rows: list[ListRow]) -> None:
    """An ID once per list; rows matched with the register by national ID."""
    first: dict[str, int] = {}
    for row in rows:
        if not row.federation_id:
            continue
        if row.federation_id in first:
            row.error("duplicate_id", id=row.federation_id, other=first[row.federation_id])
        else:
            first[row.federation_id] = row.line
    ids = dict(Player.objects.filter(national_id__in=list(first))
               .values_list("national_id", "pk"))
    for row in rows:
        row.player_id = ids.get(row.federation_id)
