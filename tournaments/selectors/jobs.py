"""Reads of background jobs (``models/jobs.py``) that the pages and the API do not make by the
job's id."""

from __future__ import annotations

from tournaments.models import Job, JobKind


def pairing_job_of_task(task_id: str) -> Job | None:
    """The pairing job whose Celery task is ``task_id``: what the pairing's old addresses
    carried (``/manage/<event>/pairing/<task id>/``, ``/api/events/<id>/pairing-jobs/<task
    id>/``), before pairing was a job like the others."""
    return Job.objects.select_related("event").filter(
        kind=JobKind.PAIRING, task_id=task_id).first()
