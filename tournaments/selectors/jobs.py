"""Reads of background jobs (``models/jobs.py``) for the pages and the API."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Event, Job, JobKind


def jobs_with_event() -> QuerySet[Job]:
    """Jobs to find by id, each with its event (whose rights apply) and who asked for it."""
    return Job.objects.select_related("event", "user")


def pairing_job_of_task(task_id: str) -> Job | None:
    """The pairing job whose Celery task is ``task_id``: what the pairing's old addresses
    carried (``/manage/<event>/pairing/<task id>/``, ``/api/events/<id>/pairing-jobs/<task
    id>/``), before pairing was a job like the others."""
    return Job.objects.select_related("event").filter(
        kind=JobKind.PAIRING, task_id=task_id).first()


def jobs_recent(event: Event, user) -> list[Job]:
    """The user's last ten file jobs of the event (exports, imports, PDFs), newest first: the
    export page lists them; a pairing is followed from the event's pages."""
    return list(Job.objects.filter(event=event, user=user).exclude(kind=JobKind.PAIRING)
                .order_by("-created_at")[:10])
