"""Reading players (and teams) from an .xlsx file: parse, check, preview. Nothing is written here.

:func:`read` finds the header row, maps the columns it knows (Vietnamese or English headers,
with or without diacritics), reads every row into the values that would be stored, and lists each
row's errors: a missing name, a birth year that is not a year, an ID given twice in the file or
already belonging to someone else in the register, a formula instead of a value, ... A file that
cannot be read at all (not a workbook, no name column, more than :data:`MAX_ROWS` rows, an empty
sheet, a hostile package: ``excel/package.py``) raises :class:`FileRejected`. The service
(``services/imports.py``) stores the rows only when the organiser confirms and no row has an
error, all of them in one transaction.

Errors are codes with parameters, stored with the job and translated when shown, so each user
reads them in their own language.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import IO

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from tournaments.excel import labels as L
from tournaments.excel import package
from tournaments.excel.styles import BORDER, HEADER, PLAIN, new_workbook, put
from tournaments.models import Entry, Event, Player, Team, TeamMember, Title, TitleKind
from tournaments.text import fold, same_spelling

MAX_ROWS = 5000
MAX_BYTES = 5 * 1024 * 1024
HEADER_SEARCH_ROWS = 10
MAX_COLUMNS = 60
# What a sheet may declare (its ``dimension``) and what is read of it, blank rows included.
MAX_SHEET_ROWS = MAX_ROWS + 1000
MAX_SHEET_COLUMNS = 256
MIN_BIRTH_YEAR = 1900
MAX_RATING = 3500

# File-level refusals.
FILE_ERRORS = {
    "not_workbook": _("This file is not an Excel workbook (.xlsx). Open it in Excel or "
                      "LibreOffice and save it as “Excel Workbook (.xlsx)”, then upload it "
                      "again."),
    "old_xls": _("This is an old Excel 97–2003 file (.xls). Save it as “Excel Workbook "
                 "(.xlsx)” and upload it again."),
    "too_big": _("The file is larger than %(max)s MB."),
    "empty": _("The workbook is empty: write one player per row under the column headers of "
               "the template."),
    "no_header": _("No “Họ và tên” (full name) column in the first %(rows)s rows of any sheet. "
                   "Download the template: its first row names the columns. Columns found: "
                   "%(found)s."),
    "duplicate_column": _("Two columns are both read as “%(column)s”: %(first)s and "
                          "%(second)s. Keep one."),
    "too_many_rows": _("The sheet has more than %(max)s rows of players; at most %(max)s can "
                       "be imported at once. Split the file and import each part."),
    "no_rows": _("The sheet has the column headers but no player under them."),
    "too_big_unpacked": _("The workbook unpacks to more than %(max)s MB: it cannot be a list "
                          "of players. Save the sheet alone in a new workbook."),
    "dtd": _("The workbook contains XML declarations (a DTD) that Excel and LibreOffice never "
             "write; it was refused unread. Save it again from Excel or LibreOffice."),
    "too_large_sheet": _("A sheet declares %(rows)s rows and %(columns)s columns, more than a "
                         "list of players can have. Copy the players into a new workbook."),
}

# Row errors and warnings.
ROW_MESSAGES = {
    "name_missing": _("The name is missing."),
    "too_long": _("“%(column)s” is longer than %(max)s characters."),
    "formula": _("Cell %(cell)s holds a formula (%(value)s): type the value itself."),
    "bad_gender": _("Sex “%(value)s” is not understood: write Nam or Nữ (M or F)."),
    "bad_email": _("E-mail address “%(value)s” is not valid: write it as name@example.vn."),
    "bad_birth_year": _("Birth year “%(value)s” is not a year between %(min)s and %(max)s."),
    "bad_rating": _("Rating “%(value)s” is not a whole number between 0 and %(max)s."),
    "bad_title": _("Title “%(value)s” is not one of GM, IM, NM, CM."),
    "bad_federation": _("Federation “%(value)s” is not a three-letter code such as VIE."),
    "bad_board": _("Board “%(value)s” is not a whole number from 1."),
    "bad_reserve": _("Reserve “%(value)s” is not understood: write x for a reserve, or leave "
                     "it empty."),
    "duplicate_id_in_file": _("%(column)s %(id)s is also on row %(other)s of this file."),
    "duplicate_id_register": _("%(column)s %(id)s already belongs to %(name)s in the player "
                               "register."),
    "ids_disagree": _("The two IDs belong to two different players of the register "
                      "(%(first)s and %(second)s)."),
    "team_missing": _("The team is missing: this is a team event."),
    "team_already_entered": _("Team %(team)s is already registered in this event: its roster "
                              "is kept; its players' details are updated or left, as you "
                              "choose."),
    "team_player_twice": _("%(name)s is listed twice in this file (also row %(other)s)."),
    "team_player_taken": _("%(name)s already plays for another team in this event."),
    "team_incomplete": _("Team %(team)s has rows with errors (rows %(rows)s): a team is "
                         "registered with its whole roster, so this row waits for them."),
    "team_board_twice": _("Board %(board)s of team %(team)s is given twice."),
    "team_size": _("Team %(team)s has %(n)s players; the statute asks for %(boards)s, one per "
                   "board."),
    "team_reserves": _("Team %(team)s has %(n)s reserves; the statute allows %(max)s."),
    "team_official": _("Official team events: 3–4 players and 1–2 reserves per team "
                       "(appendix §4); team %(team)s does not."),
    "same_person": _("Same name and birth year as row %(other)s: the same player twice?"),
    "identical_row": _("The same as row %(other)s (every cell alike): stored once."),
    "conflict_kept": _("Kept of the rows that name the same player (rows %(rows)s)."),
    "conflict_left": _("Left out: row %(kept)s was kept for this player."),
    "bad_award": _("Title or classification “%(value)s” is not understood: write the title and "
                    "the date awarded, e.g. “Kiện tướng quốc gia 15/05/2024”; separate several "
                    "with “;”."),
    "unknown_award": _("“%(value)s” is not on the federation's list of titles and "
                       "classifications: %(known)s."),
    "namesake": _("The register already has %(n)s player(s) of this name: this row adds a new "
                  "player. To use the existing one, give their ID."),
}

# Stored values' labels in the preview, and the template's headers, by field.
COLUMN_LABELS = {
    "full_name": L.NAME, "gender": L.GENDER, "birth_year": L.BIRTH_YEAR, "club": L.CLUB,
    "province": L.PROVINCE, "federation": L.FEDERATION, "national_id": L.NATIONAL_ID,
    "fide_id": L.FIDE_ID, "rating": L.RATING, "title": L.TITLE, "email": L.EMAIL,
    "team": L.TEAM,
    "team_board": L.TEAM_BOARD, "reserve": L.RESERVE, "awards": L.AWARDS,
}
PLAYER_FIELDS = ("full_name", "gender", "birth_year", "club", "province", "federation",
                 "national_id", "fide_id", "rating", "title", "email")
TEAM_FIELDS = ("team", "team_board", "reserve")
MAX_LENGTHS = {"full_name": 120, "club": 120, "province": 80, "national_id": 20,
               "fide_id": 20, "email": 254, "team": 120}

# Headers each field is recognised by, compared without diacritics, case or punctuation.
_ALIASES = {
    "full_name": ("ho va ten", "ho ten", "ten", "ten van dong vien", "van dong vien", "vdv",
                  "ten vdv", "full name", "name", "player", "player name"),
    "gender": ("gioi tinh", "phai", "nam nu", "gender", "sex"),
    "birth_year": ("nam sinh", "ngay sinh", "birth year", "year of birth", "born",
                   "date of birth", "birthday"),
    "club": ("cau lac bo", "clb", "don vi", "club"),
    "province": ("tinh thanh", "tinh thanh pho", "tinh", "thanh pho", "tinh tp", "province"),
    "federation": ("lien doan", "federation", "fed"),
    "national_id": ("ma vdv", "ma van dong vien", "ma hoi vien", "national id", "id"),
    "fide_id": ("ma quoc te", "international id", "intl id", "fide id"),
    "rating": ("elo", "diem elo", "he so elo", "rating"),
    "title": ("danh hieu", "dang cap", "title"),
    "email": ("email", "e mail", "e-mail", "thu dien tu", "dia chi email", "mail"),
    "team": ("doi", "ten doi", "team"),
    "team_board": ("ban trong doi", "ban", "thu tu", "board in team", "board"),
    "reserve": ("du bi", "reserve"),
    # The federation's titles and classifications held, each with its date awarded
    # (``models/titles.py``): "Kiện tướng quốc gia 15/05/2024; Cấp 1 2019-03-10".
    "awards": ("danh hieu va dang cap lien doan", "danh hieu va dang cap", "phong cap",
               "federation titles and classifications", "titles and classifications"),
}
_HEADER_INDEX = {alias: key for key, aliases in _ALIASES.items() for alias in aliases}

_GENDERS = {"nam": "M", "m": "M", "male": "M", "trai": "M",
            "nu": "F", "f": "F", "female": "F", "w": "F", "gai": "F"}
_TITLES = {
    "gm": Title.GM, "dai kien tuong quoc te": Title.GM, "dktqt": Title.GM,
    "im": Title.IM, "kien tuong quoc te": Title.IM, "ktqt": Title.IM,
    "nm": Title.NM, "kien tuong quoc gia": Title.NM, "ktqg": Title.NM,
    "cm": Title.CM, "du bi kien tuong": Title.CM, "ung vien kien tuong": Title.CM,
}
_YES = {"x", "co", "yes", "y", "1", "du bi", "true", "reserve", "v"}
_NO = {"", "khong", "no", "n", "0", "false"}


class FileRejected(ValueError):
    """The file cannot be read as a list of players; nothing was stored."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(code)

    def __str__(self) -> str:
        return message(self.code, self.params)


