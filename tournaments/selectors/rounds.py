"""Rounds, boards and an entry's games as the pages show them, in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q

from tournaments.models import Board, Entry, Event, Game, Round, RoundStatus


def visible_rounds(event: Event, *, staff: bool) -> list[Round]:
    """Rounds with counts of boards and of boards still waiting for a result; drafts only for
    the people who run the event."""
    rounds = event.rounds_set.annotate(
        board_count=Count("boards", filter=Q(boards__black__isnull=False)),
        open_count=Count("boards", filter=Q(boards__black__isnull=False, boards__result="")),
    ).order_by("number")
    if not staff:
        rounds = rounds.exclude(status=RoundStatus.DRAFT)
    return list(rounds)


def _board_queryset():
    return (
        Board.objects.select_related("white__player", "white__team", "black__player",
                                     "black__team")
        .prefetch_related(Prefetch(
            "games", queryset=Game.objects.select_related("first_player", "second_player")
            .order_by("level", "number")))
        .order_by("number")
    )


def round_boards(round_: Round) -> list[Board]:
    """The boards of a round with both entries and their games: three queries."""
    return list(_board_queryset().filter(round=round_))


def all_boards(event: Event, *, staff: bool) -> list[Board]:
    """Every board of the event, for the table of all rounds."""
    boards = _board_queryset().filter(round__event=event).select_related("round")
    if not staff:
        boards = boards.exclude(round__status=RoundStatus.DRAFT)
    return list(boards.order_by("round__number", "number"))


@dataclass(frozen=True)
class EntryGame:
    round: int
    board: int
    opponent: Entry | None
    colour: str  # "w", "b" or "" for a bye
    result: str  # from the entry's side: "1", "½", "0", "+", "-", "X", bye letters, ""
    bye: str


_SIDE = {
    "1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("½", "½"), "0-0": ("0", "0"),
    "+/-": ("+", "-"), "-/+": ("-", "+"), "-/-": ("-", "-"), "X": ("X", "X"),
}


def entry_games(entry: Entry, *, staff: bool) -> list[EntryGame]:
    """Every game of an entry in round order, from its own side."""
    boards = _board_queryset().select_related("round").filter(
        Q(white=entry) | Q(black=entry), round__event=entry.event)
    if not staff:
        boards = boards.exclude(round__status=RoundStatus.DRAFT)
    out = []
    for b in boards.order_by("round__number"):
        if b.black_id is None:
            out.append(EntryGame(b.round.number, b.number, None, "", b.get_bye_display(), b.bye))
            continue
        first = b.white_id == entry.pk
        marks = _SIDE.get(b.result, ("", ""))
        out.append(EntryGame(
            round=b.round.number, board=b.number,
            opponent=b.black if first else b.white,
            colour="w" if first else "b",
            result=marks[0] if first else marks[1], bye="",
        ))
    return out
