"""One look for every sheet: the event's name and dates on top, the table's title, a bold frozen
header row repeated on every printed page, columns wide enough for their content, thin borders,
A4 fitted to the page width, page numbers and the printing date in the footer.

A table is described as a :class:`Sheet` (plain data: columns and rows of values); :func:`write`
lays it out. The export functions (``exports.py``) only build ``Sheet`` values.

Every value reaches a worksheet through :func:`new_cell` or :func:`put`, which keep text as
text: a name typed as ``=HYPERLINK(...)`` is never a live formula in a download.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from openpyxl import Workbook
from openpyxl.cell import Cell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.worksheet import Worksheet

from tournaments.compat import CellRowsWorksheet, style_array, worksheet_add, worksheet_discard
from tournaments.excel import labels

FONT = "Calibri"
HEADER_ROW = 4  # rows 1-3: event name, dates and venue, the table's title
MAX_WIDTH = 45
_thin = Side(style="thin", color="808080")
BORDER = Border(left=_thin, right=_thin, top=_thin, bottom=_thin)

# Cell styles a sheet can ask for, by name (registered once per workbook as named styles,
# which keeps large workbooks small and fast to write).
PLAIN = "cotuong-cell"
CENTER = "cotuong-center"
NUMBER = "cotuong-number"
HEADER = "cotuong-header"
X_CELL = "cotuong-x"  # Art. 21.5: cancelled games, printed red and bold
SELF = "cotuong-self"  # a round robin crosstable's diagonal
TOTAL = "cotuong-total"


def _named_styles() -> list[NamedStyle]:
    base = {"font": Font(name=FONT, size=11), "border": BORDER}
    return [
        NamedStyle(PLAIN, alignment=Alignment(vertical="center"), **base),
        NamedStyle(CENTER, alignment=Alignment(horizontal="center", vertical="center"), **base),
        NamedStyle(NUMBER, alignment=Alignment(horizontal="right", vertical="center"), **base),
        NamedStyle(HEADER, font=Font(name=FONT, size=11, bold=True), border=BORDER,
                   fill=PatternFill("solid", fgColor="E7E6E6"),
                   alignment=Alignment(horizontal="center", vertical="center", wrap_text=True)),
        NamedStyle(X_CELL, font=Font(name=FONT, size=11, bold=True, color="C00000"),
                   border=BORDER, alignment=Alignment(horizontal="center", vertical="center")),
        NamedStyle(SELF, font=Font(name=FONT, size=11), border=BORDER,
                   fill=PatternFill("solid", fgColor="BFBFBF"),
                   alignment=Alignment(horizontal="center", vertical="center")),
        NamedStyle(TOTAL, font=Font(name=FONT, size=11, bold=True), border=BORDER,
                   alignment=Alignment(horizontal="right", vertical="center")),
    ]


@dataclass(frozen=True, slots=True)
class Column:
    header: str
    style: str = PLAIN
    # Fixed width in characters; None: fitted to the content.
    width: float | None = None
    min_width: float = 4


@dataclass
class Sheet:
    """A table to lay out: ``tab`` names the worksheet, ``title`` is printed above the table."""

    tab: str
    title: str
    columns: Sequence[Column]
    rows: list[list] = field(default_factory=list)
    # Lines printed under the table (legends, the tie-break order).
    notes: list[str] = field(default_factory=list)
    landscape: bool = False
    # Columns kept visible when scrolling sideways (a crosstable's names).
    freeze_columns: int = 0
    # Per-cell style overrides: (row index, column index) -> style name (0-based, data rows).
    cell_style: Callable[[int, int, object], str | None] | None = None
    # Rows (0-based) printed bold, e.g. a team match's total.
    total_rows: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class Heading:
    """What every sheet of an event shows on top and in the footer."""

    event_name: str
    details: str  # dates, venue, organiser
    printed_on: datetime.date
    lang: str


# What a spreadsheet program may read as the start of a formula (OWASP "CSV injection"): such text
# is stored as a string cell with Excel's quote prefix, shown as typed and never evaluated.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def new_cell(ws: Worksheet, value: object, style_array=None) -> Cell:
    """A cell holding ``value`` as data: numbers and dates as such, text always as text."""
    cell = Cell(ws, row=1, column=1, style_array=style_array)  # placed when appended
    _assign(cell, value)
    return cell


def put(ws: Worksheet, row: int, column: int, value: object) -> Cell:
    """Write ``value`` at ``row``, ``column`` as :func:`new_cell` does."""
    cell = ws.cell(row=row, column=column)
    _assign(cell, value)
    return cell


def xml_text(text: str) -> str:
    """``text`` without the control characters no workbook holds (a name typed with them
    through the API), for cells and the file's properties."""
    return ILLEGAL_CHARACTERS_RE.sub("", text)


def _assign(cell: Cell, value: object) -> None:
    if isinstance(value, str):
        value = xml_text(value)
    cell.value = value
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        cell.data_type = "s"  # openpyxl made it a formula ("f") if it starts with "="
        cell.quotePrefix = True


def new_workbook(*, write_only: bool = False) -> Workbook:
    """An empty workbook with the sheets' named styles. ``write_only``: sheets are streamed
    row by row as :func:`write` lays them out (openpyxl's write-only mode: no grid of cells kept
    in memory, saved once), which is how exports are built (1,000 players, 11 rounds,
    25 sheets: docs/benchmarks.md); read-write otherwise (the import template, written cell by
    cell)."""
    wb = Workbook(write_only=write_only)
    if not write_only:
        wb.remove(wb.active)
    for style in _named_styles():
        wb.add_named_style(style)
    return wb


