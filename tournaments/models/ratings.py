"""Rating lists: a federation's list (name, federation ID, rating, games, list date), and the
events' rating changes applied to it (FIDE B.02; the computation is ``scoring/ratings.py``).

A rating of 0 is "unrated" everywhere, as in the lists federations publish.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RatingTable(models.TextChoices):
    """The K table of ``scoring.ratings.REGULATIONS`` the statute chooses."""

    FIDE = "fide", _("FIDE (K 40/20/10)")
    CXA = "cxa", _("Chinese Xiangqi Association (K 30/15/10/5)")


class RatingList(models.Model):
    name = models.CharField(_("name"), max_length=120)
    list_date = models.DateField(_("list date"))
    imported_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                    on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-list_date", "-id"]
        verbose_name = _("rating list")

    def __str__(self) -> str:
        return f"{self.name} ({self.list_date:%Y-%m-%d})"


class RatingListRow(models.Model):
    """One player of a list; ``player``: the register's player of the same national ID."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="rows")
    line = models.PositiveIntegerField(_("line"))
    name = models.CharField(_("name"), max_length=120)
    federation_id = models.CharField(_("federation ID"), max_length=20, blank=True)
    rating = models.PositiveSmallIntegerField(_("rating"))
    games = models.PositiveIntegerField(_("games"), default=0)
    player = models.ForeignKey("tournaments.Player", null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="rating_rows")

    class Meta:
        ordering = ["-rating", "name", "id"]

    def __str__(self) -> str:
        return f"{self.name} {self.rating}"


class RatingApplication(models.Model):
    """An event's rating changes applied to a list by an organiser; reverted (``reverted_at``)
    while that list is still the latest one."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE,
                              related_name="rating_applications")
    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE,
                                    related_name="applications")
    after_round = models.PositiveSmallIntegerField()
    applied_at = models.DateTimeField()
    applied_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True,
                                   on_delete=models.SET_NULL, related_name="+")
    reverted_at = models.DateTimeField(null=True, blank=True)
    reverted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-applied_at", "-id"]

    def __str__(self) -> str:
        return f"{self.event} → {self.rating_list}"


class RatingChange(models.Model):
    """One list row as the application changed it: what it was, what it became. ``created``:
    the row did not exist (a player new to the list), so reverting deletes it."""

    application = models.ForeignKey(RatingApplication, on_delete=models.CASCADE,
                                    related_name="changes")
    row = models.ForeignKey(RatingListRow, null=True, on_delete=models.SET_NULL,
                            related_name="changes")
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE,
                               related_name="rating_changes")
    old_rating = models.PositiveSmallIntegerField()
    new_rating = models.PositiveSmallIntegerField()
    old_games = models.PositiveIntegerField()
    new_games = models.PositiveIntegerField()
    created = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.player}: {self.old_rating} → {self.new_rating}"
