"""Check-in: a player (an entry) says "I am here" before play, to an arbiter or on their own
page (the statute's rule, ``Event.check_in``: once for the event, or before every round).

One row per entry and check-in round (0: the whole event), kept when the player is checked out
again (``checked_in_at`` empty) so that a device sending a check-in typed against an older
state of the list learns that someone else changed it since (``version``: the event's version
when the row last changed; ``services/checkins.py``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry


class CheckIn(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="check_ins")
    # 0: once for the whole event (``CheckInRule.ONCE``); n: before round n (``EVERY``).
    round_number = models.PositiveSmallIntegerField(_("round"), default=0)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    # Who checked the player in: an arbiter or organiser, or the player on their own page
    # (``by_self``, no account).
    checked_in_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                      null=True, blank=True, related_name="+")
    by_self = models.BooleanField(_("checked in by the player"), default=False)
    version = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["entry", "round_number"]
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [
            models.UniqueConstraint(fields=["entry", "round_number"], name="check_in_once"),
        ]

    def __str__(self) -> str:
        return f"{self.entry} · {self.round_number}"

    @property
    def is_in(self) -> bool:
        return self.checked_in_at is not None
