"""Every upload through the same guards (excel/package.py): a zip bomb, a DTD, an XXE entity, a
CSV field longer than the csv module reads, a NUL byte anywhere, a backup nested 100,000 deep
or holding NUL characters. Each is answered 400 with its reason in the user's language
({detail, code}), never 500, and nothing is stored: not a rating list, not a job, not a
player, not an event."""

import io
import json
import zipfile

import pytest

from tests.tournaments.builders import UserFactory, api_for, rating_list_upload
from tournaments.models import Event, Job, Player, RatingList

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]

SHEET = "xl/worksheets/sheet1.xml"
ROWS = [("Lại Lý Huynh", "VXF1", 2450, 3)]


def named(content: bytes, name: str) -> io.BytesIO:
    out = io.BytesIO(content)
    out.name = name
    return out


def edited(edit, *, part: str = SHEET) -> bytes:
    """A sound rating list whose ``part`` is replaced by ``edit(xml)``."""
    source = rating_list_upload(ROWS).getvalue()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(info.filename, edit(data) if info.filename == part else data)
    return out.getvalue()


def zip_bomb(size: int) -> bytes:
    """A sound workbook with a part of ``size`` zero bytes besides: it packs a thousand to
    one."""
    source = rating_list_upload(ROWS).getvalue()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
        dst.writestr("xl/media/padding.bin", bytes(size))
    return out.getvalue()


XXE = b'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
LAUGHS = b'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">' + b"".join(
    b'<!ENTITY a%d "%s">' % (i, (b"&a%d;" % (i - 1) if i > 1 else b"&a;") * 10)
    for i in range(1, 9)) + b"]>"


def with_prolog(prolog: bytes) -> bytes:
    return edited(lambda xml: prolog + (xml.split(b"?>", 1)[1] if xml.startswith(b"<?xml")
                                        else xml))


HOSTILE_LISTS = {
    "zip-bomb-ratio": (zip_bomb(3 * 1024 * 1024), "zip bomb"),
    "zip-bomb-size": (zip_bomb(60 * 1024 * 1024), "unpacks to more than 50 MB"),
    "xxe": (with_prolog(XXE), "DTD"),
    "billion-laughs": (with_prolog(LAUGHS), "DTD"),
    # The DTD pushed past the bytes a guard might read first, behind a long comment.
    "dtd-behind-a-comment": (with_prolog(b"<?xml version='1.0'?><!--" + b"x" * 20000 + b"-->"
                                         + XXE.split(b"?>", 1)[1]), "DTD"),
    "csv-long-field": (("Họ và tên,Mã VĐV,Elo\n\"" + "x" * 200_000 + "\",VXF1,2000\n").encode(),
                       "longer than 131,072 characters"),
    "csv-nul-after-the-first-kilobyte": (
        ("Họ và tên,Mã VĐV,Elo\n" + "Lại Lý Huynh,VXF1,2450\n" * 80).encode() + b"\x00\n",
        "NUL characters"),
}


@pytest.mark.parametrize("name", HOSTILE_LISTS)
def test_a_hostile_rating_list_is_refused_with_its_reason_and_nothing_is_stored(name):
    content, reason = HOSTILE_LISTS[name]
    federation = UserFactory(is_superuser=True)
    response = api_for(federation).post("/api/rating-lists/", {
        "file": named(content, "elo.csv" if name.startswith("csv") else "elo.xlsx"),
        "name": "Elo", "list_date": "2026-02-01"}, format="multipart")
    assert response.status_code == 400, response.content
    assert reason in response.json()["detail"]
    assert response.json()["code"]
    assert not RatingList.objects.exists()


def test_the_refusal_is_in_the_users_language():
    federation = UserFactory(is_superuser=True)
    client = api_for(federation)
    client.cookies["django_language"] = "vi"
    response = client.post("/api/rating-lists/", {
        "file": named(with_prolog(XXE), "elo.xlsx"), "name": "Elo",
        "list_date": "2026-02-01"}, format="multipart")
    assert response.status_code == 400
    assert "Excel hoặc LibreOffice" in response.json()["detail"]


@pytest.mark.parametrize("name", ["zip-bomb-ratio", "xxe", "dtd-behind-a-comment"])
def test_a_hostile_players_workbook_is_refused_at_upload_and_no_job_is_kept(name, organiser):
    from django.contrib.auth.models import Permission

    organiser.user_permissions.add(Permission.objects.get(codename="add_player"))
    content, reason = HOSTILE_LISTS[name]
    response = api_for(organiser).post("/api/imports/", {"file": named(content, "vdv.xlsx")},
                                       format="multipart")
    assert response.status_code == 400, response.content
    assert reason.lower() in response.json()["detail"].lower()
    assert not Job.objects.exists() and not Player.objects.exists()


def restore(user, content: bytes):
    return api_for(user).post("/api/restores/", {"file": named(content, "backup.json")},
                              format="multipart")


@pytest.fixture
def document(rr_event, organiser):
    return api_for(organiser).get(f"/api/events/{rr_event.pk}/backup/").json()


def test_a_backup_nested_a_hundred_thousand_deep_is_a_damaged_backup(organiser):
    response = restore(organiser, b"[" * 100_000 + b"]" * 100_000)
    assert response.status_code == 400
    assert response.json()["detail"] == ("The backup is damaged and was not restored: it is "
                                         "nested too deeply")
    assert not Job.objects.exists()


def test_a_backup_with_nul_characters_is_a_damaged_backup(document, organiser):
    events = Event.objects.count()
    document["event"]["name"] = "Giải\u0000"
    as_text = json.dumps(document).encode()
    for content in (as_text, as_text.replace(b"\\u0000", b"") + b"\x00"):
        response = restore(organiser, content)
        assert response.status_code == 400, response.content
        assert response.json()["detail"] == ("The backup is damaged and was not restored: it "
                                             "contains NUL characters")
    assert not Job.objects.exists() and Event.objects.count() == events


def test_a_sound_backup_still_restores(document, organiser, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = restore(organiser, json.dumps(document).encode())
    assert response.status_code == 202
    assert Job.objects.get().status == "done"
