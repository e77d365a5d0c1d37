"""Titles and classifications held by players of the register (*danh hiệu*, *đẳng cấp*): the
federation's list of them is data (``TitleKind`` rows, seeded by migration and kept in the
admin), and each award (``PlayerTitle``) has its date, who awarded it and a note, with its
history kept like the player's own (who, when, why).

The statute of an event names the classification it awards (Art. 15.1, 19.4:
``Event.classification_name``); an award is entered here once the federation decides it, and
the closing documents print the titles each ranked player holds.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class TitleGroup(models.TextChoices):
    TITLE = "title", _("Title")
    CLASS = "class", _("Classification")


class TitleKind(models.Model):
    """One title or classification of the federation's list, strongest first (``order``)."""

    code = models.SlugField(_("code"), max_length=20, unique=True)
    name = models.CharField(_("name (Vietnamese)"), max_length=80)
    name_en = models.CharField(_("name (English)"), max_length=80)
    group = models.CharField(_("group"), max_length=5, choices=TitleGroup.choices,
                             default=TitleGroup.TITLE)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    awarded_by = models.CharField(_("usually awarded by"), max_length=120, blank=True)

    class Meta:
        ordering = ["order", "code"]
        verbose_name = _("title or classification")
        verbose_name_plural = _("titles and classifications")

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """The name in the page's language: the Vietnamese one unless English is asked."""
        language = (get_language() or "vi").split("-")[0]
        return self.name_en if language == "en" and self.name_en else self.name


class PlayerTitle(models.Model):
    """A title or classification awarded to a player of the register."""

    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE,
                               related_name="titles")
    kind = models.ForeignKey(TitleKind, on_delete=models.PROTECT, related_name="awards",
                             verbose_name=_("title or classification"))
    awarded_on = models.DateField(_("date awarded"))
    awarded_by = models.CharField(_("awarded by"), max_length=120, blank=True)
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.SET_NULL, related_name="+", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["kind__order", "-awarded_on", "id"]
        verbose_name = _("title awarded")
        verbose_name_plural = _("titles awarded")
        constraints = [
            models.UniqueConstraint(fields=["player", "kind", "awarded_on"],
                                    name="player_title_once_a_day"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.kind} ({self.awarded_on:%Y-%m-%d})"
