"""The statute (*Điều lệ giải*) of an event: the rules the organisers choose (Art. 18, 21.3).

Every option the law leaves to the statute is a field here, with the law's default.
"""

import re
from datetime import time
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _

from pairings.minimatch import Level, MiniMatchError
from records.clock import TimeControl, TimeControlError, parse_checks
from scoring.standings import resolve_order
from scoring.tiebreaks import Spec, TiebreakError
from tournaments.models.formats import FORMAT_RULES, WITHDRAWN_STAY, Format, FormatRules
from tournaments.models.ratings import RatingTable
from tournaments.text import points_text


class ParticipantKind(models.TextChoices):
    INDIVIDUAL = "individual", _("Individual")
    TEAM = "team", _("Team")


class ScoringSystem(models.TextChoices):
    # Art. 21.1: win 1, draw 1/2, loss 0, everywhere in the country.
    STANDARD = "standard", _("Win 1, draw ½, loss 0 (Art. 21.1)")
    # Art. 21.2: two-game matches, game points 2/1/0 and match points 1/½/0.
    TWO_GAME_MATCH = "match", _("Two-game matches: match points, then game points (Art. 21.2)")
    CUSTOM = "custom", _("Other points set by the statute")


class TeamScoring(models.TextChoices):
    # Appendix §4: a team's score is the sum of its players' points.
    BOARD_POINTS = "board", _("Sum of board points (appendix §4)")
    MATCH_POINTS = "match", _("Match points, then board points")


class FoulKind(models.TextChoices):
    """Penalties an arbiter records (chapter 5; ``models/fouls.py``); the statute may say which
    kinds the fewer-fouls tie-break counts."""

    WARNING = "warning", _("Warning")
    TIME_PENALTY = "time", _("Time penalty")
    LOSS = "loss", _("Loss by rule")


class DrawMoveLimit(models.IntegerChoices):
    """The moves without a capture after which a draw claim holds (the statute's choice)."""

    FIFTY = 50, _("50 (Art. 12)")
    SIXTY = 60, _("60 (Art. 20.4 b.6)")


class VoidedGames(models.TextChoices):
    """How the opponents score a disqualified player's games; values are those of
    ``records.VoidedGames``."""

    OPPONENTS_WIN = "wins", _("The opponents win them by forfeit")
    CANCELLED = "cancelled", _("Cancelled for both sides (X)")


class HeadToHeadAmong(models.TextChoices):
    """Art. 21.3's head-to-head when three or more are tied (the statute's reading); values are
    those of ``scoring.tiebreaks.HeadToHeadAmong``."""

    ALL_TIED = "all", _("The games among all the tied players (a mini-table)")
    TWO_ONLY = "two", _("Only when exactly two are tied; three or more go to the next "
                        "criterion")


class SwissWithdrawal(models.TextChoices):
    """Art. 21.5.2: what the draw does with a player who withdrew from a Swiss event. The law
    reads both ways: "whoever is drawn next against the withdrawn player wins" (``STAYS``)
    presumes they are still drawn; ``DROPPED`` leaves them out of the draw."""

    DROPPED = "dropped", _("Dropped from the draw; games already paired against them are "
                           "won by the opponent")
    STAYS = WITHDRAWN_STAY, _("Stays in the draw; whoever is drawn against them wins by "
                              "forfeit (Art. 21.5.2)")


class Pace(models.TextChoices):
    """Standard, rapid or blitz play: rapid and blitz events follow the law's provisional rules
    for rapid and blitz (2015) where they differ from the standard law (Art. 10.1.1 e)."""

    STANDARD = "standard", _("Standard play")
    RAPID = "rapid", _("Rapid (provisional rules for rapid and blitz)")
    BLITZ = "blitz", _("Blitz (provisional rules for rapid and blitz)")


class TeamRanksBy(models.TextChoices):
    """WXF 2023 regulation VIII a: teams ranked by the sum of their players' individual ranks;
    the statute says which teams (the players' club or province) and how many ranks count."""

    NONE = "", _("Not shown")
    CLUB = "club", _("By club")
    PROVINCE = "province", _("By province")


class InitialColour(models.TextChoices):
    LOTS = "lots", _("Drawn by lots")
    WHITE = "w", _("White")
    BLACK = "b", _("Black")