def _style_arrays(ws: Worksheet, names) -> dict[str, object]:
    """Each named style's cell formatting, computed once per sheet: building cells with it is
    much faster than assigning ``cell.style`` cell by cell (a large event has 100,000 cells)."""
    arrays = {}
    for name in set(names):
        probe = Cell(ws)
        probe.style = name
        arrays[name] = style_array(probe)
    return arrays


def _new_sheet(wb: Workbook, title: str) -> Worksheet:
    if not wb.write_only:
        return wb.create_sheet(title)
    ws = CellRowsWorksheet(parent=wb, title=title)  # its rows: cells made by ``new_cell``
    worksheet_add(wb, ws)
    return ws


def discard(wb: Workbook) -> None:
    """Remove the temporary files a write-only workbook streamed its sheets to, when it will
    not be saved (a sheet failed half-way): openpyxl removes them when saving, or at exit."""
    for ws in wb.worksheets:
        worksheet_discard(ws)


_BAD_TAB = re.compile(r"[\[\]:*?/\\]")


def tab_name(wb: Workbook, wanted: str) -> str:
    """A legal, unique worksheet name: at most 31 characters, none of ``[]:*?/\\``."""
    base = _BAD_TAB.sub("-", wanted).strip("'")[:31] or "Sheet"
    name, n = base, 1
    while name in wb.sheetnames:
        n += 1
        suffix = f" ({n})"
        name = base[: 31 - len(suffix)] + suffix
    return name


def write(wb: Workbook, sheet: Sheet, heading: Heading) -> Worksheet:
    """Lay ``sheet`` out as a new worksheet of ``wb``, top to bottom, so that a write-only
    workbook streams it: what comes before the rows in the file (column widths, frozen panes,
    fit to page) is set first, then the heading, the header row, the rows and the notes are
    appended in order."""
    ws = _new_sheet(wb, tab_name(wb, sheet.tab))
    ncols = max(len(sheet.columns), 1)
    first = HEADER_ROW + 1
    _fit_columns(ws, sheet)
    ws.freeze_panes = f"{get_column_letter(sheet.freeze_columns + 1)}{first}"
    _print_setup(ws, sheet, heading)
    styles = [col.style for col in sheet.columns]
    arrays = _style_arrays(ws, [*styles, HEADER, TOTAL, X_CELL, SELF])
    _write_heading(ws, sheet, heading, ncols)
    ws.append([new_cell(ws, column.header, arrays[HEADER]) for column in sheet.columns])
    for r, values in enumerate(sheet.rows):
        total = r in sheet.total_rows
        cells = []
        for c in range(ncols):
            value = values[c] if c < len(values) else None
            style = sheet.cell_style(r, c, value) if sheet.cell_style else None
            cells.append(new_cell(ws, value, arrays[style or (TOTAL if total else styles[c])]))
        ws.append(cells)
    if sheet.notes:
        ws.append([new_cell(ws, None)])
    for note in sheet.notes:
        cell = new_cell(ws, note)
        cell.font = Font(name=FONT, size=10, italic=True)
        ws.append([cell])
    return ws


def _write_heading(ws: Worksheet, sheet: Sheet, heading: Heading, ncols: int) -> None:
    """Rows 1-3: the event's name, its dates and venue, the table's title; each centred over
    the table's columns."""
    lines = (
        (heading.event_name, Font(name=FONT, size=14, bold=True)),
        (heading.details, Font(name=FONT, size=11, italic=True)),
        (sheet.title, Font(name=FONT, size=13, bold=True)),
    )
    ws.row_dimensions[1].height = 21
    ws.row_dimensions[3].height = 19
    for r, (text, font) in enumerate(lines, start=1):
        cell = new_cell(ws, text)
        cell.font = font
        cell.alignment = Alignment(horizontal="center", vertical="center")
        ws.append([cell])
        if ncols > 1:
            ws.merged_cells.add(CellRange(min_col=1, min_row=r, max_col=ncols, max_row=r))


def _text_width(value: object) -> int:
    if value is None:
        return 0
    text = str(value)
    return max((len(line) for line in text.splitlines()), default=0)


def _fit_columns(ws: Worksheet, sheet: Sheet) -> None:
    for c, column in enumerate(sheet.columns):
        if column.width is not None:
            width = column.width
        else:
            # A header may wrap onto two lines: its longest word must fit.
            header = max((len(w) for w in column.header.split()), default=0)
            content = max((_text_width(row[c]) for row in sheet.rows if c < len(row)),
                          default=0)
            width = min(MAX_WIDTH, max(column.min_width, header, content) + 2)
        ws.column_dimensions[get_column_letter(c + 1)].width = width


def _print_setup(ws: Worksheet, sheet: Sheet, heading: Heading) -> None:
    lang = heading.lang
    ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape" if sheet.landscape else "portrait"
    # Fit the width of the table on the page; as many pages down as it takes.
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.page_margins = PageMargins(left=0.4, right=0.4, top=0.6, bottom=0.6, header=0.3,
                                  footer=0.3)
    ws.print_options.horizontalCentered = True
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    ws.oddFooter.left.text = _footer_text(heading.event_name)
    ws.oddFooter.left.size = 8
    ws.oddFooter.center.text = labels.PAGE(lang)
    ws.oddFooter.center.size = 8
    ws.oddFooter.right.text = labels.PRINTED_ON(
        lang, date=labels.date_text(heading.printed_on, lang))
    ws.oddFooter.right.size = 8


def _footer_text(text: str) -> str:
    # "&" starts a code in Excel's header and footer language.
    return text.replace("&", "&&")[:80]
