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

from tournaments.models import (
    ARBITER_ROLES,
    Board,
    BoardAssignment,
    Entry,
    Event,
    EventRole,
    Foul,
    Protest,
    Round,
    RoundStatus,
    RoundTimeChange,
)
from tournaments.selectors import knockout as knockout_selectors
from tournaments.selectors import teams as team_selectors
from tournaments.selectors.championships import boards_annotate_colour_choosers
from tournaments.selectors.event_page import EventFrame, ReadModel, event_frame
from tournaments.selectors.fouls import round_fouls
from tournaments.selectors.game_records import GameView, boards_annotate_recorded, round_flags
from tournaments.selectors.next_step import NextStep, event_next_step
from tournaments.selectors.pairing_sheet import (
    Seat,
    board_seats,
    boards_annotate_points_before,
    points_and_record_after,
    seats_found,
)
from tournaments.selectors.protests import round_public_protests
from tournaments.selectors.rounds import round_assignments, round_boards, rounds_visible
from tournaments.selectors.schedule import round_schedule_history
from tournaments.selectors.swiss import RoundWarning, round_stored_warnings
from tournaments.selectors.swiss_explain import RoundWhy, round_explanation
from tournaments.text import SEARCH_MAX_CHARS, whole_number


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
    # A Swiss round paired after the check-in closed: who it left out, not checked in.
    left_out: list[Entry] = field(default_factory=list)
    # What to do next from this page (e.g. pair the next round once this one is closed).
    next_step: NextStep | None = None
    # Art. 20.3 b: the boards each arbiter is in charge of, the reader's own range and whether
    # the page shows only those boards.
    assignments: list[BoardAssignment] = field(default_factory=list)
    my_boards: BoardAssignment | None = None
    only_mine: bool = False
    arbiters: list = field(default_factory=list)  # whom the chief arbiter can assign boards
    schedule_changes: list[RoundTimeChange] = field(default_factory=list)  # of its start


def round_page_staff(event: Event, number: int, *, reader=None,
                     only_mine: bool = False) -> StaffRoundPage | None:
    """Round ``number`` of ``event`` as its arbiters read it; None if there is no such round.
    Rounds, boards, games, penalties, moves; a Swiss draft's stored findings and the stored
    explanation with the entries read once (no engine). ``only_mine``: only the boards
    ``reader`` is in charge of, when the chief arbiter gave them some."""
    rounds = rounds_visible(event, staff=True)
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        return None
    boards = round_boards(round_)
    assignments = round_assignments(round_)
    mine = next((a for a in assignments if reader is not None and a.arbiter_id == reader.pk),
                None)
    only_mine = only_mine and mine is not None
    if event.is_team:
        # the line-up form of each match (appendix §4)
        team_selectors.boards_annotate_rosters(boards)
        team_selectors.team_boards_annotate_scores(boards)  # a match's score so far, e.g. 2½–1½
    elif event.format_rules.has_bracket:  # e.g. 1–1 · 1½–½ (rapid)
        knockout_selectors.bracket_boards_annotate_scores(round_, boards)
        boards_annotate_colour_choosers(event, boards)  # a championship stage's statute
    recorded = boards_annotate_recorded(boards)
    page = {
        "round": round_, "rounds": rounds,
        "boards": [b for b in boards if mine.holds(b.number)] if only_mine else boards,
        "later_rounds": [r.number for r in rounds if r.number > round_.number]
        if round_.status == RoundStatus.COMPLETED else [],
        "fouls": round_fouls(round_), "recorded": recorded,
        # Only recorded games can be flagged: none recorded, nothing more to read.
        "move_flags": round_flags(round_) if recorded else [],
        "next_step": event_next_step(event, rounds),
        "assignments": assignments, "my_boards": mine, "only_mine": only_mine,
        "arbiters": _arbiters(event), "schedule_changes": round_schedule_history(round_),
    }
    if event.format_rules.rounds_checked:
        page.update(_swiss_parts(event, round_, boards))
    return StaffRoundPage(**page)


def _arbiters(event: Event) -> list:
    """The event's arbiters (Art. 20.1), each once, by username."""
    roles = EventRole.objects.filter(event=event, role__in=ARBITER_ROLES).select_related("user")
    return sorted({r.user for r in roles}, key=lambda u: u.get_username())


def _swiss_parts(event: Event, round_: Round, boards: list[Board]) -> dict:
    """A Swiss round on the arbiter's page: the findings stored with a draft (what the arbiter
    may still change), and why the engine paired it so (per bracket; per board ``b.why``)."""
    entries = list(event.entries.select_related("player", "team").order_by("number", "pk"))
    draft = round_.status == RoundStatus.DRAFT
    warnings = round_stored_warnings(round_, entries=entries, boards=boards) if draft else None
    return {
        "swiss_checked": warnings is not None,
        "swiss_checking": draft and warnings is None,
        "swiss_warnings": [w for w in warnings or [] if not w.is_difference],
        "swiss_differences": [w for w in warnings or [] if w.is_difference],
        "swiss_entries": entries,
        "why": round_explanation(round_, boards, entries=entries),
        "left_out": [e for e in entries if e.number in set(round_.left_out)],
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
    find: str = ""  # what "find my board" was asked, and the seats it found
    found: list[Seat] = field(default_factory=list)
    # Decided protests about its results or draw (Art. 15.6, 19.4; ``models/protests.py``).
    protests: list[Protest] = field(default_factory=list)

    @property
    def found_board(self) -> int | None:
        """The one board ``find`` leads to (the page jumps there), if it found one."""
        boards = {s.board for s in self.found}
        return boards.pop() if len(boards) == 1 else None


def round_page_public(event: Event, *, staff: bool, number: int | None = None,
                      asked: str = "", find: str = "", board: str = "") -> PublicRoundPage:
    """Round ``number`` of ``event`` as its public page shows it (drafts only to ``staff``),
    or, without a number, the current round: the last one in play, else the last one played
    (as chess-results opens an event), unless the round picker ``asked`` for another.
    ``find``: "find my board" (``seats_found``); ``board``: the board the page shows found."""
    frame = event_frame(event, staff=staff)
    if number is None:
        round_ = _current(frame.rounds, asked)
    else:
        round_ = next((r for r in frame.rounds if r.number == number), None)
    if round_ is None:
        return PublicRoundPage(frame, None)
    boards = round_boards(round_)
    record = boards_annotate_points_before(round_, boards, public_rounds=frame.public_rounds)
    entries = record.entries.values() if record is not None else None
    why = round_explanation(round_, boards, entries=entries)  # Swiss: "why?" on each board
    recorded = boards_annotate_recorded(boards)  # links to the games with moves (Art. 11)
    if event.is_team:
        team_selectors.team_boards_annotate_scores(boards)  # "2½–1½" on each team match
    seats = board_seats(boards)
    found = seats_found(seats, find)
    highlighted = {s.board for s in found} or {whole_number(board)}
    for b in boards:
        b.found = b.number in highlighted
    return PublicRoundPage(frame, round_, boards, seats, why, recorded, find=find[
        :SEARCH_MAX_CHARS], found=found, protests=round_public_protests(round_))


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
                       warnings=round_stored_warnings(round_, entries=entries, boards=boards))
