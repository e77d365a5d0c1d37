"""Background jobs: starting them (rights checked here), and the writes the tasks make as they
run (progress, the file produced, success, a readable failure).

A job is created in the caller's transaction and its task is sent after commit
(``transaction.on_commit``), with the job's id only: a transaction rolled back sends nothing,
and a worker never looks for a row that is not there yet. With no broker configured the task
runs in-process right then; with one, on a worker. Either way the job row is where the pages
read how far it got.

When the broker or a worker fails (with a broker only; in-process jobs have neither):

- A task the broker cannot take leaves the job waiting with no ``dispatched_at``: the write
  that made it is stored and answers as usual, and ``jobs_recover`` sends the task once the
  broker answers (beat runs it every minute; ``manage.py recover_jobs`` does it from cron; and
  reading the job's page or API does it for that job).
- A worker takes a job by a conditional update (``job_start``): a job runs once per attempt,
  however many copies of its message are delivered. It writes a heartbeat while it runs; what
  the job stores commits together with its being done (``tasks.py: _run``), so a job whose
  worker died stored nothing, and ``jobs_recover`` runs it again once (``JOB_MAX_ATTEMPTS``) or
  fails it with that reason.
- A running job can be cancelled: the worker learns it at its next progress step (or at its
  end) and rolls back what it did.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files.base import ContentFile
from django.db import connection, connections, transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.excel import labels
from tournaments.excel.workbook import ExportError, Table, check_table
from tournaments.models import Event, Job, JobKind, JobStatus
from tournaments.models.jobs import FINISHED
from tournaments.printing.sheets import SheetError, sheet_for
from tournaments.rules import job_visible
from tournaments.services._access import right_require

logger = logging.getLogger(__name__)


def task_send(*, name: str, args: tuple = (), task_id: str):
    """Queue the Celery task registered as ``name`` (run in-process without a broker) and return
    its result. Services never import ``tournaments.tasks`` (the tasks call services): they name
    the task; ``apps.py`` registers the tasks when Django starts."""
    return current_app.tasks[name].apply_async(args=list(args), task_id=task_id)


# How long a job made is left to its own dispatch (on commit) before ``jobs_recover`` sends it.
DISPATCH_GRACE_SECONDS = 5


class JobCancelled(Exception):
    """The job was cancelled (or taken by another attempt) while this worker ran it: what it
    did is rolled back, the job row is left as it is."""


class _Broker:
    """Whether the broker took the last task this process sent. After a refusal it is not
    asked again for ``DISPATCH_GRACE_SECONDS`` (a refused send costs a request about a second:
    pages polling a waiting job must not each pay it); the outage and the recovery are logged
    once each."""

    down_since = None
    retry_at = None

    @classmethod
    def paused(cls, now) -> bool:
        return cls.retry_at is not None and now < cls.retry_at

    @classmethod
    def refused(cls, now, job_id: int) -> None:
        cls.retry_at = now + timedelta(seconds=DISPATCH_GRACE_SECONDS)
        if cls.down_since is None:
            cls.down_since = now
            logger.error("task queue unreachable: job %s waits, and so will the jobs made "
                         "until it answers (jobs_recover sends them)", job_id, exc_info=True)

    @classmethod
    def took(cls, now) -> None:
        if cls.down_since is not None:
            logger.warning("task queue reachable again after %.0f s",
                           (now - cls.down_since).total_seconds())
        cls.down_since = cls.retry_at = None


def _send(*, job_id: int, task_name: str, task_id: str, now=None) -> bool:
    """Hand a job's task to the broker (or run it in-process) and mark it dispatched; False
    if the broker cannot be reached (the job keeps waiting, undispatched)."""
    now = now or timezone.now()
    eager = settings.CELERY_TASK_ALWAYS_EAGER
    if not eager and _Broker.paused(now):
        return False
    try:
        task_send(name=task_name, args=(job_id,), task_id=task_id)
    except Exception:
        if eager:
            # Ran in-process and failed: the task has recorded the failure on the job.
            logger.exception("job %s failed in-process", job_id)
        else:
            _Broker.refused(now, job_id)
            return False
    if not eager:
        _Broker.took(now)
    Job.objects.filter(pk=job_id, dispatched_at=None).update(dispatched_at=timezone.now())
    return True


def job_dispatch(*, job: Job, task_name: str) -> None:
    """Send the task ``task_name`` for ``job`` once the current transaction commits. A broker
    that cannot be reached leaves the job waiting, undispatched, for ``jobs_recover``: the
    write is stored and answers as usual."""
    job_id, task_id = job.pk, job.task_id
    Job.objects.filter(pk=job_id).update(task_name=task_name, dispatched_at=None)
    job.task_name, job.dispatched_at = task_name, None

    def send() -> None:
        if _send(job_id=job_id, task_name=task_name, task_id=task_id):
            job.dispatched_at = timezone.now()  # the caller answers with the job as stored

    transaction.on_commit(send, robust=True)


def jobs_recover(*, pk: int | None = None, now=None) -> dict:
    """Send the jobs the broker could not take, and deal with the running jobs whose worker
    died (no heartbeat for ``JOB_STALE_SECONDS``): queued again if taken fewer than
    ``JOB_MAX_ATTEMPTS`` times, else failed with the reason. ``pk``: this job only. Nothing to
    do without a broker (jobs run in the request that made them). Returns the counts."""
    counts = {"sent": 0, "retried": 0, "failed": 0}
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return counts
    now = now or timezone.now()
    jobs = Job.objects.all() if pk is None else Job.objects.filter(pk=pk)
    stale = jobs.filter(status=JobStatus.RUNNING,
                        heartbeat_at__lt=now - timedelta(seconds=settings.JOB_STALE_SECONDS))
    for job in stale.exclude(task_name="").only("pk", "attempts", "params", "task_name",
                                                "task_id"):
        with translation.override(job.params.get("lang", "vi")):
            if job.attempts < settings.JOB_MAX_ATTEMPTS:
                moved = stale.filter(pk=job.pk, attempts=job.attempts).update(
                    status=JobStatus.QUEUED, dispatched_at=None, done=0, total=0, stage="")
                counts["retried"] += moved
                if moved:
                    logger.warning("job %s lost its worker (attempt %s); queued again", job.pk,
                                   job.attempts)
                    counts["sent"] += _send(job_id=job.pk, task_name=job.task_name,
                                            task_id=job.task_id, now=now)
            else:
                reason = _("The worker running this job stopped (attempt %(n)s of %(max)s); "
                           "nothing of it was stored. Start it again.") % {
                    "n": job.attempts, "max": settings.JOB_MAX_ATTEMPTS}
                moved = _fail_rows(stale.filter(pk=job.pk, attempts=job.attempts),
                                   message=reason, now=now)
                counts["failed"] += moved
                if moved:
                    logger.error("job %s lost its worker %s times; failed", job.pk, job.attempts)
    # Sent when made, a job's task normally is within a second: wait a little before sending it
    # a second time (a second copy would find the job taken and do nothing, but costs a task).
    waiting = jobs.filter(status=JobStatus.QUEUED, dispatched_at=None,
                          created_at__lt=now - timedelta(seconds=DISPATCH_GRACE_SECONDS)) \
        .exclude(task_name="")
    for job_id, task_name, task_id in waiting.values_list("pk", "task_name", "task_id"):
        if not _send(job_id=job_id, task_name=task_name, task_id=task_id, now=now):
            break  # the broker is still down: the next pass tries again
        counts["sent"] += 1
    return counts


def job_refresh(*, job: Job) -> Job:
    """The job as its page and API show it, after ``jobs_recover`` looked at it: a job whose
    worker died, or whose task is still to send, is dealt with when someone looks at it."""
    if job.status in (JobStatus.QUEUED, JobStatus.RUNNING) and any(jobs_recover(pk=job.pk)
                                                                   .values()):
        job.refresh_from_db()
    return job


def job_create(*, lang: str | None = None, params: dict | None = None, **fields) -> Job:
    """A queued job; its ``params`` carry the language its file and messages are made in
    (``lang``, else the request's)."""
    params = {"lang": labels.language(lang or get_language()), **(params or {})}
    return Job.objects.create(task_id=str(uuid.uuid4()), params=params, **fields)


@transaction.atomic
def export_start(*, event: Event, actor, table: str, round: int | None = None,
                 lang: str | None = None) -> Job:
    """Queue an export of one table, or of the whole event (``table="event"``)."""
    right_require(actor=actor, perm="tournaments.export_event", event=event)
    try:
        check_table(event, Table(table, round))
    except ExportError:
        raise ServiceError(_("This table does not exist for this event.")) from None
    if table in ("pairings", "results") and not event.rounds_set.filter(number=round).exists():
        raise ServiceError(_("Round %(n)s has not been paired yet."), n=round)
    job = job_create(kind=JobKind.EXPORT, user=actor, event=event,
                   params={"table": table, "round": round}, lang=lang)
    job_dispatch(job=job, task_name="tournaments.tasks.export_build")
    return job


@transaction.atomic
def pdf_start(*, event: Event, actor, sheet: str, public_url: str, round: int | None = None,
              after: int | None = None, top: int | None = None, lang: str | None = None) -> Job:
    """Queue the PDF of a long print sheet: a large event's crosstable or standings,
    built by a worker (``tasks.py: pdf_build``) with its progress on the job page. The staff's
    right, like an export; the sheet must exist for the event."""
    right_require(actor=actor, perm="tournaments.export_event", event=event)
    try:
        found = sheet_for(event, sheet, staff=True)
    except SheetError as error:
        raise ServiceError(str(error)) from None
    if found.per_round and not event.rounds_set.filter(number=round).exists():
        raise ServiceError(_("Round %(n)s has not been paired yet."), n=round)
    job = job_create(kind=JobKind.PDF, user=actor, event=event,
                  params={"sheet": sheet, "round": round, "after": after, "top": top,
                          "public_url": public_url}, lang=lang)
    job_dispatch(job=job, task_name="tournaments.tasks.pdf_build")
    return job


@transaction.atomic
def pairing_start(*, event: Event, actor) -> Job:
    """Queue the pairing of ``event``'s next round (``services/formats.py: round_start``, for an
    event too large to pair within a request): the job now, in the caller's transaction; the
    task (``tasks.py: round_pair``) once it commits. The worker answers in the actor's
    language."""
    right_require(actor=actor, perm="tournaments.pair_round", event=event)
    job = job_create(kind=JobKind.PAIRING, user=actor, event=event)
    job_dispatch(job=job, task_name="tournaments.tasks.round_pair")
    return job


@transaction.atomic
def job_cancel(*, job: Job, actor) -> Job:
    """Drop an import that waits for confirmation, a job not started, or a running one (its
    worker stops at its next progress step and rolls back what it did): nothing is stored."""
    if not job_visible(actor, job):
        raise PermissionDenied(_("This job is not yours."))
    job = Job.objects.select_for_update().get(pk=job.pk)
    if job.status not in (JobStatus.PREVIEW, JobStatus.QUEUED, JobStatus.RUNNING):
        raise ServiceError(_("This job has ended; there is nothing to cancel."))
    job.status = JobStatus.CANCELLED
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "finished_at"])
    if job.file:
        job.file.delete(save=False)
        Job.objects.filter(pk=job.pk).update(file="")
    return job


