"""Excel pages: the export area, the job page (htmx polling until the file is ready), public
downloads, the import flow through its preview, backups and restores."""

import io
import json
import os

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tests.tournaments.builders import open_workbook, sheet_rows
from tournaments.models import Entry, Event, Job, JobStatus, Player
from tournaments.services.events import event_visibility_set

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


@pytest.fixture(autouse=True)
def _vietnamese_by_default(settings):
    """These pages are checked in the product's default language."""
    settings.LANGUAGE_CODE = "vi"



def logged_in(client, user):
    client.force_login(user)
    return client


def players_file(rows) -> SimpleUploadedFile:
    wb = Workbook()
    wb.active.append(["Họ và tên", "Năm sinh", "Mã VĐV"])
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    return SimpleUploadedFile("vdv.xlsx", out.getvalue())


def test_export_area_is_for_the_people_who_run_the_event(client, rr_event, arbiter, stranger):
    url = reverse("tournaments:excel_export", args=[rr_event.slug])
    assert client.get(url).status_code == 302  # to the login page
    assert logged_in(client, stranger).get(url).status_code == 404  # a draft event: not seen
    page = logged_in(client, arbiter).get(url)
    assert page.status_code == 200
    assert b'value="event"' in page.content and b'name="round" value="5"' in page.content


def test_whole_event_export_ends_with_the_file_on_the_job_page(
        client, rr_event, chief_arbiter, django_capture_on_commit_callbacks):
    client = logged_in(client, chief_arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("tournaments:excel_export", args=[rr_event.slug]),
                               {"table": "event"})
    job = Job.objects.get()
    assert response.url == reverse("tournaments:job", args=[job.pk])
    page = client.get(response.url)
    job.refresh_from_db()
    assert job.status == JobStatus.DONE and job.percent == 100
    assert b'data-testid="job-download"' in page.content
    assert b"hx-trigger" not in page.content  # finished: no more polling
    download = client.get(reverse("tournaments:job_download", args=[job.pk]))
    assert download["Content-Disposition"].startswith("attachment; filename=")
    assert job.filename in download["Content-Disposition"]
    wb = open_workbook(b"".join(download.streaming_content))
    assert "Bảng điểm" in wb.sheetnames
    assert job.file.name.startswith("exports/")


def test_the_job_page_polls_while_the_job_runs(client, rr_event, chief_arbiter):
    job = Job.objects.create(kind="export", user=chief_arbiter, event=rr_event,
                             status=JobStatus.RUNNING, done=3, total=13,
                             params={"table": "event", "lang": "vi"})
    page = logged_in(client, chief_arbiter).get(reverse("tournaments:job", args=[job.pk]))
    status_url = reverse("tournaments:job_status", args=[job.pk])
    assert f'hx-get="{status_url}"'.encode() in page.content
    assert b'hx-trigger="every 1s"' in page.content and b'value="23"' in page.content
    fragment = client.get(status_url)
    assert fragment.content.lstrip().startswith(b'<div id="job-body"')
    Job.objects.filter(pk=job.pk).update(status=JobStatus.FAILED, error="Vòng 9 không có.")
    fragment = client.get(status_url)
    assert b"hx-trigger" not in fragment.content and "Vòng 9 không có." in fragment.text


def test_a_job_is_seen_only_by_whoever_started_it(client, rr_event, chief_arbiter, arbiter):
    job = Job.objects.create(kind="export", user=chief_arbiter, event=rr_event)
    client = logged_in(client, arbiter)
    for name in ("job", "job_status", "job_download"):
        assert client.get(reverse(f"tournaments:{name}", args=[job.pk])).status_code == 404


def test_a_refused_export_says_why(client, rr_event, chief_arbiter):
    client = logged_in(client, chief_arbiter)
    response = client.post(reverse("tournaments:excel_export", args=[rr_event.slug]),
                           {"table": "pairings", "round": "9"}, follow=True)
    assert "Vòng 9 chưa được bốc thăm." in response.text  # Vietnamese by default
    assert not Job.objects.exists()


