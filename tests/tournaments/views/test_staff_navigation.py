"""Staff side pages keep the event's navigation: the Excel page and the import page show the
event's tab bar, the Registration (entries) tab links to the import, and a job's page leads back
to where it was started (a round's print sheet to the round)."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.builders import client_for, players_workbook, swiss_event
from tournaments.models import Job, JobKind
from tournaments.services.imports import import_start
from tournaments.services.jobs import export_start, pdf_start
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def tabs(html: str) -> dict[str, str]:
    """The event's tab bar on a page: each tab's address and whether it is the active one."""
    nav = re.search(r'<nav class="tabs"[^>]*>(.*?)</nav>', html, re.S)
    assert nav, "no tab bar"
    return {href: cls for href, cls in
            re.findall(r'<a href="([^"]+)" class="([^"]*)"', nav.group(1))}


def test_the_excel_and_import_pages_keep_the_events_tab_bar(make_event, organiser):
    event = make_event(format="rr")
    staff = client_for(organiser)
    excel = tabs(staff.get(f"/manage/{event.slug}/export/").content.decode())
    assert excel[f"/manage/{event.slug}/export/"] == "active"
    assert {f"/manage/{event.slug}/", f"/manage/{event.slug}/entries/",
            f"/manage/{event.slug}/statute/"} <= set(excel)
    page = staff.get(f"/manage/{event.slug}/import/").content.decode()
    assert tabs(page)[f"/manage/{event.slug}/entries/"] == "active"
    assert f'class="btn secondary" href="/manage/{event.slug}/entries/">Back</a>' in page


def test_the_registration_tab_links_to_the_import(make_event, organiser, arbiter):
    event = make_event(format="rr")
    page = client_for(organiser).get(f"/manage/{event.slug}/entries/").content.decode()
    link = re.search(r'<a [^>]*href="([^"]+)" data-testid="entries-import"', page)
    assert link and link.group(1) == f"/manage/{event.slug}/import/"
    assert client_for(organiser).get(link.group(1)).status_code == 200
    # An arbiter does not register players: no import link for them.
    assert "entries-import" not in client_for(arbiter).get(
        f"/manage/{event.slug}/entries/").content.decode()


def test_a_jobs_page_leads_back_to_where_it_was_started(make_event, organiser,
                                                        chief_arbiter):
    event = swiss_event(make_event, organiser, 6)
    swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    url = f"http://testserver/events/{event.slug}/"
    pdf_start(event=event, actor=organiser, sheet="scoresheets", public_url=url, round=1)
    pdf_start(event=event, actor=organiser, sheet="standings", public_url=url)
    export_start(event=event, actor=organiser, table="players")
    staff = client_for(organiser)
    backs = {}
    for job in Job.objects.order_by("pk"):
        page = staff.get(f"/manage/jobs/{job.pk}/").content.decode()
        backs[(job.kind, job.params.get("round"))] = re.search(
            r'<a href="([^"]+)" data-testid="job-back"', page).group(1)
    assert backs == {(JobKind.PDF, 1): f"/manage/{event.slug}/rounds/1/",
                     (JobKind.PDF, None): f"/manage/{event.slug}/",
                     (JobKind.EXPORT, None): f"/manage/{event.slug}/export/"}


def test_an_imports_page_leads_back_to_the_entries(make_event, organiser, media_root,
                                                   django_capture_on_commit_callbacks):
    event = make_event(format="rr")
    with django_capture_on_commit_callbacks(execute=True):
        job = import_start(actor=organiser, event=event, upload=SimpleUploadedFile(
            "vdv.xlsx", players_workbook().getvalue()), lang="en")
    page = client_for(organiser).get(f"/manage/jobs/{job.pk}/").content.decode()
    assert f'<a href="/manage/{event.slug}/entries/" data-testid="job-back">' in page
