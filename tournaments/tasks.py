"""Celery tasks: pairing the next round of a large event, Excel exports, imports (preview, then
the confirmed writing) and restores; the daily purge of old jobs.

Tasks call services; services never import this module: they queue a task by its registered
name (``services/jobs.py: task_send``), so every task below names itself explicitly.

Each task takes a job id, marks the job running, reports progress on the job (and to Celery's
result backend with ``update_state(state="PROGRESS", meta={"done": i, "total": n})``), and ends
it done or failed. A failure the user can act on (a malformed file, a round that is not there,
the rules refusing) is recorded with its message; anything unexpected is recorded as an internal
error, logged with its traceback and re-raised so Celery records it too. Nothing is lost either
way: the job row says what happened.
"""

from __future__ import annotations

import json
import logging

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.excel import imports as reader
from tournaments.excel.workbook import ExportError, Table, build, filename, to_bytes
from tournaments.models import Event, Job, JobStatus, Round
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


def _stores_in_database(task) -> bool:
    return type(task.backend).__module__.startswith("django_celery_results")


@shared_task(bind=True, name="tournaments.tasks.round_pair")
def round_pair(self, event_id: int, user_id: int, language: str | None = None) -> dict:
    """Pair the next round of event ``event_id`` as user ``user_id`` (queued by
    ``services/formats.py: round_start``). The outcome is read by ``selectors/pairing_jobs.py``:
    ``{"ok": True, "event", "round", "round_id"}`` or ``{"ok": False, "event", "error"}`` with
    the refusal in the user's language."""
    event = Event.objects.get(pk=event_id)
    user = get_user_model().objects.get(pk=user_id)

    def report(stage: str) -> None:
        self.update_state(state="PROGRESS", meta={"event": event_id, "stage": stage})

    report("pairing")
    # Inside the service's transaction a database result backend would only show the stages at
    # commit: report them only to a backend of its own (Redis).
    progress = None if _stores_in_database(self) else report
    with translation.override(language or settings.LANGUAGE_CODE):
        try:
            (round_,) = round_pair_service(event=event, actor=user, progress=progress)
        except (ServiceError, PermissionDenied) as error:
            return {"ok": False, "event": event_id, "error": str(error)}
    return {"ok": True, "event": event_id, "round": round_.number, "round_id": round_.pk}


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
