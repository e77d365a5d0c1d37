"""Pairing a Swiss round from the dashboard and the API; a large event's pairing as a job
(``tasks.py: round_pair``; eager here: without a broker the job runs in-process when its
transaction commits), its page and its API, the pairing's old addresses; the public pages of a
Swiss event in progress."""

import random
import uuid

import pytest
from django.test import override_settings
from django.utils import translation

from tests.tournaments.builders import (
    UserFactory,
    api_for,
    client_for,
    play,
    swiss_event,
)
from tournaments.models import Entry, Job, JobKind, JobStage, JobStatus, Round
from tournaments.services.entries import entry_withdraw
from tournaments.services.events import event_visibility_set, role_assign
from tournaments.services.formats import round_start
from tournaments.services.jobs import Progress, export_start
from tournaments.services.swiss import bye_request, swiss_round_pair
from tournaments.tasks import round_pair

pytestmark = pytest.mark.django_db


def test_dashboard_button_pairs_the_next_round(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/")
    assert response.status_code == 302
    assert response["Location"] == f"/manage/{event.slug}/rounds/1/"
    page = client_for(chief_arbiter).get(response["Location"]).content.decode()
    assert 'data-testid="no-warnings"' in page and 'data-testid="initial-colour"' in page
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/", follow=True)
    assert "Close round 1" in response.content.decode()


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_job_has_run_when_the_answer_comes(make_event, organiser,
                                                              chief_arbiter):
    """No broker: the pairing job runs in-process as its transaction commits, before the page
    or the API answers: the round (or the refusal) at once, as for a small event."""
    event = swiss_event(make_event, organiser, 20)
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/")
    assert response["Location"] == f"/manage/{event.slug}/rounds/1/"
    job = Job.objects.get(event=event, kind=JobKind.PAIRING)
    round_1 = Round.objects.get(event=event, number=1)
    assert (job.status, job.result, job.user, job.stage) == (
        JobStatus.DONE, {"round": 1, "round_id": round_1.pk}, chief_arbiter, JobStage.STORING)
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/", follow=True)
    assert "Close round 1" in response.content.decode()
    response = api_for(chief_arbiter).post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 400 and "Close round 1" in response.json()["detail"]
    refused = Job.objects.filter(event=event, status=JobStatus.FAILED)
    assert refused.count() == 2  # each refusal is recorded on its job


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_api_pairs_a_large_event_as_a_job(make_event, organiser, chief_arbiter, arbiter,
                                          django_capture_on_commit_callbacks):
    """``202`` with the job and its address (the tests answer before the commit that runs it
    in-process); the job then names the round it stored."""
    event = swiss_event(make_event, organiser, 20)
    assert api_for(arbiter).post(f"/api/events/{event.pk}/rounds/").status_code == 403
    api = api_for(chief_arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 202, response.content
    job = response.json()
    assert (job["kind"], job["status"], job["event"]) == ("pairing", "queued", event.pk)
    assert response["Location"] == f"/api/jobs/{job['id']}/"
    done = api.get(response["Location"]).json()
    round_1 = Round.objects.get(event=event, number=1)
    assert done["status"] == "done" and done["result"] == {"round": 1, "round_id": round_1.pk}
    assert done["round_url"].endswith(f"/api/events/{event.pk}/rounds/1/")
    assert api.get(done["round_url"]).json()["status"] == "draft"


def test_api_pairs_small_events_directly(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    response = api_for(chief_arbiter).post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 201 and response.json()[0]["method"] == "dutch"
    detail = api_for(chief_arbiter).get(f"/api/events/{event.pk}/rounds/1/").json()
    assert detail["warnings"] == [] and len(detail["boards"]) == 10
    assert not Job.objects.exists()


def _queued(event, chief, monkeypatch, django_capture_on_commit_callbacks) -> Job:
    """A pairing job sent to a worker that has not taken it yet."""
    sent = []
    monkeypatch.setattr("tournaments.services.jobs.task_send",
                        lambda *, name, args, task_id: sent.append((name, args, task_id)))
    with django_capture_on_commit_callbacks(execute=True):
        job = round_start(event=event, actor=chief).job
    assert sent == [("tournaments.tasks.round_pair", (job.pk,), job.task_id)]
    return job


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_the_job_page_says_the_stage_then_moves_on_to_the_round(
        make_event, organiser, chief_arbiter, monkeypatch, django_capture_on_commit_callbacks):
    event = swiss_event(make_event, organiser, 20)
    job = _queued(event, chief_arbiter, monkeypatch, django_capture_on_commit_callbacks)
    client = client_for(chief_arbiter)
    page = client.get(f"/manage/jobs/{job.pk}/").content.decode()
    assert f"/manage/jobs/{job.pk}/status/" in page and "every 1s" in page
    assert 'data-testid="pairing-status"' in page and "Waiting" in page
    Progress(job.pk)(2, 4, stage=JobStage.LOADING)  # as the worker reports it
    fragment = client.get(f"/manage/jobs/{job.pk}/status/", HTTP_HX_REQUEST="true")
    assert "Reading the earlier rounds" in fragment.content.decode()
    round_pair.apply(args=[job.pk])  # the worker pairs it
    fragment = client.get(f"/manage/jobs/{job.pk}/status/", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 204
    assert fragment["HX-Redirect"] == f"/manage/{event.slug}/rounds/1/"
    page = client.get(f"/manage/jobs/{job.pk}/").content.decode()
    assert 'data-testid="job-round"' in page and f"/manage/{event.slug}/rounds/1/" in page
    assert "every 1s" not in page


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_a_refused_pairing_shows_the_refusal_on_the_job_page(
        make_event, organiser, chief_arbiter, arbiter, monkeypatch,
        django_capture_on_commit_callbacks):
    """The worker answers in the language of the arbiter who asked (here Vietnamese)."""
    event = swiss_event(make_event, organiser, 20)
    play(swiss_round_pair(event=event, actor=chief_arbiter), arbiter, chief_arbiter,
         random.Random(1), close=False)
    with translation.override("vi"):
        job = _queued(event, chief_arbiter, monkeypatch, django_capture_on_commit_callbacks)
    round_pair.apply(args=[job.pk])
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and job.result is None
    assert job.error.startswith("Hãy kết thúc vòng 1")
    page = client_for(chief_arbiter).get(f"/manage/jobs/{job.pk}/").content.decode()
    assert 'data-testid="job-error"' in page and "Hãy kết thúc vòng 1" in page


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_who_follows_a_pairing_job(make_event, organiser, chief_arbiter, arbiter, stranger,
                                   monkeypatch, django_capture_on_commit_callbacks):
    """Whoever may pair the event's rounds (Art. 20: the organisers, the chief arbiter, a
    deputy) follows a pairing another of them started, as on the pairing page before; the
    arbiters and strangers find no such job."""
    event = swiss_event(make_event, organiser, 20)
    deputy = UserFactory(username="deputy")
    role_assign(event=event, actor=organiser, user=deputy, role="deputy")
    job = _queued(event, chief_arbiter, monkeypatch, django_capture_on_commit_callbacks)
    for user in (chief_arbiter, organiser, deputy):
        assert client_for(user).get(f"/manage/jobs/{job.pk}/").status_code == 200
        assert api_for(user).get(f"/api/jobs/{job.pk}/").status_code == 200
    for user in (arbiter, stranger):
        assert client_for(user).get(f"/manage/jobs/{job.pk}/").status_code == 404
        assert api_for(user).get(f"/api/jobs/{job.pk}/").status_code == 404
    # An export stays its author's.
    export = export_start(event=event, actor=organiser, table="players")
    assert client_for(chief_arbiter).get(f"/manage/jobs/{export.pk}/").status_code == 404


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_the_old_addresses_of_a_pairing_lead_to_its_job(
        make_event, organiser, chief_arbiter, arbiter, monkeypatch,
        django_capture_on_commit_callbacks):
    """The progress page and the API address a pairing had (by its Celery task id) redirect for
    good to the job's; another event's, a stranger's or an unknown task's are not found."""
    event = swiss_event(make_event, organiser, 20)
    job = _queued(event, chief_arbiter, monkeypatch, django_capture_on_commit_callbacks)
    page = client_for(organiser).get(f"/manage/{event.slug}/pairing/{job.task_id}/")
    assert page.status_code == 301 and page["Location"] == f"/manage/jobs/{job.pk}/"
    api = api_for(organiser).get(f"/api/events/{event.pk}/pairing-jobs/{job.task_id}/")
    assert api.status_code == 301 and api["Location"] == f"/api/jobs/{job.pk}/"
    other = swiss_event(make_event, organiser, 4)
    for client, url in (
            (client_for(organiser), f"/manage/{other.slug}/pairing/{job.task_id}/"),
            (client_for(arbiter), f"/manage/{event.slug}/pairing/{job.task_id}/"),
            (client_for(organiser), f"/manage/{event.slug}/pairing/{uuid.uuid4()}/"),
            (api_for(organiser), f"/api/events/{other.pk}/pairing-jobs/{job.task_id}/"),
            (api_for(arbiter), f"/api/events/{event.pk}/pairing-jobs/{job.task_id}/"),
            (api_for(), f"/api/events/{event.pk}/pairing-jobs/{job.task_id}/")):
        assert client.get(url).status_code == 404, url
    # An Excel job's page moved too.
    export = export_start(event=event, actor=organiser, table="players")
    moved = client_for(organiser).get(f"/manage/excel/jobs/{export.pk}/")
    assert moved.status_code == 301 and moved["Location"] == f"/manage/jobs/{export.pk}/"

def test_public_pages_of_a_swiss_in_progress(make_event, organiser, chief_arbiter, arbiter):
    event = swiss_event(make_event, organiser, 21, rounds=5)
    event_visibility_set(event=event, actor=organiser, public=True)
    rng = random.Random(11)
    play(swiss_round_pair(event=event, actor=chief_arbiter, seed=1), arbiter, chief_arbiter, rng)
    asker = Entry.objects.get(event=event, number=4)
    bye_request(entry=asker, actor=organiser, round_number=2)
    gone = Entry.objects.get(event=event, number=9)
    entry_withdraw(entry=gone, actor=organiser, after_round=1)
    play(swiss_round_pair(event=event, actor=chief_arbiter), arbiter, chief_arbiter, rng)
    swiss_round_pair(event=event, actor=chief_arbiter)  # round 3: a draft, hidden
    client = client_for()
    round_1 = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "Pairing bye" in round_1
    round_2 = client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    assert "Half-point bye" in round_2
    assert client.get(f"/events/{event.slug}/rounds/3/").status_code == 404
    standings = client.get(f"/events/{event.slug}/standings/?after=2").content.decode()
    assert "(withdrew)" in standings
    cross = client.get(f"/events/{event.slug}/crosstable/").content.decode()
    assert ">H<" in cross and ">U<" in cross and ">–<" in cross  # 9 absent in round 2
    assert "withdrawn after round 1" in client.get(f"/events/{event.slug}/entries/")\
        .content.decode()
    detail = api_for().get(f"/api/events/{event.pk}/rounds/2/").json()
    assert "warnings" not in detail
    assert api_for().get(f"/api/events/{event.pk}/rounds/3/").status_code == 404
    standings = api_for().get(f"/api/events/{event.pk}/standings/?after_round=1").json()
    assert standings["after_round"] == 1 and len(standings["rows"]) == 21
