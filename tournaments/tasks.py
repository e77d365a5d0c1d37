"""Celery tasks. The jobs (``models/jobs.py``): pairing the next round of a large event, Excel
exports, PDFs of long print sheets, imports (preview, then the confirmed writing) and restores.
Besides them: the check of a changed Swiss round of a large event, the delivery of a message
(e-mail or Web Push, retried with a growing delay), and the daily purge of old jobs.

Tasks call services; services never import this module: they queue a task by its registered
name (``services/jobs.py: task_send``), so every task below names itself explicitly.

Each job's task takes the job's id and runs through ``_run``: it marks the job running, reports
progress on the job (and to Celery's result backend with ``update_state(state="PROGRESS",
meta={"done": i, "total": n, "stage": ...})``), and ends it done or failed, in the language of
the user who asked. A failure the user can act on (a malformed file, a round that is not there,
the rules refusing) is recorded with its message; anything unexpected is recorded as an internal
error, logged with its traceback and re-raised so Celery records it too. Nothing is lost either
way: the job row says what happened.

Worker death (``services/jobs.py``): the work and the job's end commit in one transaction, a
heartbeat thread marks the job alive, and a job whose worker died is run again or failed by
``recover_jobs``; a job cancelled while it runs stops at its next progress step.
"""

from __future__ import annotations

import datetime
import logging
import threading
from contextlib import contextmanager

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import connections, transaction
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.workbook import ExportError, Table, build, filename, to_bytes
from tournaments.models import Job, JobStage, JobStatus, Round
from tournaments.printing.document import sheet_pdf
from tournaments.printing.sheets import SheetError
from tournaments.services import backup as backup_service
from tournaments.services import imports as import_service
from tournaments.services import ratings as ratings_service
from tournaments.services.formats import round_pair as round_pair_service
from tournaments.services.jobs import (
    JobCancelled,
    Progress,
    job_beat,
    job_fail,
    job_finish,
    job_start,
    jobs_purge,
    jobs_recover,
)
from tournaments.services.notifications import DeliveryFailed
from tournaments.services.notifications import notification_deliver as deliver_service
from tournaments.services.round_checks import round_check_store
from tournaments.services.trf_import import trf_import

logger = logging.getLogger(__name__)

# Failures whose message is meant for the user.
EXPECTED = (ServiceError, reader.FileRejected, ExportError, PermissionDenied, SheetError)


# A pairing's stages, in order: its progress is the stage reached.
STAGES = list(JobStage)


@shared_task(bind=True, name="tournaments.tasks.round_pair")
def round_pair(self, job_id: int) -> None:
    """Pair the next round of the job's event as the user who asked (``services/jobs.py:
    pairing_start``); the job's result names the stored round (its number and id), a refusal
    is the job's error."""

    def work(job: Job, progress: Progress) -> None:
        def stage(name: JobStage) -> None:
            progress(STAGES.index(name) + 1, len(STAGES), stage=name)

        first, *_later = round_pair_service(event=job.event, actor=job.user, progress=stage)
        job_finish(job_id=job.pk, attempt=job.attempts,
                   result={"round": first.number, "round_id": first.pk})

    _run(self, job_id, work)


@shared_task(name="tournaments.tasks.round_check")
def round_check(round_id: int) -> None:
    """Check a changed Swiss round of a large event and store the findings (queued by
    ``services/round_checks.py``); a round deleted meanwhile needs none."""
    with transaction.atomic():
        round_ = Round.objects.filter(pk=round_id).first()
        if round_ is not None:
            round_check_store(round_=round_)


@shared_task(bind=True, name="tournaments.tasks.notification_deliver")
def notification_deliver(self, notification_id: int) -> None:
    """Send a stored message (``services/notifications.py: notification_send`` queues it on
    commit). A refusal or an unreachable server is written on the row and tried again
    ``NOTIFICATIONS_MAX_RETRIES`` times, the n-th after ``NOTIFICATIONS_RETRY_BACKOFF * 2**n``
    seconds; then the row is failed with the error. (Celery's ``autoretry_for`` would read
    the limit when this module is imported; the settings are read here, at run time.)
    Without a broker the retries follow at once, in the process."""
    retries = self.request.retries
    limit = settings.NOTIFICATIONS_MAX_RETRIES
    while True:
        try:
            deliver_service(notification_id=notification_id, last=retries >= limit)
            return
        except DeliveryFailed as exc:
            if retries >= limit:
                logger.warning("notification %s failed after %s attempts: %s",
                               notification_id, retries + 1, exc)
                return
            if not self.request.is_eager:
                raise self.retry(exc=exc, max_retries=limit,
                                 countdown=settings.NOTIFICATIONS_RETRY_BACKOFF * 2 ** retries,
                                 ) from exc
            # In-process (no broker): Celery's retry would raise out of the caller; try again
            # at once instead.
            retries += 1


def _run(task, job_id: int, work) -> None:
    job = job_start(job_id=job_id)
    if job is None:
        logger.info("job %s: nothing to do (cancelled, ended, or run by another worker)",
                    job_id)
        return
    attempt = job.attempts
    lang = job.params.get("lang", "vi")
    with translation.override(lang), _heartbeat(job_id, attempt):
        try:
            # What the job stores commits with its being done, or not at all: a worker that
            # dies, a cancellation, a failure leave nothing half stored, and a second attempt
            # does not store it twice.
            with transaction.atomic():
                work(job, Progress(job_id, task, attempt=attempt))
        except JobCancelled:
            logger.info("job %s was cancelled while it ran; nothing of it was stored", job_id)
        except SoftTimeLimitExceeded:
            logger.warning("job %s ran out of time", job_id)
            job_fail(job_id=job_id, attempt=attempt,
                     message=_("The job took longer than %(seconds)s seconds and was stopped; "
                               "nothing of it was stored.")
                     % {"seconds": settings.CELERY_TASK_SOFT_TIME_LIMIT})
        except EXPECTED as exc:
            logger.info("job %s refused: %s", job_id, exc)
            job_fail(job_id=job_id, attempt=attempt,
                     message=str(exc) or _("This action is not possible."))
        except Exception as exc:
            logger.exception("job %s failed", job_id)
            job_fail(job_id=job_id, attempt=attempt,
                     message=_("Internal error (%(error)s); nothing was stored. The "
                               "administrators can find the details in the log.")
                     % {"error": type(exc).__name__})
            raise


