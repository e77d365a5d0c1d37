"""Importing players from Excel: the preview shows each row as it will be stored with its errors,
malformed files are refused with a clear message, and nothing is written until the organiser
confirms, then all rows or none."""

import io
import unicodedata

import pytest
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tests.tournaments.builders import PlayerFactory, open_workbook, sheet_rows
from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.workbook import Table, build, to_bytes
from tournaments.models import Entry, Job, JobStatus, Player, Team, TeamMember
from tournaments.services.imports import import_confirm, import_start

pytestmark = pytest.mark.django_db

HEADERS = ["Họ và tên", "Giới tính", "Năm sinh", "Câu lạc bộ", "Mã VĐV", "Elo"]


def xlsx(rows, headers=HEADERS, *, above=(), sheet=None) -> bytes:
    wb = Workbook()
    ws = wb.active
    if sheet:
        ws.title = sheet
    for line in above:
        ws.append(line)
    if headers:
        ws.append(headers)
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def read(content: bytes, event=None) -> reader.Preview:
    return reader.read(io.BytesIO(content), event=event)


def codes(row) -> list[str]:
    return [e["code"] for e in row.errors]


def upload(content: bytes, name="vdv.xlsx"):
    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


@pytest.fixture
def register_admin(organiser):
    from django.contrib.auth.models import Permission

    organiser.user_permissions.add(Permission.objects.get(codename="add_player"))
    return type(organiser).objects.get(pk=organiser.pk)


# --- the preview ----------------------------------------------------------------------------


def test_preview_shows_each_row_as_it_will_be_stored():
    preview = read(xlsx([
        ["  Nguyễn   Thị Ánh  Tuyết ", "Nữ", 1990, "CLB Hà Nội", 12345, 2350.0],
        ["Trần Văn Ninh", "nam", "1979", "CLB Bình Định", "VXF-2", None],
    ]))
    assert preview.ok and preview.header_row == 1
    first, second = preview.rows
    assert first.row == 2 and first.action == "new"
    assert first.values == {"full_name": "Nguyễn Thị Ánh Tuyết", "gender": "F",
                            "birth_year": 1990, "club": "CLB Hà Nội", "national_id": "12345",
                            "rating": 2350}
    assert second.values["gender"] == "M" and second.values["birth_year"] == 1979
    assert Player.objects.count() == 0  # reading stores nothing


def test_each_row_lists_its_errors():
    preview = read(xlsx([
        ["", "Nam", 1990, "", "", None],  # row 2: no name
        ["Lê Văn A", "Nam", "199O", "", "", None],  # row 3: letter O in the year
        ["Lê Văn B", "Nam", 1850, "", "A1", None],  # row 4: too old; ID also on row 5
        ["Lê Văn C", "?", 1990, "", "A1", "2k"],  # row 5: sex, duplicate ID, rating
        ["Lê Văn D", "Nam", 2990, "", "", None],  # row 6: the future
    ]))
    assert not preview.ok and preview.error_count == 5
    rows = {r.row: r for r in preview.rows}
    assert codes(rows[2]) == ["name_missing"]
    assert codes(rows[3]) == ["bad_birth_year"]
    assert codes(rows[4]) == ["bad_birth_year", "duplicate_id_in_file"]
    assert sorted(codes(rows[5])) == ["bad_gender", "bad_rating", "duplicate_id_in_file"]
    assert codes(rows[6]) == ["bad_birth_year"]
    text = reader.message(rows[4].errors[1]["code"], rows[4].errors[1]["params"])
    assert text == "Mã VĐV A1 is also on row 5 of this file."
    assert rows[3].values["birth_year"] is None


