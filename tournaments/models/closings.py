"""The history of an event's closing (archiving) and reopenings: who, when and why
(``services/closing.py``; the event's current state is ``Event.closed_at``/``closed_by``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event
from tournaments.models.rounds import REASON_MAX_LENGTH


class ClosingAction(models.TextChoices):
    CLOSE = "close", _("Closed")
    REOPEN = "reopen", _("Reopened")


class EventClosing(models.Model):
    """One closing or reopening of an event."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="closings")
    action = models.CharField(_("action"), max_length=8, choices=ClosingAction.choices)
    at = models.DateTimeField(_("when"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                           blank=True, related_name="+")
    reason = models.CharField(_("reason"), max_length=REASON_MAX_LENGTH, blank=True)

    class Meta:
        verbose_name = _("closing")
        verbose_name_plural = _("closings")
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.event} — {self.get_action_display()} — {self.at:%Y-%m-%d %H:%M}"