# --- what the tasks write -------------------------------------------------------------------


def job_start(*, job_id: int) -> Job | None:
    """Take the job for this worker: a waiting one, or a running one whose worker died (its
    heartbeat stale) and that may be tried again. None when there is nothing to do: the job was
    cancelled, has ended, or another worker runs it (a second copy of its message)."""
    now = timezone.now()
    takeable = Q(status=JobStatus.QUEUED) | Q(
        status=JobStatus.RUNNING, attempts__lt=settings.JOB_MAX_ATTEMPTS,
        heartbeat_at__lt=now - timedelta(seconds=settings.JOB_STALE_SECONDS))
    started = Job.objects.filter(takeable, pk=job_id).update(
        status=JobStatus.RUNNING, started_at=now, heartbeat_at=now, attempts=F("attempts") + 1,
        done=0, total=0, stage="", error="")
    if not started:
        return None
    return Job.objects.select_related("event", "user").get(pk=job_id)


def job_beat(*, job_id: int, attempt: int) -> bool:
    """The worker's heartbeat on the job it runs; False if the job is no longer its own
    (cancelled, or taken by another attempt)."""
    return bool(Job.objects.filter(pk=job_id, status=JobStatus.RUNNING, attempts=attempt)
                .update(heartbeat_at=timezone.now()))