def test_an_id_already_in_the_register_is_that_player_or_an_error():
    PlayerFactory(full_name="Lại Lý Huynh", national_id="VXF00004")
    PlayerFactory(full_name="Võ Minh Nhất", national_id="VXF00005")
    preview = read(xlsx([
        ["Lai Ly Huynh", "Nam", 1992, "", "VXF00004", None],  # same player, no diacritics
        ["Trần Văn Khác", "Nam", 1992, "", "VXF00005", None],  # someone else's ID
    ]))
    same, other = preview.rows
    assert same.action == "existing" and same.player_id is not None and not same.errors
    assert codes(other) == ["duplicate_id_register"]
    assert "Võ Minh Nhất" in reader.message("duplicate_id_register",
                                            other.errors[0]["params"])


def test_a_namesake_in_the_register_is_pointed_out_not_refused():
    PlayerFactory(full_name="Nguyễn Văn An")
    preview = read(xlsx([["Nguyễn Văn An", "Nam", 1990, "", "", None]]))
    assert preview.ok and [w["code"] for w in preview.rows[0].warnings] == ["namesake"]


def test_formulas_are_refused_cell_by_cell():
    preview = read(xlsx([["Lê Văn A", "Nam", "=2026-30", "", "", None],
                         ['=CONCAT("Lê ","Văn B")', "Nam", 1990, "", "", None]]))
    assert [codes(r) for r in preview.rows] == [["formula"], ["formula"]]
    assert "C2" in reader.message("formula", preview.rows[0].errors[0]["params"])


def test_headers_are_found_under_title_rows_in_either_language_without_diacritics():
    preview = read(xlsx([[1, "Phạm Thị Hương", "F", 2003, "CLB Cần Thơ", "ghi chú"]],
                        headers=["STT", "Ho va ten", "Sex", "Born", "Club", "Notes"],
                        above=[["GIẢI CỜ TƯỚNG"], ["Danh sách đăng ký"]]))
    assert preview.header_row == 3 and preview.ok
    assert preview.ignored == ["STT", "Notes"]
    assert preview.rows[0].values["full_name"] == "Phạm Thị Hương"
    assert preview.rows[0].row == 4


def test_decomposed_vietnamese_is_stored_composed():
    decomposed = unicodedata.normalize("NFD", "Nguyễn Đức Hải")
    preview = read(xlsx([[decomposed, "Nam", 1990, "", "", None]]))
    assert preview.rows[0].values["full_name"] == unicodedata.normalize("NFC", "Nguyễn Đức Hải")


def test_blank_rows_are_skipped_and_row_numbers_stay_those_of_the_file():
    preview = read(xlsx([["Lê Văn A"], [], [None, None], ["Lê Văn B"]], headers=["Họ và tên"]))
    assert [r.row for r in preview.rows] == [2, 5]


def test_the_exported_player_list_imports_again(swiss_event, named_players, make_event):
    content = to_bytes(build(swiss_event, Table("players"), lang="vi"))
    other = make_event(name="Giải khác", format="swiss", rounds=5)
    preview = read(content, event=other)
    assert preview.ok and preview.header_row == 4
    assert {r.action for r in preview.rows} == {"existing"}  # matched by their IDs
    assert {r.player_id for r in preview.rows} == {p.pk for p in named_players}
    again = read(content, event=swiss_event)
    # The same list again is not refused; its rows are already registered.
    assert again.ok and all(r.entered for r in again.rows)
    assert not any(r.warnings for r in again.rows)
    assert not any(r.changes for r in again.rows)


# --- malformed files: a clear message, nothing stored ---------------------------------------


@pytest.mark.parametrize("content, code", [
    (b"Ho va ten,Nam sinh\nLe Van A,1990\n", "not_workbook"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100, "old_xls"),
    (b"PK\x03\x04 this is a broken zip", "not_workbook"),
])
def test_not_a_workbook(content, code):
    with pytest.raises(reader.FileRejected) as refused:
        read(content)
    assert refused.value.code == code
    assert "xlsx" in str(refused.value)


def test_wrong_columns_name_what_was_found():
    with pytest.raises(reader.FileRejected) as refused:
        read(xlsx([["A", 1]], headers=["Tên đội bóng", "Số áo"]))
    assert refused.value.code == "no_header"
    assert "Tên đội bóng, Số áo" in str(refused.value) and "Họ và tên" in str(refused.value)


