"""Entries (a player or a team in an event) and team rosters."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event
from tournaments.models.players import TITLE_ORDER, Player, Team


class EntryStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    WITHDRAWN = "withdrawn", _("Withdrawn")


# A private link's token: 32 URL-safe characters from 24 random bytes (192 bits), so links are
# found by nobody who was not given one (docs/security.md, "Private links").
PRIVATE_TOKEN_BYTES = 24
PRIVATE_TOKEN_LENGTH = 32


def private_token_new() -> str:
    """A new private token of an entry's own page (``/p/<token>/``)."""
    return secrets.token_urlsafe(PRIVATE_TOKEN_BYTES)


class Entry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True,
                               related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, null=True, blank=True,
                             related_name="entries")
    # Pairing / table number (mã số): drawn by lots, assigned, or by rating; fixed once
    # round 1 is published (appendix §5). In knockout events it is the seed.
    number = models.PositiveSmallIntegerField(_("number"), null=True, blank=True)
    rating = models.PositiveSmallIntegerField(_("rating at entry"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=9, choices=EntryStatus.choices,
                              default=EntryStatus.ACTIVE)
    # Art. 21.5: withdrew after this round.
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True
    )
    # Art. 20.3: why the chief arbiter disqualified the entry (scored as a withdrawal, 21.5).
    withdrawal_reason = models.CharField(_("reason for withdrawal or disqualification"),
                                         max_length=200, blank=True)
    # Championships: qualified for the next stage after this round of a Swiss stage whose other
    # players play on; not paired in later rounds, without forfeits (neither withdrawn nor
    # absent: the games played stand and count in the standings).
    moved_on_after_round = models.PositiveSmallIntegerField(
        _("moved on to the next stage after round"), null=True, blank=True, editable=False
    )
    # A late entry takes part from this round on.
    joined_round = models.PositiveSmallIntegerField(_("joins in round"), default=1)
    # Rounds for which a half-point bye was requested (Swiss; as the statute allows).
    requested_byes = models.JSONField(_("requested byes (rounds)"), default=list, blank=True)
    # The entry's own page without an account (``/p/<token>/``): whoever holds the link sees
    # the player's next board and results and asks the arbiters for a bye or a withdrawal.
    # The staff give it (a slip with a QR code) and may make a new one, which ends the old.
    private_token = models.CharField(_("private link"), max_length=PRIVATE_TOKEN_LENGTH,
                                     unique=True, default=private_token_new, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.CheckConstraint(
                condition=Q(player__isnull=False, team__isnull=True)
                | Q(player__isnull=True, team__isnull=False),
                name="entry_is_player_or_team",
            ),
            models.UniqueConstraint(fields=["event", "player"], name="entry_player_once"),
            models.UniqueConstraint(fields=["event", "team"], name="entry_team_once"),
            models.UniqueConstraint(fields=["event", "number"], name="entry_number_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return str(self.player or self.team)

    @property
    def is_active(self) -> bool:
        return self.status == EntryStatus.ACTIVE


class TeamMember(models.Model):
    """A player on a team's roster for one event, in board order (1 = strongest)."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="team_memberships")
    board_order = models.PositiveSmallIntegerField(_("board order"))
    is_reserve = models.BooleanField(_("reserve"), default=False)

    class Meta:
        ordering = ["entry", "board_order"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            models.UniqueConstraint(fields=["entry", "board_order"], name="member_order_unique"),
            models.UniqueConstraint(fields=["entry", "player"], name="member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.board_order}. {self.player}"


def rating_order_key(entry: Entry) -> tuple:
    """C.04.2 initial order: rating (highest first), then title, then name."""
    player = entry.player
    title = TITLE_ORDER.get(player.title if player else "", 9)
    name = player.sort_key if player else entry.team.name_folded
    return (-(entry.rating or 0), title, name, entry.pk)


class Sanction(models.TextChoices):
    """A disqualification's act; values are those of ``records.Sanction``."""

    POINTS_VOIDED = "voided", _("Points gained voided (Art. 15.6, 16.1 d)")
    STRUCK = "struck", _("Struck from the list and the results (Art. 16.1 e)")


class Disqualification(models.Model):
    """A disqualification (Art. 15.6, 16.1 d–e, 16.2) with its reason. The chief arbiter decides
    it; striking the player from the list and the results also needs the head of the organising
    committee (Art. 16.2): the act takes effect at that second approval (``in_force``)."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="disqualification")
    sanction = models.CharField(_("sanction"), max_length=6, choices=Sanction.choices)
    reason = models.CharField(_("reason"), max_length=200)
    after_round = models.PositiveSmallIntegerField(_("after round"))
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, related_name="+")
    decided_at = models.DateTimeField(_("decided at"))
    approved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                    null=True, blank=True, related_name="+")
    approved_at = models.DateTimeField(_("approved at"), null=True, blank=True)

    class Meta:
        verbose_name = _("disqualification")
        verbose_name_plural = _("disqualifications")

    def __str__(self) -> str:
        return f"{self.entry} — {self.get_sanction_display()}"

    @property
    def event(self) -> Event:
        return self.entry.event

    @property
    def needs_approval(self) -> bool:
        return self.sanction == Sanction.STRUCK

    @property
    def in_force(self) -> bool:
        return not self.needs_approval or self.approved_at is not None
