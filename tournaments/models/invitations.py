"""Invitations to run an event or a championship (Art. 19, 20: the organisers appoint the
arbiters): a person invited by e-mail, or by a link shown once, to a role; the link's secret
opens a page where the invitee makes an account (or signs in to one) and receives the role.

The secret itself is never stored: ``token`` holds its SHA-256 digest, so a copy of the
database (a leaked backup of the server, the admin) opens no invitation. A link works once
(``accepted_at``), until ``expires_at`` (``settings.INVITATION_DAYS``), unless revoked."""

import hashlib

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Role


class Invitation(models.Model):
    email = models.EmailField(_("e-mail address"), blank=True)
    name = models.CharField(_("name"), max_length=150, blank=True)
    role = models.CharField(_("role"), max_length=9, choices=Role.choices)
    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, null=True,
                              blank=True, related_name="invitations")
    championship = models.ForeignKey("tournaments.Championship", on_delete=models.CASCADE,
                                     null=True, blank=True, related_name="invitations")
    # The SHA-256 of the link's secret (hex): the secret is shown or mailed once, never kept.
    token = models.CharField(max_length=64, unique=True, editable=False)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, related_name="invitations_sent")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    # Who accepted, and whether the invitation made the account (then its inviter may
    # deactivate it: tournaments/rules.py, ``tournaments.deactivate_account``).
    accepted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="invitations_accepted")
    account_created = models.BooleanField(default=False)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(event__isnull=False, championship__isnull=True)
                           | models.Q(event__isnull=True, championship__isnull=False)),
                name="invitation_one_place"),
        ]

    def __str__(self) -> str:
        return f"{self.email or self.name} — {self.get_role_display()}"

    @staticmethod
    def digest(secret: str) -> str:
        """What ``token`` keeps of a link's secret."""
        return hashlib.sha256(secret.encode()).hexdigest()

    def state(self, now=None) -> str:
        """``accepted``, ``revoked``, ``expired`` or ``pending`` at ``now``."""
        if self.accepted_at:
            return "accepted"
        if self.revoked_at:
            return "revoked"
        return "expired" if (now or timezone.now()) >= self.expires_at else "pending"

    def state_display(self) -> str:
        return {"accepted": _("accepted"), "revoked": _("revoked"), "expired": _("expired"),
                "pending": _("waiting")}[self.state()]

    @property
    def place(self):
        """The event or the championship the role is in."""
        return self.event or self.championship
