"""The register's workbook (excel/register.py) and the titles column of the player import
(excel/imports.py ``awards``): exported, edited and imported back; each row checked, nothing
stored while a row is wrong."""

import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook, load_workbook

from tests.tournaments.builders import PlayerFactory, UserFactory, client_for
from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.register import register_workbook
from tournaments.excel.workbook import to_bytes
from tournaments.models import PlayerTitle, TitleKind
from tournaments.selectors.players import players_register
from tournaments.services.imports import import_confirm, import_start
from tournaments.services.titles import player_title_award

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper(db):
    return UserFactory(username="federation", is_superuser=True)


def _xlsx(rows, headers=("Họ và tên", "Mã VĐV", "Danh hiệu và đẳng cấp (liên đoàn)")) -> bytes:
    wb = Workbook()
    wb.active.append(list(headers))
    for row in rows:
        wb.active.append(list(row))
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _codes(row):
    return [e["code"] for e in row.errors]


def test_each_row_of_the_titles_column_is_checked(db):
    preview = reader.read(io.BytesIO(_xlsx([
        ["Lê Văn A", "A1", "Kiện tướng quốc gia 15/05/2024; cap1 2019-03-10"],
        ["Lê Văn B", "B1", "Kien tuong 15/05/2024"],
        ["Lê Văn C", "C1", "Cấp 1"],
        ["Lê Văn D", "D1", "Cấp 2 31/02/2020"],
        ["Lê Văn E", "E1", "=HYPERLINK(\"x\")"],
    ])))
    a, b, c, d, e = preview.rows
    assert a.errors == [] and a.values["awards"] == [["ktqg", "2024-05-15"],
                                                     ["cap1", "2019-03-10"]]
    assert _codes(b) == ["unknown_award"]  # not a name of the list
    assert _codes(c) == ["bad_award"]  # no date
    assert _codes(d) == ["bad_award"]  # no such day
    assert _codes(e) == ["formula"]
    assert "Kiện tướng quốc gia" in reader.message(b.errors[0]["code"], b.errors[0]["params"])


def _import(actor, content, capture, **confirm):
    upload = SimpleUploadedFile("so.xlsx", content, content_type="application/octet-stream")
    with capture(execute=True):
        job = import_start(actor=actor, upload=upload, lang="en")
    job.refresh_from_db()
    with capture(execute=True):
        import_confirm(job=job, actor=actor, **confirm)
    job.refresh_from_db()
    return job


def test_nothing_is_stored_while_a_row_is_wrong_and_valid_rows_only_on_request(
        keeper, django_capture_on_commit_callbacks):
    content = _xlsx([["Lê Văn A", "A1", "Cấp 1 01/02/2020"], ["Lê Văn B", "B1", "Cấp 9 2020"]])
    with pytest.raises(ServiceError, match="nothing was stored"):
        _import(keeper, content, django_capture_on_commit_callbacks)
    assert not PlayerTitle.objects.exists()
    job = _import(keeper, content, django_capture_on_commit_callbacks, valid_only=True)
    assert job.result["titles_awarded"] == 1, job.error
    title = PlayerTitle.objects.get()
    assert (title.player.national_id, title.kind.code, title.awarded_on) == (
        "A1", "cap1", datetime.date(2020, 2, 1))
    assert title.history.get().history_change_reason == "import"


def test_exported_register_imports_back_without_changes_and_adds_new_titles(
        keeper, django_capture_on_commit_callbacks):
    player = PlayerFactory(full_name="Nguyễn Thị Ánh Tuyết", national_id="VXF1", rating=2350,
                           gender="F", birth_year=1990)
    player_title_award(player=player, kind=TitleKind.objects.get(code="ktqg"),
                       awarded_on=datetime.date(2010, 6, 1), actor=keeper)
    wb = register_workbook(players_register(), "vi")
    ws = wb.active
    header = [c.value for c in ws[1]]
    row = [c.value for c in ws[2]]
    assert header[:3] == ["Số hiệu trong sổ", "Họ và tên", "Giới tính"]
    assert row[0] == player.pk and row[1] == "Nguyễn Thị Ánh Tuyết" and row[2] == "Nữ"
    assert row[-1] == "Kiện tướng quốc gia 01/06/2010"
    ws.cell(row=2, column=len(header)).value = "Kiện tướng quốc gia 01/06/2010; Cấp 1 02/03/2005"
    job = _import(keeper, to_bytes(wb), django_capture_on_commit_callbacks)
    assert job.result["players_existing"] == 1 and job.result["players_created"] == 0
    assert job.result["players_updated"] == 0 and job.result["titles_awarded"] == 1
    assert sorted(PlayerTitle.objects.filter(player=player).values_list("kind__code", flat=True)
                  ) == ["cap1", "ktqg"]


def test_the_register_download_is_the_keepers(keeper, organiser):
    PlayerFactory()
    response = client_for(keeper).get("/register/players.xlsx")
    assert response.status_code == 200
    assert load_workbook(io.BytesIO(response.content)).active.max_row == 2
    assert client_for(organiser).get("/register/players.xlsx").status_code == 403
    page = client_for(keeper).get("/manage/excel/import/").content.decode()
    assert 'data-testid="register-export"' in page
