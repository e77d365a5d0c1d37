"""What a player asks the arbiters from their own page (``/p/<token>/``): a requested half-point
bye in a round not paired yet, or to withdraw from the event. The arbiters approve or reject
each; an approval is applied by the services the staff use themselves
(``services/swiss.py: bye_request``, ``services/entries.py: entry_withdraw``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry

# What a player writes as a reason, and an arbiter as the answer.
REQUEST_TEXT_MAX_LENGTH = 200


class RequestKind(models.TextChoices):
    # A requested half-point bye (FIDE C.04.3: not paired that round, scored ½ as the statute
    # allows; its limits are the statute's ``bye_limit`` and ``bye_last_round``).
    BYE = "bye", _("Half-point bye")
    # Art. 21.5: a player who withdraws; applied after the round before the asked one.
    WITHDRAWAL = "withdrawal", _("Withdrawal")


class RequestStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the arbiters")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")


class PlayerRequest(models.Model):
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="requests")
    kind = models.CharField(_("request"), max_length=10, choices=RequestKind.choices)
    # A bye: the round it is asked for. A withdrawal: the first round the player will not play
    # (the next round when asked); approved, the entry is withdrawn after the round before it.
    round = models.PositiveSmallIntegerField(_("round"))
    reason = models.CharField(_("reason"), max_length=REQUEST_TEXT_MAX_LENGTH, blank=True)
    status = models.CharField(_("status"), max_length=8, choices=RequestStatus.choices,
                              default=RequestStatus.PENDING)
    # The arbiter's answer, shown to the player on their page.
    answer = models.CharField(_("answer"), max_length=REQUEST_TEXT_MAX_LENGTH, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    created_at = models.DateTimeField(_("asked at"))

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("player's request")
        verbose_name_plural = _("players' requests")

    def __str__(self) -> str:
        return f"{self.entry} — {self.get_kind_display()} ({self.round})"

    @property
    def event(self):
        return self.entry.event

    @property
    def is_bye(self) -> bool:
        return self.kind == RequestKind.BYE

    @property
    def is_pending(self) -> bool:
        return self.status == RequestStatus.PENDING
