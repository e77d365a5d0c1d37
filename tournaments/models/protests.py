"""Written protests and their appeals (Art. 15.5, 15.6, 19.2, 20.3 e, m).

A player protests in writing after the game (Art. 15.6), about a game (its result, an arbiter's
ruling) or a round (its draw); a team leader or coach only about matters outside the game, such
as the draw or the results (Art. 15.5 d). The event's staff record the paper handed in, within
the statute's minutes (``Event.protest_minutes``). The chief arbiter (or the organising
committee) decides it, upheld or rejected, and why (Art. 15.6, 20.3 e). The decision may be
appealed to the appeals committee the organisers set up (Art. 19.2: *ban giải quyết khiếu
nại*; ``Role.APPEALS``), whose decision is recorded the same way.

A decision changes no result by itself: an upheld protest about a result is carried out by the
chief arbiter's correction of the board, which keeps its own history (``services/results.py``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry
from tournaments.models.rounds import Board, Round

TEXT_MAX_LENGTH = 2000


class ProtestFiler(models.TextChoices):
    PLAYER = "player", _("The player (Art. 15.5 a, 15.6)")
    LEADER = "leader", _("The team leader or coach (Art. 15.5 d)")


class ProtestSubject(models.TextChoices):
    RESULT = "result", _("A result")
    DRAW = "draw", _("The draw")
    RULING = "ruling", _("An arbiter's ruling")


class ProtestDecision(models.TextChoices):
    UPHELD = "upheld", _("Upheld")
    REJECTED = "rejected", _("Rejected")


# Shown on the public round page once decided: the results and the draw are the players' to
# know (Art. 14, 19.4); a ruling inside a game stays with the staff.
PUBLIC_SUBJECTS = (ProtestSubject.RESULT, ProtestSubject.DRAW)


class Protest(models.Model):
    """One written protest of a round (and of one of its games, ``board``) and, when the
    decision is appealed, the appeal: who filed it, when, about what, and each decision with
    who made it, when and why."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="protests")
    board = models.ForeignKey(Board, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="protests")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="protests")
    filer = models.CharField(_("filed by"), max_length=6, choices=ProtestFiler.choices)
    filer_name = models.CharField(_("name of the team leader or coach"), max_length=100,
                                  blank=True)
    subject = models.CharField(_("about"), max_length=6, choices=ProtestSubject.choices)
    text = models.TextField(_("protest"), max_length=TEXT_MAX_LENGTH)
    filed_at = models.DateTimeField(_("handed in at"))
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, related_name="+")
    decision = models.CharField(_("decision"), max_length=8, choices=ProtestDecision.choices,
                                blank=True)
    decision_reason = models.TextField(_("reasons"), max_length=TEXT_MAX_LENGTH, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    appeal_text = models.TextField(_("appeal"), max_length=TEXT_MAX_LENGTH, blank=True)
    appealed_at = models.DateTimeField(_("appealed at"), null=True, blank=True)
    appeal_recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                           null=True, blank=True, related_name="+")
    appeal_decision = models.CharField(_("appeals committee's decision"), max_length=8,
                                       choices=ProtestDecision.choices, blank=True)
    appeal_reason = models.TextField(_("appeals committee's reasons"),
                                     max_length=TEXT_MAX_LENGTH, blank=True)
    appeal_decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                          null=True, blank=True, related_name="+")
    appeal_decided_at = models.DateTimeField(_("appeal decided at"), null=True, blank=True)

    class Meta:
        verbose_name = _("protest")
        verbose_name_plural = _("protests")
        ordering = ["filed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.entry} — {self.get_subject_display()} — {self.round}"

    @property
    def event(self):
        return self.round.event

    @property
    def is_public(self) -> bool:
        """Shown on the public round page: decided, about a result or the draw."""
        return bool(self.decision) and self.subject in PUBLIC_SUBJECTS

    @property
    def final_decision(self) -> str:
        """The decision that stands: the appeals committee's once it decided."""
        return self.appeal_decision or self.decision
