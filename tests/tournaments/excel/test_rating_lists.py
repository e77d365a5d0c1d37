"""Reading a federation's rating list: every bad row named with its line and reason,
formulas never evaluated, hostile files refused before they are read."""

import io

import pytest
from django.utils import translation
from openpyxl import Workbook

from tests.tournaments.builders import PlayerFactory, rating_list_upload
from tournaments.excel import rating_lists as reader

pytestmark = pytest.mark.django_db

GOOD = [("Lại Lý Huynh", "VXF1", 2450, 120), ("Trần Văn Ninh", "VXF2", 2380, 95),
        ("Người Mới", "", 0, 0)]


@pytest.mark.parametrize("csv", [False, True])
def test_a_clean_list_reads_every_row_as_it_will_be_stored(csv):
    preview = reader.read(rating_list_upload(GOOD, csv=csv))
    assert preview.ok
    assert [(r.line, r.name, r.federation_id, r.rating, r.games) for r in preview.rows] == [
        (2, "Lại Lý Huynh", "VXF1", 2450, 120), (3, "Trần Văn Ninh", "VXF2", 2380, 95),
        (4, "Người Mới", "", 0, 0)]


def test_rows_are_matched_with_the_register_by_national_id():
    player = PlayerFactory(national_id="VXF2")
    rows = reader.read(rating_list_upload(GOOD)).rows
    assert [r.player_id for r in rows] == [None, player.pk, None]


@pytest.mark.parametrize("csv", [False, True])
def test_each_bad_row_is_named_with_its_line_and_reason(csv):
    rows = [("Lại Lý Huynh", "VXF1", 2450, 120), ("", "VXF9", 2000, 3),
            ("Trần Văn Ninh", "VXF2", "hai nghìn", 5), ("Võ Minh Nhất", "VXF3", 4000, 5),
            ("Phạm Hương", "VXF1", 2100, "-3")]
    with_lang = reader.read(rating_list_upload(rows, csv=csv))
    assert not with_lang.ok
    bad = {r.line: [e["code"] for e in r.errors] for r in with_lang.bad_rows}
    assert bad == {3: ["name_missing"], 4: ["bad_rating"], 5: ["bad_rating"],
                   6: ["bad_games", "duplicate_id"]}
    with translation.override("en"):
        assert with_lang.bad_rows[-1].reasons()[-1] == "Federation ID VXF1 is also on line 2."
    with translation.override("vi"):
        assert "dòng 2" in with_lang.bad_rows[-1].reasons()[-1]


def test_a_formula_is_a_row_error_and_is_never_evaluated():
    wb = Workbook()
    wb.active.append(["Name", "ID", "Rating", "Games"])
    wb.active.append(["Lại Lý Huynh", "VXF1", "=2000+450", 3])
    out = io.BytesIO()
    wb.save(out)
    out.seek(0)
    row = reader.read(out).rows[0]
    assert [e["code"] for e in row.errors] == ["formula"]
    assert row.rating == 0


def test_a_csv_formula_is_refused_too():
    upload = rating_list_upload([("=HYPERLINK(\"x\")", "VXF1", 2000, 1)], csv=True)
    assert [e["code"] for e in reader.read(upload).rows[0].errors] == ["formula"]


@pytest.mark.parametrize(("content", "code"), [
    (b"\x00\x01binary", "nul"),
    (b"PK\x03\x04 not really a zip", "not_a_list"),
    ("Tên,Quê\nA,B\n".encode(), "no_header"),
    (b"Name,Rating\n", "no_rows"),
])
def test_a_file_that_is_not_a_list_is_refused(content, code):
    with pytest.raises(reader.ListRejected) as refused:
        reader.read(io.BytesIO(content))
    assert refused.value.code == code


def test_a_file_over_the_bounds_is_refused_before_it_is_read(monkeypatch):
    monkeypatch.setattr(reader, "MAX_ROWS", 2)
    with pytest.raises(reader.ListRejected) as refused:
        reader.read(rating_list_upload(GOOD, csv=True))
    assert refused.value.code == "too_many_rows"
    monkeypatch.setattr(reader, "MAX_BYTES", 10)
    with pytest.raises(reader.ListRejected) as refused:
        reader.read(rating_list_upload(GOOD, csv=True))
    assert refused.value.code == "too_big"