class Acceleration(models.TextChoices):
    NONE = "", _("None")
    BAKU = "baku", _("Baku acceleration (FIDE C.04.5)")


class DutchEdition(models.TextChoices):
    """The Dutch rules the engine implements (docs/swiss.md): the 2025 text, applied by
    endorsed engines today. The 2017 text is not offered: events that started under it
    finish with another program, or under the 2025 rules if their statute allows."""

    EDITION_2025 = "2025", _("FIDE Dutch system, 2025 rules")


class Seeding(models.TextChoices):
    RATING = "rating", _("By rating")
    LIST = "list", _("As the organisers list them")
    LOTS = "lots", _("By lots")


class TeamKnockoutDecider(models.TextChoices):
    """Appendix §2 for teams: how a team knockout match level on board points is decided
    (``pairings/team_knockout.py``); lots end a match still level on every board."""

    BOARDS = "boards", _("Board 1 first, then board 2, … (appendix §4, the law's rule for "
                         "teams level on points)")
    EXTRA = "extra", _("An extra team match with colours swapped, then board 1 first")
    LOTS = "lots", _("Lots")


# Art. 21.1: win 1, draw ½, loss 0.
LAW_POINTS = (Decimal(1), Decimal("0.5"), Decimal(0))


def default_tiebreak_games() -> list[list]:
    """Appendix §2, §3: when a match is tied, two more games, or rapid or blitz games: the law's
    options, in that order. Each level is [kind, number of games]; a deciding game
    (armageddon) only when the statute adds it, and lots as the last resort
    (``adapters/knockout.py: minimatch_rules``)."""
    return [["regular", 2], ["rapid", 2], ["blitz", 2]]


def validate_tiebreak_order(value) -> None:
    """Art. 21.3, 21.4: the statute's order is a list of criteria of scoring/tiebreaks (or a
    named order such as ``law-rr``), each once."""
    if not isinstance(value, list) or not all(isinstance(code, str) for code in value):
        raise ValidationError(_("The tie-break order is a list of codes, e.g. [\"SB\", \"WIN\"]."))
    codes = resolve_order(value)
    for code in codes:
        try:
            Spec.parse(code)
        except TiebreakError:
            raise ValidationError(_("“%(code)s” is not a tie-break criterion."),
                                  params={"code": code}) from None
    if len(set(codes)) != len(codes):
        raise ValidationError(_("A tie-break is listed twice."))


def validate_foul_kinds(value) -> None:
    """The kinds of penalty the fewer-fouls tie-break counts: a list of ``FoulKind`` values."""
    if not isinstance(value, list) or not set(value) <= set(FoulKind.values):
        raise ValidationError(_("Foul kinds are a list of %(kinds)s."),
                              params={"kinds": ", ".join(FoulKind.values)})


def validate_tiebreak_levels(value) -> None:
    """Appendix §2, §3: the levels of a tied match, each [kind, games] (armageddon 1 game, lots
    none)."""
    try:
        if not isinstance(value, list):
            raise TypeError
        for kind, games in value:
            if not isinstance(games, int):
                raise TypeError
            Level(kind, games)
    except (TypeError, ValueError, MiniMatchError):
        raise ValidationError(_("Tie-break games are a list of [kind, games], e.g. "
                                "[[\"rapid\", 2], [\"armageddon\", 1]].")) from None


def validate_time_checks(value: str) -> None:
    """Art. 10.1.2: the move checks as the statute writes them ("25/60, 35/75, then 10/5")."""
    try:
        parse_checks(value)
    except TimeControlError as error:
        raise ValidationError(_("“%(part)s” is not a move check: write each as moves/minutes, "
                                "e.g. 25/60, 35/75, then 10/5."),
                              params={"part": error.text}) from None


_TIME = re.compile(r"^([01]?\d|2[0-3])[:hH.]([0-5]\d)$")


def parse_round_times(text: str) -> list[time]:
    """The day's start times of a statute's schedule ("08:00, 14:00"; "8h00" and "14.00" too),
    in order; [] for an empty text. ``ValueError`` names a time it cannot read."""
    times = []
    for part in re.split(r"[,;\s]+", text.strip()):
        if not part:
            continue
        found = _TIME.match(part)
        if found is None:
            raise ValueError(part)
        times.append(time(int(found.group(1)), int(found.group(2))))
    return sorted(set(times))


