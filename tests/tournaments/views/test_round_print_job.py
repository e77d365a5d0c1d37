"""The score sheets of a large round, printed from the round page as the arbiter does: the
page's PDF link (never a ``download`` link, which would save the "this sheet is long" page as
a file), the background job it offers, the job's page leading back to the round, the PDF."""

import re

import pytest
from django.test import Client

from tests.tournaments.builders import client_for, pdf_pages, swiss_event
from tournaments.models import Job, JobKind, JobStatus
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def _pdf_href(html: str, sheet: str) -> str:
    """The href of the PDF link of ``sheet`` on a page, checked to be a plain link."""
    tag = re.search(rf'<a [^>]*data-testid="pdf-{sheet}"[^>]*>', html)
    assert tag, f"no PDF link for {sheet}"
    assert " download" not in tag.group(0)
    return re.search(r'href="([^"]+)"', tag.group(0)).group(1).replace("&amp;", "&")


def test_score_sheets_of_a_round_too_long_for_the_request_from_the_round_page(
        make_event, organiser, chief_arbiter, django_capture_on_commit_callbacks, settings):
    """A round whose sheets are over the request's limit (``PDF_ASYNC_MIN_ROWS``, lowered here
    to 8 boards' worth so the test prints 8 sheets, not a real 60-board round's: the path is
    the same; ``benchmarks/bench_print.py`` times the big rounds)."""
    settings.PDF_ASYNC_MIN_ROWS = 80
    event = swiss_event(make_event, organiser, 16, name="Giải Vô địch")
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    assert round_.boards.count() == 8
    staff = client_for(chief_arbiter)
    round_page = staff.get(f"/manage/{event.slug}/rounds/1/")
    href = _pdf_href(round_page.content.decode(), "scoresheets")
    assert href == f"/events/{event.slug}/print/scoresheets/pdf/?round=1"

    offer = staff.get(href)  # 8 sheets of 10 lines: over the limit
    assert offer.status_code == 200 and b'data-testid="pdf-job-start"' in offer.content
    assert f'href="/manage/{event.slug}/rounds/1/"'.encode() in offer.content
    with django_capture_on_commit_callbacks(execute=True):
        started = staff.post(href)
    job = Job.objects.get()
    assert started["Location"] == f"/manage/jobs/{job.pk}/"
    assert (job.kind, job.status, job.params["round"]) == (JobKind.PDF, JobStatus.DONE, 1)
    job_page = staff.get(started["Location"]).content.decode()
    assert f'href="/manage/{event.slug}/rounds/1/" data-testid="job-back"' in job_page
    download = re.search(r'href="([^"]+)" data-testid="job-download"', job_page).group(1)
    pdf = staff.get(download)
    assert pdf["Content-Type"] == "application/pdf"
    assert f"{event.slug}-scoresheets-r1.pdf" in pdf["Content-Disposition"]
    pages = pdf_pages(b"".join(pdf.streaming_content))
    assert len(pages) == 8
    first = round_.boards.get(number=1)
    assert str(first.white.player) in pages[0] and str(first.black.player) in pages[0]


def test_a_small_rounds_score_sheets_come_in_the_request(make_event, organiser,
                                                          chief_arbiter, settings):
    event = swiss_event(make_event, organiser, 6)
    swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    staff = client_for(chief_arbiter)
    href = _pdf_href(staff.get(f"/manage/{event.slug}/rounds/1/").content.decode(),
                     "scoresheets")
    response = staff.get(href)
    assert response["Content-Type"] == "application/pdf"
    assert len(pdf_pages(response.content)) == 3
    settings.PDF_ASYNC_MIN_ROWS = 30  # the threshold: three sheets count 30 lines
    offer = staff.get(href)
    assert b'data-testid="pdf-job-start"' in offer.content
    assert not Job.objects.exists()
    assert Client().get(href).status_code == 404  # score sheets are the staff's
