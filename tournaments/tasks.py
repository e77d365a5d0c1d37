"""Celery tasks. The jobs (``models/jobs.py``): pairing the next round of a large event, Excel
exports, PDFs of long print sheets, imports (preview, then the confirmed writing) and restores.
Besides them: the check of a changed Swiss round of a large event, and the daily purge of old
jobs.

Tasks call services; services never import this module: they queue a task by its registered
name (``services/jobs.py: task_send``), so every task below names itself explicitly.

Each job's task takes the job's id and runs through ``_run``: it marks the job running, reports
progress on the job (and to Celery's result backend with ``update_state(state="PROGRESS",
meta={"done": i, "total": n, "stage": ...})``), and ends it done or failed, in the language of
the user who asked. A failure the user can act on (a malformed file, a round that is not there,
the rules refusing) is recorded with its message; anything unexpected is recorded as an internal
error, logged with its traceback and re-raised so Celery records it too. Nothing is lost either
way: the job row says what happened.
"""

from __future__ import annotations

import json
import logging

from celery import shared_task
from django.core.exceptions import PermissionDenied
from django.db import transaction
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
from tournaments.services.formats import round_pair as round_pair_service
from tournaments.services.jobs import Progress, job_fail, job_finish, job_start, jobs_purge
from tournaments.services.round_checks import round_check_store

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
        job_finish(job.pk, result={"round": first.number, "round_id": first.pk})

    _run(self, job_id, work)


@shared_task(name="tournaments.tasks.round_check")
def round_check(round_id: int) -> None:
    """Check a changed Swiss round of a large event and store the findings (queued by
    ``services/round_checks.py``); a round deleted meanwhile needs none."""
    with transaction.atomic():
        round_ = Round.objects.filter(pk=round_id).first()
        if round_ is not None:
            round_check_store(round_=round_)


def _run(task, job_id: int, work) -> None:
    job = job_start(job_id)
    if job is None:
        logger.info("job %s was cancelled before it started", job_id)
        return
    lang = job.params.get("lang", "vi")
    with translation.override(lang):
        try:
            work(job, Progress(job_id, task))
        except EXPECTED as exc:
            logger.info("job %s refused: %s", job_id, exc)
            job_fail(job_id, str(exc) or _("This action is not possible."))
        except Exception as exc:
            logger.exception("job %s failed", job_id)
            job_fail(job_id, _("Internal error (%(error)s); nothing was stored. The "
                               "administrators can find the details in the log.")
                     % {"error": type(exc).__name__})
            raise


@shared_task(bind=True, name="tournaments.tasks.export_build")
def export_build(self, job_id: int) -> None:
    """Build the workbook a job asks for and keep it under MEDIA_ROOT/exports/."""

    def work(job: Job, progress: Progress) -> None:
        table = Table(job.params["table"], job.params.get("round"))
        lang = job.params.get("lang", "vi")
        wb = build(job.event, table, lang=lang, progress=progress)
        job_finish(job.pk, content=to_bytes(wb), filename=filename(job.event, table, lang))

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
        job_finish(job.pk, content=content, filename=name)

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.import_preview")
def import_preview(self, job_id: int) -> None:
    """Read and check an uploaded file; the job then waits for the organiser's confirmation."""

    def work(job: Job, progress: Progress) -> None:
        with job.file.open("rb") as source:
            preview = reader.read(source, event=job.event, progress=progress)
        job_finish(job.pk, status=JobStatus.PREVIEW, preview=preview.as_json())

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.import_apply")
def import_apply(self, job_id: int) -> None:
    """Store a confirmed import, all rows or none."""

    def work(job: Job, progress: Progress) -> None:
        counts = import_service.import_apply(job=job, actor=job.user, progress=progress)
        job_finish(job.pk, result=counts)

    _run(self, job_id, work)


@shared_task(bind=True, name="tournaments.tasks.restore_run")
def restore_run(self, job_id: int) -> None:
    """Restore the event of an uploaded backup document."""

    def work(job: Job, progress: Progress) -> None:
        with job.file.open("rb") as source:
            try:
                document = json.load(source)
            except (ValueError, UnicodeDecodeError):
                raise ServiceError(_("This file is not a backup of an event made by this "
                                     "program.")) from None
        event = backup_service.event_restore(document=document, actor=job.user,
                                             progress=progress)
        job.event = event
        job.save(update_fields=["event"])
        job_finish(job.pk, result={"event": event.pk, "slug": event.slug, "name": event.name})

    _run(self, job_id, work)


@shared_task(name="tournaments.tasks.purge_old_jobs")
def purge_old_jobs() -> int:
    """Run daily by Celery beat (``CELERY_BEAT_SCHEDULE``): see ``jobs_purge``."""
    return jobs_purge()