def validate_round_times(value: str) -> None:
    try:
        parse_round_times(value)
    except ValueError as error:
        raise ValidationError(_("“%(time)s” is not a time: write the day's start times as "
                                "08:00, 14:00."), params={"time": str(error)}) from None


class StatuteFields(models.Model):
    """Fields of an event's statute. Defaults follow the law (Art. 4.2.2, 10.1, 18, 21;
    appendices §1–§5)."""

    format = models.CharField(_("format"), max_length=8, choices=Format.choices,
                              default=Format.SWISS)
    participant_kind = models.CharField(
        _("participants"), max_length=10, choices=ParticipantKind.choices,
        default=ParticipantKind.INDIVIDUAL,
    )
    rounds = models.PositiveSmallIntegerField(
        _("number of rounds"), null=True, blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
        help_text=_("Swiss: announced in advance (appendix §1, Art. 21.4). Round robin and "
                    "knockout: follows from the number of entries."),
    )
    # Art. 4.2.2: one game, or a match of two (or more) games with alternating colours.
    games_per_match = models.PositiveSmallIntegerField(
        _("games per match"), default=1, validators=[MinValueValidator(1), MaxValueValidator(8)]
    )
    tiebreak_games = models.JSONField(
        _("tie-break games of a tied match"), default=default_tiebreak_games, blank=True,
        validators=[validate_tiebreak_levels],
    )
    # Art. 10.1.1 b: one game, 90 minutes each; Art. 10.1.2: 25 moves in the first 60 minutes.
    time_base_minutes = models.PositiveSmallIntegerField(_("minutes per player"), default=90)
    time_increment_seconds = models.PositiveSmallIntegerField(
        _("seconds added per move"), default=0
    )
    # Art. 10.1.2: the move checks, in the statute's words (records/clock.py: parse_checks).
    time_checks = models.CharField(
        _("move checks"), max_length=200, blank=True, validators=[validate_time_checks],
        help_text=_("Art. 10.1.2: moves/minutes of the player's clock, by a comma, and "
                    "optionally a period repeated to the end: “25/60, 35/75, 45/90, 55/105, "
                    "65/120, then 10/5 (4 checks)”. Empty: no check."),
    )
    # Art. 10.1.1 e and the provisional rules for rapid and blitz (2015).
    pace = models.CharField(
        _("standard, rapid or blitz"), max_length=8, choices=Pace.choices,
        default=Pace.STANDARD,
        help_text=_("Rapid and blitz events follow the provisional rules for rapid and blitz: "
                    "an illegal move claimed wins, each technical fault gives the opponent 2 "
                    "(rapid) or 1 (blitz) minutes, a conduct fault loses at once, a win on time "
                    "is a draw when the claimant cannot mate, no score sheet is required."),
    )
    # Art. 10.2.1 a: 15, 30 or 60 minutes late loses the game.
    forfeit_minutes = models.PositiveSmallIntegerField(
        _("forfeit time (minutes)"), default=15,
        choices=[(15, "15"), (30, "30"), (60, "60")],
    )
    scoring = models.CharField(_("scoring"), max_length=10, choices=ScoringSystem.choices,
                               default=ScoringSystem.STANDARD)
    # Points of a custom system (e.g. 2/1/0, 3/1/0), exact decimals, never floats.
    points_win = models.DecimalField(_("points for a win"), max_digits=4, decimal_places=1,
                                     default=Decimal(1))
    points_draw = models.DecimalField(_("points for a draw"), max_digits=4, decimal_places=1,
                                      default=Decimal("0.5"))
    points_loss = models.DecimalField(_("points for a loss"), max_digits=4, decimal_places=1,
                                      default=Decimal(0))
    points_bye = models.DecimalField(
        _("points for a pairing bye"), max_digits=4, decimal_places=1, default=Decimal(1),
        help_text=_("Swiss: the player left over when the number is odd (FIDE C.04.1 Art. 3)."),
    )
    points_rest = models.DecimalField(
        _("points for resting"), max_digits=4, decimal_places=1, default=Decimal(0),
        help_text=_("Round robin with an odd number: the player who meets the dummy number "
                    "rests (appendix §5)."),
    )
    # Art. 21.3, 21.4: the statute orders the tie-break criteria. Codes of scoring/tiebreaks.
    tiebreaks = models.JSONField(_("tie-break order"), default=list, blank=True,
                                 validators=[validate_tiebreak_order])
    # Art. 21.3 does not say what head-to-head does among three or more tied.
    h2h_among = models.CharField(
        _("head-to-head among three or more tied"), max_length=3,
        choices=HeadToHeadAmong.choices, default=HeadToHeadAmong.ALL_TIED,
        help_text=_("Art. 21.3: “the game between the tied players, whoever won ranks "
                    "higher” does not say what happens when three or more are tied."),
    )
    # Art. 21.5.2: "ai bốc thăm gặp tiếp" may presume the withdrawn player is still drawn.
    swiss_withdrawal = models.CharField(
        _("a player who withdraws from a Swiss event"), max_length=8,
        choices=SwissWithdrawal.choices, default=SwissWithdrawal.DROPPED,
        help_text=_("Art. 21.5.2: “whoever is drawn next against the withdrawn player wins” "
                    "reads two ways: the player leaves the draw, or stays in it and whoever "
                    "is drawn against them wins by forfeit."),
    )
    # Requested half-point byes (Swiss): the law has none, so the statute says how many a
    # player may take and until which round (FIDE events keep the last rounds free of them;
    # the byes count as voluntarily unplayed rounds for the tie-breaks, C.07 §16). Empty: no
    # limit. Held for the staff and the players' own requests alike (``bye_refusal``).
    bye_limit = models.PositiveSmallIntegerField(
        _("half-point byes a player may request"), null=True, blank=True,
        validators=[MaxValueValidator(99)],
        help_text=_("Swiss: how many rounds a player may miss for half a point each; empty: "
                    "no limit, 0: none."),
    )
    bye_last_round = models.PositiveSmallIntegerField(
        _("last round a half-point bye may be requested for"), null=True, blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
        help_text=_("Swiss: no half-point bye in the rounds after this one (the decisive "
                    "last rounds); empty: any round."),
    )
    # FOUL (fewer fouls, CXA 2011 art. 14): the kinds of penalty counted; empty, every kind.
    foul_kinds = models.JSONField(
        _("penalties counted as fouls"), default=list, blank=True,
        validators=[validate_foul_kinds],
        help_text=_("For the “fewer fouls” tie-break; none ticked: every recorded penalty."),
    )
    # Art. 12 says 50 moves without a capture; Art. 20.4 b.6 speaks of a "60-move rule".
    draw_move_limit = models.PositiveSmallIntegerField(
        _("moves without a capture for a draw claim"), choices=DrawMoveLimit.choices,
        default=DrawMoveLimit.FIFTY,
        help_text=_("Art. 12 says 50; Art. 20.4 b.6 speaks of a 60-move rule."),
    )
    # Art. 15.6 voids a disqualified player's points without saying what the opponents score.
    voided_games = models.CharField(
        _("a disqualified player's games"), max_length=9, choices=VoidedGames.choices,
        default=VoidedGames.OPPONENTS_WIN,
        help_text=_("Art. 15.6, 16.1: the disqualified player's points are voided; the "
                    "opponents win those games by forfeit, or the games are cancelled."),
    )
    # The public's delay on relayed games (no article: a statute's anti-cheating option for
    # over-the-board play); the event's staff see every move at once.
    relay_delay_plies = models.PositiveSmallIntegerField(
        _("relay delay: moves held back"), default=0, validators=[MaxValueValidator(200)],
        help_text=_("Relayed games: the public sees a game without its last this many moves "
                    "(one side's move each); 0: none. The staff see every move at once; the "
                    "whole game is public once its result is entered."),
    )
    relay_delay_minutes = models.PositiveSmallIntegerField(
        _("relay delay: minutes"), default=0, validators=[MaxValueValidator(240)],
        help_text=_("Relayed games: a move is public this many minutes after it was entered; "
                    "0: at once. With moves held back too, both apply."),
    )
    # Art. 15.6: a protest is written after the game; the statute says how long after.
    protest_minutes = models.PositiveSmallIntegerField(
        _("minutes to hand in a written protest"), null=True, blank=True,
        help_text=_("Art. 15.6: after the game (or, about the draw, after the round is "
                    "published), a protest in writing within this many minutes; empty: no "
                    "limit."),
    )
    # Art. 19.4: the closing ceremony announces the list of players selected for higher events
    # and the list of those awarded a classification (the federation's register of
    # classifications comes later: here the statute names it and its threshold).
    selected_top = models.PositiveSmallIntegerField(
        _("players selected for higher events"), null=True, blank=True,
        help_text=_("Art. 19.4: the first this many of the final ranking are selected; empty: "
                    "none."))
    classification_name = models.CharField(
        _("classification awarded"), max_length=100, blank=True,
        help_text=_("Art. 15.1, 19.4: the classification the statute awards, e.g. “Kiện tướng "
                    "quốc gia”; empty: none."))
    classification_top = models.PositiveSmallIntegerField(
        _("classification: the first places"), null=True, blank=True,
        help_text=_("Awarded to the first this many of the final ranking."))
    classification_points = models.DecimalField(
        _("classification: points at least"), max_digits=5, decimal_places=1, null=True,
        blank=True, help_text=_("Or to every player with at least these points; both given: "
                                "either suffices."))
    # WXF 2023 regulation VIII a: teams from the individual ranks (scoring/team_ranks.py).
    team_ranks_by = models.CharField(
        _("team ranking by the sum of ranks"), max_length=8, choices=TeamRanksBy.choices,
        blank=True, default=TeamRanksBy.NONE,
        help_text=_("Beside the individual standings: each club or province ranked by the sum "
                    "of its best players' ranks, ties by the best rank (WXF)."),
    )
    team_ranks_members = models.PositiveSmallIntegerField(
        _("ranks counted per team"), default=2, validators=[MinValueValidator(1)],
    )
    # Pairing options.
    initial_colour = models.CharField(
        _("initial colour"), max_length=4, choices=InitialColour.choices,
        default=InitialColour.LOTS,
    )
    acceleration = models.CharField(_("acceleration"), max_length=5,
                                    choices=Acceleration.choices, blank=True)
    dutch_edition = models.CharField(_("Swiss rules"), max_length=4,
                                     choices=DutchEdition.choices,
                                     default=DutchEdition.EDITION_2025)
    forbid_same_club = models.BooleanField(
        _("players of the same club do not meet"), default=False,
        help_text=_("Only where the statute allows it; never at the cost of a pairing."),
    )
    fide_cycle_swap = models.BooleanField(
        _("double round robin: FIDE C.05 Annex 1 order at the end of the first cycle"),
        default=False,
    )
    seeding = models.CharField(_("seeding"), max_length=6, choices=Seeding.choices,
                               default=Seeding.RATING)
    third_place_match = models.BooleanField(_("third-place match"), default=False)
    # Appendix §2: "chọn một số đấu thủ hạt giống ... cho miễn đấu 1 - 2 trận".
    seed_passes = models.PositiveSmallIntegerField(
        _("seeds given a pass"), default=0,
        help_text=_("Appendix §2: the top seeds who go straight to a later round of a single "
                    "elimination; 0: only the byes the number of players needs."))
    seed_pass_rounds = models.PositiveSmallIntegerField(
        _("rounds the seeds skip"), default=1,
        choices=[(1, _("one: they start in round 2")), (2, _("two: they start in round 3"))])
    team_knockout_decider = models.CharField(
        _("team knockout: a level match"), max_length=6, choices=TeamKnockoutDecider.choices,
        default=TeamKnockoutDecider.BOARDS,
        help_text=_("Appendix §2 for teams. The law's rule for teams level on points is board 1 "
                    "first (appendix §4); a match level on every board goes to lots."),
    )
    # Teams (appendix §4).
    team_boards = models.PositiveSmallIntegerField(
        _("boards per team"), default=4, validators=[MinValueValidator(1)]
    )
    team_reserves = models.PositiveSmallIntegerField(_("reserves per team"), default=2)
    team_scoring = models.CharField(_("team scoring"), max_length=5,
                                    choices=TeamScoring.choices,
                                    default=TeamScoring.BOARD_POINTS)
    team_match_points_win = models.PositiveSmallIntegerField(
        _("match points for a team win"), default=2
    )
    team_match_points_draw = models.PositiveSmallIntegerField(
        _("match points for a team draw"), default=1
    )
    official = models.BooleanField(
        _("official event"), default=True,
        help_text=_("Official events score as the law says (Art. 21.1, 21.2) and field 3–4 "
                    "players and 1–2 reserves per team (appendix §4). Friendly events may set "
                    "other points, any team size, and rearrange a team's order after a game."),
    )

    # Whether the event is rated (FIDE B.02), the K table (scoring/ratings.py REGULATIONS) and
    # the cap on the rating difference (FIDE B.02 §8.3.1: 400; empty: none).
    rated = models.BooleanField(_("rated event"), default=False)
    rating_table = models.CharField(_("K table"), max_length=4, choices=RatingTable.choices,
                                    default=RatingTable.FIDE)
    rating_cap = models.PositiveSmallIntegerField(
        _("rating difference cap"), null=True, blank=True, default=400,
        help_text=_("A larger rating difference counts as this much (FIDE: 400); empty: no "
                    "cap."),
    )

    class Meta:
        abstract = True

    @property
    def time_control(self) -> TimeControl | None:
        """The statute's time control (Art. 10.1) as a value; None when its fields do not make
        one (a form's values before they are checked)."""
        try:
            checks, then = parse_checks(self.time_checks or "")
            return TimeControl(self.time_base_minutes or 0, self.time_increment_seconds or 0,
                               checks, then)
        except (TimeControlError, TypeError):
            return None

    @property
    def time_control_words(self) -> str:
        """Art. 10.1: the time control in words, in the reader's language."""
        control = self.time_control
        return control.words(get_language() or "en") if control else ""

    @property
    def quick_play(self) -> bool:
        """A rapid or blitz event: the provisional rules for rapid and blitz apply."""
        return self.pace != Pace.STANDARD

    @property
    def format_rules(self) -> FormatRules:
        """What the statute's format is (``models/formats.py``): what pages, exports and
        services ask instead of the format."""
        return FORMAT_RULES[self.format]

    def scoring_departures(self) -> dict[str, str]:
        """Where this statute's scoring departs from Art. 21 (field: why, with the article).

        Art. 21.1: win 1, draw ½, loss 0 "in every event in the country"; Art. 21.2: a match of
        two games is scored in match points, then game points. Round robins and Swiss events of
        two-game matches must use that scoring; its match and game points are for two-game
        matches only. Team events score boards by appendix §4 (``team_scoring``), and a
        knockout ranks by the bracket, so only their custom points are departures."""
        if self.participant_kind == ParticipantKind.TEAM:
            return {}
        if self.scoring == ScoringSystem.CUSTOM and (
                (self.points_win, self.points_draw, self.points_loss) != LAW_POINTS):
            return {"scoring": _("Art. 21.1: the law scores a win 1, a draw ½ and a loss 0 in "
                                 "every event; %(points)s is not the law's scoring.") % {
                "points": "/".join("?" if p is None else points_text(p) for p in (
                    self.points_win, self.points_draw, self.points_loss))}}
        rules = FORMAT_RULES.get(self.format)  # a form's unknown value: checked elsewhere
        if rules is not None and rules.has_bracket:
            return {}
        games = self.games_per_match
        if games is None:  # a new event's form before the law's default is filled in
            return {}
        if games == 2 and self.scoring != ScoringSystem.TWO_GAME_MATCH:
            return {"scoring": _("Art. 21.2: matches of two games are scored in match points, "
                                 "then game points.")}
        if games != 2 and self.scoring == ScoringSystem.TWO_GAME_MATCH:
            return {"scoring": _("Art. 21.2: match and game points are for matches of two "
                                 "games; this event has %(n)s per match.") % {"n": games}}
        return {}

    def bye_refusal(self, *, round_number: int, taken: int) -> str:
        """Why the statute refuses one more half-point bye in round ``round_number`` to a
        player who has ``taken`` already (requested or asked for); "" when it allows it."""
        if self.bye_limit is not None and taken >= self.bye_limit:
            if self.bye_limit == 0:
                return _("The statute allows no half-point byes.")
            return ngettext("The statute allows %(n)s half-point bye per player, and it is "
                            "taken.",
                            "The statute allows %(n)s half-point byes per player, and they are "
                            "all taken.", self.bye_limit) % {"n": self.bye_limit}
        if self.bye_last_round is not None and round_number > self.bye_last_round:
            return _("The statute allows half-point byes up to round %(last)s only; round "
                     "%(n)s is later.") % {"last": self.bye_last_round, "n": round_number}
        return ""

    @property
    def tiebreak_order_missing(self) -> bool:
        """Art. 21.4: an official individual event of a format whose law names no coefficient
        (a Swiss) with no tie-break order in its statute; its rounds wait for the choice
        (``services/rounds.py: round_publish``). Team events have appendix §4's order."""
        return (self.official and self.participant_kind != ParticipantKind.TEAM
                and self.format_rules.statute_names_tiebreaks and not self.tiebreaks)

    @property
    def scoring_follows_law(self) -> bool:
        """Whether the points are the law's (Art. 21.1, 21.2); a friendly event's pages say when
        they are not."""
        return not self.scoring_departures()

    def _law_scoring_errors(self) -> dict[str, str]:
        """Art. 19.5: an official event's statute may not contradict the law, so it keeps the
        law's scoring; a friendly (unofficial) event may choose other points."""
        if not self.official:
            return {}
        return {field: _("%(why)s An official event keeps the law's scoring (Art. 19.5); "
                         "untick “official event” for a friendly event with other points.")
                % {"why": why} for field, why in self.scoring_departures().items()}

    def _time_control_check(self) -> None:
        """Art. 10.1.2: the checks fit the minutes each player has."""
        if self.time_base_minutes is None:  # a new event's form: the law's default follows
            return
        message = _time_control_error(self)
        if message:
            raise ValidationError({"time_checks": message})

    def clean(self) -> None:
        """What the statute can hold: a team's size in an official event (appendix §4)."""
        super().clean()
        law_errors = self._law_scoring_errors()  # Art. 19.5, 21.1, 21.2: any event's statute
        if law_errors:
            raise ValidationError(law_errors)
        self._time_control_check()
        if self.participant_kind != ParticipantKind.TEAM:
            return
        errors = {}
        if self.official and not 3 <= self.team_boards <= 4:
            errors["team_boards"] = _("Official team events have 3 or 4 boards (appendix "
                                      "§4); a friendly event may have any number.")
        if self.official and not 1 <= self.team_reserves <= 2:
            errors["team_reserves"] = _("Official team events have 1 or 2 reserves "
                                        "(appendix §4); a friendly event may have any number.")
        if errors:
            raise ValidationError(errors)


