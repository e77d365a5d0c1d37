"""Penalties and faults the arbiters record during play: a warning, a time penalty or a loss by
rule, with the article applied and a note. The article says the fault's category: a technical
fault (*lỗi kỹ thuật*: Art. 7.1 m–n, 9, 11.3 b, 16.3), a conduct fault (*lỗi tác phong*: Art.
15.7 b) or a ruling of chapter 5 (Art. 22–24). Three technical or three conduct faults in a game
lose it (Art. 7.1 n). Counted by the fewer-fouls tie-break (``FOUL``) when the statute's order
names it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.entries import Entry
from tournaments.models.rounds import Board, Game, GameKind
from tournaments.models.statute import FoulKind, Pace


class FoulCategory(models.TextChoices):
    TECHNICAL = "technical", _("Technical fault")
    CONDUCT = "conduct", _("Conduct fault")
    CHAPTER_5 = "chapter5", _("Chapter 5 ruling")


class FoulArticle(models.TextChoices):
    """The articles an arbiter applies: the technical faults (touch-move, Art. 9; an illegal
    move or another technical fault, Art. 16.3 a; four moves not recorded, Art. 7.1 m, 11.3 b),
    the conduct fault (Art. 15.7 b), and chapter 5: Art. 23's ten points (the rulings on
    repeated moves), the terms of Art. 22 and the worked examples of Art. 24."""

    TOUCH_MOVE = "9", _("Art. 9: touched piece not moved (technical fault)")
    TECHNICAL = "16.3", _("Art. 16.3 a: illegal move or other technical fault")
    UNRECORDED = "11.3b", _("Art. 7.1 m, 11.3 b: four consecutive moves not recorded "
                            "(technical fault)")
    CONDUCT = "15.7b", _("Art. 15.7 b: conduct fault")
    ILLEGAL_CLAIMED = "rb4", _("Rapid and blitz, point 4: an illegal move claimed before the "
                               "claimant moved")

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


# The category of each article; the rest are chapter 5's.
FAULT_CATEGORIES = {
    FoulArticle.TOUCH_MOVE: FoulCategory.TECHNICAL, FoulArticle.TECHNICAL: FoulCategory.TECHNICAL,
    FoulArticle.UNRECORDED: FoulCategory.TECHNICAL, FoulArticle.CONDUCT: FoulCategory.CONDUCT,
    FoulArticle.ILLEGAL_CLAIMED: FoulCategory.TECHNICAL,
}
# Art. 7.1 n: the third technical or the third conduct fault in a game loses it.
FAULTS_TO_LOSE = 3
# The provisional rules for rapid and blitz, point 5: minutes given to the opponent per
# technical fault.
MINUTES_PER_FAULT = {Pace.RAPID: 2, Pace.BLITZ: 1}


def fault_category(article: str) -> FoulCategory:
    return FAULT_CATEGORIES.get(article, FoulCategory.CHAPTER_5)


def game_pace(event_pace: str, game: Game | None) -> str:
    """Standard, rapid or blitz: a match's rapid or blitz tie-break game says so (appendix §2);
    otherwise the statute's ``pace``."""
    if game is not None and game.kind in (GameKind.RAPID, GameKind.BLITZ):
        return Pace(str(game.kind))
    return event_pace


def faults_to_lose(article: str, pace: str) -> int | None:
    """How many faults of ``article``'s kind lose the game; None: a ruling, never counted.

    Art. 7.1 n: three technical or three conduct faults. Rapid and blitz (the provisional
    rules): an illegal move claimed wins for the claimant (point 4.2) and a conduct fault
    loses at once (point 10); any other irregularity is a technical fault, three lose
    (point 5)."""
    category = fault_category(article)
    if category == FoulCategory.CHAPTER_5:
        return None
    if pace != Pace.STANDARD and (article == FoulArticle.ILLEGAL_CLAIMED
                                  or category == FoulCategory.CONDUCT):
        return 1
    return FAULTS_TO_LOSE


def fault_consequence(article: str, pace: str) -> str:
    """What the fault brings, with its article, as the register shows it."""
    category = fault_category(article)
    if category == FoulCategory.CHAPTER_5:
        return ""
    if pace == Pace.STANDARD:
        return str(_("The third technical or the third conduct fault in a game loses it "
                     "(Art. 7.1 n)."))
    if article == FoulArticle.ILLEGAL_CLAIMED:
        return str(_("The claimant wins (rapid and blitz, point 4.2)."))
    if category == FoulCategory.CONDUCT:
        return str(_("Loses the game at once (rapid and blitz, point 10)."))
    return str(_("%(n)s minutes to the opponent; the third technical fault loses (rapid and "
                 "blitz, point 5).") % {"n": MINUTES_PER_FAULT[pace]})


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
    # Rapid and blitz (the law's provisional rules, point 5): each technical fault gives the
    # opponent 2 minutes (rapid) or 1 minute (blitz).
    opponent_minutes = models.PositiveSmallIntegerField(_("minutes added to the opponent"),
                                                        default=0)
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, related_name="+")
    recorded_at = models.DateTimeField(_("recorded at"))

    class Meta:
        ordering = ["board", "recorded_at", "pk"]
        verbose_name = _("foul")
        verbose_name_plural = _("fouls")

    def __str__(self) -> str:
        return f"{self.entry} — {self.get_kind_display()} ({self.article})"

    @property
    def category(self) -> FoulCategory:
        return fault_category(self.article)