class Progress:
    """Writes a job's progress (``done`` of ``total``, and the ``stage`` of a job that names its
    steps) at most every ``interval`` seconds, at the end and at each new stage, so a large
    export does not spend its time updating one row; also reports it to Celery's result backend
    through ``update_state`` when given a task.

    The pages must read it while the work runs, and the work is a service in a transaction of
    its own (a pairing, an import's writing, a restore): there the row is written on a
    connection of its own (``_progress_write``). It is also where a running job learns it was
    cancelled: ``JobCancelled`` is raised when the row is no longer this attempt's running
    job."""

    def __init__(self, job_id: int, task=None, interval: float = 0.5, attempt: int | None = None):
        self.job_id, self.task, self.interval, self.attempt = job_id, task, interval, attempt
        self._last = 0.0
        self._stage = ""

    def __call__(self, done: int, total: int, stage: str = "") -> None:
        now = time.monotonic()
        if done < total and stage == self._stage and now - self._last < self.interval:
            return
        self._last, self._stage = now, stage
        if not _progress_write(self.job_id, self.attempt, done=done, total=total, stage=stage,
                               heartbeat_at=timezone.now()):
            raise JobCancelled
        if self.task is not None and getattr(self.task.request, "id", None):
            self.task.update_state(state="PROGRESS",
                                   meta={"done": done, "total": total, "stage": stage})


