"""API: start an export or an import as a job, read its status and progress, confirm, download."""

import io

import pytest
from openpyxl import Workbook
from rest_framework.test import APIClient

from tests.tournaments.builders import open_workbook
from tournaments.models import Entry, Job, JobStatus, Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def players_file(rows):
    wb = Workbook()
    wb.active.append(["Họ và tên", "Năm sinh"])
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    out.name = "vdv.xlsx"
    out.seek(0)
    return out


def test_export_job_from_start_to_file(rr_event, chief_arbiter,
                                       django_capture_on_commit_callbacks):
    client = api(chief_arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/events/{rr_event.pk}/exports/",
                               {"table": "results", "round": 3, "language": "en"},
                               format="json")
    assert response.status_code == 202
    job_id = response.json()["id"]
    assert response["Location"] == f"/api/jobs/{job_id}/"
    data = client.get(f"/api/jobs/{job_id}/").json()
    assert data["status"] == "done" and data["percent"] == 100
    assert data["params"] == {"table": "results", "round": 3, "lang": "en"}
    assert data["download_url"].endswith(f"/api/jobs/{job_id}/file/")
    content = b"".join(client.get(data["download_url"]).streaming_content)
    ws = open_workbook(content).worksheets[0]
    assert ws["A3"].value == "RESULTS, ROUND 3"


def test_export_refusals(rr_event, chief_arbiter, stranger, organiser):
    assert api().post(f"/api/events/{rr_event.pk}/exports/", {"table": "event"},
                      format="json").status_code in (401, 403)
    assert api(stranger).post(f"/api/events/{rr_event.pk}/exports/", {"table": "event"},
                              format="json").status_code == 404
    bad = api(chief_arbiter).post(f"/api/events/{rr_event.pk}/exports/",
                                  {"table": "bracket"}, format="json")
    assert bad.status_code == 400 and bad.json()["detail"]
    assert api(chief_arbiter).post(f"/api/events/{rr_event.pk}/exports/",
                                   {"table": "tea"}, format="json").status_code == 400
    assert not Job.objects.exists()


def test_import_preview_confirm(make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    client = api(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/events/{event.pk}/imports/",
                               {"file": players_file([["Bùi Văn Tài", 1999], ["", 1990]])},
                               format="multipart")
    assert response.status_code == 202
    job = client.get(f"/api/jobs/{response.json()['id']}/").json()
    assert job["status"] == "preview"
    rows = job["preview"]["rows"]
    assert rows[0]["values"]["full_name"] == "Bùi Văn Tài" and rows[0]["errors"] == []
    assert rows[1]["errors"] and isinstance(rows[1]["errors"][0], str)
    refused = client.post(f"/api/jobs/{job['id']}/confirm/")
    assert refused.status_code == 400 and Player.objects.count() == 0
    with django_capture_on_commit_callbacks(execute=True):
        job = client.post(f"/api/events/{event.pk}/imports/",
                          {"file": players_file([["Bùi Văn Tài", 1999]])},
                          format="multipart").json()
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client.post(f"/api/jobs/{job['id']}/confirm/")
    assert confirmed.status_code == 202
    assert client.get(f"/api/jobs/{job['id']}/").json()["status"] == "done"
    assert Entry.objects.filter(event=event, player__full_name="Bùi Văn Tài").exists()


def test_import_confirm_valid_rows_only_and_choice(make_event, organiser,
                                                  django_capture_on_commit_callbacks):
    """{"valid_only": true} stores the valid rows and lists the others; a choice
    other than update/skip is a 400 that changes nothing."""
    event = make_event(format="swiss", rounds=5)
    client = api(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        job = client.post(f"/api/events/{event.pk}/imports/",
                          {"file": players_file([["Bùi Văn Tài", 1999], ["", 1990]])},
                          format="multipart").json()
    bad = client.post(f"/api/jobs/{job['id']}/confirm/", {"existing": "merge"}, format="json")
    assert bad.status_code == 400 and "existing" in bad.json()
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = client.post(f"/api/jobs/{job['id']}/confirm/",
                                {"existing": "skip", "valid_only": True}, format="json")
    assert confirmed.status_code == 202
    done = client.get(f"/api/jobs/{job['id']}/").json()
    assert done["status"] == "done", done
    assert done["result"]["rows_skipped"] == [
        {"row": 3, "errors": [{"code": "name_missing", "params": {}}]}]
    assert list(Entry.objects.filter(event=event).values_list("player__full_name", flat=True)) \
        == ["Bùi Văn Tài"]


def test_someone_elses_job_is_not_found(rr_event, chief_arbiter, arbiter):
    job = Job.objects.create(kind="export", user=chief_arbiter, event=rr_event,
                             status=JobStatus.DONE)
    assert api(arbiter).get(f"/api/jobs/{job.pk}/").status_code == 404
    assert api(arbiter).post(f"/api/jobs/{job.pk}/cancel/").status_code == 404


def test_backup_and_restore(rr_event, organiser, django_capture_on_commit_callbacks):
    import json

    document = api(organiser).get(f"/api/events/{rr_event.pk}/backup/").json()
    assert document["format"] == "cotuong-event-backup"
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "backup.json"
    with django_capture_on_commit_callbacks(execute=True):
        response = api(organiser).post("/api/restores/", {"file": upload}, format="multipart")
    assert response.status_code == 202
    job = api(organiser).get(f"/api/jobs/{response.json()['id']}/").json()
    assert job["status"] == "done" and job["result"]["name"] == rr_event.name


def test_the_schema_documents_the_job_endpoints(client):
    schema = client.get("/api/schema/").content.decode()
    for path in ("/api/events/{event_pk}/exports/", "/api/jobs/{id}/", "/api/imports/",
                 "/api/jobs/{id}/file/"):
        assert path in schema