def test_public_downloads_of_a_public_event(client, rr_event, organiser):
    url = reverse("tournaments:excel_download", args=[rr_event.slug, "standings"])
    assert client.get(url).status_code == 404  # not public yet
    event_visibility_set(event=rr_event, actor=organiser, public=True)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    rows = sheet_rows(open_workbook(response.content).worksheets[0])
    assert {r[2] for r in rows} >= {"Nguyễn Thị Ánh Tuyết", "Phạm Thị Ngọc Hương"}
    players = client.get(reverse("tournaments:excel_download", args=[rr_event.slug, "players"]))
    assert b"VXF0000" not in players.content  # no federation IDs in public
    round_url = reverse("tournaments:excel_download", args=[rr_event.slug, "results"])
    assert client.get(round_url + "?round=2").status_code == 200
    assert client.get(round_url + "?round=12").status_code == 404
    assert client.get(reverse("tournaments:excel_download",
                              args=[rr_event.slug, "bracket"])).status_code == 404


def test_public_downloads_never_show_a_draft_round(client, swiss_event, organiser):
    event_visibility_set(event=swiss_event, actor=organiser, public=True)
    url = reverse("tournaments:excel_download", args=[swiss_event.slug, "pairings"])
    assert client.get(url + "?round=2").status_code == 200
    assert client.get(url + "?round=3").status_code == 404


def test_import_through_the_preview_page(client, make_event, organiser,
                                         django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    client = logged_in(client, organiser)
    url = reverse("tournaments:excel_import_event", args=[event.slug])
    assert b"template" in client.get(url).content
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"file": players_file([["Hoàng Văn Bình", 1999, "B1"],
                                                           ["Đinh Thị Lan", 1890, "B2"]])})
    job = Job.objects.get()
    page = client.get(response.url)
    assert 'data-testid="preview-rows"' in page.text and "Hoàng Văn Bình" in page.text
    assert "1890" in page.text and 'data-testid="import-confirm"' not in page.text
    assert Player.objects.count() == 0
    # The corrected file.
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"file": players_file([["Hoàng Văn Bình", 1999, "B1"],
                                                           ["Đinh Thị Lan", 1990, "B2"]])})
    job = Job.objects.order_by("-pk").first()
    page = client.get(response.url)
    assert 'data-testid="import-confirm"' in page.text
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:job_confirm", args=[job.pk]))
    job.refresh_from_db()
    assert job.status == JobStatus.DONE
    assert Entry.objects.filter(event=event).count() == 2
    assert "2" in client.get(reverse("tournaments:job", args=[job.pk])).text


def test_reimport_page_updates_or_skips_and_lets_the_valid_rows_through(
        client, make_event, organiser, django_capture_on_commit_callbacks):
    """The same list again with a changed year, a new row and a bad row."""
    event = make_event(format="swiss", rounds=5)
    client = logged_in(client, organiser)
    url = reverse("tournaments:excel_import_event", args=[event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"file": players_file([["Hoàng Văn Bình", 1999, "B1"]])})
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:job_confirm", args=[Job.objects.get().pk]))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"file": players_file([["Hoàng Văn Bình", 1998, "B1"],
                                                           ["Đinh Thị Lan", 1990, "B2"],
                                                           ["", 1990, "B3"]])})
    page = client.get(response.url).text
    assert 'data-testid="import-confirm-valid"' in page and "Lưu 2 dòng hợp lệ" in page
    assert 'data-testid="existing-skip"' in page and "1999 → <strong>1998</strong>" in page
    job = Job.objects.order_by("-pk").first()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:job_confirm", args=[job.pk]),
                    {"existing": "skip", "valid_only": "1"})
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    assert Player.objects.get(national_id="B1").birth_year == 1999  # skipped
    assert Entry.objects.filter(event=event).count() == 2
    done = client.get(reverse("tournaments:job", args=[job.pk])).text
    assert 'data-testid="import-skipped"' in done and "Thiếu họ và tên." in done


