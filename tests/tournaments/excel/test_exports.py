"""Exports: every workbook is opened again with openpyxl and its cells are checked against what
the app shows (names with their diacritics, points, tie-break values, X cells)."""

from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import open_workbook, play_round, sheet_rows
from tournaments.excel.styles import SELF, X_CELL
from tournaments.excel.workbook import ExportError, Table, build, filename, to_bytes
from tournaments.models import Entry
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.services.rounds import round_store

pytestmark = pytest.mark.django_db


def export(event, table, lang="vi", **kwargs):
    return open_workbook(to_bytes(build(event, table, lang=lang, **kwargs)))


def as_number(text):
    """A value as the page shows it ("2.5") -> as the sheet holds it (2.5)."""
    value = Decimal(text)
    return int(value) if value == value.to_integral_value() else float(value)


def test_every_sheet_has_the_event_name_dates_frozen_header_and_a4_print_setup(swiss_event):
    ws = export(swiss_event, Table("players")).worksheets[0]
    assert ws["A1"].value == "Giải Cờ Tướng Hà Nội Mở rộng 2026"
    assert ws["A2"].value == "20/11/2026 · Cung Văn hóa Hữu nghị"
    assert ws["A3"].value == "DANH SÁCH VẬN ĐỘNG VIÊN"
    assert ws.freeze_panes == "A5"
    assert ws.print_title_rows == "$4:$4"  # the header row repeats on every printed page
    assert int(ws.page_setup.paperSize) == 9  # A4
    assert ws.page_setup.fitToWidth == 1 and ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.oddFooter.center.text == "Trang &P/&N"
    assert ws.oddFooter.right.text.startswith("In ngày ")
    assert ws["A4"].font.b  # bold header


def test_player_list_keeps_vietnamese_names_and_fits_the_longest(swiss_event, named_players):
    ws = export(swiss_event, Table("players")).worksheets[0]
    assert [c.value for c in ws[4]] == [
        "STT", "Mã số", "Họ và tên", "Giới tính", "Năm sinh", "Danh hiệu", "Elo", "Câu lạc bộ",
        "Tỉnh/Thành", "Liên đoàn", "Mã VĐV", "Mã quốc tế", "Ghi chú"]
    rows = sheet_rows(ws)
    by_name = {r[2]: r for r in rows}
    assert set(by_name) == {p.full_name for p in named_players}
    tuyet = by_name["Nguyễn Thị Ánh Tuyết"]
    assert tuyet[1] == 1 and tuyet[3] == "Nữ" and tuyet[4] == 1990 and tuyet[6] == 2350
    assert tuyet[7] == "CLB Cờ Tướng Hà Nội" and tuyet[10] == "VXF00001"
    longest = max(len(p.full_name) for p in named_players)
    assert ws.column_dimensions["C"].width >= longest


def test_public_player_list_leaves_out_federation_ids(swiss_event):
    ws = export(swiss_event, Table("players"), public=True).worksheets[0]
    headers = [c.value for c in ws[4]]
    assert "Mã VĐV" not in headers and "Mã quốc tế" not in headers
    assert all("VXF" not in str(v) for row in sheet_rows(ws) for v in row)


def test_pairings_for_the_notice_board(swiss_event):
    ws = export(swiss_event, Table("pairings", 1)).worksheets[0]
    assert ws["A3"].value == "XẾP CẶP VÒNG 1"
    assert [c.value for c in ws[4]] == ["Bàn", "Mã số", "Trắng", "Câu lạc bộ", "Mã số", "Đen",
                                        "Câu lạc bộ"]
    assert sheet_rows(ws)[0] == [1, 1, "Nguyễn Thị Ánh Tuyết", "CLB Cờ Tướng Hà Nội", 4,
                                 "Lại Lý Huynh", "CLB Bình Dương"]
    assert [r[0] for r in sheet_rows(ws)] == [1, 2, 3]


def test_a_draft_round_is_marked_and_never_public(swiss_event):
    ws = export(swiss_event, Table("pairings", 3)).worksheets[0]
    assert ws["A3"].value == "XẾP CẶP VÒNG 3 — BẢN NHÁP — CHƯA CÔNG BỐ"
    with pytest.raises(ExportError):
        build(swiss_event, Table("pairings", 3), lang="vi", public=True)


