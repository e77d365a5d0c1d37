"""The hall's screen (``views/screen.py``, docs/live.md "The pages and the hall screen"): what a
TV or a projector in the playing hall cycles through, read once for the public in a fixed number
of queries: the current round's pairings by name, the standings' top (or the bracket of a
knockout event), and the round's relayed boards; each cut into pages a screen shows at once.

Only what the public may read (Art. 14: the draw, scores and results of published rounds);
the screen is the same for everyone, signed in or not."""

from __future__ import annotations

from dataclasses import dataclass, field

import xiangqi
from tournaments.adapters.events import load_event
from tournaments.models import Board, Entry, Event, RelayedBoard, Round, RoundStatus
from tournaments.selectors import teams as team_selectors
from tournaments.selectors.event_page import EventFrame, ReadModel, event_frame
from tournaments.selectors.knockout import BracketView, event_bracket
from tournaments.selectors.pairing_sheet import boards_annotate_points_before
from tournaments.selectors.rounds import round_boards
from tournaments.selectors.standings import event_standings

# The screen's views, in the order they are cycled unless ``?views=`` says otherwise.
SCREEN_VIEWS = ("pairings", "standings", "bracket", "boards")
# How many standings rows the screen shows at most (its top), whatever the rows a page.
STANDINGS_TOP = 40


@dataclass(frozen=True)
class ScreenPage:
    """One page of a view: what the screen shows at once, and its place ("2 / 3")."""

    view: str
    number: int
    count: int
    rows: list = field(default_factory=list)


@dataclass(frozen=True)
class HallScreen(ReadModel):
    """The hall screen of an event: its current round (None before the first is published),
    the pages of each view asked, in the order asked, and the relayed boards."""

    frame: EventFrame
    round: Round | None
    pages: list[ScreenPage]
    bracket: BracketView | None = None
    relayed: list[Board] = field(default_factory=list)

    @property
    def views(self) -> list[str]:
        """The views that have something to show, in the order they are cycled."""
        return list(dict.fromkeys(p.view for p in self.pages))


def screen_views(asked: str) -> list[str]:
    """The views ``?views=`` names (comma-separated, known ones, in its order), else all."""
    views = [v for v in dict.fromkeys(v.strip() for v in asked.split(",")) if v in SCREEN_VIEWS]
    return views or list(SCREEN_VIEWS)


def screen_current_round(rounds: list[Round]) -> Round | None:
    """The round the hall plays: the last one in play (published), else the last one closed;
    never a draft."""
    shown = [r for r in rounds if r.status != RoundStatus.DRAFT]
    return next((r for r in reversed(shown) if r.status == RoundStatus.PUBLISHED),
                shown[-1] if shown else None)


def _pages(view: str, rows: list, size: int) -> list[ScreenPage]:
    chunks = [rows[i:i + size] for i in range(0, len(rows), size)]
    return [ScreenPage(view, n, len(chunks), chunk) for n, chunk in enumerate(chunks, 1)]


def hall_screen(event: Event, *, views: list[str], rows: int) -> HallScreen:
    """``event``'s hall screen for the public: the ``views`` asked (``screen_views``), each
    cut into pages of ``rows`` lines (boards or standings rows)."""
    frame = event_frame(event, staff=False)
    round_ = screen_current_round(frame.rounds)
    rules = event.format_rules
    pages: list[ScreenPage] = []
    bracket = None
    relayed: list[Board] = []
    boards: list[Board] = []
    if round_ is not None and ("pairings" in views or "boards" in views):
        boards = round_boards(round_)
        if rules.has_standings:
            boards_annotate_points_before(round_, boards, public_rounds=frame.public_rounds)
        if event.is_team:
            team_selectors.team_boards_annotate_scores(boards)
        # The chief arbiter's choice for the round (``models/game_records.py: RelayedBoard``).
        chosen = set(RelayedBoard.objects.filter(board__round=round_)
                     .values_list("board_id", flat=True))
        relayed = [b for b in boards if b.pk in chosen]
    for view in views:
        if view == "pairings" and boards:
            pages += _pages(view, boards, rows)
        elif view == "standings" and rules.has_standings and round_ is not None:
            pages += _pages(view, _standings_top(event, frame), rows)
        elif view == "bracket" and rules.has_bracket and round_ is not None:
            bracket = event_bracket(event, staff=False)
            if bracket.started:
                pages.append(ScreenPage(view, 1, 1))
        elif view == "boards" and relayed:
            pages += _pages(view, relayed, 2)
    return HallScreen(frame, round_, pages, bracket, relayed)


@dataclass(frozen=True)
class ScreenStanding:
    """A standings row as the screen shows it: the rank (``shared``: "="), the entry and the
    points that rank it (a match event's match points, or its game points when the statute
    ranks by them first)."""

    rank: int
    shared: bool
    entry: Entry
    points: str


def _standings_top(event: Event, frame: EventFrame) -> list[ScreenStanding]:
    """The top of the standings after the last played round (Art. 21.2-21.4)."""
    record = load_event(event, public_only=True, rounds=frame.public_rounds)
    table = event_standings(event, record=record)
    match = table.team or table.is_match
    return [ScreenStanding(row.rank, row.shared, row.entry,
                           (row.game_points if table.primary == "gp" else row.match_points)
                           if match else row.points)
            for row in table.rows[:STANDINGS_TOP]]


def screen_board_svg() -> str:
    """A relayed board before its game is read: the start position (the screen's script draws
    each game's position over it, static/js/screen.js)."""
    return xiangqi.board_svg(xiangqi.Position.from_fen(xiangqi.START_FEN))
