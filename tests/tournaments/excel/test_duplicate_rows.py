"""A player listed twice in an imported file: a row repeating another cell for cell is stored
once and the preview says so; rows naming one player with different data (one ID, or one name
and birth year) are shown side by side and the organiser picks the row to keep."""

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tests.tournaments.builders import api_for, client_for
from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.models import Entry, Job, JobStatus, Player
from tournaments.services.imports import import_confirm, import_start

pytestmark = pytest.mark.django_db

HEADERS = ["Họ và tên", "Giới tính", "Năm sinh", "Câu lạc bộ", "Mã VĐV", "Elo"]
GIVEN = ["An", "Bình", "Chi", "Dũng", "Đức", "Giang", "Hà", "Hải", "Hùng", "Khoa"]


def forty_players() -> list[list]:
    return [[f"{family} {given}", "Nữ" if family == "Trần Thị" else "Nam", 1980 + i % 20,
             "CLB Hà Nội", f"VN{i:03d}", 1500 + 10 * i]
            for i, (family, given) in enumerate(
                (f, g) for f in ("Nguyễn Văn", "Trần Thị", "Lê Quang", "Phạm Minh")
                for g in GIVEN)]


def xlsx(rows) -> bytes:
    wb = Workbook()
    wb.active.append(HEADERS)
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_an_identical_row_is_kept_once_and_a_conflict_is_grouped():
    rows = forty_players()
    rows.insert(5, list(rows[2]))  # file row 7 repeats file row 4 cell for cell
    rows.append([" Nguyễn  Văn An", "Nam", 1980, "CLB Hà Nội", "VN000", 1500])  # spaces only
    rows.append(["Nguyễn Văn An", "Nam", 1980, "CLB Huế", "VN000", 1600])  # same ID, other data
    rows.append(["Hoàng Văn Tú", "Nam", 1990, "CLB Huế", "", 1400])
    rows.append(["Hoàng Văn Tú", "Nam", 1990, "CLB Vinh", "", 1450])  # same name and year
    preview = reader.read(io.BytesIO(xlsx(rows)))
    by_row = {r.row: r for r in preview.rows}
    assert by_row[7].duplicate_of == 4 and by_row[43].duplicate_of == 2
    assert [w["code"] for w in by_row[7].warnings] == ["identical_row"]
    assert not by_row[4].errors and not by_row[4].conflict
    groups = preview.conflicts()
    assert {k: [r.row for r in v] for k, v in groups.items()} == {
        "national_id:vn000": [2, 44], "person:hoang van tu:1990": [45, 46]}
    expected = {"rows": 45, "identical": 2, "conflicts": 2, "errors": 2, "valid": 41}
    assert expected.items() <= preview.as_json()["counts"].items()
    preview.choose({"national_id:vn000": 44, "person:hoang van tu:1990": 46})
    assert preview.error_count == 0 and len(preview.valid_rows) == 41
    assert by_row[2].left_out and not by_row[44].errors and by_row[45].left_out
    with pytest.raises(ValueError):
        reader.read(io.BytesIO(xlsx(rows))).choose({"national_id:vn000": 45})


def test_saving_the_valid_rows_of_40_players_with_an_identical_repeat_stores_all_40(
        make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=7)
    rows = forty_players()
    rows.insert(10, list(rows[3]))  # 41 rows, 40 players
    rows.append(["", "Nam", 1990, "", "", None])  # a row with an error: valid rows only
    staff = client_for(organiser)
    form = staff.get(f"/manage/{event.slug}/import/")
    assert form.status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        started = staff.post(f"/manage/{event.slug}/import/",
                             {"file": io.BytesIO(xlsx(rows))}, format="multipart")
    job = Job.objects.get()
    assert started["Location"] == f"/manage/jobs/{job.pk}/"
    page = staff.get(started["Location"]).content.decode()
    assert 'data-testid="preview-identical"' in page
    assert "1 row repeats an earlier row cell for cell: its player is stored once." in page
    assert "row 12 = row 5" in page
    assert "Store the 40 valid rows" in page
    with django_capture_on_commit_callbacks(execute=True):
        staff.post(f"/manage/jobs/{job.pk}/confirm/", {"existing": "update", "valid_only": "1"})
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    assert (job.result["players_created"], job.result["entries"]) == (40, 40)
    assert [r["row"] for r in job.result["rows_skipped"]] == [43]
    assert Player.objects.count() == Entry.objects.filter(event=event).count() == 40