@contextmanager
def _heartbeat(job_id: int, attempt: int):
    """On a worker (not in-process), a thread writes the job's heartbeat every
    ``JOB_HEARTBEAT_SECONDS`` on a connection of its own while the job runs, however long a
    step takes: a job whose heartbeat stops lost its worker (``jobs_recover``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        yield
        return
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.JOB_HEARTBEAT_SECONDS):
                if not job_beat(job_id=job_id, attempt=attempt):
                    return
        except Exception:
            logger.exception("the heartbeat of job %s stopped", job_id)
        finally:
            connections.close_all()

    thread = threading.Thread(target=beat, name=f"job-{job_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


@shared_task(bind=True, name="tournaments.tasks.export_build")
def export_build(self, job_id: int) -> None:
    """Build the workbook a job asks for and keep it under MEDIA_ROOT/exports/."""

    def work(job: Job, progress: Progress) -> None:
        table = Table(job.params["table"], job.params.get("round"))
        lang = job.params.get("lang", "vi")
        wb = build(job.event, table, lang=lang, progress=progress)
        job_finish(job_id=job.pk, attempt=job.attempts, content=to_bytes(wb),
                   filename=filename(job.event, table, lang))

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.pdf_build")
def pdf_build(self, job_id: int) -> None:
    """Build the PDF of a long print sheet (``services/jobs.py: pdf_start``) and keep it under
    MEDIA_ROOT/exports/; progress: the data gathered, the pages laid out, the file written."""

    def work(job: Job, progress: Progress) -> None:
        params = job.params
        content, name = sheet_pdf(job.event, params["sheet"], staff=True,
                                  public_url=params["public_url"], number=params.get("round"),
                                  after=params.get("after"), top=params.get("top"),
                                  progress=progress)
        job_finish(job_id=job.pk, attempt=job.attempts, content=content, filename=name)

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.import_preview")
def import_preview(self, job_id: int) -> None:
    """Read and check an uploaded file; the job then waits for the organiser's confirmation."""

    def work(job: Job, progress: Progress) -> None:
        with job.file.open("rb") as source:
            preview = reader.read(source, event=job.event, progress=progress)
        job_finish(job_id=job.pk, attempt=job.attempts, status=JobStatus.PREVIEW,
                   preview=preview.as_json())

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.import_apply")
def import_apply(self, job_id: int) -> None:
    """Store a confirmed import, all rows or none."""

    def work(job: Job, progress: Progress) -> None:
        counts = import_service.import_apply(job=job, actor=job.user, progress=progress)
        job_finish(job_id=job.pk, attempt=job.attempts, result=counts)

    _run(self, job_id, work)


def _event_made(job: Job, event) -> None:
    """End a job that made an event (a restore, an import): the job leads to it."""
    job.event = event
    job.save(update_fields=["event"])
    job_finish(job_id=job.pk, attempt=job.attempts,
               result={"event": event.pk, "slug": event.slug, "name": event.name})


@shared_task(bind=True, name="tournaments.tasks.restore_run")
def restore_run(self, job_id: int) -> None:
    """Restore the event of an uploaded backup document."""

    def work(job: Job, progress: Progress) -> None:
        with job.file.open("rb") as source:
            document = backup_service.backup_read(source=source)
        event = backup_service.event_restore(document=document, actor=job.user,
                                             progress=progress)
        _event_made(job, event)

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.trf_import_run")
def trf_import_run(self, job_id: int) -> None:
    """Import a large TRF file into a new event (``services/trf_import.py:
    trf_import_start``); progress: the players, then the rounds stored."""

    def work(job: Job, progress: Progress) -> None:
        with job.file.open("rb") as source:
            data = source.read()
        event = trf_import(data=data, actor=job.user, format=job.params["format"],
                           name=job.params.get("name", ""), progress=progress)
        _event_made(job, event)

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.rating_list_import_run")
def rating_list_import_run(self, job_id: int) -> None:
    """Import a large rating list (``services/ratings.py: rating_list_import_start``): all rows
    or none; the job's error says how many rows are wrong."""

    def work(job: Job, progress: Progress) -> None:
        progress(0, 1)
        with job.file.open("rb") as source:
            item = ratings_service.rating_list_import(
                actor=job.user, upload=source, name=job.params["name"],
                list_date=datetime.date.fromisoformat(job.params["list_date"]))
        job_finish(job_id=job.pk, attempt=job.attempts,
                   result={"rating_list": item.pk, "name": item.name})

    _run(self, job_id, work)


@shared_task(name="tournaments.tasks.recover_jobs")
def recover_jobs() -> dict:
    """Run every minute by Celery beat (``CELERY_BEAT_SCHEDULE``): see ``jobs_recover``."""
    return jobs_recover()


@shared_task(name="tournaments.tasks.purge_old_jobs")
def purge_old_jobs() -> int:
    """Run daily by Celery beat (``CELERY_BEAT_SCHEDULE``): see ``jobs_purge``."""
    return jobs_purge()
