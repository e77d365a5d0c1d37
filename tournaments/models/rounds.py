"""Rounds, boards (pairings) and the games of a match; the results and their history."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from records import Bye, Result
from tournaments.models.entries import Entry
from tournaments.models.events import Event
from tournaments.models.players import Player

# The history keeps the reason of every change in a column of 100 characters
# (django-simple-history's ``history_change_reason``): forms and the API accept no longer reason.
REASON_MAX_LENGTH = 100


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")  # paired, visible to arbiters only, can be changed or deleted
    PUBLISHED = "published", _("Published")  # the public sees the pairings; results come in
    COMPLETED = "completed", _("Completed")  # every result entered, round closed


class Substitution(models.TextChoices):
    """Appendix §4: how a reserve comes in when a regular player rests. The choice is the
    team's, for each match ("đội được quyền..."): stored on the match
    (``Board.first_substitution``, ``second_substitution``), not in the statute."""

    SAME_BOARD = "same", _("Reserve plays on the absent player's board")
    LAST_BOARD = "last", _("Reserve plays last board, the others move up")


class PairingMethod(models.TextChoices):
    BERGER = "berger", _("Berger tables")
    DUTCH = "dutch", _("FIDE Dutch system")
    KNOCKOUT = "knockout", _("Knockout bracket")
    MANUAL = "manual", _("By hand")
    IMPORTED = "imported", _("Imported from a TRF file")


class ResultCode(models.TextChoices):
    """The results the law knows; values are those of ``records.Result``."""

    WHITE_WINS = Result.WHITE_WINS.value, "1-0"
    DRAW = Result.DRAW.value, "½-½"
    BLACK_WINS = Result.BLACK_WINS.value, "0-1"
    BOTH_LOSE = Result.BOTH_LOSE.value, _("0-0 (both lose, Art. 7.1 i)")
    WHITE_WINS_FORFEIT = Result.WHITE_WINS_FORFEIT.value, _("+/− (Black forfeits)")
    BLACK_WINS_FORFEIT = Result.BLACK_WINS_FORFEIT.value, _("−/+ (White forfeits)")
    DOUBLE_FORFEIT = Result.DOUBLE_FORFEIT.value, _("−/− (both forfeit)")
    CANCELLED = Result.CANCELLED.value, _("X (cancelled, Art. 21.5.1)")


class ByeKind(models.TextChoices):
    """Byes; values are those of ``records.Bye`` (TRF-16 letters)."""

    PAIRING_ALLOCATED = Bye.PAIRING_ALLOCATED.value, _("Pairing bye")
    FULL_POINT = Bye.FULL_POINT.value, _("Full-point bye")
    HALF_POINT = Bye.HALF_POINT.value, _("Half-point bye")
    ZERO_POINT = Bye.ZERO_POINT.value, _("Absent (zero-point bye)")


class Round(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds_set")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=9, choices=RoundStatus.choices,
                              default=RoundStatus.DRAFT)
    method = models.CharField(_("paired by"), max_length=8, choices=PairingMethod.choices)
    seed = models.BigIntegerField(
        _("seed of the lots"), null=True, blank=True,
        help_text=_("Random draws of this round (colours, seeding) replay from this seed."),
    )
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  null=True, blank=True, related_name="+")
    paired_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    # Set by an organiser for this round alone (``services/schedule.py: round_schedule_set``,
    # each change kept as a ``RoundTimeChange`` with its reason); empty: the statute's
    # schedule (``starts_at``).
    scheduled_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    # A Swiss round checked against the Dutch system as it stands (FIDE C.04.3,
    # ``pairings/checker.py``): the findings, language-neutral, worded when read
    # (``selectors/swiss.py``). Stored when the round is paired or changed
    # (``services/round_checks.py``); None until then, or while a worker checks it.
    findings = models.JSONField(null=True, blank=True, editable=False)
    checked_at = models.DateTimeField(null=True, blank=True, editable=False)
    # Why the Dutch engine paired the round as it did (C.04.3 Art. 2-5, ``pairings/
    # dutch_explain.py``): per bracket the floats and the criterion that forced them, per board
    # the colour rule; codes and pairing numbers, worded when read (``selectors/
    # swiss_explain.py``). Stored once, when the engine pairs the round (and kept by backups);
    # None for rounds the engine did not pair (imported, other formats) or paired before
    # explanations were stored.
    explanation = models.JSONField(null=True, blank=True, editable=False)
    # The pairing numbers of the entries a Swiss round left out because they had not checked
    # in when it was paired after the check-in closed (``services/checkins.py``): not paired,
    # no forfeit; the draft page names them so the arbiter can check one in and pair again.
    left_out = models.JSONField(_("left out: not checked in"), default=list, blank=True,
                                editable=False)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.event} — {_('round')} {self.number}"

    @property
    def starts_at(self):
        """When the round starts: the time an organiser set for it, else the statute's
        schedule (``Event.round_planned_start``); None when neither says."""
        return self.scheduled_at or self.event.round_planned_start(self.number)


class RoundTimeChange(models.Model):
    """One change of a round's start (``Round.scheduled_at``): who, when, from what to what
    (None: the statute's schedule) and why."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="time_changes")
    changed_at = models.DateTimeField(auto_now_add=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    before = models.DateTimeField(null=True, blank=True)
    after = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=REASON_MAX_LENGTH, blank=True)

    class Meta:
        ordering = ["-changed_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.round}: {self.before} → {self.after}"


class BoardAssignment(models.Model):
    """Art. 20.3 b: the chief arbiter assigns the arbiters: ``arbiter`` is in charge of boards
    ``first`` to ``last`` of ``round`` (their phone page can show only those). One range per
    arbiter and round; ranges of a round do not overlap (``services/assignments.py``)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="assignments")
    arbiter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="+", verbose_name=_("arbiter"))
    first = models.PositiveSmallIntegerField(_("from board"))
    last = models.PositiveSmallIntegerField(_("to board"))
    assigned_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="+")
    assigned_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "first"]
        verbose_name = _("board assignment")
        verbose_name_plural = _("board assignments")
        constraints = [
            models.UniqueConstraint(fields=["round", "arbiter"], name="assignment_one_per_arbiter"),
            models.CheckConstraint(condition=Q(first__gte=1) & Q(last__gte=F("first")),
                                   name="assignment_range"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.first}–{self.last}"

    def holds(self, number: int) -> bool:
        return self.first <= number <= self.last


class Board(models.Model):
    """Two entries on a board in a round, or one entry's bye (``black`` empty).

    For a single game ``white`` has White. For a match of several games (Art. 4.2.2, 21.2; team
    matches, appendix §4) ``white`` is the first-named entry, who has White in game 1 (board 1),
    and the games are ``Game`` rows; ``result`` then holds the match result.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("board"))
    # RESTRICT: an entry cannot go while it is paired, but deleting a whole event (which
    # deletes its boards too) can.
    white = models.ForeignKey(Entry, on_delete=models.RESTRICT, null=True, blank=True,
                              related_name="+")
    black = models.ForeignKey(Entry, on_delete=models.RESTRICT, null=True, blank=True,
                              related_name="+")
    bye = models.CharField(_("bye"), max_length=1, choices=ByeKind.choices, blank=True)
    result = models.CharField(_("result"), max_length=7, choices=ResultCode.choices, blank=True)
    # Optimistic locking: a result is written only over the version the arbiter saw.
    version = models.PositiveIntegerField(default=0)
    # Knockout: the bracket (A winners, B losers, F final, D decider, 3 third place) and the
    # match's code in the bracket engine (pairings/knockout.py).
    bracket = models.CharField(max_length=1, blank=True)
    match_code = models.CharField(max_length=16, blank=True)
    # Appendix §4: how each team's reserves come in for this match, the team's choice
    # (``services/lineups.py: lineup_set``); the first-named team's, then the other's.
    first_substitution = models.CharField(_("reserves of the first team"), max_length=4,
                                          choices=Substitution.choices,
                                          default=Substitution.SAME_BOARD)
    second_substitution = models.CharField(_("reserves of the second team"), max_length=4,
                                           choices=Substitution.choices,
                                           default=Substitution.SAME_BOARD)

    # Art. 10.2.1 a: a player late at the board; the clock ran from the round's start. When
    # each side arrived and how many minutes late (counted from the round's start when the
    # arbiter recorded it, ``services/checkins.py: board_arrival_record``): within the
    # statute's forfeit time the game is played with that time lost, beyond it the game is lost.
    white_arrived_at = models.DateTimeField(_("first player arrived at"), null=True, blank=True)
    white_minutes_late = models.PositiveIntegerField(_("first player minutes late"), null=True,
                                                     blank=True)
    black_arrived_at = models.DateTimeField(_("second player arrived at"), null=True, blank=True)
    black_minutes_late = models.PositiveIntegerField(_("second player minutes late"), null=True,
                                                     blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("board")
        verbose_name_plural = _("boards")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="board_number_unique"),
            models.CheckConstraint(
                condition=models.Q(white__isnull=False) | models.Q(black__isnull=True),
                name="board_has_white",
            ),
        ]

    def __str__(self) -> str:
        if self.black_id is None:
            return f"{self.number}. {self.white} — {self.get_bye_display()}"
        return f"{self.number}. {self.white} — {self.black}"

    @property
    def is_bye(self) -> bool:
        return self.black_id is None

    @property
    def last_board_sides(self) -> list[tuple[str, Entry]]:
        """The teams ("first", ``white``; "second", ``black``) that chose for this match to
        field their reserves on the last boards, the others moving up (appendix §4)."""
        sides = (("first", self.white, self.first_substitution),
                 ("second", self.black, self.second_substitution))
        return [(side, entry) for side, entry, rule in sides
                if entry is not None and rule == Substitution.LAST_BOARD]


