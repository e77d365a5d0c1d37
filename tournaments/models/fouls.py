"""Penalties the arbiters record during play (chapter 5 "Các luật chi tiết", Art. 22–24): a
warning, a time penalty or a loss by rule, with the article applied and a note. Counted by the
fewer-fouls tie-break (``FOUL``) when the statute's order names it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry
from tournaments.models.rounds import Board, Game
from tournaments.models.statute import FoulKind


class FoulArticle(models.TextChoices):
    """The articles of chapter 5 an arbiter applies: Art. 23's ten points (the rulings on
    repeated moves), the terms of Art. 22 and the worked examples of Art. 24."""

    ART_22 = "22", _("Art. 22 (terms)")
    POINT_1 = "23.1", _("Art. 23 point 1: perpetual check")
    POINT_2 = "23.2", _("Art. 23 point 2: perpetual mate threats, check mixed with other moves")
    POINT_3 = "23.3", _("Art. 23 point 3: perpetual chase of one piece")
    POINT_4 = "23.4", _("Art. 23 point 4: chasing several pieces in turn")
    POINT_5 = "23.5", _("Art. 23 point 5: two chases against one counter-chase")
    POINT_6 = "23.6", _("Art. 23 point 6: chasing a protected piece")
    POINT_7 = "23.7", _("Art. 23 point 7: chasing a pinned piece or a hobbled horse")
    POINT_8 = "23.8", _("Art. 23 point 8: chase joined to exchange offers")
    POINT_9 = "23.9", _("Art. 23 point 9: the general or a soldier chasing")
    POINT_10 = "23.10", _("Art. 23 point 10: blocking, sacrifices, exchange offers")
    ART_24 = "24", _("Art. 24 (worked examples)")


class Foul(models.Model):
    """One penalty: on a board (and, in a match, on one of its games), against one of its two
    entries; who recorded it and when are kept."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="fouls")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="fouls")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="fouls")
    kind = models.CharField(_("penalty"), max_length=7, choices=FoulKind.choices)
    article = models.CharField(_("article"), max_length=5, choices=FoulArticle.choices)
    note = models.CharField(_("note"), max_length=300, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, related_name="+")
    recorded_at = models.DateTimeField(_("recorded at"))

    class Meta:
        ordering = ["board", "recorded_at", "pk"]
        verbose_name = _("foul")
        verbose_name_plural = _("fouls")

    def __str__(self) -> str:
        return f"{self.entry} — {self.get_kind_display()} ({self.article})"
