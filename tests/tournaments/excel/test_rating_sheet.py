"""The event's rating report as a sheet for the federation: the same figures as the
page, the federation IDs on the staff's sheet only, and only for rated individual events."""

from decimal import Decimal

import pytest

from tests.tournaments.builders import open_workbook, rated_scenario, sheet_rows
from tournaments.excel.workbook import ExportError, Table, build, event_tables, to_bytes
from tournaments.selectors.excel import event_export_data
from tournaments.selectors.ratings import event_report

pytestmark = pytest.mark.django_db


def test_the_sheet_holds_the_reports_figures(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    event = ctx["event"]
    ws = open_workbook(to_bytes(build(event, Table("ratings"), lang="vi"))).worksheets[0]
    assert ws["A3"].value == "BÁO CÁO ELO SAU VÒNG 1"
    assert [c.value for c in ws[4]] == ["Mã số", "Họ và tên", "Mã VĐV", "Elo", "K",
                                        "Số ván tính Elo", "Điểm", "Điểm kỳ vọng", "Elo +/-",
                                        "Elo mới"]
    report = event_report(event)
    rows = sheet_rows(ws)
    assert len(rows) == len(report.rows) == 4
    for sheet_row, line in zip(rows, report.rows, strict=True):
        assert sheet_row[:6] == [line.row.number, line.entry.name,
                                 line.entry.player.national_id, line.row.rating, line.row.k,
                                 line.row.games]
        assert Decimal(str(sheet_row[8])) == Decimal(line.change)
        assert sheet_row[9] == line.row.new_rating


def test_the_public_sheet_leaves_out_the_ids(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    ws = open_workbook(to_bytes(build(ctx["event"], Table("ratings"), lang="en",
                                      public=True))).worksheets[0]
    assert [c.value for c in ws[4]][:3] == ["No.", "Name", "Rating"]
    assert "VXF1" not in str(sheet_rows(ws))


def test_only_rated_events_have_the_sheet(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    event = ctx["event"]
    assert Table("ratings") in event_tables(event, event_export_data(event))
    event.rated = False
    with pytest.raises(ExportError):
        build(event, Table("ratings"), lang="vi")
    assert Table("ratings") not in event_tables(event, event_export_data(event))
