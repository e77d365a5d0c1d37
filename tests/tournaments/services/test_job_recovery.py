"""A job whose worker died, or that was cancelled while it ran (``services/jobs.py``): taken once
per attempt, run again once, then failed with its reason on its page; a running job cancelled
stops at its next progress step or at its end, storing nothing.

A job's row is put in the state a killed worker leaves (running, its heartbeat old); the
recovery then runs for real: without a broker the task it sends runs in-process. The tests
with real workers killed and a real broker stopped are in ``tests/tournaments/tasks/
test_worker_faults.py``.
"""

import io
from datetime import timedelta

import pytest
from celery import current_app
from celery.app.task import Task
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone
from kombu.exceptions import OperationalError

from tests.tournaments.builders import api_for, client_for, rr_scenario, swiss_event
from tournaments.models import Job, JobKind, JobStatus
from tournaments.services import jobs
from tournaments.services.jobs import (
    JobCancelled,
    Progress,
    export_start,
    job_finish,
    job_start,
    jobs_recover,
)
from tournaments.services.round_checks import round_check_refresh
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def broker(settings, media_root):
    """The settings of an installation with a broker (recovery is for workers only); the task
    still runs in-process, so what the recovery sends really runs."""
    eager = current_app.conf.task_always_eager  # Celery's own copy, read before the change
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.JOB_STALE_SECONDS = 60
    settings.JOB_MAX_ATTEMPTS = 2
    current_app.conf.task_always_eager = True
    yield settings
    current_app.conf.task_always_eager = eager


def _left_by_a_dead_worker(event, user, *, attempts: int) -> Job:
    return Job.objects.create(
        kind=JobKind.EXPORT, user=user, event=event, task_id="t-1",
        task_name="tournaments.tasks.export_build", params={"table": "players", "lang": "en"},
        status=JobStatus.RUNNING, attempts=attempts, done=1, total=3,
        dispatched_at=timezone.now() - timedelta(minutes=5),
        heartbeat_at=timezone.now() - timedelta(seconds=61))


def test_a_job_whose_worker_died_is_run_again_once(broker, make_event, organiser,
                                                    chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    job = _left_by_a_dead_worker(event, organiser, attempts=1)
    assert jobs_recover() == {"sent": 1, "retried": 1, "failed": 0}
    job.refresh_from_db()
    assert (job.status, job.attempts, job.error) == (JobStatus.DONE, 2, "")
    assert job.file and job.dispatched_at is not None
    assert jobs_recover() == {"sent": 0, "retried": 0, "failed": 0}  # nothing left to do


def test_a_job_whose_worker_died_twice_fails_with_its_reason_on_its_page(
        broker, make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    job = _left_by_a_dead_worker(event, organiser, attempts=2)
    page = client_for(organiser).get(f"/manage/jobs/{job.pk}/")  # read: dealt with
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and not job.file
    reason = ("The worker running this job stopped (attempt 2 of 2); nothing of it was "
              "stored. Start it again.")
    assert job.error == reason and reason in page.content.decode()


def test_a_live_worker_s_job_is_left_alone(broker, make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    job = _left_by_a_dead_worker(event, organiser, attempts=1)
    Job.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now())
    assert jobs_recover() == {"sent": 0, "retried": 0, "failed": 0}
    assert job_start(job_id=job.pk) is None  # a second copy of its message does nothing
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.RUNNING, 1)


def test_without_a_broker_nothing_is_recovered(settings, make_event, organiser, chief_arbiter):
    assert settings.CELERY_TASK_ALWAYS_EAGER
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    job = _left_by_a_dead_worker(event, organiser, attempts=1)
    assert jobs_recover() == {"sent": 0, "retried": 0, "failed": 0}
    job.refresh_from_db()
    assert job.status == JobStatus.RUNNING


def test_a_job_done_is_not_taken_again(media_root, make_event, organiser, chief_arbiter,
                                        django_capture_on_commit_callbacks):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    with django_capture_on_commit_callbacks(execute=True):
        job = export_start(event=event, actor=organiser, table="players")
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.DONE, 1) and job.dispatched_at
    assert job_start(job_id=job.pk) is None  # the broker delivers it again: nothing stored twice
    assert Job.objects.get(pk=job.pk).attempts == 1


