"""Adjourned games and sealed moves (Art. 10.3; Art. 7.1 i).

A game not finished when the session ends is adjourned: the player to move writes a sealed move
on the score sheet, puts it in a sealed envelope handed to the arbiter, and stops the clock once
it is written (Art. 10.3.1). The arbiters alone see the sealed move until the game resumes;
everyone else sees that the game is adjourned. At the resumption the envelope is opened: a legal
move is played and the game goes on; an illegal sealed move the sealer cannot explain loses
(Art. 10.3.2, 7.1 i); an illegal sealed move when the opponent has abandoned the game: both
lose (Art. 7.1 i)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry
from tournaments.models.rounds import Board, Game


class AdjournmentOutcome(models.TextChoices):
    ADJOURNED = "", _("Adjourned")
    RESUMED = "resumed", _("Resumed: the sealed move was legal and the game goes on")
    SEALER_LOSES = "illegal", _("The sealed move was illegal: the sealing player loses "
                                "(Art. 10.3.2, 7.1 i)")
    BOTH_LOSE = "both", _("The sealed move was illegal and the opponent abandoned: both lose "
                          "(Art. 7.1 i)")


class Adjournment(models.Model):
    """One adjournment of a board's game (of one game of a match if ``game``)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="adjournments")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="adjournments")
    adjourned_at = models.DateTimeField(_("adjourned at"))
    # The number of the move sealed (a score sheet's row).
    move_number = models.PositiveSmallIntegerField(_("move sealed"))
    sealer = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+",
                               verbose_name=_("player who sealed"))
    # The arbiters' only until the resumption (Art. 10.3.1).
    sealed_move = models.CharField(_("sealed move"), max_length=40)
    # The time left on each side's clock once the sealed move is written (Art. 10.3.1).
    white_seconds = models.PositiveIntegerField(_("time left for the first-named side (s)"))
    black_seconds = models.PositiveIntegerField(_("time left for the second-named side (s)"))
    resumes_at = models.DateTimeField(_("resumes at"), null=True, blank=True)
    outcome = models.CharField(_("outcome"), max_length=8, choices=AdjournmentOutcome.choices,
                               blank=True, default=AdjournmentOutcome.ADJOURNED)
    resumed_at = models.DateTimeField(_("resumed at"), null=True, blank=True)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, related_name="+")
    resumed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["board", "adjourned_at", "pk"]
        verbose_name = _("adjournment")
        verbose_name_plural = _("adjournments")
        constraints = [
            models.UniqueConstraint(fields=["board", "game"], condition=Q(outcome=""),
                                    name="one_open_adjournment_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.board} — {self.move_number}"

    @property
    def is_open(self) -> bool:
        return self.outcome == AdjournmentOutcome.ADJOURNED