def test_two_columns_read_as_the_same_field():
    with pytest.raises(reader.FileRejected) as refused:
        read(xlsx([["A", "B"]], headers=["Họ và tên", "Full name"]))
    assert refused.value.code == "duplicate_column" and "A and B" in str(refused.value)


def test_more_rows_than_the_limit_are_refused():
    rows = [[f"Người {i}", "Nam", 1990] for i in range(10_000)]
    with pytest.raises(reader.FileRejected) as refused:
        read(xlsx(rows, headers=["Họ và tên", "Giới tính", "Năm sinh"]))
    assert refused.value.code == "too_many_rows"
    assert "5.000" in str(refused.value)
    assert reader.MAX_ROWS == 5000


def test_the_limit_itself_is_accepted():
    rows = [[f"Người {i}"] for i in range(reader.MAX_ROWS)]
    assert len(read(xlsx(rows, headers=["Họ và tên"])).rows) == reader.MAX_ROWS


def test_an_empty_sheet_and_headers_without_rows():
    with pytest.raises(reader.FileRejected) as empty:
        read(xlsx([], headers=None))
    assert empty.value.code == "empty"
    with pytest.raises(reader.FileRejected) as no_rows:
        read(xlsx([]))
    assert no_rows.value.code == "no_rows"


def test_a_file_too_large_is_refused(monkeypatch):
    monkeypatch.setattr(reader, "MAX_BYTES", 1000)
    with pytest.raises(reader.FileRejected) as refused:
        read(xlsx([["Lê Văn A"]] * 200))
    assert refused.value.code == "too_big"


# --- the flow: upload, preview, confirm (all rows or none) ----------------------------------


def _start(actor, content, event=None, capture=None):
    with capture(execute=True):
        job = import_start(actor=actor, upload=upload(content), event=event, lang="en")
    job.refresh_from_db()
    return job


def _confirm(actor, job, capture):
    with capture(execute=True):
        import_confirm(job=job, actor=actor)
    job.refresh_from_db()
    return job


