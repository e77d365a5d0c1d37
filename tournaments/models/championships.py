"""A championship (giải) of several categories (nội dung), each run in stages (Art. 17.3: "đấu
hỗn hợp", mixed formats).

A stage is one ``Event`` (any format the product runs), or several parallel events of one format
(groups A, B, C...): the events keep their own pages, roles, services and exports and point to
their stage (``Event.stage``, ``Event.group_label``). How players pass from one stage to the next
is the later stage's statute, stored here as data (docs/championships.md).
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from tournaments.models.entry_rules import EligibilityFields
from tournaments.models.events import Role, Visibility
from tournaments.models.formats import FORMAT_RULES, Format, FormatRules
from tournaments.models.statute import ParticipantKind, TeamRanksBy


class Championship(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name in addresses"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"))
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    organiser = models.CharField(_("organising committee"), max_length=200, blank=True)
    visibility = models.CharField(_("visibility"), max_length=6, choices=Visibility.choices,
                                  default=Visibility.DRAFT)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="championships_created",
        null=True, blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    organisation = models.ForeignKey(
        "tournaments.Organisation", on_delete=models.PROTECT, null=True, blank=True,
        related_name="championships", verbose_name=_("organisation"), editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("championship")
        verbose_name_plural = _("championships")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:championship_detail", kwargs={"slug": self.slug})

    @property
    def is_public(self) -> bool:
        return self.visibility == Visibility.PUBLIC


class ChampionshipRole(models.Model):
    """Who runs the championship (Art. 19, 20). Copied onto each stage event when the stage is
    created, so the event's own rights (tournaments/rules.py) apply there unchanged."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="championship_roles")
    role = models.CharField(_("role"), max_length=9, choices=Role.choices)

    class Meta:
        verbose_name = _("championship role")
        verbose_name_plural = _("championship roles")
        constraints = [
            models.UniqueConstraint(fields=["championship", "user", "role"],
                                    name="championship_role_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} — {self.championship}"


class TeamClassification(models.TextChoices):
    """Team prizes from individual results (per club or province)."""

    NONE = "", _("None")
    POINTS = "points", _("Sum of the best players' points")
    RANKS = "ranks", _("Sum of the best players' ranks (lower is better)")


class Category(EligibilityFields):
    """One contest of the championship (nội dung: men, women, U16, rapid, teams...); who may
    enter it is its eligibility (the same fields as an event's), which its stages' registrations
    check."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE,
                                     related_name="categories")
    name = models.CharField(_("name"), max_length=120)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    participant_kind = models.CharField(_("participants"), max_length=10,
                                        choices=ParticipantKind.choices,
                                        default=ParticipantKind.INDIVIDUAL)
    team_classification = models.CharField(_("team classification"), max_length=6,
                                           choices=TeamClassification.choices, blank=True)
    team_by = models.CharField(_("teams are"), max_length=8, choices=TeamRanksBy.choices,
                               blank=True)
    team_best_n = models.PositiveSmallIntegerField(_("players counted per team"), null=True,
                                                   blank=True)

    class Meta:
        ordering = ["championship", "order", "id"]
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        constraints = [
            models.UniqueConstraint(fields=["championship", "name"], name="category_name_once"),
        ]

    @property
    def members_organisation_id(self) -> int | None:
        """Whose members a members-only category means: its championship's organisation."""
        return self.championship.organisation_id if self.championship_id else None

    def __str__(self) -> str:
        return f"{self.championship} — {self.name}"


class Qualification(models.TextChoices):
    """Who passes from the earlier stage into this one (the championship's statute)."""

    TOP_N = "top", _("Top N of the earlier stage")
    TOP_PER_GROUP = "group", _("Top K of each group")
    TOP_PER_GROUP_AND_BEST = "group_best", _(
        "Top K of each group and the M best-placed of the next place")
    FINAL_BEFORE_LAST = "final", _("The top two before the last round play a final")
    PLAY_ON = "play_on", _("Top N after a round; the others play on")


class StageSeeding(models.TextChoices):
    RANK = "rank", _("By the earlier stage's rank")
    INTERLEAVE = "interleave", _("Group interleaving (A1 v B2, B1 v A2)")
    SNAKE = "snake", _("Snake seeding into groups by rating")


class LineTies(models.TextChoices):
    """Players tied on the qualification line."""

    TIEBREAKS = "tiebreaks", _("The earlier stage's tie-breaks")
    PLAYOFF = "playoff", _("A play-off")


class SharedPlaces(models.TextChoices):
    """Places of the knockout losers of the same round in the overall results."""

    SHARED = "shared", _("Losers of the same round share the place")
    EARLIER_RANK = "earlier", _("By the earlier stage's rank")


class Stage(models.Model):
    """Stage ``number`` of a category: one event, or ``groups`` parallel events of one format.
    The qualification fields say how players come here from the stage before (unused on
    stage 1)."""

    category = models.ForeignKey(Category, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField(_("stage"))
    name = models.CharField(_("name"), max_length=120, blank=True)
    format = models.CharField(_("format"), max_length=5, choices=Format.choices,
                              default=Format.SWISS)
    groups = models.PositiveSmallIntegerField(_("groups"), default=1)
    qualification = models.CharField(_("qualification"), max_length=10,
                                     choices=Qualification.choices, blank=True)
    qualifiers = models.PositiveSmallIntegerField(
        _("qualifiers (N)"), null=True, blank=True,
        help_text=_("Top N overall, or top K of each group."))
    best_of_next = models.PositiveSmallIntegerField(
        _("best-placed of the next place (M)"), null=True, blank=True)
    after_round = models.PositiveSmallIntegerField(
        _("after round"), null=True, blank=True,
        help_text=_("Qualify after this round of the earlier stage (the others play on); "
                    "empty: at its end."))
    seeding = models.CharField(_("seeding"), max_length=10, choices=StageSeeding.choices,
                               default=StageSeeding.RANK)
    line_ties = models.CharField(_("ties at the qualification line"), max_length=9,
                                 choices=LineTies.choices, default=LineTies.TIEBREAKS)
    places = models.CharField(_("places of knockout losers"), max_length=7,
                              choices=SharedPlaces.choices, default=SharedPlaces.SHARED)
    higher_rank_chooses_colour = models.BooleanField(
        _("the higher-ranked player chooses colour in the deciding game"), default=False)
    # Play-off at the line: the earlier stage's entries (ids) the arbiter recorded as winners.
    playoff_winners = models.JSONField(default=list, blank=True, editable=False)
    qualified_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["category", "number"]
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(fields=["category", "number"], name="stage_number_once"),
        ]

    def __str__(self) -> str:
        return self.name or pgettext("championship", "Stage %(n)s") % {"n": self.number}

    @property
    def format_rules(self) -> FormatRules:
        """What the stage's format is (``models/formats.py``)."""
        return FORMAT_RULES[self.format]

    @property
    def rule_fixed(self) -> bool:
        """Players have qualified into the stage or it has rounds: its qualification rule no
        longer changes (the statute the players came in by)."""
        return self.qualified_at is not None or self.events.filter(
            rounds_set__isnull=False).exists()

    def clean(self) -> None:
        if self.groups < 1:
            raise ValidationError({"groups": _("A stage has at least one group.")})