def _progress_write(job_id: int, attempt: int | None, **fields) -> int:
    """Write a job's progress so that other connections see it at once. Outside a transaction
    the update commits by itself. Inside one, on a database where two connections write side by
    side (PostgreSQL), it is written on a connection of its own, opened by a short-lived thread;
    SQLite has one writer at a time, so there it waits for the transaction's commit (in-process
    jobs, which no page reads while they run), as it does when the other connection cannot
    take the row: one this transaction created or holds. Returns how many rows it wrote: 0
    when the job is no longer this attempt's running job."""
    rows = Job.objects.filter(pk=job_id)
    if attempt is not None:
        rows = rows.filter(status=JobStatus.RUNNING, attempts=attempt)
    written = []
    if connection.in_atomic_block and connection.features.has_select_for_update_skip_locked:

        def own_connection() -> None:
            try:
                # Skipped, not waited for, if this transaction holds the row: it is waiting
                # for this thread.
                free = rows.select_for_update(skip_locked=True).values_list("pk", flat=True)
                with transaction.atomic():
                    if list(free):
                        written.append(rows.update(**fields))
                    elif not Job.objects.filter(pk=job_id).select_for_update(
                            skip_locked=True).exists():
                        return  # the row is locked (by the transaction waiting): write there
                    else:
                        written.append(0)  # free, but no longer this attempt's running job
            except Exception:
                logger.exception("the progress of job %s could not be written apart", job_id)
            finally:
                connections.close_all()

        thread = threading.Thread(target=own_connection)
        thread.start()
        thread.join()
    if not written:
        return rows.update(**fields)
    return written[0]


def job_finish(*, job_id: int, status: str = JobStatus.DONE, content: bytes | None = None,
               filename: str = "", preview: dict | None = None,
               result: dict | None = None, attempt: int | None = None) -> Job:
    """End the job a worker runs, in the transaction of what it stored (``tasks.py: _run``):
    ``JobCancelled`` (all rolled back) if it is no longer running, or no longer by this
    ``attempt`` (cancelled, or given to another worker meanwhile)."""
    job = Job.objects.select_for_update().get(pk=job_id)
    if job.status != JobStatus.RUNNING or attempt not in (None, job.attempts):
        raise JobCancelled
    if content is not None:
        job.file.save(f"{job.pk}-{filename}", ContentFile(content), save=False)
        job.filename = filename
    if preview is not None:
        job.preview = preview
    if result is not None:
        job.result = result
    job.status = status
    job.error = ""
    if job.total:
        job.done = job.total
    job.finished_at = timezone.now() if status != JobStatus.PREVIEW else None
    job.save()
    return job


def job_fail(*, job_id: int, message: str, attempt: int | None = None) -> None:
    """Fail a job with a message for its user; with ``attempt``, only if that attempt still
    runs it (a job cancelled meanwhile stays cancelled)."""
    rows = Job.objects.filter(pk=job_id)
    if attempt is not None:
        rows = rows.filter(status=JobStatus.RUNNING, attempts=attempt)
    _fail_rows(rows, message=message)


def _fail_rows(rows, *, message: str, now=None) -> int:
    """The one write of a failed job: its message for the user and when it ended."""
    return rows.update(status=JobStatus.FAILED, error=str(message)[:2000],
                       finished_at=now or timezone.now())


def jobs_purge(*, now=None) -> int:
    """Delete the jobs finished more than ``JOB_RETENTION_DAYS`` ago with their files, and the
    imports and restores left waiting that long (never confirmed). Exports are copies of what
    the database holds, made again in seconds; nothing of the event is lost. Returns how many
    jobs went."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.JOB_RETENTION_DAYS)
    old = Job.objects.filter(status__in=FINISHED, finished_at__lt=cutoff) | Job.objects.filter(
        status__in=(JobStatus.QUEUED, JobStatus.PREVIEW), created_at__lt=cutoff)
    count = 0
    for job in old.only("pk", "file"):
        if job.file:
            job.file.delete(save=False)
        job.delete()
        count += 1
    return count