def test_a_running_job_cancelled_stops_at_its_next_step_and_at_its_end(
        broker, make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    job = _left_by_a_dead_worker(event, organiser, attempts=1)
    Job.objects.filter(pk=job.pk).update(heartbeat_at=timezone.now())
    progress = Progress(job.pk, attempt=1, interval=0)
    progress(1, 3)  # its own: written
    answer = client_for(organiser).post(f"/manage/jobs/{job.pk}/cancel/", follow=True)
    assert "Job cancelled; nothing of it was stored." in answer.content.decode()
    assert Job.objects.get(pk=job.pk).status == JobStatus.CANCELLED
    with pytest.raises(JobCancelled):
        progress(2, 3)
    with pytest.raises(JobCancelled):
        job_finish(job_id=job.pk, attempt=1, result={"rows": 3})
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED and job.result is None


def test_a_job_taken_by_another_attempt_is_not_finished_by_the_first(
        broker, make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    job = _left_by_a_dead_worker(event, organiser, attempts=1)
    assert job_start(job_id=job.pk).attempts == 2  # stale: a redelivered message takes it
    with pytest.raises(JobCancelled):
        Progress(job.pk, attempt=1)(2, 3)  # the first worker, thought dead, wakes up
    with pytest.raises(JobCancelled):
        job_finish(job_id=job.pk, attempt=1, result={"rows": 3})
    assert Job.objects.get(pk=job.pk).result is None


def test_an_ended_job_cannot_be_cancelled(media_root, make_event, organiser, chief_arbiter,
                                          django_capture_on_commit_callbacks):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    with django_capture_on_commit_callbacks(execute=True):
        job = export_start(event=event, actor=organiser, table="players")
    answer = client_for(organiser).post(f"/api/jobs/{job.pk}/cancel/")
    assert answer.status_code == 400
    assert answer.json()["detail"] == "This job has ended; there is nothing to cancel."


@pytest.fixture
def broker_down(broker, monkeypatch):
    """A broker that refuses every send, as kombu does when Redis is stopped (the real stopped
    broker is in ``test_worker_faults.py``)."""

    def refused(task, *args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(Task, "apply_async", refused)
    yield monkeypatch
    # What this process remembers of the outage ends with the test, even a failed one.
    jobs._Broker.down_since = jobs._Broker.retry_at = None


def test_the_broker_down_an_export_is_stored_waiting_then_sent(
        broker_down, make_event, organiser, chief_arbiter, django_capture_on_commit_callbacks,
        caplog):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    client = api_for(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/api/events/{event.pk}/exports/", {"table": "players"},
                             format="json")
    assert answer.status_code == 202 and answer.json()["dispatched"] is False
    job = Job.objects.get(pk=answer.json()["id"])
    assert (job.status, job.dispatched_at, job.task_name) == (
        JobStatus.QUEUED, None, "tournaments.tasks.export_build")
    page = client_for(organiser).get(f"/manage/jobs/{job.pk}/").content.decode()
    assert "The task queue cannot be reached" in page
    later = timezone.now() + timedelta(seconds=6)
    assert jobs_recover(now=later)["sent"] == 0  # still down: asked, refused
    broker_down.undo()  # the broker answers again
    # Not asked again within 5 s of a refusal (pages polling a waiting job do not each wait
    # for it), then sent.
    assert jobs_recover(now=later + timedelta(seconds=1))["sent"] == 0
    assert jobs_recover(now=later + timedelta(seconds=6)) == {
        "sent": 1, "retried": 0, "failed": 0}
    assert client.get(f"/api/jobs/{job.pk}/").json()["status"] == "done"
    logged = [r.getMessage() for r in caplog.records if r.name == "tournaments.services.jobs"]
    assert len(logged) == 2  # once each, not once per send
    assert logged[0].startswith(f"task queue unreachable: job {job.pk} waits")
    assert logged[1].startswith("task queue reachable again after")


@override_settings(SWISS_ASYNC_MIN_ENTRIES=4)
def test_the_broker_down_a_large_event_s_round_check_is_asked_for_without_an_error(
        broker_down, make_event, organiser, chief_arbiter, django_capture_on_commit_callbacks):
    event = swiss_event(make_event, organiser, 6)
    draft = swiss_round_pair(event=event, actor=chief_arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        round_check_refresh(round_=draft, actor=chief_arbiter)  # its task: refused, logged
    draft.refresh_from_db()
    assert draft.boards.count() == 3 and draft.checked_at is None  # shown as unchecked


def test_recover_jobs_from_cron(broker, make_event, organiser, chief_arbiter):
    """Where beat does not run, ``manage.py recover_jobs`` does the same pass."""
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    job = _left_by_a_dead_worker(event, organiser, attempts=1)
    out = io.StringIO()
    call_command("recover_jobs", stdout=out)
    assert out.getvalue() == "1 jobs sent, 1 queued again, 0 failed.\n"
    assert Job.objects.get(pk=job.pk).status == JobStatus.DONE
