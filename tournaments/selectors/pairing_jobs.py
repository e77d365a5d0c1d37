"""Where a background pairing is: the Celery result of ``tournaments.tasks.round_pair`` read as a
``PairingJob`` for the progress page and ``GET /api/events/<id>/pairing-jobs/<job>/``.

The task's outcome is a dict: ``{"ok": True, "event", "round", "round_id"}`` or
``{"ok": False, "event", "error"}`` (the domain error in the user's language); while it runs it
reports ``PROGRESS`` with a stage.
"""

from __future__ import annotations

from dataclasses import dataclass

from celery.result import AsyncResult
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Event

STAGES = {
    "queued": gettext_lazy("Waiting for a worker"),
    "numbers": gettext_lazy("Pairing numbers"),
    "loading": gettext_lazy("Reading the earlier rounds"),
    "pairing": gettext_lazy("Pairing by the Dutch system"),
    "storing": gettext_lazy("Saving and checking the draft round"),
}


@dataclass(frozen=True)
class PairingJob:
    """Where a background pairing is: ``state`` is Celery's (PENDING, PROGRESS, SUCCESS,
    FAILURE); ``done`` once it ended; ``round`` the new round's number on success."""

    id: str
    state: str
    stage: str
    done: bool
    ok: bool
    round: int | None
    error: str

    @property
    def stage_label(self) -> str:
        return str(STAGES.get(self.stage, self.stage))


def pairing_job(job_id: str, event: Event) -> PairingJob:
    """The job ``job_id`` of ``event``, read from Celery's result backend."""
    return pairing_job_of(AsyncResult(job_id), event)


def pairing_job_of(result, event: Event) -> PairingJob:
    """A Celery result (``AsyncResult`` or, run in-process, ``EagerResult``) as a job of
    ``event``; a job of another event reads as a failure."""
    state = result.state
    info = result.info if isinstance(result.info, dict) else {}
    if state == "SUCCESS":
        value = result.result if isinstance(result.result, dict) else {}
        if value.get("event") not in (None, event.pk):
            return _other_event(result.id)
        return PairingJob(result.id, state, "", True, bool(value.get("ok")),
                          value.get("round"), value.get("error", ""))
    if state == "FAILURE":
        return PairingJob(result.id, state, "", True, False, None,
                          _("Pairing failed: %(error)s") % {"error": result.result})
    if info.get("event") not in (None, event.pk):
        return _other_event(result.id)
    return PairingJob(result.id, state, info.get("stage", "queued"), False, False, None, "")


def _other_event(job_id: str) -> PairingJob:
    return PairingJob(job_id, "FAILURE", "", True, False, None,
                      _("This job belongs to another event."))
