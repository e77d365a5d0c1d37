"""Background jobs: exports (Excel, long PDFs), imports, restores and the pairing of a large
event's next round run as Celery tasks and report here.

A ``Job`` row is what the pages and the API read: who asked for what, how far it got, the file it
produced (or the file uploaded), the preview of an import, and a readable error when it failed.
It lives in the database, so progress and results survive a page reload and are the same whether
the task ran in-process (no broker configured) or on a worker.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event


class JobKind(models.TextChoices):
    EXPORT = "export", _("Excel export")
    IMPORT = "import", _("Import from Excel")
    RESTORE = "restore", _("Restore from a backup")
    # A long print sheet's PDF (a large crosstable), built like an export.
    PDF = "pdf", _("PDF of a print sheet")
    # The next round of an event too large to pair within a request (services/formats.py).
    PAIRING = "pairing", _("Pairing of the next round")
    # A large TRF file read into a new event (services/trf_import.py: trf_import_start).
    TRF = "trf", _("Import from a TRF file")
    # A large rating list (services/ratings.py: rating_list_import_start).
    RATINGS = "ratings", _("Import of a rating list")


class JobStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting")
    RUNNING = "running", _("Running")
    # An import was read and checked; nothing is stored until the organiser confirms.
    PREVIEW = "preview", _("Waiting for confirmation")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")
    CANCELLED = "cancelled", _("Cancelled")


FINISHED = (JobStatus.DONE, JobStatus.FAILED, JobStatus.CANCELLED)


class JobStage(models.TextChoices):
    """What a running job is doing, for the jobs that name their steps: a Swiss pairing's, in
    their order (``services/swiss.py: swiss_round_pair`` reports each)."""

    NUMBERS = "numbers", _("Pairing numbers")
    LOADING = "loading", _("Reading the earlier rounds")
    PAIRING = "pairing", _("Pairing by the Dutch system")
    STORING = "storing", _("Saving and checking the draft round")


def job_file_path(job: "Job", filename: str) -> str:
    folder = "exports" if job.kind in (JobKind.EXPORT, JobKind.PDF) else "uploads"
    return f"{folder}/{filename}"


class Job(models.Model):
    kind = models.CharField(_("kind"), max_length=8, choices=JobKind.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                             blank=True, related_name="jobs")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="jobs")
    # What was asked: the table, the round, the language of the headers, the import target.
    params = models.JSONField(default=dict, blank=True)
    status = models.CharField(_("status"), max_length=9, choices=JobStatus.choices,
                              default=JobStatus.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    stage = models.CharField(max_length=16, choices=JobStage.choices, blank=True)
    # Exports: the workbook produced; imports and restores: the file uploaded.
    file = models.FileField(upload_to=job_file_path, max_length=255, blank=True)
    # The name the file is offered under.
    filename = models.CharField(max_length=200, blank=True)
    # Imports: every row as it will be stored, with its errors (codes, translated when shown).
    preview = models.JSONField(null=True, blank=True)
    # What the job produced: counts of rows written, the event restored, the round paired, ...
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(_("error"), blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    # The Celery task that runs it (its registered name), sent again by ``jobs_recover``.
    task_name = models.CharField(max_length=64, blank=True)
    # When its task was handed to the broker; empty while it is not (the broker could not be
    # reached: the job waits, and ``jobs_recover`` sends it once the broker answers).
    dispatched_at = models.DateTimeField(null=True, blank=True)
    # Written by the worker every JOB_HEARTBEAT_SECONDS while it runs the job: a running job
    # whose heartbeat is older than JOB_STALE_SECONDS lost its worker.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    # How many times a worker took it (a job whose worker died is run again once).
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("job")
        verbose_name_plural = _("jobs")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk} ({self.get_status_display()})"

    @property
    def finished(self) -> bool:
        return self.status in FINISHED

    @property
    def percent(self) -> int:
        if self.status == JobStatus.DONE:
            return 100
        return min(99, self.done * 100 // self.total) if self.total else 0