def awaiting_result(round_number, prefix: str = "") -> Q:
    """Boards (``prefix`` "boards__" from a round) that wait for a result in round
    ``round_number`` (a number or ``F("number")``): not a bye, no result yet, and neither entry
    withdrawn before the round; Art. 21.5 scores those games (scoring/withdrawals.py)."""
    return (Q(**{f"{prefix}black__isnull": False, f"{prefix}result": ""})
            & ~Q(**{f"{prefix}white__withdrawn_after_round__lt": round_number})
            & ~Q(**{f"{prefix}black__withdrawn_after_round__lt": round_number}))


class GameKind(models.TextChoices):
    REGULAR = "regular", _("Game")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")
    ARMAGEDDON = "armageddon", _("Deciding game")


class Game(models.Model):
    """One game of a match: game 1, 2 of a two-game match, tie-break games, or one board of a
    team match (``number`` is then the board)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(_("game"))
    # 0 for the match's own games; 1, 2, ... for the statute's tie-break levels (appendix §2).
    level = models.PositiveSmallIntegerField(default=0)
    kind = models.CharField(max_length=10, choices=GameKind.choices, default=GameKind.REGULAR)
    # Whether the board's first-named entry had White in this game.
    white_first = models.BooleanField(default=True)
    # Team matches: who actually played (line-up, appendix §4).
    first_player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True,
                                     related_name="+")
    second_player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True,
                                      related_name="+")
    result = models.CharField(_("result"), max_length=7, choices=ResultCode.choices, blank=True)
    version = models.PositiveIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["board", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["board", "number"], name="game_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.board} — {_('game')} {self.number}"
