"""An event (the tournament), its statute and who runs it."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models.entry_rules import EligibilityFields, RegistrationFields
from tournaments.models.prizes import PrizeFields
from tournaments.models.statute import (
    ParticipantKind,
    StatuteFields,
    parse_round_times,
    validate_round_times,
)
from tournaments.statute_words import numbers_words
from tournaments.text import fold, search_text


class Visibility(models.TextChoices):
    DRAFT = "draft", _("Draft (organisers and arbiters only)")
    PUBLIC = "public", _("Public")


class CheckInRule(models.TextChoices):
    """When the statute asks the players to check in (the law has no check-in: a statute's
    rule, read with Art. 10.2.1 b, "players must be present at the event")."""

    NONE = "", _("No check-in")
    ONCE = "once", _("Once, before the player's first round")
    EVERY = "every", _("Before every round")


class Event(StatuteFields, EligibilityFields, RegistrationFields, PrizeFields):
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
    # Closed (archived) by its organisers or chief arbiter once the work after the last day is
    # done: every write is refused until it is reopened (services/closing.py, docs/archive.md).
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True, editable=False)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="+", null=True,
        blank=True, editable=False,
    )
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
    # The schedule (the statute's "lịch thi đấu"): the first round's date and the day's start
    # times, e.g. "08:00, 14:00": rounds follow one another at these times, as many a day as
    # times (``round_planned_start``); an organiser may move a single round
    # (``Round.scheduled_at``, ``services/schedule.py``).
    first_round_date = models.DateField(_("date of the first round"), null=True, blank=True)
    round_times = models.CharField(
        _("start times of the day"), max_length=100, blank=True,
        validators=[validate_round_times],
        help_text=_("The rounds' start times on each day, e.g. 08:00, 14:00 (two rounds a "
                    "day); the rounds are filled in from the first round's date."))
    # Check-in (``models/checkins.py``): once or before every round; it closes this many
    # minutes before the round's start, and a Swiss round paired after that leaves out whoever
    # has not checked in (``FormatRules.leaves_out_absent``).
    check_in = models.CharField(_("check-in"), max_length=5, choices=CheckInRule.choices,
                                blank=True, default=CheckInRule.NONE)
    check_in_closes_minutes = models.PositiveSmallIntegerField(
        _("check-in closes (minutes before the round)"), default=15,
        validators=[MaxValueValidator(24 * 60)],
        help_text=_("Players not checked in by then are left out of a Swiss round paired "
                    "afterwards (not paired, no forfeit). Without a start time the check-in "
                    "closes when the round is paired."))
    # What the public pages show changes with this number: every writing service bumps it
    # through ``services/_access.py: event_lock`` (tournaments/versions.py). It is
    # written only by that UPDATE, never by ``save()``, so a stale instance cannot lower it.
    version = models.PositiveBigIntegerField(default=0, editable=False)
    # The archive's search (selectors/search.py), made from the name, venue, organiser and
    # year by ``save`` (``derived_fill``): the folded name (an exact name ranks first) and the
    # folded words, each after a space (``text.search_text``); PostgreSQL searches the columns
    # themselves with unaccent and a GIN index (migration 0034).
    name_folded = models.CharField(max_length=200, editable=False, blank=True, default="")
    search_text = models.TextField(editable=False, blank=True, default="")
    # The organisation the event is held under (models/organisations.py): its administrators
    # act on it. Empty: an event of the site, as before organisations.
    organisation = models.ForeignKey(
        "tournaments.Organisation", on_delete=models.PROTECT, null=True, blank=True,
        related_name="events", verbose_name=_("organisation"), editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        indexes = [
            # The archive: public events by season, newest first (selectors/archive.py).
            models.Index(fields=["visibility", "-start_date"], name="event_public_by_date"),
        ]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:event_detail", kwargs={"slug": self.slug})

    def save(self, *args, **kwargs):
        """Save every field but ``version`` once the row exists (only the bump writes it); the
        search columns follow the fields they are made from."""
        self.derived_fill()
        fields = kwargs.get("update_fields")
        if not self._state.adding and fields is None and not kwargs.get("force_insert"):
            kwargs["update_fields"] = [f.name for f in self._meta.concrete_fields
                                       if not f.primary_key and f.name != "version"]
        elif fields is not None and {"name", "venue", "organiser", "start_date"} & set(fields):
            kwargs["update_fields"] = [*fields, "name_folded", "search_text"]
        super().save(*args, **kwargs)

    def derived_fill(self) -> None:
        """The search columns, from the name, venue, organiser and the start date's year."""
        self.name_folded = fold(self.name)
        year = str(self.start_date)[:4] if self.start_date else ""
        self.search_text = search_text(self.name, self.venue, self.organiser, year)

    def round_planned_start(self, number: int) -> datetime | None:
        """When round ``number`` starts by the statute's schedule (in ``settings.TIME_ZONE``):
        the day's times in turn from the first round's date; None without a schedule."""
        try:
            times = parse_round_times(self.round_times)
        except ValueError:  # refused by the form and the service; an old row
            return None
        if self.first_round_date is None or not times or number < 1:
            return None
        day, slot = divmod(number - 1, len(times))
        local = datetime.combine(self.first_round_date + timedelta(days=day), times[slot])
        return local.replace(tzinfo=ZoneInfo(settings.TIME_ZONE))

    def check_in_round(self, number: int) -> int:
        """The round a check-in for round ``number`` is kept under: 0 when the statute asks
        once for the whole event, else the round itself."""
        return number if self.check_in == CheckInRule.EVERY else 0

    @property
    def numbers_words(self) -> str:
        """How the table numbers were given, in words ("by lots (seed …)", "in rating order")."""
        return numbers_words(self.numbers_method, self.numbers_seed)

    def finished_on(self, day) -> bool:
        """Whether the event is finished on ``day``: closed, or after its end date, or its
        start date when it has none (the archive's rule, ``selectors/events.py:
        finished_filter``)."""
        if self.closed_at is not None:
            return True
        last = self.end_date or self.start_date
        return last is not None and str(last) < str(day)

    @property
    def members_organisation_id(self) -> int | None:
        """Whose members a members-only statute means (``EligibilityFields``): the event's
        organisation."""
        return self.organisation_id

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
    # Art. 20.1, 20.3 i, 20.4 b.6: the arbiters' secretary receives the signed score sheets and
    # keeps the records (results, moves, score tables), not the rulings or the draw.
    SECRETARY = "secretary", _("Arbiters' secretary")
    # Art. 19.2: the committee the organisers set up to settle protests; decides appeals.
    APPEALS = "appeals", _("Appeals committee")
    # The entry fees' desk (no article: a statute's office): records payments, waivers and
    # refunds, and reads the fees' ledger and summary (``models/fees.py``), nothing else.
    TREASURER = "treasurer", _("Treasurer")
    # A volunteer who enters the moves of the relayed boards given to them during play
    # (``RelayedBoard.recorder``), and nothing else of the event.
    RECORDER = "recorder", _("Recorder (live relay)")


# Art. 20.1: the arbiters' panel, who run a round's boards (``BoardAssignment``).
ARBITER_ROLES = (Role.CHIEF_ARBITER, Role.DEPUTY_CHIEF, Role.ARBITER)


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