TIME_CONTROL_ERRORS = {
    "no-time": _("Give the minutes each player has, or a period repeated to the end."),
    "too-many": _("A schedule names %(text)s checks at most."),
    "order": _("Each check asks more moves in more minutes than the one before (%(text)s)."),
    "after-base": _("The check %(text)s comes after the minutes each player has: give more "
                    "minutes, or end the base time with that check."),
    "period": _("The repeated period needs moves and minutes (%(text)s)."),
    "negative": _("Times are not negative."),
}


def time_control_message(error: TimeControlError) -> str:
    return str(TIME_CONTROL_ERRORS.get(error.code, TIME_CONTROL_ERRORS["no-time"])) % {
        "text": error.text}


def _time_control_error(fields: "StatuteFields") -> str | None:
    try:
        checks, then = parse_checks(fields.time_checks or "")
        TimeControl(fields.time_base_minutes or 0, fields.time_increment_seconds or 0, checks,
                    then)
    except TimeControlError as error:
        return None if error.code == "unreadable" else time_control_message(error)
    return None


def law_defaults(format: str, games_per_match: int | None = None) -> dict:
    """The law's defaults that depend on the format (Art. 10.1.1, 21.2; appendix §2).

    Knockout matches are usually two games, one with each colour (appendix §2); two-game matches
    are scored with match and game points (Art. 21.2) and played at 60 minutes per game
    (Art. 10.1.1 a); a single game is 90 minutes each (Art. 10.1.1 b).
    """
    rules = FORMAT_RULES[format]
    games = games_per_match or rules.law_games_per_match
    defaults: dict = {"games_per_match": games}
    if games >= 2:
        defaults["time_base_minutes"] = 60
        if rules.has_standings:  # a bracket ranks nobody by points
            defaults["scoring"] = ScoringSystem.TWO_GAME_MATCH
    return defaults