def test_results_of_a_round_with_forfeits(swiss_event):
    ws = export(swiss_event, Table("results", 2)).worksheets[0]
    assert [c.value for c in ws[4]] == ["Bàn", "Mã số", "Trắng", "Kết quả", "Đen", "Mã số"]
    assert [r[3] for r in sheet_rows(ws)] == ["0-1", "+/-", "1-0"]
    assert sheet_rows(ws)[1][2] == "Đặng Hữu Trang"


def test_byes_read_rest_in_a_round_robin_and_bye_in_a_swiss(make_event, organiser,
                                                             chief_arbiter, named_players):
    from tournaments.services.entries import entry_register

    event = make_event(format="swiss", rounds=3)
    entries = [entry_register(event=event, actor=organiser, player=p) for p in named_players[:3]]
    play_round(event, 1, [(entries[0], entries[1]), (entries[2], None)], ["1/2-1/2"],
               actor=chief_arbiter)
    rows = sheet_rows(export(event, Table("results", 1)).worksheets[0])
    assert rows[0][3] == "½-½"
    assert rows[1][2] == named_players[2].full_name and rows[1][3] == "Miễn đấu"


def test_english_headers_for_english_users(swiss_event):
    ws = export(swiss_event, Table("pairings", 1), lang="en").worksheets[0]
    assert ws["A3"].value == "PAIRINGS, ROUND 1"
    assert [c.value for c in ws[4]][:3] == ["Board", "No.", "White"]
    assert ws["A2"].value.startswith("20 Nov 2026")
    assert sheet_rows(ws)[0][2] == "Nguyễn Thị Ánh Tuyết"  # names stay as written


def test_standings_sheet_matches_the_standings_page(rr_event):
    view = event_standings(rr_event)
    ws = export(rr_event, Table("standings")).worksheets[0]
    assert ws["A3"].value == "BẢNG XẾP HẠNG SAU VÒNG 5"
    headers = [c.value for c in ws[4]]
    # Art. 21.3: the statute's order (the law's default for a round robin), in the law's words.
    assert headers == ["Hạng", "Mã số", "Họ và tên", "Elo", "Câu lạc bộ", "Điểm", "Đối đầu",
                       "Hệ số", "Số ván thắng", "Thắng cầm Đen", "Bốc thăm"]
    rows = sheet_rows(ws)
    assert len(view.rows) == 5 and len(rows) == 6
    for sheet_row, row in zip(rows, view.rows, strict=False):
        assert sheet_row[0] == (f"{row.rank}=" if row.shared else row.rank)
        assert sheet_row[2] == row.entry.name
        assert sheet_row[5] == as_number(row.points)
        assert sheet_row[6:] == [as_number(v) if v not in ("-", "") else v for v in row.values]
    # Art. 21.5.1: withdrawn with half or fewer played, every game cancelled: after the
    # ranking, not ranked, and the note says why.
    assert [e.number for e in view.withdrawn] == [6]
    assert rows[-1][:3] == ["–", 6, view.withdrawn[0].name]
    notes = [c.value for row in ws.iter_rows() for c in row if isinstance(c.value, str)]
    assert any("Điều 21.5.1" in n and view.withdrawn[0].name in n for n in notes)


def test_crosstable_shows_x_for_cancelled_games_as_the_law_says(rr_event):
    view = event_crosstable(rr_event)
    wb = export(rr_event, Table("crosstable"))
    ws = wb.worksheets[0]
    assert ws["A3"].value == "BẢNG ĐIỂM SAU VÒNG 5"
    assert ws.freeze_panes == "D5"  # names stay visible when scrolling sideways
    rows = sheet_rows(ws)
    x_cells = 0
    for r, (sheet_row, row) in enumerate(zip(rows, view.rows, strict=True)):
        assert sheet_row[:3] == [row.rank, row.number, row.entry.name]
        for c, page_cell in enumerate(row.cells):
            cell = ws.cell(row=5 + r, column=4 + c)
            assert (cell.value or "") == page_cell.text
            if page_cell.css == "self":
                assert cell.style == SELF
            if page_cell.text == "X":
                x_cells += 1
                assert cell.style == X_CELL and cell.font.color.rgb.endswith("C00000")
        assert sheet_row[-1] == as_number(row.points)
    # Number 6 played 2 of 5 and withdrew: its 5 games are X in its row and in each opponent's.
    assert x_cells == 10
    six = next(r for r in rows if r[1] == 6)
    assert six[3:9].count("X") == 5