def test_conflicting_rows_side_by_side_and_the_organisers_pick_is_stored(
        make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=7)
    rows = [["Nguyễn Văn An", "Nam", 1980, "CLB Hà Nội", "VN1", 1500],
            ["Trần Thị Bình", "Nữ", 1985, "CLB Huế", "VN2", 1700],
            ["Nguyễn Văn An", "Nam", 1980, "CLB Đà Nẵng", "VN1", 1550],
            ["Hoàng Văn Tú", "Nam", 1990, "CLB Huế", "", 1400],
            ["Hoàng Văn Tú", "Nam", 1990, "CLB Vinh", "", 1450]]
    staff = client_for(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        staff.post(f"/manage/{event.slug}/import/", {"file": io.BytesIO(xlsx(rows))},
                   format="multipart")
    job = Job.objects.get()
    page = staff.get(f"/manage/jobs/{job.pk}/").content.decode()
    tables = re.findall(r'<fieldset class="conflict" data-testid="conflict">(.*?)</fieldset>',
                        page, re.S)
    assert len(tables) == 2
    assert 'data-testid="keep-row-2"' in tables[0] and 'data-testid="keep-row-4"' in tables[0]
    # The cells that differ are marked; the name and the ID, alike, are not.
    assert '<td class="differs"><strong>CLB Hà Nội</strong></td>' in tables[0]
    assert '<td class="differs"><strong>1550</strong></td>' in tables[0]
    assert "<td>VN1</td>" in tables[0]
    with pytest.raises(ServiceError):
        import_confirm(job=job, actor=organiser, valid_only=True,
                       keep={"national_id:vn1": 5})
    with django_capture_on_commit_callbacks(execute=True):
        staff.post(f"/manage/jobs/{job.pk}/confirm/", {
            "existing": "update", "valid_only": "1", "keep-national_id:vn1": "4",
            "keep-person:hoang van tu:1990": "all"})
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    an = Player.objects.get(national_id="VN1")
    assert (an.club, Entry.objects.get(player=an).rating) == ("CLB Đà Nẵng", 1550)
    assert Player.objects.filter(full_name="Hoàng Văn Tú").count() == 2  # both kept
    assert Entry.objects.filter(event=event).count() == 4


def test_the_api_takes_the_organisers_pick(make_event, organiser,
                                           django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=7)
    rows = [["Nguyễn Văn An", "Nam", 1980, "CLB Hà Nội", "VN1", 1500],
            ["Nguyễn Văn An", "Nam", 1980, "CLB Huế", "VN1", 1550]]
    with django_capture_on_commit_callbacks(execute=True):
        job = import_start(actor=organiser, event=event, lang="en",
                           upload=SimpleUploadedFile("vdv.xlsx", xlsx(rows)))
    api = api_for(organiser)
    preview = api.get(f"/api/jobs/{job.pk}/").data["preview"]
    assert [r["conflict"] for r in preview["rows"]] == ["national_id:vn1"] * 2
    refused = api.post(f"/api/jobs/{job.pk}/confirm/", {"keep": {"national_id:vn1": 9}},
                       format="json")
    assert refused.status_code == 400 and not Player.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        done = api.post(f"/api/jobs/{job.pk}/confirm/", {"keep": {"national_id:vn1": 3}},
                        format="json")
    assert done.status_code == 202
    assert Player.objects.get().club == "CLB Huế"
