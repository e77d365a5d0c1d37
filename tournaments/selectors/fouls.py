"""The penalties recorded in an event (chapter 5; ``models/fouls.py``), as pages, the API and the
workbook show them."""

from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments.models import (
    Board,
    Entry,
    Event,
    Foul,
    Game,
    Round,
    RoundStatus,
    fault_category,
    faults_to_lose,
    game_pace,
)


def _fouls() -> QuerySet:
    return Foul.objects.select_related("entry__player", "entry__team", "recorded_by",
                                       "board__round", "game")


def fouls_with_round() -> QuerySet:
    """Penalties to find by id, each with its board and round."""
    return Foul.objects.select_related("board__round")


def board_fouls(board: Board) -> list[Foul]:
    """A board's penalties, oldest first (one query)."""
    return list(_fouls().filter(board=board).order_by("recorded_at", "pk"))


def round_fouls(round_: Round) -> list[Foul]:
    """A round's penalties by board, then in the order recorded (one query)."""
    return list(_fouls().filter(board__round=round_).order_by("board__number", "recorded_at",
                                                              "pk"))


def event_fouls(event: Event, *, staff: bool) -> list[Foul]:
    """Every penalty of the event by round and board; the public's rounds only unless
    ``staff`` (one query)."""
    fouls = _fouls().filter(board__round__event=event)
    if not staff:
        fouls = fouls.exclude(board__round__status=RoundStatus.DRAFT)
    return list(fouls.order_by("board__round__number", "board__number", "recorded_at", "pk"))


def faults_losing(fouls, *, pace: str) -> set[tuple[int, int | None]]:
    """The (entry, game) pairs whose faults lose the game: three technical or three conduct
    faults (Art. 7.1 n); in rapid and blitz (``pace``, or a rapid or blitz game of a match) a
    claimed illegal move or a conduct fault at once (``models/fouls.py: faults_to_lose``)."""
    counts: dict[tuple, int] = {}
    losing = set()
    for foul in fouls:
        limit = faults_to_lose(foul.article, game_pace(pace, foul.game))
        if limit is None:
            continue
        key = (foul.entry_id, foul.game_id, fault_category(foul.article), limit)
        counts[key] = counts.get(key, 0) + 1
        if counts[key] >= limit:
            losing.add((foul.entry_id, foul.game_id))
    return losing


@dataclass(frozen=True)
class LossDue:
    """A side that has lost its game by its faults (Art. 7.1 n; rapid and blitz, points 4.2,
    10), for the arbiter to confirm."""

    entry: Entry
    game: Game | None


def board_losses_due(board: Board, fouls: list[Foul], *, pace: str) -> list[LossDue]:
    """The losses by faults on ``board`` (its ``fouls`` already read; the event's ``pace``),
    while the game has no result yet."""
    due = faults_losing(fouls, pace=pace)
    out = []
    for foul in fouls:
        key = (foul.entry_id, foul.game_id)
        pending = not (foul.game.result if foul.game else board.result)
        if key in due and pending and key not in {(d.entry.pk, d.game and d.game.pk)
                                                  for d in out}:
            out.append(LossDue(foul.entry, foul.game))
    return out
