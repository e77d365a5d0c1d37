"""Exports are written in openpyxl's write-only mode (the whole-event workbook of
1,000 players and 11 rounds under 2 s): the sheet streamed top to bottom must look as the
read-write layout did (heading merged over the table, header row, styles, notes, widths, frozen
panes, printing), keep text as text, and leave no temporary file behind when a sheet fails."""

import datetime
import os

import pytest

from tests.tournaments.builders import open_workbook
from tournaments.compat import write_only_temp_files
from tournaments.excel import workbook as workbook_module
from tournaments.excel.styles import (
    CENTER,
    HEADER,
    X_CELL,
    Column,
    Heading,
    Sheet,
    new_workbook,
    write,
)
from tournaments.excel.workbook import Table, build, to_bytes

HEADING = Heading("Giải Cờ Tướng & Bạn", "1–3/11/2026 · Huế", datetime.date(2026, 11, 3), "vi")


def _sheet() -> Sheet:
    return Sheet(
        tab="Bảng: điểm?", title="BẢNG ĐIỂM",
        columns=[Column("Hạng", CENTER), Column("Họ và tên"), Column("V1", CENTER, width=7)],
        rows=[[1, "Nguyễn Văn An", "2w1"], [2, "=HYPERLINK(\"x\")", "X"], [3, None, None]],
        notes=["X: ván bị huỷ (Điều 21.5)", "Ghi chú hai"], freeze_columns=2,
        cell_style=lambda r, c, value: X_CELL if value == "X" else None)


def _written():
    wb = new_workbook(write_only=True)
    write(wb, _sheet(), HEADING)
    return open_workbook(to_bytes(wb))


def test_the_streamed_sheet_has_the_whole_layout():
    ws = _written().worksheets[0]
    assert ws.title == "Bảng- điểm-"
    assert [ws.cell(row=r, column=1).value for r in (1, 2, 3)] == [
        HEADING.event_name, HEADING.details, "BẢNG ĐIỂM"]
    assert sorted(str(m) for m in ws.merged_cells.ranges) == ["A1:C1", "A2:C2", "A3:C3"]
    assert ws["A1"].font.b and ws["A1"].font.sz == 14 and ws["A2"].font.i
    assert ws["A1"].alignment.horizontal == "center"
    assert [c.value for c in ws[4]] == ["Hạng", "Họ và tên", "V1"]
    assert all(c.style == HEADER for c in ws[4])
    assert [c.value for c in ws[5]] == [1, "Nguyễn Văn An", "2w1"]
    assert ws["A5"].style == CENTER and ws["C6"].style == X_CELL
    assert ws["C6"].font.b and ws["C6"].font.color.rgb.endswith("C00000")
    assert ws["A7"].border.left.style == "thin"  # an empty cell of the table keeps its border
    assert ws["A8"].value is None
    assert [ws["A9"].value, ws["A10"].value] == ["X: ván bị huỷ (Điều 21.5)", "Ghi chú hai"]
    assert ws["A9"].font.i
    assert ws.freeze_panes == "C5" and ws.print_title_rows == "$4:$4"
    assert ws.column_dimensions["C"].width == 7
    assert ws.column_dimensions["B"].width >= len("=HYPERLINK(\"x\")")
    assert ws.oddFooter.left.text == "Giải Cờ Tướng && Bạn"
    assert ws.page_setup.paperSize == 9  # A4


def test_text_that_looks_like_a_formula_stays_text():
    ws = _written().worksheets[0]
    assert ws["B6"].data_type == "s" and ws["B6"].value == "=HYPERLINK(\"x\")"


@pytest.mark.django_db
def test_a_sheet_failing_half_way_leaves_no_temporary_file(
        make_event, organiser, monkeypatch):
    event = make_event(format="swiss", rounds=5)
    before = write_only_temp_files()
    written = []

    def failing(item, *args):
        if written:
            raise RuntimeError("the second sheet fails")
        written.append(item)
        return workbook_module.exports.fouls_sheet([], "vi", public=False)

    monkeypatch.setattr(workbook_module, "_sheet", failing)
    with pytest.raises(RuntimeError):
        build(event, Table("event"), lang="vi")
    assert written  # one sheet was streamed to a temporary file, then removed
    leftovers = write_only_temp_files() - before
    assert not leftovers and not any(os.path.exists(p) for p in leftovers)