def message(code: str, params: dict | None = None) -> str:
    """The text of an error code in the active language."""
    text = FILE_ERRORS.get(code) or ROW_MESSAGES.get(code) or package.MESSAGES.get(code) or code
    return str(text) % params if params else str(text)


@dataclass
class Row:
    """One row of the file as it will be stored, with its problems (codes and parameters)."""

    row: int
    values: dict
    errors: list[dict] = field(default_factory=list)
    warnings: list[dict] = field(default_factory=list)
    # "new": a new player of the register; "existing": the register's player ``player_id``.
    action: str = "new"
    player_id: int | None = None
    # Already registered in the event (alone or on a team's roster): not registered again.
    entered: bool = False
    # An existing player's details the file changes: field -> [register's, file's].
    changes: dict = field(default_factory=dict)
    # The earlier row this one repeats cell for cell: the player is stored once, from it.
    duplicate_of: int | None = None
    # Rows that name one player with different data (the same ID, or the same name and birth
    # year) share this key; the organiser picks the row to keep (``Preview.choose``).
    conflict: str = ""
    # Left out by the organiser's pick: another row of its conflict is stored.
    left_out: bool = False

    def error(self, code: str, **params) -> None:
        self.errors.append({"code": code, "params": params})

    def warn(self, code: str, **params) -> None:
        self.warnings.append({"code": code, "params": params})