def test_whole_event_workbook_has_a_sheet_per_table(rr_event):
    wb = export(rr_event, Table("event"))
    assert wb.sheetnames == [
        "Danh sách", "Xếp hạng", "Bảng điểm",
        "Xếp cặp V1", "Kết quả V1", "Xếp cặp V2", "Kết quả V2", "Xếp cặp V3", "Kết quả V3",
        "Xếp cặp V4", "Kết quả V4", "Xếp cặp V5", "Kết quả V5"]
    for ws in wb.worksheets:
        assert ws["A1"].value == "Giải Vô địch Cờ Tướng các CLB mạnh 2026"
        assert ws["A2"].value.startswith("20/11/2026")
        assert int(ws.page_setup.paperSize) == 9  # A4
    assert wb["Kết quả V3"]["A3"].value == "KẾT QUẢ VÒNG 3"


def test_whole_event_workbook_reads_the_database_a_fixed_number_of_times(rr_event, swiss_event):
    counts = []
    for event in (rr_event, swiss_event):
        with CaptureQueriesContext(connection) as queries:
            to_bytes(build(event, Table("event"), lang="vi"))
        counts.append(len(queries))
    # Five rounds or two: the same queries (no query per board, per player or per round).
    assert counts[0] == counts[1]


def test_team_list_and_results_by_board(team_event):
    wb = export(team_event, Table("event"))
    assert "Đồng đội theo bàn" in wb.sheetnames
    teams = sheet_rows(wb["Danh sách"])
    assert teams[0][1].startswith("Đội ") and teams[0][2] == 1 and teams[2][7] == "x"
    ws = wb["Đồng đội theo bàn"]
    rows = sheet_rows(ws)
    first_match = [r for r in rows if r[0] == 1 and r[1] == 1]
    board1, board2, total = first_match
    assert board1[3] == 1 and board1[4] == "Trắng" and board1[6] == "1-0"
    # Board 2: the first team had Black (appendix §4) and drew.
    assert board2[3] == 2 and board2[4] == "Đen" and board2[6] == "½-½"
    assert total[5] == "Tổng" and total[6] == "1½-½"
    assert board1[5].startswith("Lê Văn Đội")  # the roster's board 1 when no line-up is kept


def test_a_game_black_won_reads_from_the_first_teams_side(team_event, arbiter):
    from tournaments.models import Game
    from tournaments.services.results import game_result_record

    game = Game.objects.filter(board__round__event=team_event, board__round__number=1,
                               number=2).order_by("board__number").first()
    # The first-named team has Black on board 2 and wins it: White's result is 0-1.
    game_result_record(game=game, result="0-1", actor=arbiter, expected_version=game.version)
    rows = sheet_rows(export(team_event, Table("team_boards")).worksheets[0])
    assert rows[1][6] == "1-0" and rows[2][6] == "2-0"


