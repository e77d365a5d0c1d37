"""What each format of play IS (appendix "Các hình thức thi đấu" §1–§5; Art. 17, 21): one
frozen ``FormatRules`` per ``Format``, in ``FORMAT_RULES``.

The rest of the app asks these rules, never the format itself: an event gives its own as
``event.format_rules`` (a stage of a championship as ``stage.format_rules``), a format chosen on
a form or in a file as ``FORMAT_RULES[value]``. Pages and exports ask ``has_standings`` or
``has_bracket``; the services ``late_entries``, ``rounds_checked``, ``planned_rounds``; the
scoring adapters ``scoring_format`` and the law's tie-breaks. What a format DOES (pair its
rounds, what follows a result, a withdrawal) is ``services/formats.py: FormatFlow``.

The module sits at the bottom of the models (it imports no other model) so that the statute's
own fields (``models/statute.py``) can ask it too. A team event (``participant_kind``) is a
separate axis: it plays one of these formats.

Adding a format: a member of ``Format`` (and its migration's choices), its ``FormatRules``
here, its ``FormatFlow`` in ``services/formats.py``; ``docs/architecture.md``, "The format's
home", says what else may want it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.formats import Format as ScoringFormat
from scoring.presets import (
    LAW_ROUND_ROBIN,
    LAW_ROUND_ROBIN_MATCHES,
    LAW_SWISS,
    LAW_SWISS_MATCHES,
)


class Format(models.TextChoices):
    ROUND_ROBIN = "rr", _("Round robin")
    DOUBLE_ROUND_ROBIN = "drr", _("Double round robin")
    SWISS = "swiss", _("Swiss system")
    SINGLE_ELIMINATION = "ko", _("Single elimination")
    DOUBLE_ELIMINATION = "dko", _("Double elimination")


# Art. 21.5.2, the statute's second reading (``statute.SwissWithdrawal.STAYS``): a withdrawn
# player stays in the draw.
WITHDRAWN_STAY = "stays"

# Entries from which a format with a worker threshold pairs and checks in a worker, when the
# setting that names it is not set.
BACKGROUND_DEFAULT = 100


@dataclass(frozen=True)
class FormatRules:
    """What a format is, named for what the rest of the app asks."""

    #: Appendix §2, §3: a bracket places the players (a bracket page, sheet and workbook table,
    #: placings on certificates); it has no standings, crosstable, tie-breaks or points to carry.
    has_bracket: bool = False
    #: Appendix §3: a player's first loss sends them to the losers' (B) bracket.
    losers_bracket: bool = False
    #: Appendix §5: every round is drawn at once from the Berger tables, so the table numbers
    #: are drawn first and later rounds wait as drafts.
    pairs_all_rounds_at_once: bool = False
    #: Appendix §5: cycles of the Berger table (a double round robin plays two); 0 elsewhere.
    cycles: int = 0
    #: Appendix §5: the entry paired with the dummy number rests (``points_rest``), rather than
    #: receiving a pairing bye (``points_bye``).
    bye_is_rest: bool = False
    #: FIDE C.04.3: each round is paired from the scores of the rounds before, once the last
    #: one is closed: a player may ask for a bye or be kept apart from others, the first colour
    #: is drawn by lots, the engine's reasons are stored with the round, and a stage of this
    #: format can qualify players while the others play on.
    pairs_by_score: bool = False
    #: C.04.3 Art. 1.10: the pairing checker checks each round (stored findings, the check
    #: pages), so the arbiter may also change a draft's boards by hand.
    rounds_checked: bool = False
    #: Entries may join after round 1 (from the next round); elsewhere the tables are drawn.
    late_entries: bool = False
    #: Appendix §1: the statute announces the number of rounds (elsewhere the entries imply it),
    #: with the law's guidance for the number of players.
    rounds_announced: bool = False
    #: C.04.2: table numbers in the initial order by rating by default; elsewhere by lots
    #: (appendix §5: the players draw their numbers).
    numbers_by_rating: bool = False
    #: Appendix §2: a knockout match is two games by default; elsewhere one game.
    law_games_per_match: int = 1
    #: How the scoring engine treats the event: withdrawals (Art. 21.5.1 / 21.5.2) and unplayed
    #: games (FIDE C.07 §16).
    scoring_format: ScoringFormat = ScoringFormat.SWISS
    #: Art. 21.3 / 21.4: the law's tie-break order when the statute names none; Art. 21.2 for
    #: two-game matches (match points, then game points). Team events have appendix §4's.
    law_tiebreaks: tuple[str, ...] = LAW_SWISS
    law_tiebreaks_matches: tuple[str, ...] = LAW_SWISS_MATCHES
    #: Art. 21.4: "points, then the coefficient" names no coefficient for this format (the
    #: law's chapter 6 does not exist), so an official event's statute chooses the order before
    #: a round's draw is published; elsewhere the law's own order applies when none is named.
    statute_names_tiebreaks: bool = False
    #: Each round is paired on its own from who is there: a player who has not checked in when
    #: the statute's check-in closes is left out of the round (not paired, no forfeit; the
    #: scoring reads the missing round as an absence). Elsewhere the table is fixed in advance
    #: (a round robin's Berger table, appendix §5; a knockout's bracket, §2–§3): an absent
    #: player keeps their board and loses it when the forfeit time passes (Art. 10.2.1 a).
    leaves_out_absent: bool = False
    #: The setting holding the number of entries from which a worker pairs and checks the
    #: rounds; "": never in a worker.
    background_setting: str = ""

    @property
    def has_standings(self) -> bool:
        """Ranked by points: standings, a crosstable, tie-breaks (and lots), points before a
        round, a TRF file."""
        return not self.has_bracket

    @property
    def crosstable_by_opponent(self) -> bool:
        """A crosstable column per opponent (everyone meets everyone), else one per round: the
        scoring engine's choice (``scoring/crosstable.py``)."""
        return self.scoring_format is ScoringFormat.ROUND_ROBIN

    @property
    def background_from(self) -> int | None:
        """Entries from which a worker pairs and checks the rounds; None: never. Read from the
        settings when asked (tests override them)."""
        if not self.background_setting:
            return None
        return getattr(settings, self.background_setting, BACKGROUND_DEFAULT)

    def keeps_withdrawn_in_draw(self, reading: str) -> bool:
        """Art. 21.5.2 ("whoever is drawn next against the withdrawn player wins"), as the
        statute reads it (``swiss_withdrawal``): a format paired by score keeps a withdrawn
        player in the draw when the statute says they stay, so whoever is drawn against them
        wins by forfeit; elsewhere a withdrawn player is never paired again."""
        return self.pairs_by_score and reading == WITHDRAWN_STAY

    def planned_rounds(self, *, announced: int | None, entries: int) -> int:
        """Rounds an event of ``entries`` entries will have: implied by the Berger tables
        (appendix §5: n − 1 per cycle, n with an odd number), else the statute's ``announced``
        (0: not known)."""
        if self.pairs_all_rounds_at_once:
            per_cycle = entries - 1 if entries % 2 == 0 else entries
            return per_cycle * self.cycles
        return announced or 0


_ROUND_ROBIN = FormatRules(
    pairs_all_rounds_at_once=True, cycles=1, bye_is_rest=True,
    scoring_format=ScoringFormat.ROUND_ROBIN,
    law_tiebreaks=LAW_ROUND_ROBIN, law_tiebreaks_matches=LAW_ROUND_ROBIN_MATCHES,
)
_KNOCKOUT = FormatRules(has_bracket=True, law_games_per_match=2)

FORMAT_RULES: dict[str, FormatRules] = {
    Format.ROUND_ROBIN: _ROUND_ROBIN,
    # The statute's choice (the law has none): two cycles of §5's tables.
    Format.DOUBLE_ROUND_ROBIN: replace(_ROUND_ROBIN, cycles=2),
    Format.SWISS: FormatRules(
        pairs_by_score=True, rounds_checked=True, late_entries=True, rounds_announced=True,
        numbers_by_rating=True, background_setting="SWISS_ASYNC_MIN_ENTRIES",
        statute_names_tiebreaks=True, leaves_out_absent=True,
    ),
    Format.SINGLE_ELIMINATION: _KNOCKOUT,
    Format.DOUBLE_ELIMINATION: replace(_KNOCKOUT, losers_bracket=True),
}
