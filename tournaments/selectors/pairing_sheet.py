"""A round as spectators read it: each side's start number, rating and points
before the round on the pairing sheet, and the "find my board" list in alphabetical order.

Points come from the standings after the previous round (Art. 21: the statute's scoring, byes,
forfeits and the withdrawals of Art. 21.5 counted as the standings count them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tournaments.adapters.events import EventRecord, load_event
from tournaments.models import Board, Entry, Event, Round
from tournaments.selectors.standings import StandingRow, StandingsView, event_standings
from tournaments.text import fold, search_words


def main_points(table: StandingsView, row: StandingRow) -> str:
    """The score the standings rank first: points, or a match event's match or game points
    (appendix §4: team events rank by the statute's choice)."""
    if table.team or table.is_match:
        return row.game_points if table.primary == "gp" else row.match_points
    return row.points


def points_and_record_after(event: Event, rounds: int, *,
                            public_rounds: list[Round] | None = None,
                            ) -> tuple[dict[int, str], EventRecord | None]:
    """Each ranked entry's points after ``rounds`` rounds (0: before the first), by entry id (a
    knockout has no points to carry: the bracket says who is still in), and the event as read
    for them (public rounds) for the rest of the page to use (None for a knockout: nothing is
    read). ``public_rounds``: the event's published rounds, when the page has read them."""
    if not event.format_rules.has_standings:
        return {}, None
    record = load_event(event, public_only=True, rounds=public_rounds)
    table = event_standings(event, after_round=rounds, record=record)
    return {row.entry.pk: main_points(table, row) for row in table.rows}, record


def boards_annotate_points_before(round_: Round, boards: Iterable[Board], *,
                           public_rounds: list[Round] | None = None) -> EventRecord | None:
    """Set ``white_points`` / ``black_points`` on each board: the points each side had when
    the round was paired; returns the event as read for them (``points_and_record_after``)."""
    points, record = points_and_record_after(round_.event, round_.number - 1,
                                             public_rounds=public_rounds)
    for board in boards:
        board.white_points = points.get(board.white_id, "")
        board.black_points = points.get(board.black_id, "")
    return record


@dataclass(frozen=True)
class Seat:
    """Where one entry sits in a round: its board, its colour, its opponent (or its bye)."""

    entry: Entry
    board: int
    colour: str  # "w", "b", or "" for a bye
    opponent: Entry | None
    bye: str


def _alphabetical(entry: Entry) -> tuple:
    """Vietnamese order: by given name, then the rest (``Player.sort_key``); teams by name."""
    key = entry.player.sort_key if entry.player_id else entry.team.name_folded
    return (key, entry.pk)


def board_seats(boards: Iterable[Board]) -> list[Seat]:
    """Every entry of the round, alphabetically, with its board, colour and opponent."""
    seats = []
    for b in boards:
        if b.black_id is None:
            seats.append(Seat(b.white, b.number, "", None, b.get_bye_display()))
            continue
        seats.append(Seat(b.white, b.number, "w", b.black, ""))
        seats.append(Seat(b.black, b.number, "b", b.white, ""))
    return sorted(seats, key=lambda s: _alphabetical(s.entry))


def seats_found(seats: Iterable[Seat], query: str) -> list[Seat]:
    """The seats of ``query`` ("find my board"): every word of it in the entry's name,
    diacritics ignored ("nguyen" finds "Nguyễn"), or the entry's start number; in the list's
    order."""
    words = search_words(query)
    if not words:
        return []
    return [s for s in seats if (len(words) == 1 and words[0] == str(s.entry.number))
            or all(word in fold(s.entry.name) for word in words)]
