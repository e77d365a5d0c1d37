"""Online registrations (Art. 18 b, 19): what a player, a club leader or a delegation sent on
an event's registration page, waiting for the organisers' decision. An approved registration
becomes the event's entry (``services/registrations.py``)."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry
from tournaments.models.events import Event
from tournaments.models.players import Gender, Player
from tournaments.text import fold


class RegistrationStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for the organisers")
    APPROVED = "approved", _("Approved")
    REJECTED = "rejected", _("Rejected")
    WAITING = "waiting", _("On the waiting list")
    WITHDRAWN = "withdrawn", _("Withdrawn")


# The registrations that hold a place (or wait for one): a second registration of the same
# player beside one of them is a duplicate.
LIVE_STATUSES = (RegistrationStatus.PENDING, RegistrationStatus.APPROVED,
                 RegistrationStatus.WAITING)


class ApplicantFields(models.Model):
    """A player as a registration names them: found in the register (``player``), or new
    details the organisers' approval adds to it."""

    player = models.ForeignKey(Player, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="+")
    full_name = models.CharField(_("full name"), max_length=120, blank=True)
    name_folded = models.CharField(max_length=120, editable=False, blank=True)
    gender = models.CharField(_("sex"), max_length=1, choices=Gender.choices, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("birth year"), null=True, blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)])
    club = models.CharField(_("club"), max_length=120, blank=True)
    province = models.CharField(_("province"), max_length=80, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    rating = models.PositiveSmallIntegerField(_("rating"), null=True, blank=True,
                                              validators=[MaxValueValidator(4000)])
    national_id = models.CharField(_("national ID"), max_length=20, blank=True)
    fide_id = models.CharField(_("international ID"), max_length=20, blank=True)

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        self.full_name = " ".join(self.full_name.split())
        self.name_folded = fold(self.full_name)
        super().save(*args, **kwargs)


class Registration(ApplicantFields):
    """One player (or one team, in a team event) sent for an event. Who sent it is kept to
    answer them (a player themselves, a club or delegation leader for several)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    team_name = models.CharField(_("team"), max_length=120, blank=True)
    submitted_by_name = models.CharField(_("sent by"), max_length=120)
    submitted_by_email = models.EmailField(_("e-mail"), max_length=254, blank=True)
    submitted_by_phone = models.CharField(_("phone"), max_length=20, blank=True)
    # One form sent at once (a club's players) shares its batch number.
    batch = models.CharField(max_length=32, editable=False)
    status = models.CharField(_("status"), max_length=9, choices=RegistrationStatus.choices,
                              default=RegistrationStatus.PENDING)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    # The waiting list's order (1 first); empty once promoted or for the others.
    position = models.PositiveIntegerField(_("place on the waiting list"), null=True,
                                           blank=True)
    promoted_at = models.DateTimeField(_("promoted from the waiting list"), null=True,
                                       blank=True)
    entry = models.ForeignKey(Entry, on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "created_at", "id"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["event", "position"],
                                    name="registration_position_once"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.team_name or (self.player.full_name if self.player else self.full_name)

    @property
    def is_team(self) -> bool:
        return bool(self.team_name)


class RegistrationMember(ApplicantFields):
    """A player of a team registration's roster, in board order, then reserves (appendix §4)."""

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE,
                                     related_name="members")
    board_order = models.PositiveSmallIntegerField(_("board order"))
    is_reserve = models.BooleanField(_("reserve"), default=False)

    class Meta:
        ordering = ["registration", "board_order"]
        verbose_name = _("registered team member")
        verbose_name_plural = _("registered team members")
        constraints = [
            models.UniqueConstraint(fields=["registration", "board_order"],
                                    name="registration_member_order_once"),
        ]

    def __str__(self) -> str:
        return f"{self.board_order}. {self.player or self.full_name}"