def test_bracket_of_a_knockout_event(make_event, organiser, chief_arbiter, named_players):
    from tournaments.models import Game
    from tournaments.services.entries import entry_register
    from tournaments.services.rounds import BoardSpec, round_publish

    event = make_event(format="ko", name="Cúp Cờ Tướng Đà Nẵng")
    entries = [entry_register(event=event, actor=organiser, player=p) for p in named_players[:4]]
    round_ = round_store(event=event, number=1, method="knockout", seed=1, actor=chief_arbiter,
                         boards=[BoardSpec(1, entries[0].pk, entries[3].pk, bracket="A",
                                           match_code="A1.1"),
                                 BoardSpec(2, entries[1].pk, entries[2].pk, bracket="A",
                                           match_code="A1.2")])
    round_publish(round_=round_, actor=chief_arbiter)
    b1, b2 = round_.boards.order_by("number")
    # The round was stored whole: each match has its two games, colours alternating.
    for board, results in ((b1, ["1-0", "1/2-1/2"]), (b2, ["0-1", "0-1"])):
        games = list(board.games.order_by("number"))
        assert [g.white_first for g in games] == [True, False]
        for game, result in zip(games, results, strict=True):
            game.result = result
        Game.objects.bulk_update(games, ["result"])
    Game.objects.bulk_create([
        # Tied 1-1: the statute's tie-break games (level 1) decide.
        Game(board=b2, number=3, level=1, kind="rapid", white_first=True, result="0-1"),
        Game(board=b2, number=4, level=1, kind="rapid", white_first=False, result="1/2-1/2"),
    ])
    wb = export(event, Table("event"))
    assert wb.sheetnames[:2] == ["Danh sách", "Sơ đồ"]
    assert "Xếp hạng" not in wb.sheetnames
    rows = sheet_rows(wb["Sơ đồ"])
    assert rows[0][1] == "Nhánh thắng" and rows[0][2] == "A1.1"
    assert rows[0][5] == "1½-½" and rows[0][8] == named_players[0].full_name
    assert rows[1][5] == "1½-2½" and rows[1][8] == named_players[2].full_name
    with pytest.raises(ExportError):
        build(event, Table("standings"), lang="vi")


def test_file_names_are_ascii(rr_event):
    assert filename(rr_event, Table("pairings", 3), "vi").endswith("-xep-cap-v3.xlsx")
    assert filename(rr_event, Table("event"), "en").endswith("-event.xlsx")


def test_export_event_command_writes_the_whole_event(rr_event, tmp_path):
    out = tmp_path / "giai.xlsx"
    call_command("export_event", str(rr_event.pk), "--output", str(out),
                 stdout=open("/dev/null", "w"))
    wb = open_workbook(out.read_bytes())
    assert "Bảng điểm" in wb.sheetnames
    names = {r[2] for r in sheet_rows(wb["Danh sách"])}
    assert "Phạm Thị Ngọc Hương" in names
    assert Entry.objects.filter(event=rr_event).count() == len(names)


def test_appendix_2_team_knockout_bracket_sheet_names_the_teams_and_who_went_through(
        make_event, organiser, chief_arbiter, arbiter):
    from tests.tournaments.builders import team_knockout_event, team_match_play
    from tournaments.models import Board

    event = team_knockout_event(make_event, organiser, chief_arbiter, teams=4)
    board = Board.objects.select_related("white", "black").get(round__event=event,
                                                               match_code="A1.1")
    team_match_play(board, [0, 1, 0.5, 0.5], arbiter)  # 2–2: board 1 first, the second team
    wb = export(event, Table("event"))
    assert "Sơ đồ" in wb.sheetnames
    row = next(r for r in sheet_rows(wb["Sơ đồ"]) if r[2] == "A1.1")
    assert row[4] == board.white.name and row[6] == board.black.name
    assert row[5] == "2-2" and row[8] == board.black.name


def test_vietnamese_points_are_number_cells(rr_event):
    """The page writes "2,5" in Vietnamese; the sheet keeps numbers (Excel shows them in its
    reader's language), never the text "2,5"; board-by-board sums stay text."""
    from django.utils import translation

    from tournaments.excel.exports import number

    assert (number("2,5"), number("2.5"), number("+7,4"), number("3/2,5/1"), number("-")) == (
        Decimal("2.5"), Decimal("2.5"), Decimal("7.4"), "3/2,5/1", "-")
    with translation.override("vi"):
        view = event_standings(rr_event)
        ws = export(rr_event, Table("standings")).worksheets[0]
    written = [v for row in view.rows for v in (row.points, *row.values)]
    assert any("," in v for v in written), written  # the page's decimal commas
    cells = [c for sheet_row in sheet_rows(ws)[:len(view.rows)] for c in sheet_row[5:]]
    assert cells and all(isinstance(c, int | float) for c in cells if c not in ("-", "")), cells
