"""The round pages' read models: everything the arbiter's page of a round and the public page of
a round show, read by one selector each, in a fixed number of queries whatever the size of the
round (the page's rounds, boards and games read once and handed to every part of the page that
needs them; the event's entries read once for the names of a Swiss round's checks and
explanation).

The views check who may see the page, call the selector and render; the templates' names are
the read model's fields (``event_page.py: ReadModel.context``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Board, Entry, Event, Foul, Round, RoundStatus
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import teams as team_selectors
from tournaments.selectors.championships import annotate_colour_choosers
from tournaments.selectors.event_page import EventFrame, ReadModel, event_frame
from tournaments.selectors.fouls import round_fouls
from tournaments.selectors.game_records import GameView, annotate_recorded, round_flags
from tournaments.selectors.pairing_sheet import (
    Seat,
    annotate_points_before,
    find_my_board,
    points_and_record_after,
)
from tournaments.selectors.rounds import round_boards, visible_rounds
from tournaments.selectors.swiss import RoundWarning, stored_warnings
from tournaments.selectors.swiss_explain import RoundWhy, round_explanation


@dataclass(frozen=True)
class StaffRoundPage(ReadModel):
    """The arbiter's page of a round (``views/staff.py: manage_round``): the draw to review
    and publish, the results to enter, the penalties and the game records of the round; for a
    Swiss round its stored check (a draft's) and why the engine paired it so."""

    round: Round
    rounds: list[Round]  # every round, drafts included: the page's round picker
    boards: list[Board]  # entries and games loaded; team and knockout matches scored so far
    # Art. 20: a correction of a closed round after the next was paired changes the scores
    # that round was paired on; the page warns before the arbiter corrects.
    later_rounds: list[int]
    fouls: list[Foul]
    recorded: bool  # some game of the round has its moves (Art. 11)
    move_flags: list[GameView]  # recorded games whose result or repetitions need a look
    # Swiss rounds: the checker's findings stored with a draft (C.04.3 Art. 1.10), the
    # entries the arbiter edits the draft with, why the engine paired it so.
    swiss_checked: bool = False
    swiss_checking: bool = False
    swiss_warnings: list[RoundWarning] = field(default_factory=list)
    swiss_differences: list[RoundWarning] = field(default_factory=list)
    swiss_entries: list[Entry] = field(default_factory=list)
    why: RoundWhy | None = None


def round_page_staff(event: Event, number: int) -> StaffRoundPage | None:
    """Round ``number`` of ``event`` as its arbiters read it; None if there is no such round.
    Rounds, boards, games, penalties, moves; a Swiss draft's stored findings and the stored
    explanation with the entries read once (no engine)."""
    rounds = visible_rounds(event, staff=True)
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        return None
    boards = round_boards(round_)
    if event.is_team:
        team_selectors.annotate_rosters(boards)  # the line-up form of each match (appendix §4)
        team_selectors.annotate_match_scores(boards)  # a match's score so far, e.g. 2½–1½
    elif event.format_rules.has_bracket:  # e.g. 1–1 · 1½–½ (rapid)
        knockout_selectors.annotate_match_scores(round_, boards)
        annotate_colour_choosers(event, boards)  # a championship stage's statute
    recorded = annotate_recorded(boards)
    page = {
        "round": round_, "rounds": rounds, "boards": boards,
        "later_rounds": [r.number for r in rounds if r.number > round_.number]
        if round_.status == RoundStatus.COMPLETED else [],
        "fouls": round_fouls(round_), "recorded": recorded,
        # Only recorded games can be flagged: none recorded, nothing more to read.
        "move_flags": round_flags(round_) if recorded else [],
    }
    if event.format_rules.rounds_checked:
        page.update(_swiss_parts(event, round_, boards))
    return StaffRoundPage(**page)


def _swiss_parts(event: Event, round_: Round, boards: list[Board]) -> dict:
    """A Swiss round on the arbiter's page: the findings stored with a draft (what the arbiter
    may still change), and why the engine paired it so (per bracket; per board ``b.why``)."""
    entries = list(event.entries.select_related("player", "team").order_by("number", "pk"))
    draft = round_.status == RoundStatus.DRAFT
    warnings = stored_warnings(round_, entries=entries, boards=boards) if draft else None
    return {
        "swiss_checked": warnings is not None,
        "swiss_checking": draft and warnings is None,
        "swiss_warnings": [w for w in warnings or [] if not w.is_difference],
        "swiss_differences": [w for w in warnings or [] if w.is_difference],
        "swiss_entries": entries,
        "why": round_explanation(round_, boards, entries=entries),
    }


@dataclass(frozen=True)
class PublicRoundPage(ReadModel):
    """The public page of a round (``views/public.py: rounds, round_detail``): the
    pairing sheet with each side's points before the round, the alphabetical "find my board"
    list, the "why?" of a Swiss pairing, the games with moves; ``round`` None when the event
    has no round to show yet."""

    frame: EventFrame
    round: Round | None
    boards: list[Board] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    why: RoundWhy | None = None
    recorded: bool = False


def round_page_public(event: Event, *, staff: bool, number: int | None = None,
                      asked: str = "") -> PublicRoundPage:
    """Round ``number`` of ``event`` as its public page shows it (drafts only to ``staff``),
    or, without a number, the current round: the last one in play, else the last one played
    (as chess-results opens an event), unless the round picker ``asked`` for another."""
    frame = event_frame(event, staff=staff)
    if number is None:
        round_ = _current(frame.rounds, asked)
    else:
        round_ = next((r for r in frame.rounds if r.number == number), None)
    if round_ is None:
        return PublicRoundPage(frame, None)
    boards = round_boards(round_)
    record = annotate_points_before(round_, boards, public_rounds=frame.public_rounds)
    entries = record.entries.values() if record is not None else None
    why = round_explanation(round_, boards, entries=entries)  # Swiss: "why?" on each board
    recorded = annotate_recorded(boards)  # links to the games with moves (Art. 11)
    if event.is_team:
        team_selectors.annotate_match_scores(boards)  # "2½–1½" on each team match
    return PublicRoundPage(frame, round_, boards, find_my_board(boards), why, recorded)


def _current(rounds: list[Round], asked: str) -> Round | None:
    shown = [r for r in rounds if r.status != RoundStatus.DRAFT] or rounds
    current = next((r for r in reversed(shown) if r.status == RoundStatus.PUBLISHED),
                   shown[-1] if shown else None)
    return next((r for r in rounds if str(r.number) == asked), current)


@dataclass(frozen=True)
class ApiRoundPage:
    """A round as the API gives it (``api/swiss.py: RoundsViewSet``, its GET and the answer to
    a draft's edit): its boards with each side's points before the round, why the
    engine paired a Swiss round so and, for the staff on a Swiss draft, the stored findings
    (``warnings`` None while a worker checks the round; ``with_warnings`` False when they are
    not the reader's to see)."""

    round: Round
    boards: list[Board]
    points_before: dict[int, str]
    why: RoundWhy | None
    with_warnings: bool = False
    warnings: list[RoundWarning] | None = None


def round_page_api(round_: Round, *, staff: bool) -> ApiRoundPage:
    """``round_`` (one of ``event_rounds``: with its open boards counted) for the API, the
    event read once for the points before it, the names of its explanation and its check."""
    boards = round_boards(round_)
    points, record = points_and_record_after(round_.event, round_.number - 1)
    entries = record.entries.values() if record is not None else None
    why = round_explanation(round_, boards, entries=entries)
    if not (round_.event.format_rules.rounds_checked and round_.status == RoundStatus.DRAFT
            and staff):
        return ApiRoundPage(round_, boards, points, why)
    return ApiRoundPage(round_, boards, points, why, with_warnings=True,
                       warnings=stored_warnings(round_, entries=entries, boards=boards))
