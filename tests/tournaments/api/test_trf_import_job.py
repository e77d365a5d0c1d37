"""A TRF file over ``IMPORT_JOB_MIN_BYTES`` is imported by a background job with its progress
(the players, then the rounds stored): the API answers 202 with the job's address, the page
sends the organiser to the job's page; the job's result names the new event, which is the
file's. A smaller file stays in the request (201), and a file refused by the job stores
nothing."""

import pytest

from tests.tournaments.builders import api_for, client_for, seven_with_a_second_pab
from tournaments.models import Event, Job, JobKind, JobStatus
from tournaments.selectors.trf import trf_export

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


@pytest.fixture
def text(make_event, organiser, chief_arbiter, arbiter):
    event = seven_with_a_second_pab(make_event, organiser, chief_arbiter, arbiter,
                                    name="Giải Thụy Sĩ")
    return trf_export(event, include_drafts=True)


def test_a_large_file_is_a_job_with_its_progress(text, organiser, settings,
                                                 django_capture_on_commit_callbacks):
    settings.IMPORT_JOB_MIN_BYTES = len(text.encode()) - 1
    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(organiser).post("/api/events/import-trf/",
                                           {"text": text, "name": "Bản sao"}, format="json")
    assert response.status_code == 202, response.content
    job = api_for(organiser).get(response["Location"]).json()
    assert job["kind"] == JobKind.TRF and job["status"] == JobStatus.DONE
    copy = Event.objects.get(name="Bản sao")
    assert job["result"] == {"event": copy.pk, "slug": copy.slug, "name": "Bản sao"}
    assert (job["done"], job["total"]) == (7 + 2, 7 + 2)  # seven players, two rounds
    assert trf_export(copy, include_drafts=True) == text.replace("Giải Thụy Sĩ", "Bản sao", 1)
    assert api_for().get(response["Location"]).status_code in (401, 403, 404)


def test_a_small_file_stays_in_the_request(text, organiser, settings):
    settings.IMPORT_JOB_MIN_BYTES = len(text.encode())
    response = api_for(organiser).post("/api/events/import-trf/",
                                       {"text": text, "name": "Bản sao"}, format="json")
    assert response.status_code == 201
    assert response.json()["name"] == "Bản sao" and not Job.objects.exists()


def test_a_file_the_job_refuses_stores_nothing(organiser, settings,
                                               django_capture_on_commit_callbacks):
    settings.IMPORT_JOB_MIN_BYTES = 10
    events = Event.objects.count()
    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(organiser).post("/api/events/import-trf/",
                                           {"text": "001    x\n" * 3}, format="json")
    assert response.status_code == 202
    job = Job.objects.get()
    assert job.status == JobStatus.FAILED and "line 1" in job.error
    assert "Internal error" not in job.error and Event.objects.count() == events


def test_the_page_sends_a_large_import_to_its_job(text, organiser, settings,
                                                  django_capture_on_commit_callbacks):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.IMPORT_JOB_MIN_BYTES = 10
    client = client_for(organiser)
    client.post("/manage/import-trf/", {"file": SimpleUploadedFile("x.trf", text.encode()),
                                        "format": "swiss", "name": "Bản sao"})
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/manage/import-trf/", {"confirm": "1"})
    job = Job.objects.get(kind=JobKind.TRF)
    assert response.status_code == 302 and response["Location"] == f"/manage/jobs/{job.pk}/"
    page = client.get(response["Location"]).content.decode()
    copy = Event.objects.get(name="Bản sao")
    assert f'href="/manage/{copy.slug}/" data-testid="job-event"' in page
