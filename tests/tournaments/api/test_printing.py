"""API: print sheets as PDF: the sheets each caller may print, a PDF at once, a
refusal in the API's shape, a long sheet built as a job and downloaded."""

import pytest
from rest_framework.test import APIClient

from tests.tournaments.builders import pdf_pages, played_event
from tournaments.models import Board, Job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media_root")]


def api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def rr(make_event, organiser, chief_arbiter, arbiter):
    return played_event(make_event, organiser, chief_arbiter, arbiter, 6)


def test_the_sheets_each_caller_may_print(rr, arbiter):
    public = {s["sheet"] for s in api().get(f"/api/events/{rr.pk}/print/").json()}
    staff = {s["sheet"] for s in api(arbiter).get(f"/api/events/{rr.pk}/print/").json()}
    # Art. 19.4: the closing lists are public; Art. 20.3 l: the final report is the staff's.
    assert public == {"pairings", "pairings-alpha", "results", "standings", "crosstable",
                      "selected", "classified"}
    assert staff == public | {"scoresheets", "certificates", "slips", "report"}


def test_a_pdf_at_once(rr):
    response = api().get(f"/api/events/{rr.pk}/print/pairings/?round=2")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    (text,) = pdf_pages(response.content)
    for board in Board.objects.filter(round__event=rr, round__number=2).select_related(
            "white__player", "black__player"):
        assert board.white.name in text and board.black.name in text


def test_refusals_in_the_apis_shape(rr):
    refused = api().get(f"/api/events/{rr.pk}/print/scoresheets/")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "Only the people who run this event can print this sheet."
    assert refused.json()["code"]
    missing = api().get(f"/api/events/{rr.pk}/print/bracket/")
    assert missing.status_code == 404
    assert missing.json()["detail"] == "This event has no such sheet to print."
    unpublished = api().get(f"/api/events/{rr.pk}/print/pairings/?round=99")
    assert unpublished.status_code == 404
    assert "Round 99 cannot be printed" in unpublished.json()["detail"]
    assert api().post(f"/api/events/{rr.pk}/print/crosstable/", {}).status_code in (401, 403)
    assert not Job.objects.exists()


def test_a_long_sheet_is_built_as_a_job(rr, organiser, settings,
                                        django_capture_on_commit_callbacks):
    settings.PDF_ASYNC_MIN_ROWS = 1
    long = api(organiser).get(f"/api/events/{rr.pk}/print/standings/")
    assert long.status_code == 409 and long.json()["code"] == "pdf_long"
    with django_capture_on_commit_callbacks(execute=True):
        started = api(organiser).post(f"/api/events/{rr.pk}/print/standings/",
                                      {"after": 1, "language": "vi"}, format="json")
    assert started.status_code == 202
    job = api(organiser).get(started["Location"]).json()
    assert (job["kind"], job["status"], job["params"]["after"]) == ("pdf", "done", 1)
    download = api(organiser).get(job["download_url"])
    assert download["Content-Type"] == "application/pdf"
    text = "".join(pdf_pages(b"".join(download.streaming_content)))
    assert "Sau vòng 1" in text  # the job's language


def test_a_bad_job_request_changes_nothing(rr, organiser):
    bad = api(organiser).post(f"/api/events/{rr.pk}/print/certificates/", {"top": 0},
                              format="json")
    assert bad.status_code == 400 and "top" in bad.json()
    refused = api(organiser).post(f"/api/events/{rr.pk}/print/pairings/", {"round": 42},
                                  format="json")
    assert refused.status_code == 400
    assert refused.json()["detail"] == "Round 42 has not been paired yet."
    assert not Job.objects.exists()