def test_cancelling_a_preview_stores_nothing_and_drops_the_file(
        client, make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    client = logged_in(client, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:excel_import_event", args=[event.slug]),
                    {"file": players_file([["Hoàng Văn Bình", 1999, "B1"]])})
    job = Job.objects.get()
    path = job.file.path
    client.post(reverse("tournaments:job_cancel", args=[job.pk]))
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED and not job.file
    assert not os.path.exists(path)
    assert Player.objects.count() == 0


def test_only_organisers_import(client, rr_event, arbiter):
    url = reverse("tournaments:excel_import_event", args=[rr_event.slug])
    assert logged_in(client, arbiter).get(url).status_code == 403
    assert client.get(reverse("tournaments:excel_import_register")).status_code == 403


def test_register_import_page_for_those_allowed(client, organiser):
    organiser.user_permissions.add(Permission.objects.get(codename="add_player"))
    page = logged_in(client, organiser).get(reverse("tournaments:excel_import_register"))
    assert page.status_code == 200


def test_template_download(client):
    response = client.get(reverse("tournaments:excel_template") + "?team=1")
    wb = open_workbook(response.content)
    assert [c.value for c in wb.worksheets[0][1]][-3:] == ["Đội", "Bàn (trong đội)", "Dự bị"]


def test_backup_download_and_restore_pages(client, rr_event, organiser, arbiter,
                                           django_capture_on_commit_callbacks):
    url = reverse("tournaments:backup_download", args=[rr_event.slug])
    assert logged_in(client, arbiter).get(url).status_code == 403
    response = logged_in(client, organiser).get(url)
    document = json.loads(response.content)
    assert document["event"]["name"] == rr_event.name
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("tournaments:restore"),
                               {"file": SimpleUploadedFile("b.json", response.content)})
    job = Job.objects.get(kind="restore")
    assert job.status == JobStatus.DONE
    page = client.get(response.url)
    restored = Event.objects.get(pk=job.result["event"])
    assert restored.get_absolute_url() in page.text


def test_public_pages_offer_their_table_as_excel(client, rr_event, organiser):
    event_visibility_set(event=rr_event, actor=organiser, public=True)
    standings = client.get(reverse("tournaments:standings", args=[rr_event.slug]))
    assert reverse("tournaments:excel_download", args=[rr_event.slug, "standings"]) in \
        standings.text
    round_page = client.get(reverse("tournaments:round", args=[rr_event.slug, 2]))
    assert reverse("tournaments:excel_download", args=[rr_event.slug, "results"]) + "?round=2" \
        in round_page.text


def test_staff_pages_link_the_export_area(client, rr_event, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournaments:manage_event", args=[rr_event.slug]))
    assert reverse("tournaments:excel_export", args=[rr_event.slug]) in page.text


def test_old_jobs_go_with_their_files_and_recent_ones_stay(
        rr_event, chief_arbiter, settings, django_capture_on_commit_callbacks):
    """Exports pile up under MEDIA_ROOT; the daily purge (Celery beat, or manage.py purge_jobs)
    deletes those finished more than JOB_RETENTION_DAYS ago, and imports never confirmed."""
    import datetime

    from django.core.management import call_command
    from django.utils import timezone

    from tournaments.services.jobs import export_start
    from tournaments.tasks import purge_old_jobs

    settings.JOB_RETENTION_DAYS = 30
    with django_capture_on_commit_callbacks(execute=True):
        old, recent = (export_start(event=rr_event, actor=chief_arbiter, table="standings")
                       for _ in range(2))
    old.refresh_from_db()
    recent.refresh_from_db()
    old_file, recent_file = old.file.path, recent.file.path
    assert os.path.exists(old_file) and os.path.exists(recent_file)
    long_ago = timezone.now() - datetime.timedelta(days=31)
    Job.objects.filter(pk=old.pk).update(finished_at=long_ago)
    forgotten = Job.objects.create(kind="import", user=chief_arbiter, event=rr_event,
                                   status=JobStatus.PREVIEW)
    Job.objects.filter(pk=forgotten.pk).update(created_at=long_ago)
    running = Job.objects.create(kind="export", user=chief_arbiter, event=rr_event,
                                 status=JobStatus.RUNNING)

    from config.celery import app

    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert purge_old_jobs.name in scheduled and purge_old_jobs.name in app.tasks
    assert purge_old_jobs.delay().get() == 2
    assert set(Job.objects.values_list("pk", flat=True)) == {recent.pk, running.pk}
    assert not os.path.exists(old_file) and os.path.exists(recent_file)
    out = io.StringIO()
    call_command("purge_jobs", stdout=out)
    assert out.getvalue().startswith("0 jobs older than 30 days")


def test_a_job_cancelled_while_it_waited_is_not_run(rr_event, chief_arbiter):
    """A worker that picks up a job cancelled in the queue leaves it cancelled, with no file."""
    from tournaments.services.jobs import job_cancel
    from tournaments.tasks import export_build

    job = Job.objects.create(kind="export", user=chief_arbiter, event=rr_event,
                             params={"table": "players", "round": None, "lang": "vi"})
    job_cancel(job=job, actor=chief_arbiter)
    export_build.apply(args=[job.pk])
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED and not job.file and job.started_at is None
