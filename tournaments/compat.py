"""The private parts of Django and openpyxl the app relies on, behind one door.

Each name below reaches into a library where its documentation does not promise anything; an
upgrade that moves one breaks here, and ``tests/tournaments/test_compat.py`` says which, rather
than a page or an export deep inside the app. Nothing else imports a private module or name of
these libraries, nor touches the private attributes wrapped here (the same test reads every
module to check). Pinned versions: ``requirements.txt`` (Django 5.2, openpyxl 3.1).

- ``csrf_secret``: Django's ``_unmask_cipher_token``. The public cache stores a page without the
  asker's CSRF tokens (``public_cache.py``): a token in the page is the secret masked, and only
  unmasking it tells the asker's from any other text of that shape.
- ``CellRowsWorksheet``, ``worksheet_add``, ``worksheet_discard``, ``write_only_temp_files``:
  openpyxl's write-only worksheet, fed rows of ready cells, added to its workbook, and its
  temporary file removed when it will not be saved (``excel/styles.py``; exports of 1,000
  players stream 100,000 cells, docs/benchmarks.md).
- ``style_array``: a cell's formatting as the array openpyxl copies into each new cell
  (``Cell(ws, style_array=...)``), computed once per named style.
"""

from django.middleware.csrf import _unmask_cipher_token
from openpyxl.cell import Cell
from openpyxl.workbook import Workbook
from openpyxl.worksheet import _writer
from openpyxl.worksheet._write_only import WriteOnlyWorksheet


def csrf_secret(token: str) -> str:
    """The CSRF secret a masked token (as ``get_token`` puts in a page) carries."""
    return _unmask_cipher_token(token)


class CellRowsWorksheet(WriteOnlyWorksheet):
    """A write-only worksheet whose rows are lists of cells made beforehand (styled, value
    checked). openpyxl's own tries every item as a value first and builds an error message
    when it is a cell, which cost more than writing the cell."""

    def _values_to_row(self, values, row_idx):
        for column, cell in enumerate(values, start=1):
            cell.row, cell.column = row_idx, column
            yield cell


def worksheet_add(wb: Workbook, ws: WriteOnlyWorksheet) -> None:
    """Add ``ws`` to a write-only workbook: what ``create_sheet`` does there, with a sheet
    class of ours."""
    wb._add_sheet(ws)


def worksheet_discard(ws) -> None:
    """Remove the temporary file a write-only sheet streams to, when it will not be saved
    (openpyxl removes it when saving, or at exit). A read-write sheet has none."""
    writer = getattr(ws, "_writer", None)
    if writer is None:
        return
    if not ws.closed:
        ws.close()
    writer.cleanup()


def write_only_temp_files() -> set[str]:
    """The temporary files openpyxl's write-only sheets hold now."""
    return set(_writer.ALL_TEMP_FILES)


def style_array(cell: Cell):
    """The formatting of ``cell`` as the array a new ``Cell(ws, style_array=...)`` copies."""
    return cell._style