def test_nothing_is_stored_until_the_organiser_confirms(
        make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    content = xlsx([["Nguyễn Thị Ánh Tuyết", "Nữ", 1990, "CLB Hà Nội", "N1", 2350],
                    ["Trần Văn Ninh", "Nam", 1979, "", "N2", None]])
    job = _start(organiser, content, event, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.PREVIEW and job.preview["counts"]["rows"] == 2
    assert Player.objects.count() == 0 and Entry.objects.count() == 0
    job = _confirm(organiser, job, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.DONE, job.error
    assert job.result == {"players_created": 2, "players_existing": 0, "entries": 2,
                          "teams": 0, "already_entered": 0, "players_updated": 0,
                          "players_not_updated": 0, "rows_skipped": []}
    tuyet = Player.objects.get(national_id="N1")
    assert tuyet.full_name == "Nguyễn Thị Ánh Tuyết" and tuyet.name_folded == "nguyen thi anh tuyet"
    assert tuyet.history.count() == 1  # the register keeps who added the player
    assert Entry.objects.get(event=event, player=tuyet).rating == 2350


def test_a_preview_with_errors_cannot_be_confirmed(
        make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    job = _start(organiser, xlsx([["Lê Văn A", "Nam", 1990], ["", "Nam", 1991]]), event,
                 django_capture_on_commit_callbacks)
    assert job.preview["counts"]["errors"] == 1
    with pytest.raises(ServiceError, match="nothing was stored"):
        import_confirm(job=job, actor=organiser)
    assert Player.objects.count() == 0


def test_all_rows_or_none_when_the_register_changed_since_the_preview(
        make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    job = _start(organiser, xlsx([["Lê Văn A", "Nam", 1990, "", "X1"],
                                  ["Lê Văn B", "Nam", 1991, "", "X2"]]), event,
                 django_capture_on_commit_callbacks)
    assert job.status == JobStatus.PREVIEW
    PlayerFactory(full_name="Người Khác", national_id="X2")  # meanwhile, someone took X2
    job = _confirm(organiser, job, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.FAILED and "upload it again" in job.error
    assert not Player.objects.filter(national_id="X1").exists()
    assert Entry.objects.filter(event=event).count() == 0


def test_all_rows_or_none_when_writing_fails_half_way(
        make_event, organiser, django_capture_on_commit_callbacks, monkeypatch):
    event = make_event(format="swiss", rounds=5)
    job = _start(organiser, xlsx([["Lê Văn A"], ["Lê Văn B"]], headers=["Họ và tên"]), event,
                 django_capture_on_commit_callbacks)

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(Entry.objects, "bulk_create", broken)
    # In-process, the task's error is recorded on the job and logged, not raised at the page.
    job = _confirm(organiser, job, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.FAILED and "RuntimeError" in job.error
    assert Player.objects.count() == 0  # the players of the first step were rolled back


def test_import_into_the_register(register_admin, django_capture_on_commit_callbacks):
    PlayerFactory(full_name="Lại Lý Huynh", national_id="VXF00004")
    job = _start(register_admin, xlsx([["Lại Lý Huynh", "Nam", 1992, "", "VXF00004"],
                                       ["Đặng Hữu Trang", "Nam", 1985, "", "VXF00002"]]),
                 None, django_capture_on_commit_callbacks)
    assert job.preview["counts"] == {"rows": 2, "errors": 0, "new": 1, "existing": 1,
                                     "entered": 0, "changed": 1, "valid": 2,
                                     "identical": 0, "conflicts": 0}
    job = _confirm(register_admin, job, django_capture_on_commit_callbacks)
    assert job.result["players_created"] == 1 and job.result["entries"] == 0
    # Adding players is not correcting them: the birth year the file adds is left.
    assert (job.result["players_updated"], job.result["players_not_updated"]) == (0, 1)
    assert Player.objects.get(national_id="VXF00004").birth_year is None
    assert Player.objects.count() == 2


def test_rights(make_event, organiser, arbiter, stranger):
    event = make_event(format="swiss", rounds=5)
    content = xlsx([["Lê Văn A"]], headers=["Họ và tên"])
    for user in (arbiter, stranger):
        with pytest.raises(PermissionDenied):
            import_start(actor=user, upload=upload(content), event=event)
    with pytest.raises(PermissionDenied):  # the register needs tournaments.add_player
        import_start(actor=organiser, upload=upload(content))
    assert Job.objects.count() == 0


def test_someone_elses_job_cannot_be_confirmed(make_event, organiser, stranger,
                                              django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    job = _start(organiser, xlsx([["Lê Văn A"]], headers=["Họ và tên"]), event,
                 django_capture_on_commit_callbacks)
    with pytest.raises(PermissionDenied):
        import_confirm(job=job, actor=stranger)


def test_a_malformed_upload_is_refused_at_once_with_its_message(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    upload = SimpleUploadedFile("vdv.xlsx", b"not a workbook at all")
    with pytest.raises(ServiceError) as refused:
        import_start(actor=organiser, upload=upload, event=event, lang="en")
    assert str(refused.value).startswith("This file is not an Excel workbook (.xlsx).")
    assert not Job.objects.exists() and Player.objects.count() == 0


def test_teams_with_their_rosters(make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="rr", participant_kind="team", team_boards=2, team_reserves=1,
                       official=False)
    headers = ["Họ và tên", "Năm sinh", "Đội", "Bàn", "Dự bị"]
    rows = [["Lê Văn Hai", 1990, "Đội Hà Nội", 2, None],
            ["Lê Văn Một", 1991, "Đội Hà Nội", 1, None],
            ["Lê Văn Ba", 1992, "Đội Hà Nội", None, "x"],
            ["Trần Văn Một", 1993, "Đội Huế", None, None],
            ["Trần Văn Hai", 1994, "đội huế", None, None]]
    job = _start(organiser, xlsx(rows, headers=headers), event, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.PREVIEW and job.preview["counts"]["errors"] == 0, job.preview
    job = _confirm(organiser, job, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.DONE, job.error
    assert job.result["entries"] == 2 and Team.objects.count() == 2
    hanoi = Entry.objects.get(event=event, team__name="Đội Hà Nội")
    assert [(m.player.full_name, m.board_order, m.is_reserve)
            for m in TeamMember.objects.filter(entry=hanoi).select_related("player")] == [
        ("Lê Văn Một", 1, False), ("Lê Văn Hai", 2, False), ("Lê Văn Ba", 3, True)]


def test_a_team_of_the_wrong_size_is_an_error(make_event):
    event = make_event(format="rr", participant_kind="team", team_boards=4, team_reserves=2)
    preview = read(xlsx([["A", "Đội 1"], ["B", "Đội 1"], ["C"]], headers=["Họ và tên", "Đội"]),
                   event=event)
    errors = [c for r in preview.rows for c in codes(r)]
    assert "team_size" in errors and "team_official" in errors and "team_missing" in errors


def test_the_template_reads_back_and_explains_its_columns():
    wb = open_workbook(to_bytes(reader.template("vi", team=True)))
    ws = wb.worksheets[0]
    headers = [c.value for c in ws[1]]
    assert headers[:3] == ["Họ và tên", "Giới tính", "Năm sinh"] and headers[-1] == "Dự bị"
    assert wb.sheetnames == ["Vận động viên", "Hướng dẫn"]
    assert ws.data_validations.dataValidation  # Nam/Nữ, years, titles checked while typing
    ws.append(["Nguyễn Văn Mẫu", "Nam", 1990, "CLB", "Hà Nội", "", "M1", "", 2000, "NM",
               "mau@example.vn", "Đội A", 1, ""])
    out = io.BytesIO()
    wb.save(out)
    preview = read(out.getvalue())
    assert preview.ok and preview.rows[0].values["title"] == "NM"
    assert preview.rows[0].values["email"] == "mau@example.vn"
    assert sheet_rows(wb.worksheets[1], first=3)[0][0] == "Họ và tên"


def test_the_players_email_is_an_optional_column_and_a_malformed_one_a_row_error(
        make_event, organiser, django_capture_on_commit_callbacks):
    """The e-mail column is read by its Vietnamese or English header; an empty cell leaves the
    address empty, a malformed one is that row's error in the reader's language."""
    from django.utils import translation

    headers = ["Họ và tên", "Năm sinh", "Mã VĐV", "Địa chỉ email"]
    preview = read(xlsx([["Lê Văn A", 1990, "E1", " le.a@example.vn "],
                         ["Lê Văn B", 1991, "E2", "le.b@@example"],
                         ["Lê Văn C", 1992, "E3", None]], headers))
    first, second, third = preview.rows
    assert first.values["email"] == "le.a@example.vn" and not first.errors
    assert codes(second) == ["bad_email"] and preview.error_count == 1
    assert third.values["email"] == "" and not third.errors
    with translation.override("vi"):
        assert reader.message("bad_email", second.errors[0]["params"]) == (
            "Địa chỉ email “le.b@@example” không hợp lệ: hãy viết dạng ten@example.vn.")
    with translation.override("en"):
        assert reader.message("bad_email", second.errors[0]["params"]) == (
            "E-mail address “le.b@@example” is not valid: write it as name@example.vn.")
    event = make_event(format="swiss", rounds=5)
    content = xlsx([["Lê Văn A", 1990, "E1", "le.a@example.vn"], ["Lê Văn C", 1992, "E3", ""]],
                   ["Full name", "Birth year", "National ID", "E-mail"])
    job = _start(organiser, content, event, django_capture_on_commit_callbacks)
    job = _confirm(organiser, job, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.DONE, job.error
    assert dict(Player.objects.values_list("national_id", "email")) == {
        "E1": "le.a@example.vn", "E3": ""}
    headers = [c.value for c in open_workbook(to_bytes(reader.template("en"))).worksheets[0][1]]
    assert headers[-2:] == ["Title", "E-mail"]  # the template offers the column
