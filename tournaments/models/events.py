"""An event (the tournament), its statute and who runs it."""

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models.statute import ParticipantKind, StatuteFields
from tournaments.statute_words import numbers_words


class Visibility(models.TextChoices):
    DRAFT = "draft", _("Draft (organisers and arbiters only)")
    PUBLIC = "public", _("Public")


class Event(StatuteFields):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name in addresses"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    organiser = models.CharField(
        _("organising committee"), max_length=200, blank=True,
        help_text=_("Ban tổ chức: who runs the event (federation, province, club)."),
    )
    visibility = models.CharField(_("visibility"), max_length=6, choices=Visibility.choices,
                                  default=Visibility.DRAFT)
    # Table numbers (mã số): how they were drawn and the seed of the lots, so the draw can be
    # reproduced (appendix §5).
    numbers_method = models.CharField(max_length=8, blank=True, editable=False)
    numbers_seed = models.BigIntegerField(null=True, blank=True, editable=False)
    # Lots as the last tie-break (Art. 21.3): drawn once by the chief arbiter, recorded as a seed
    # with who drew them and when (services/lots.py).
    lots_seed = models.BigIntegerField(null=True, blank=True, editable=False)
    lots_drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True,
        blank=True, editable=False,
    )
    lots_drawn_at = models.DateTimeField(null=True, blank=True, editable=False)
    # Swiss, statute "initial colour: by lots" (FIDE C.04.3 Art. 5, Art. 4.2.2): the colour
    # drawn before round 1 for the top player, and the seed of that draw, recorded so every
    # later round (and a re-pairing of round 1) uses the same colour.
    initial_colour_drawn = models.CharField(max_length=1, blank=True, editable=False)
    initial_colour_seed = models.BigIntegerField(null=True, blank=True, editable=False)
    # Swiss: groups of entries (ids) who must not meet (family, as the statute allows; TRF XXP
    # lines). Players of the same club are kept apart by the statute's ``forbid_same_club``.
    forbidden_groups = models.JSONField(default=list, blank=True, editable=False)
    # Championships (models/championships.py): the stage this event runs, and its group (A, B...)
    # when the stage is played in parallel groups. Empty for a stand-alone event.
    stage = models.ForeignKey("tournaments.Stage", on_delete=models.PROTECT, null=True,
                              blank=True, related_name="events", editable=False)
    group_label = models.CharField(_("group"), max_length=8, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="events_created",
        null=True, blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # What the public pages show changes with this number: every writing service bumps it
    # through ``services/_access.py: event_lock`` (issue 23; tournaments/versions.py). It is
    # written only by that UPDATE, never by ``save()``, so a stale instance cannot lower it.
    version = models.PositiveBigIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event_detail", kwargs={"slug": self.slug})

    def save(self, *args, **kwargs):
        """Save every field but ``version`` once the row exists (only the bump writes it)."""
        if not self._state.adding and kwargs.get("update_fields") is None and not kwargs.get(
                "force_insert"):
            kwargs["update_fields"] = [f.name for f in self._meta.concrete_fields
                                       if not f.primary_key and f.name != "version"]
        super().save(*args, **kwargs)

    @property
    def numbers_words(self) -> str:
        """How the table numbers were given, in words ("by lots (seed …)", "in rating order")."""
        return numbers_words(self.numbers_method, self.numbers_seed)

    @property
    def is_public(self) -> bool:
        return self.visibility == Visibility.PUBLIC

    @property
    def is_team(self) -> bool:
        return self.participant_kind == ParticipantKind.TEAM


class Role(models.TextChoices):
    # Art. 19, 20.
    ORGANISER = "organiser", _("Organiser")
    CHIEF_ARBITER = "chief", _("Chief arbiter")
    # Art. 20.3: acts with the chief arbiter's rights when designated (given this role).
    DEPUTY_CHIEF = "deputy", _("Deputy chief arbiter")
    ARBITER = "arbiter", _("Arbiter")


class EventRole(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="event_roles")
    role = models.CharField(_("role"), max_length=9, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("event role")
        verbose_name_plural = _("event roles")
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="event_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} — {self.event}"