@dataclass
class Preview:
    sheet: str
    header_row: int
    columns: list[str]  # the fields read, in the file's order
    ignored: list[str]  # headers of the columns not read
    rows: list[Row]
    target: str  # "register" or "event"
    team: bool = False

    @property
    def stored_rows(self) -> list[Row]:
        """The rows that are players: an identical repeat and a row left out by the
        organiser's pick are not."""
        return [r for r in self.rows if r.duplicate_of is None and not r.left_out]

    @property
    def error_count(self) -> int:
        return sum(1 for r in self.stored_rows if r.errors)

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.error_count

    @property
    def valid_rows(self) -> list[Row]:
        return [r for r in self.stored_rows if not r.errors]

    def conflicts(self) -> dict[str, list[Row]]:
        """The rows that name one player with different data, by conflict key, in file
        order."""
        groups: dict[str, list[Row]] = {}
        for row in self.rows:
            if row.conflict:
                groups.setdefault(row.conflict, []).append(row)
        return groups

    def choose(self, keep: dict[str, int]) -> None:
        """The organiser's picks: for each conflict key, the row number to store; the other
        rows of the conflict are left out. A conflict of one ID must be resolved so (the
        register holds an ID once); one of name and birth year stores every row unless a row
        is picked (namesakes of one year are possible). A pick naming no row of its conflict
        raises ``ValueError``."""
        groups = self.conflicts()
        for key, number in keep.items():
            rows = groups.get(key)
            if not rows or number not in {r.row for r in rows}:
                raise ValueError(key)
            for row in rows:
                if row.row == number:
                    row.errors = [e for e in row.errors if e["code"] != "duplicate_id_in_file"]
                    row.warnings = [w for w in row.warnings if w["code"] != "same_person"]
                    row.warn("conflict_kept", rows=", ".join(str(r.row) for r in rows))
                else:
                    row.left_out = True
                    row.warn("conflict_left", kept=number)

    def as_json(self) -> dict:
        return {
            "sheet": self.sheet, "header_row": self.header_row, "columns": self.columns,
            "ignored": self.ignored, "target": self.target, "team": self.team,
            "rows": [asdict(r) for r in self.rows],
            "counts": {"rows": len(self.rows), "errors": self.error_count,
                       "new": sum(1 for r in self.stored_rows if r.action == "new"),
                       "existing": sum(1 for r in self.stored_rows if r.action == "existing"),
                       "entered": sum(1 for r in self.stored_rows if r.entered),
                       "changed": sum(1 for r in self.stored_rows if r.changes),
                       "valid": len(self.valid_rows),
                       "identical": sum(1 for r in self.rows if r.duplicate_of is not None),
                       "conflicts": len(self.conflicts())},
        }

    @classmethod
    def from_json(cls, data: dict) -> Preview:
        """A preview as ``as_json`` stored it (a job's), to apply the organiser's picks."""
        return cls(data["sheet"], data["header_row"], data["columns"], data["ignored"],
                   [Row(**r) for r in data["rows"]], data["target"], data.get("team", False))


# --- reading the file -----------------------------------------------------------------------


