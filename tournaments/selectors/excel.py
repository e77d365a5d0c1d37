"""What the Excel exports read: an event's entries, rosters, rounds, boards and games, loaded in
a fixed number of queries (six), whatever the size of the event."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Board, Entry, Event, Game, Round, RoundStatus, TeamMember


@dataclass(frozen=True)
class ExportData:
    event: Event
    entries: list[Entry]  # by table number, then registration
    by_id: dict[int, Entry]
    members: dict[int, list[TeamMember]]  # team entry id -> roster in board order
    rounds: list[Round]
    boards: dict[int, list[Board]]  # round number -> boards in board order
    games: dict[int, list[Game]]  # board id -> games (level, then number)

    def round(self, number: int) -> Round | None:
        return next((r for r in self.rounds if r.number == number), None)


def event_export_data(event: Event, *, drafts: bool = False) -> ExportData:
    """The event as the sheets show it; draft rounds only when ``drafts`` (staff)."""
    entries = list(event.entries.select_related("player", "team").order_by("number", "pk"))
    members: dict[int, list[TeamMember]] = {}
    if event.is_team:
        for m in (TeamMember.objects.filter(entry__event=event).select_related("player")
                  .order_by("entry_id", "board_order")):
            members.setdefault(m.entry_id, []).append(m)
    rounds_qs = event.rounds_set.order_by("number")
    if not drafts:
        rounds_qs = rounds_qs.exclude(status=RoundStatus.DRAFT)
    rounds = list(rounds_qs)
    boards: dict[int, list[Board]] = {r.number: [] for r in rounds}
    number_of = {r.pk: r.number for r in rounds}
    for board in Board.objects.filter(round__in=rounds).order_by("round_id", "number"):
        boards[number_of[board.round_id]].append(board)
    games: dict[int, list[Game]] = {}
    for game in (Game.objects.filter(board__round__in=rounds)
                 .select_related("first_player", "second_player")
                 .order_by("board_id", "level", "number")):
        games.setdefault(game.board_id, []).append(game)
    return ExportData(event, entries, {e.pk: e for e in entries}, members, rounds, boards,
                      games)


def round_numbers(event: Event, *, drafts: bool = False) -> list[int]:
    rounds = event.rounds_set.order_by("number")
    if not drafts:
        rounds = rounds.exclude(status=RoundStatus.DRAFT)
    return list(rounds.values_list("number", flat=True))
