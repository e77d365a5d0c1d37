"""Pairing a Swiss round in the background (large events): a Celery task that takes IDs.

The page and the API start it with ``pairing_start`` and poll ``pairing_status`` until the draft
round is there. Without a broker (the embedded defaults) Celery runs the task inline, so the
round exists as soon as ``pairing_start`` returns. The task reports ``PROGRESS`` with a stage;
its outcome is a dict: ``{"ok": True, "event", "round", "round_id"}`` or
``{"ok": False, "event", "error"}`` (the domain error in the user's language).
"""

from __future__ import annotations

from dataclasses import dataclass

from celery import shared_task
from celery.result import AsyncResult
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import ServiceError
from tournaments.models import Event
from tournaments.services.swiss import swiss_pair_next

STAGES = {
    "queued": gettext_lazy("Waiting for a worker"),
    "numbers": gettext_lazy("Pairing numbers"),
    "loading": gettext_lazy("Reading the earlier rounds"),
    "pairing": gettext_lazy("Pairing by the Dutch system"),
    "storing": gettext_lazy("Saving the draft round"),
}


def async_threshold() -> int:
    """Events with at least this many entries are paired by a worker."""
    return getattr(settings, "SWISS_ASYNC_MIN_ENTRIES", 100)


def _stores_in_database(task) -> bool:
    return type(task.backend).__module__.startswith("django_celery_results")


@shared_task(bind=True, name="tournaments.pair_round")
def pair_round_task(self, event_id: int, user_id: int, language: str | None = None) -> dict:
    """Pair the next round of event ``event_id`` as user ``user_id``."""
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
            round_ = swiss_pair_next(event=event, actor=user, progress=progress)
        except (ServiceError, PermissionDenied) as error:
            return {"ok": False, "event": event_id, "error": str(error)}
    return {"ok": True, "event": event_id, "round": round_.number, "round_id": round_.pk}


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


def pairing_start(event: Event, user) -> PairingJob:
    """Start pairing the next round in the background (inline without a broker)."""
    result = pair_round_task.delay(event.pk, user.pk, translation.get_language())
    return _job(result, event)


def pairing_status(job_id: str, event: Event) -> PairingJob:
    return _job(AsyncResult(job_id), event)


def _job(result, event: Event) -> PairingJob:
    state = result.state
    info = result.info if isinstance(result.info, dict) else {}
    if state == "SUCCESS":
        value = result.result if isinstance(result.result, dict) else {}
        if value.get("event") not in (None, event.pk):
            return PairingJob(result.id, "FAILURE", "", True, False, None,
                              _("This job belongs to another event."))
        return PairingJob(result.id, state, "", True, bool(value.get("ok")),
                          value.get("round"), value.get("error", ""))
    if state == "FAILURE":
        return PairingJob(result.id, state, "", True, False, None,
                          _("Pairing failed: %(error)s") % {"error": result.result})
    if info.get("event") not in (None, event.pk):
        return PairingJob(result.id, "FAILURE", "", True, False, None,
                          _("This job belongs to another event."))
    return PairingJob(result.id, state, info.get("stage", "queued"), False, False, None, "")
