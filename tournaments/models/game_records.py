"""The moves of a game, from the score sheet (biên bản, Art. 11) or a PGN file: stored in ICCS
coordinates (what ``xiangqi`` replays), with the notation they were entered in, the start
position when it is not the usual one, who entered them and when. One record per game: a
board's single game (``game`` empty) or one game of its match."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.rounds import Board, Game


class MoveNotation(models.TextChoices):
    """The notations a score sheet may be typed in (``xiangqi.NOTATIONS``)."""

    VIETNAMESE = "vi", _("Vietnamese (Art. 11: P2-5 M2.3)")
    WXF = "wxf", _("WXF/AXF (C2=5 H2+3)")
    ASIAN = "asian", _("Asian, Art. 11 (C2=5 H2+3 R2.1)")
    ICCS = "iccs", _("ICCS coordinates (h2e2)")
    CHINESE = "zh", _("Chinese (炮二平五)")


class RecordSource(models.TextChoices):
    SHEET = "sheet", _("score sheet")
    PGN = "pgn", _("PGN file")
    # Entered move by move during play by the board's recorder (``services/relay.py``).
    RELAY = "relay", _("live relay")


class GameMoves(models.Model):
    """The moves of one game as ICCS words separated by spaces ("h2e2 h9g7 ..."), legal from
    ``start_fen`` (empty: the usual start, Art. 3)."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="move_records")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, null=True, blank=True,
                             related_name="move_records")
    moves = models.TextField(_("moves"), blank=True)
    notation = models.CharField(_("notation"), max_length=8, choices=MoveNotation.choices,
                                default=MoveNotation.VIETNAMESE)
    start_fen = models.CharField(_("start position (FEN)"), max_length=100, blank=True)
    source = models.CharField(max_length=5, choices=RecordSource.choices,
                              default=RecordSource.SHEET)
    entered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, related_name="+")
    entered_at = models.DateTimeField(_("entered at"))
    # When each ply was entered by a relay (ISO times, one per word of ``moves``; ``None`` where
    # unknown, e.g. moves typed from a sheet): the statute's relay delay in minutes counts from
    # these. Empty for a sheet or a PGN file, whose moves are all public at once.
    ply_times = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["board", "game"]
        verbose_name = _("game record")
        verbose_name_plural = _("game records")
        constraints = [
            models.UniqueConstraint(fields=["board"], condition=Q(game__isnull=True),
                                    name="game_moves_board_unique"),
            models.UniqueConstraint(fields=["game"], condition=Q(game__isnull=False),
                                    name="game_moves_game_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.board} — {self.ply_count} plies"

    @property
    def iccs(self) -> list[str]:
        return self.moves.split()

    @property
    def ply_count(self) -> int:
        return len(self.iccs)


class RelayedBoard(models.Model):
    """A board whose game is relayed move by move during play: the chief arbiter's choice for
    the round (``services/relay.py``), with the recorder who enters its moves (a volunteer
    holding the event's recorder role, or an arbiter; empty: the event's arbiters)."""

    board = models.OneToOneField(Board, on_delete=models.CASCADE, primary_key=True,
                                 related_name="relay")
    recorder = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                 null=True, blank=True, related_name="relayed_boards",
                                 verbose_name=_("recorder"))
    chosen_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  null=True, blank=True, related_name="+")
    chosen_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["board"]
        verbose_name = _("relayed board")
        verbose_name_plural = _("relayed boards")

    def __str__(self) -> str:
        return f"{self.board} (relay)"
