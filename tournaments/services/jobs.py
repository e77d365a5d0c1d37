"""Background jobs: starting them (rights checked here), and the writes the tasks make as they
run (progress, the file produced, success, a readable failure).

A job is created in the caller's transaction and its task is sent after commit
(``transaction.on_commit``), with the job's id only: a transaction rolled back sends nothing,
and a worker never looks for a row that is not there yet. With no broker configured the task
runs in-process right then; with one, on a worker. Either way the job row is where the pages
read how far it got.
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
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.excel import labels
from tournaments.excel.workbook import ExportError, Table, check_table
from tournaments.models import Event, Job, JobKind, JobStatus
from tournaments.models.jobs import FINISHED
from tournaments.printing.sheets import SheetError, sheet_for
from tournaments.services._access import require

logger = logging.getLogger(__name__)


def job_language(lang: str | None) -> str:
    return labels.language(lang or get_language())


def task_send(name: str, *args, task_id: str):
    """Queue the Celery task registered as ``name`` (run in-process without a broker) and return
    its result. Services never import ``tournaments.tasks`` (the tasks call services): they name
    the task; ``apps.py`` registers the tasks when Django starts."""
    return current_app.tasks[name].apply_async(args=list(args), task_id=task_id)


def job_dispatch(job: Job, task_name: str) -> None:
    """Send the task ``task_name`` for ``job`` once the current transaction commits. A broker
    that cannot be reached fails the job with a message instead of losing it."""
    job_id, task_id = job.pk, job.task_id

    def send() -> None:
        try:
            task_send(task_name, job_id, task_id=task_id)
        except Exception:
            if settings.CELERY_TASK_ALWAYS_EAGER:
                # Ran in-process and failed: the task has recorded the failure on the job.
                logger.exception("job %s failed in-process", job_id)
                return
            logger.exception("job %s could not be queued", job_id)
            job_fail(job_id, _("The task queue cannot be reached; try again in a moment."))

    transaction.on_commit(send)


def job_new(**fields) -> Job:
    return Job.objects.create(task_id=str(uuid.uuid4()), **fields)


def can_see_job(user, job: Job) -> bool:
    """A job is its author's (and a superuser's). A pairing job is also its event's: whoever may
    pair the event's rounds (Art. 20: the chief arbiter, a deputy, the organisers) follows the
    pairing another of them started, as on the pairing page before it was a job."""
    if not user.is_authenticated:
        return False
    if user.is_superuser or job.user_id == user.pk:
        return True
    return job.kind == JobKind.PAIRING and job.event is not None and \
        user.has_perm("tournaments.pair_round", job.event)


@transaction.atomic
def export_start(*, event: Event, actor, table: str, round: int | None = None,
                 lang: str | None = None) -> Job:
    """Queue an export of one table, or of the whole event (``table="event"``)."""
    require(actor, "tournaments.export_event", event)
    try:
        check_table(event, Table(table, round))
    except ExportError:
        raise ServiceError(_("This table does not exist for this event.")) from None
    if table in ("pairings", "results") and not event.rounds_set.filter(number=round).exists():
        raise ServiceError(_("Round %(n)s has not been paired yet."), n=round)
    job = job_new(kind=JobKind.EXPORT, user=actor, event=event,
                   params={"table": table, "round": round, "lang": job_language(lang)})
    job_dispatch(job, "tournaments.tasks.export_build")
    return job


@transaction.atomic
def pdf_start(*, event: Event, actor, sheet: str, public_url: str, round: int | None = None,
              after: int | None = None, top: int | None = None, lang: str | None = None) -> Job:
    """Queue the PDF of a long print sheet (issue 20): a large event's crosstable or standings,
    built by a worker (``tasks.py: pdf_build``) with its progress on the job page. The staff's
    right, like an export; the sheet must exist for the event."""
    require(actor, "tournaments.export_event", event)
    try:
        found = sheet_for(event, sheet, staff=True)
    except SheetError as error:
        raise ServiceError(str(error)) from None
    if found.per_round and not event.rounds_set.filter(number=round).exists():
        raise ServiceError(_("Round %(n)s has not been paired yet."), n=round)
    job = job_new(kind=JobKind.PDF, user=actor, event=event,
                  params={"sheet": sheet, "round": round, "after": after, "top": top,
                          "public_url": public_url, "lang": job_language(lang)})
    job_dispatch(job, "tournaments.tasks.pdf_build")
    return job


@transaction.atomic
def pairing_start(*, event: Event, actor) -> Job:
    """Queue the pairing of ``event``'s next round (``services/formats.py: round_start``, for an
    event too large to pair within a request): the job now, in the caller's transaction; the
    task (``tasks.py: round_pair``) once it commits. The worker answers in the actor's
    language."""
    require(actor, "tournaments.pair_round", event)
    job = job_new(kind=JobKind.PAIRING, user=actor, event=event,
                  params={"lang": job_language(None)})
    job_dispatch(job, "tournaments.tasks.round_pair")
    return job


@transaction.atomic
def job_cancel(*, job: Job, actor) -> Job:
    """Drop an import that waits for confirmation (or a job not started): nothing is stored."""
    if not can_see_job(actor, job):
        raise PermissionDenied(_("This job is not yours."))
    job = Job.objects.select_for_update().get(pk=job.pk)
    if job.status not in (JobStatus.PREVIEW, JobStatus.QUEUED):
        raise ServiceError(_("Only a job that waits can be cancelled."))
    job.status = JobStatus.CANCELLED
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "finished_at"])
    if job.file:
        job.file.delete(save=False)
        Job.objects.filter(pk=job.pk).update(file="")
    return job


# --- what the tasks write -------------------------------------------------------------------


def job_start(job_id: int) -> Job | None:
    """Mark the job running; None when it was cancelled while it waited (nothing to do)."""
    started = Job.objects.filter(pk=job_id, status__in=(JobStatus.QUEUED, JobStatus.RUNNING)) \
        .update(status=JobStatus.RUNNING, started_at=timezone.now(), done=0, total=0, stage="",
                error="")
    if not started:
        return None
    return Job.objects.select_related("event", "user").get(pk=job_id)


class Progress:
    """Writes a job's progress (``done`` of ``total``, and the ``stage`` of a job that names its
    steps) at most every ``interval`` seconds, at the end and at each new stage, so a large
    export does not spend its time updating one row; also reports it to Celery's result backend
    through ``update_state`` when given a task.

    The pages must read it while the work runs, and the work is a service in a transaction of
    its own (a pairing, an import's writing, a restore): there the row is written on a
    connection of its own (``_progress_write``)."""

    def __init__(self, job_id: int, task=None, interval: float = 0.5):
        self.job_id, self.task, self.interval = job_id, task, interval
        self._last = 0.0
        self._stage = ""

    def __call__(self, done: int, total: int, stage: str = "") -> None:
        now = time.monotonic()
        if done < total and stage == self._stage and now - self._last < self.interval:
            return
        self._last, self._stage = now, stage
        _progress_write(self.job_id, done=done, total=total, stage=stage)
        if self.task is not None and getattr(self.task.request, "id", None):
            self.task.update_state(state="PROGRESS",
                                   meta={"done": done, "total": total, "stage": stage})


def _progress_write(job_id: int, **fields) -> None:
    """Write a job's progress so that other connections see it at once. Outside a transaction
    the update commits by itself. Inside one, on a database where two connections write side by
    side (PostgreSQL), it is written on a connection of its own, opened by a short-lived thread;
    SQLite has one writer at a time, so there it waits for the transaction's commit (in-process
    jobs, which no page reads while they run), as it does when the other connection cannot
    take the row: one this transaction created or holds."""
    rows = Job.objects.filter(pk=job_id)
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
            except Exception:
                logger.exception("the progress of job %s could not be written apart", job_id)
            finally:
                connections.close_all()

        thread = threading.Thread(target=own_connection)
        thread.start()
        thread.join()
    if not written:
        rows.update(**fields)


def job_finish(job_id: int, *, status: str = JobStatus.DONE, content: bytes | None = None,
               filename: str = "", preview: dict | None = None,
               result: dict | None = None) -> Job:
    job = Job.objects.get(pk=job_id)
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


def job_fail(job_id: int, message: str) -> None:
    Job.objects.filter(pk=job_id).update(status=JobStatus.FAILED, error=str(message)[:2000],
                                         finished_at=timezone.now())


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