def _header_key(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    text = fold(value).replace("*", " ").replace("(", " ").replace(")", " ")
    text = " ".join(text.replace("/", " ").replace(".", " ").replace(":", " ").split())
    return _HEADER_INDEX.get(text)


def check(source: IO[bytes]) -> None:
    """The upload guards alone (size, kind, ``package.refusal``), cheap enough for the request
    that uploads the file; raises :class:`FileRejected`. ``source`` is rewound."""
    head = source.read(8)
    source.seek(0, 2)
    size = source.tell()
    source.seek(0)
    if size > MAX_BYTES:
        raise FileRejected("too_big", max=MAX_BYTES // (1024 * 1024))
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        raise FileRejected("old_xls")
    if not head.startswith(b"PK"):
        raise FileRejected("not_workbook")
    refused = package.refusal(source, max_rows=MAX_SHEET_ROWS, max_columns=MAX_SHEET_COLUMNS)
    if refused:
        code, params = refused
        raise _too_many_rows() if code == "too_many_rows" else FileRejected(code, **params)


def _open(source: IO[bytes]):
    check(source)
    try:
        return load_workbook(source, read_only=True, data_only=False)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, OSError):
        raise FileRejected("not_workbook") from None


def _too_many_rows() -> FileRejected:
    return FileRejected("too_many_rows", max=f"{MAX_ROWS:,}".replace(",", "."))


def _find_header(ws) -> tuple[int, dict[int, str], list[str], list[str]] | None:
    """The first row naming a full-name column: (row, column index -> field, ignored headers,
    every header seen)."""
    seen: list[str] = []
    for r, values in enumerate(ws.iter_rows(min_row=1, max_row=HEADER_SEARCH_ROWS,
                                            max_col=MAX_COLUMNS, values_only=True), start=1):
        keys = {c: _header_key(v) for c, v in enumerate(values)}
        seen += [str(v).strip() for v in values if isinstance(v, str) and v.strip()]
        if "full_name" not in keys.values():
            continue
        mapping: dict[int, str] = {}
        first_col: dict[str, int] = {}
        for c, key in keys.items():
            if key is None:
                continue
            if key in first_col:
                raise FileRejected("duplicate_column",
                                   column=COLUMN_LABELS[key](L.VI),
                                   first=get_column_letter(first_col[key] + 1),
                                   second=get_column_letter(c + 1))
            first_col[key] = c
            mapping[c] = key
        ignored = [str(v).strip() for c, v in enumerate(values)
                   if c not in mapping and v not in (None, "")]
        return r, mapping, ignored, seen
    return None


def read(
    source: IO[bytes], *, event: Event | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Preview:
    """Read and check ``source``; ``event`` None imports into the player register, otherwise
    registers the players (or teams) in ``event``."""
    wb = _open(source)
    try:
        return _read(wb, event, progress)
    except SyntaxError:  # xml.etree's ParseError: a part that is not well-formed XML
        raise FileRejected("not_workbook") from None
    finally:
        wb.close()


def _read(wb, event: Event | None, progress) -> Preview:
    found: list[str] = []
    any_cells = False
    for ws in wb.worksheets:
        ws.reset_dimensions()  # some programs write wrong sheet dimensions: read every row
        header = _find_header(ws)
        if header is None:
            found += [h for h in _headers_seen(ws) if h not in found]
            any_cells = any_cells or bool(found)
            continue
        header_row, mapping, ignored, _seen = header
        rows = _rows(ws, header_row, mapping, progress)
        team = bool(event and event.is_team)
        preview = Preview(ws.title, header_row, [mapping[c] for c in sorted(mapping)], ignored,
                          rows, "event" if event else "register", team)
        _check(preview, event)
        return preview
    if not any_cells:
        raise FileRejected("empty")
    raise FileRejected("no_header", rows=HEADER_SEARCH_ROWS, found=", ".join(found[:12]) or "—")


def _headers_seen(ws) -> list[str]:
    out = []
    for values in ws.iter_rows(min_row=1, max_row=HEADER_SEARCH_ROWS, max_col=MAX_COLUMNS,
                               values_only=True):
        out += [str(v).strip() for v in values if v not in (None, "") and str(v).strip()]
    return out


def _rows(ws, header_row: int, mapping: dict[int, str], progress) -> list[Row]:
    raw: list[tuple[int, dict[int, object]]] = []
    for number, cells in enumerate(ws.iter_rows(min_row=header_row + 1, max_col=MAX_COLUMNS),
                                   start=header_row + 1):
        if number > header_row + MAX_SHEET_ROWS:  # blank or ignored rows count too
            raise _too_many_rows()
        values = {}
        for c, cell in enumerate(cells):
            if c in mapping and cell.value is not None and not (
                    isinstance(cell.value, str) and not cell.value.strip()):
                values[c] = cell
        if not values:
            continue
        raw.append((number, values))
        if len(raw) > MAX_ROWS:
            raise _too_many_rows()
    if not raw:
        raise FileRejected("no_rows")
    rows = []
    step = max(1, len(raw) // 50)
    for i, (number, cells) in enumerate(raw, start=1):
        rows.append(_row(number, cells, mapping))
        if progress and (i % step == 0 or i == len(raw)):
            progress(i, len(raw))
    return rows


def _row(number: int, cells: dict, mapping: dict[int, str]) -> Row:
    row = Row(number, {key: _EMPTY.get(key, "") for key in mapping.values()})
    for c, cell in cells.items():
        key = mapping[c]
        value = cell.value
        if cell.data_type == "f":
            row.error("formula", cell=f"{get_column_letter(c + 1)}{number}",
                      value=str(value)[:40])
            continue
        _PARSERS[key](row, key, value)
    if not row.values.get("full_name"):
        if not any(e["code"] == "formula" for e in row.errors):
            row.error("name_missing")
    return row


_EMPTY = {"birth_year": None, "rating": None, "team_board": None, "reserve": False, "awards": [],
          "federation": "VIE"}


def _text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = unicodedata.normalize("NFC", str(value))
    return " ".join(text.split())


def _parse_text(row: Row, key: str, value: object) -> None:
    text = _text(value)
    limit = MAX_LENGTHS.get(key)
    if limit and len(text) > limit:
        row.error("too_long", column=COLUMN_LABELS[key](L.VI), max=limit)
    row.values[key] = text


def _parse_gender(row: Row, key: str, value: object) -> None:
    text = _text(value)
    gender = _GENDERS.get(fold(text))
    if gender is None:
        row.error("bad_gender", value=text)
    row.values[key] = gender or ""


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _parse_birth_year(row: Row, key: str, value: object) -> None:
    if isinstance(value, (datetime.date, datetime.datetime)):
        year = value.year
    else:
        year = _whole(value)
        if year is None and isinstance(value, str):
            # A date of birth written as text: 12/05/1990, 1990-05-12.
            digits = [p for p in value.replace("-", "/").replace(".", "/").split("/")
                      if p.strip().isdigit() and len(p.strip()) == 4]
            year = int(digits[0]) if len(digits) == 1 else None
    latest = timezone.localdate().year
    if year is None or not MIN_BIRTH_YEAR <= year <= latest:
        row.error("bad_birth_year", value=_text(value), min=MIN_BIRTH_YEAR, max=latest)
        year = None
    row.values[key] = year


def _parse_rating(row: Row, key: str, value: object) -> None:
    rating = _whole(value)
    if rating is None or not 0 <= rating <= MAX_RATING:
        row.error("bad_rating", value=_text(value), max=MAX_RATING)
        rating = None
    row.values[key] = rating or None


def _parse_title(row: Row, key: str, value: object) -> None:
    text = _text(value)
    title = _TITLES.get(fold(text).replace(".", ""))
    if title is None:
        row.error("bad_title", value=text)
    row.values[key] = title.value if title else ""


def _parse_federation(row: Row, key: str, value: object) -> None:
    text = _text(value).upper()
    if len(text) != 3 or not text.isascii() or not text.isalpha():
        row.error("bad_federation", value=text)
    row.values[key] = text


def _parse_id(row: Row, key: str, value: object) -> None:
    _parse_text(row, key, value)
    row.values[key] = row.values[key].replace(" ", "")


def _parse_email(row: Row, key: str, value: object) -> None:
    """The player's e-mail address (optional: their notices, docs/notifications.md)."""
    _parse_text(row, key, value)
    text = row.values[key].replace(" ", "")
    if text:
        try:
            validate_email(text)
        except ValidationError:
            row.error("bad_email", value=text[:60])
    row.values[key] = text


def _parse_board(row: Row, key: str, value: object) -> None:
    board = _whole(value)
    if board is None or board < 1:
        row.error("bad_board", value=_text(value))
        board = None
    row.values[key] = board


def _parse_reserve(row: Row, key: str, value: object) -> None:
    text = fold(_text(value))
    if text in _YES:
        row.values[key] = True
    elif text in _NO:
        row.values[key] = False
    else:
        row.error("bad_reserve", value=_text(value))


_AWARD_DATE = re.compile(r"^(?P<name>.*?)[\s,:(]+"
                         r"(?P<date>\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d{1,2}-\d{1,2})\)?$")


def _award_date(text: str) -> datetime.date | None:
    try:
        if "/" in text:
            day, month, year = (int(x) for x in text.split("/"))
        else:
            year, month, day = (int(x) for x in text.split("-"))
        found = datetime.date(year, month, day)
    except ValueError:
        return None
    return found if MIN_BIRTH_YEAR <= found.year and found <= timezone.localdate() else None


def _parse_awards(row: Row, key: str, value: object) -> None:
    """Titles held, each "name date", separated by ";" or new lines: stored as
    [name as written, ISO date]; the names are matched to the list in ``_check_awards``."""
    items = []
    for part in _text(value).replace("\n", ";").split(";") if isinstance(value, str) else [None]:
        if part is None:
            row.error("bad_award", value=_text(value)[:60])
            break
        part = part.strip()
        if not part:
            continue
        match = _AWARD_DATE.match(part)
        on = _award_date(match["date"]) if match else None
        if match is None or on is None or not match["name"].strip():
            row.error("bad_award", value=part[:60])
            continue
        items.append([match["name"].strip(), on.isoformat()])
    row.values[key] = items


_PARSERS = {
    "full_name": _parse_text, "gender": _parse_gender, "birth_year": _parse_birth_year,
    "club": _parse_text, "province": _parse_text, "federation": _parse_federation,
    "national_id": _parse_id, "fide_id": _parse_id, "rating": _parse_rating,
    "title": _parse_title, "email": _parse_email, "team": _parse_text, "team_board": _parse_board,
    "reserve": _parse_reserve, "awards": _parse_awards,
}


# --- checks against the file and the database -----------------------------------------------


def _check(preview: Preview, event: Event | None) -> None:
    _check_identical(preview.rows)
    rows = preview.stored_rows
    _check_ids_in_file(rows)
    _check_register(rows)
    _check_same_person(rows)
    _changes(rows)
    _check_awards(rows)
    if event is not None:
        if event.is_team:
            _check_teams(rows, event)
        else:
            _check_entries(rows, event)


def _check_awards(rows: list[Row]) -> None:
    """Each title named is one of the federation's list (its code, Vietnamese or English name,
    diacritics and case ignored); stored as [code, ISO date]. One query."""
    if not any(r.values.get("awards") for r in rows):
        return
    kinds = list(TitleKind.objects.order_by("order", "code"))
    known = {}
    for kind in kinds:
        for name in (kind.code, kind.name, kind.name_en):
            if name:
                known[fold(name)] = kind.code
    names = ", ".join(k.name for k in kinds)
    for row in rows:
        items = []
        for name, on in row.values.get("awards") or ():
            code = known.get(fold(name))
            if code is None:
                row.error("unknown_award", value=name[:60], known=names)
            else:
                items.append([code, on])
        if "awards" in row.values:
            row.values["awards"] = items


def _check_identical(rows: list[Row]) -> None:
    """A row that repeats an earlier one cell for cell (the name's spacing aside) is the same
    player listed twice: stored once, from the first, and the preview says so."""
    first: dict[tuple, Row] = {}
    for row in rows:
        values = {**row.values, "full_name": " ".join(str(row.values.get("full_name")).split())}
        key = tuple(sorted((k, str(v)) for k, v in values.items()))
        other = first.setdefault(key, row)
        if other is not row:
            row.duplicate_of = other.row
            row.warn("identical_row", other=other.row)


def _check_ids_in_file(rows: list[Row]) -> None:
    for key in ("national_id", "fide_id"):
        first: dict[str, Row] = {}
        for row in rows:
            value = row.values.get(key)
            if not value:
                continue
            other = first.get(value.lower())
            if other is None:
                first[value.lower()] = row
                continue
            other.conflict = other.conflict or f"{key}:{value.lower()}"
            row.conflict = other.conflict
            column = COLUMN_LABELS[key](L.VI)
            row.error("duplicate_id_in_file", column=column, id=value, other=other.row)
            if not any(e["code"] == "duplicate_id_in_file" and e["params"]["id"] == value
                       for e in other.errors):
                other.error("duplicate_id_in_file", column=column, id=value, other=row.row)


def _check_register(rows: list[Row]) -> None:
    """Rows whose ID is in the register are that player, if the names agree (diacritics, case
    and spacing aside); otherwise the ID is someone else's. Rows without a known ID are new
    players; a namesake already in the register is pointed out."""
    national = {r.values["national_id"] for r in rows if r.values.get("national_id")}
    fide = {r.values["fide_id"] for r in rows if r.values.get("fide_id")}
    found = list(Player.objects.filter(Q(national_id__in=national) | Q(fide_id__in=fide)).only(
        "pk", "full_name", "name_folded", "national_id", "fide_id")) if national or fide else []
    by_national = {p.national_id: p for p in found if p.national_id}
    by_fide = {p.fide_id: p for p in found if p.fide_id}
    for row in rows:
        matches, conflict = [], False
        for key, index in (("national_id", by_national), ("fide_id", by_fide)):
            value = row.values.get(key)
            player = index.get(value) if value else None
            if player is None:
                continue
            if fold(row.values.get("full_name", "")) != player.name_folded:
                conflict = True
                row.error("duplicate_id_register", column=COLUMN_LABELS[key](L.VI), id=value,
                          name=player.full_name)
            else:
                matches.append(player)
        if len({p.pk for p in matches}) > 1:
            row.error("ids_disagree", first=matches[0].full_name, second=matches[1].full_name)
        elif matches and not conflict:
            row.action, row.player_id = "existing", matches[0].pk
    new = {fold(r.values.get("full_name", "")) for r in rows if r.action == "new"}
    namesakes: dict[str, int] = {}
    for name in (Player.objects.filter(name_folded__in=new - {""})
                 .values_list("name_folded", flat=True)):
        namesakes[name] = namesakes.get(name, 0) + 1
    for row in rows:
        n = namesakes.get(fold(row.values.get("full_name", ""))) if row.action == "new" else 0
        if n:
            row.warn("namesake", n=n)


def _check_same_person(rows: list[Row]) -> None:
    seen: dict[tuple[str, int], Row] = {}
    for row in rows:
        name, year = fold(row.values.get("full_name", "")), row.values.get("birth_year")
        if not name or not year or row.values.get("national_id") or row.values.get("fide_id"):
            continue
        other = seen.setdefault((name, year), row)
        if other is not row:
            row.warn("same_person", other=other.row)
            other.conflict = other.conflict or f"person:{name}:{year}"
            row.conflict = row.conflict or other.conflict


def _changes(rows: list[Row]) -> None:
    """What each row of a player already in the register would change in the register: the
    fields the file gives (an empty cell changes nothing) that differ from the register's.
    The name matched the register's without diacritics, case or spacing (``_check_register``):
    the file's spelling replaces it, unless the file has no diacritics and the register has."""
    players = Player.objects.in_bulk([r.player_id for r in rows if r.player_id])
    for row in rows:
        player = players.get(row.player_id)
        if player is None:
            continue
        for key in PLAYER_FIELDS:
            value = row.values.get(key)
            if value in (None, "") or key not in row.values:
                continue
            before = getattr(player, key)
            if key == "full_name" and value.isascii() and not before.isascii():
                continue  # a file typed without diacritics never strips the register's
            if value == before or (isinstance(value, str) and isinstance(before, str)
                                   and same_spelling(value, before)):
                continue  # written the same: a register kept in another composition,
                # spacing or tone placement ("Hoà" / "Hòa") is no change to show
            row.changes[key] = [before, value]


def _check_entries(rows: list[Row], event: Event) -> None:
    """Rows of players already registered are not registered again (the organiser chooses
    whether their details are updated)."""
    ids = [r.player_id for r in rows if r.player_id]
    entered = set(Entry.objects.filter(event=event, player_id__in=ids)
                  .values_list("player_id", flat=True))
    for row in rows:
        if row.player_id in entered:
            row.entered = True  # the preview says so in the row's "player" column


def team_groups(rows: list[Row]) -> dict[str, list[Row]]:
    """Rows by team, in the file's order (teams compared without case or diacritics)."""
    groups: dict[str, list[Row]] = {}
    for row in rows:
        name = row.values.get("team", "")
        if name:
            groups.setdefault(fold(name), []).append(row)
    return groups


def team_order(rows: list[Row]) -> list[Row]:
    """A team's rows in board order: the "Bàn" column when given, else the file's order;
    reserves after the players."""
    return sorted(rows, key=lambda r: (bool(r.values.get("reserve")),
                                       r.values.get("team_board") or 10_000 + r.row))


def _check_teams(rows: list[Row], event: Event) -> None:
    """Appendix §4: a roster of ``team_boards`` players, strongest first, and at most
    ``team_reserves`` reserves (official events: 3–4 and 1–2)."""
    for row in rows:
        if not row.values.get("team"):
            row.error("team_missing")
    entered_teams = set(Entry.objects.filter(event=event, team__isnull=False)
                        .values_list("team_id", flat=True))
    taken = set(TeamMember.objects.filter(entry__event=event).values_list("player_id",
                                                                          flat=True))
    player_rows: dict[tuple, Row] = {}
    for group in team_groups(rows).values():
        first = group[0]
        name = first.values["team"]
        team = Team.objects.filter(name__iexact=name).first()
        if team and team.pk in entered_teams:
            first.warn("team_already_entered", team=name)
            for row in group:
                row.entered = True
            continue
        boards: dict[int, Row] = {}
        for row in group:
            board = row.values.get("team_board")
            if board in boards:
                row.error("team_board_twice", board=board, team=name)
            elif board:
                boards[board] = row
            if row.player_id:
                key = ("id", row.player_id)
            elif row.values.get("birth_year"):
                key = ("name", fold(row.values.get("full_name", "")), row.values["birth_year"])
            else:
                key = ("row", row.row)
            other = player_rows.setdefault(key, row)
            if other is not row:
                row.error("team_player_twice", name=row.values["full_name"], other=other.row)
            if row.player_id in taken:
                row.error("team_player_taken", name=row.values["full_name"])
        players = [r for r in group if not r.values.get("reserve")]
        reserves = [r for r in group if r.values.get("reserve")]
        if len(players) != event.team_boards:
            first.error("team_size", team=name, n=len(players), boards=event.team_boards)
        if len(reserves) > event.team_reserves:
            first.error("team_reserves", team=name, n=len(reserves), max=event.team_reserves)
        if event.official and not (3 <= len(players) <= 4 and 1 <= len(reserves) <= 2):
            first.error("team_official", team=name)
    _check_teams_whole(rows)


def _check_teams_whole(rows: list[Row]) -> None:
    """A team is registered with its whole roster or not at all: when one of its rows has an
    error, its other rows cannot be stored either (even when the valid rows go through)."""
    for group in team_groups(rows).values():
        wrong = [r.row for r in group if r.errors]
        if wrong:
            for row in group:
                if not row.errors:
                    row.error("team_incomplete", team=group[0].values["team"],
                              rows=", ".join(map(str, wrong)))


# --- the template ---------------------------------------------------------------------------


TEMPLATE_HELP = {
    "full_name": L.Text("Bắt buộc. Họ và tên đầy đủ, có dấu.", "Required. Full name."),
    "gender": L.Text("Nam hoặc Nữ.", "M or F (Nam / Nữ)."),
    "birth_year": L.Text(f"Năm sinh, từ {MIN_BIRTH_YEAR}.", f"Year of birth, from "
                         f"{MIN_BIRTH_YEAR}."),
    "club": L.Text("Câu lạc bộ hoặc đơn vị.", "Club."),
    "province": L.Text("Tỉnh hoặc thành phố.", "Province or city."),
    "federation": L.Text("Mã ba chữ cái; để trống là VIE.", "Three letters; empty means VIE."),
    "national_id": L.Text("Mã hội viên của Liên đoàn; không trùng. Nếu mã đã có trong danh "
                          "sách, VĐV đó được dùng lại.",
                          "Federation membership number; unique. An ID already in the "
                          "register means that player."),
    "fide_id": L.Text("Mã quốc tế (nếu có); không trùng.", "International ID, if any; unique."),
    "rating": L.Text(f"Số nguyên từ 0 đến {MAX_RATING}.", f"Whole number 0 to {MAX_RATING}."),
    "title": L.Text("GM, IM, NM hoặc CM.", "GM, IM, NM or CM."),
    "email": L.Text("Không bắt buộc: địa chỉ email để VĐV nhận thông báo của giải.",
                    "Optional: the player's e-mail address, for the event's notices."),
    "team": L.Text("Giải đồng đội: tên đội.", "Team events: the team's name."),
    "team_board": L.Text("Thứ tự bàn trong đội (1 = mạnh nhất).",
                         "Board order in the team (1 = strongest)."),
    "reserve": L.Text("x nếu là dự bị.", "x for a reserve."),
}
TEMPLATE_TAB = L.Text("Vận động viên", "Players")
TEMPLATE_HELP_TAB = L.Text("Hướng dẫn", "Instructions")
TEMPLATE_NOTES = L.Text(
    f"Mỗi dòng một vận động viên, bắt đầu từ dòng 2. Tối đa {MAX_ROWS} dòng. Chỉ nhập giá "
    f"trị, không dùng công thức. Các cột khác (STT, ghi chú) được bỏ qua.",
    f"One player per row from row 2. At most {MAX_ROWS} rows. Values only, no formulas. "
    f"Other columns (row numbers, notes) are ignored.",
)


def template(lang: str, *, team: bool = False):
    """The workbook organisers fill in: the headers this module reads, input checks on the
    cells, and a sheet that explains each column."""
    from openpyxl.styles import Alignment, Font
    from openpyxl.worksheet.datavalidation import DataValidation

    lang = L.language(lang)
    fields = PLAYER_FIELDS + (TEAM_FIELDS if team else ())
    wb = new_workbook()
    ws = wb.create_sheet(TEMPLATE_TAB(lang))
    for c, key in enumerate(fields, start=1):
        put(ws, 1, c, COLUMN_LABELS[key](lang)).style = HEADER
        width = 30 if key == "full_name" else 16
        ws.column_dimensions[get_column_letter(c)].width = width
    ws.freeze_panes = "B2"
    letter = {key: get_column_letter(i) for i, key in enumerate(fields, start=1)}
    last = MAX_ROWS + 1
    checks = [
        (DataValidation(type="list", formula1='"Nam,Nữ"' if lang == L.VI else '"M,F"',
                        allow_blank=True), "gender"),
        (DataValidation(type="whole", operator="between", formula1=str(MIN_BIRTH_YEAR),
                        formula2="2100", allow_blank=True), "birth_year"),
        (DataValidation(type="whole", operator="between", formula1="0",
                        formula2=str(MAX_RATING), allow_blank=True), "rating"),
        (DataValidation(type="list", formula1='"GM,IM,NM,CM"', allow_blank=True), "title"),
    ]
    if team:
        checks.append((DataValidation(type="whole", operator="greaterThanOrEqual",
                                      formula1="1", allow_blank=True), "team_board"))
    for validation, key in checks:
        validation.error = str(TEMPLATE_HELP[key](lang))
        validation.showErrorMessage = True
        ws.add_data_validation(validation)
        validation.add(f"{letter[key]}2:{letter[key]}{last}")
    help_ws = wb.create_sheet(TEMPLATE_HELP_TAB(lang))
    help_ws.column_dimensions["A"].width = 22
    help_ws.column_dimensions["B"].width = 80
    put(help_ws, 1, 1, TEMPLATE_NOTES(lang)).font = Font(bold=True)
    help_ws.merge_cells("A1:B1")
    help_ws.cell(row=1, column=1).alignment = Alignment(wrap_text=True, vertical="top")
    help_ws.row_dimensions[1].height = 45
    for r, key in enumerate(fields, start=3):
        put(help_ws, r, 1, COLUMN_LABELS[key](lang)).style = HEADER
        cell = put(help_ws, r, 2, TEMPLATE_HELP[key](lang))
        cell.style = PLAIN
        cell.border = BORDER
    wb.active = 0
    return wb
