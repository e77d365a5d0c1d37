"""Rounds, boards and an entry's games as the pages show them, in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Exists, F, Max, OuterRef, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from records import Result
from scoring.crosstable import MARKS
from tournaments.models import (
    Adjournment,
    AdjournmentOutcome,
    Board,
    BoardAssignment,
    ByeKind,
    Entry,
    Event,
    Game,
    GameKind,
    GameMoves,
    Player,
    ResultCode,
    Round,
    RoundStatus,
    Substitution,
    awaiting_result,
)


def event_next_round_number(event: Event) -> int:
    """The number the event's next round takes."""
    return (event.rounds_set.aggregate(n=Max("number"))["n"] or 0) + 1


def event_rounds_open(event: Event) -> list[int]:
    """The numbers of the event's rounds not completed yet (drafts and published ones)."""
    return list(event.rounds_set.exclude(status=RoundStatus.COMPLETED)
                .order_by("number").values_list("number", flat=True))


def round_open_board_numbers(round_: Round) -> list[int]:
    """The numbers of the boards still waiting for a result (as ``round_open_boards``); a team or
    knockout match with some games played but not all still waits."""
    return list(round_.boards.filter(awaiting_result(round_.number))
                .order_by("number").values_list("number", flat=True))


def round_open_boards(round_: Round) -> int:
    """Boards of the round still waiting for a result. Byes never wait, nor do the games of an
    entry withdrawn before the round (a round robin's stored rounds): Art. 21.5 scores them."""
    return round_.boards.filter(awaiting_result(round_.number)).count()


def event_rounds(event: Event, *, staff: bool) -> QuerySet[Round]:
    """An event's rounds in number order, with counts of boards and of boards still waiting
    for a result; drafts only for the people who run the event, whose pages also say who
    paired each round."""
    rounds = event.rounds_set.annotate(
        board_count=Count("boards", filter=Q(boards__black__isnull=False)),
        open_count=Count("boards", filter=awaiting_result(F("number"), "boards__")),
    ).order_by("number")
    if staff:
        return rounds.select_related("paired_by")
    return rounds.exclude(status=RoundStatus.DRAFT)


def rounds_visible(event: Event, *, staff: bool) -> list[Round]:
    """``event_rounds``, read (one query)."""
    return list(event_rounds(event, staff=staff))


def round_assignments(round_: Round) -> list[BoardAssignment]:
    """The boards each arbiter is in charge of in ``round_`` (Art. 20.3 b), by first board."""
    return list(round_.assignments.select_related("arbiter").order_by("first"))


def rounds_with_event() -> QuerySet[Round]:
    """Rounds to find by id, each with its event (the rights are the event's)."""
    return Round.objects.select_related("event")


def boards_with_event() -> QuerySet[Board]:
    """Boards to find by id, each with its round and event."""
    return Board.objects.select_related("round__event")


def games_with_event() -> QuerySet[Game]:
    """Games to find by id, each with its board, round and event."""
    return Game.objects.select_related("board__round__event")


def board_game(board: Board, *, number: int | None = None, pk: int | None = None
               ) -> Game | None:
    """One game of a board's match, by its number or its id; None if the board has no such
    game."""
    lookup = {"number": number} if number is not None else {"pk": pk}
    return Game.objects.filter(board=board, **lookup).first()


def board_match_size(board: Board) -> int:
    """How many games a board's match has at its first level (a team match: its boards)."""
    return board.games.filter(level=0).count()


def round_drafts_after(event: Event, number: int) -> list[Round]:
    """The event's draft rounds after round ``number``, in order."""
    return list(event.rounds_set.filter(number__gt=number, status=RoundStatus.DRAFT)
                .order_by("number"))


def _board_queryset():
    """Boards with both entries, their games, and whether a game of theirs is adjourned now
    (Art. 10.3: everyone sees "adjourned", the sealed move is the arbiters')."""
    return (
        Board.objects.select_related("white__player", "white__team", "black__player",
                                     "black__team")
        .annotate(adjourned=Exists(Adjournment.objects.filter(
            board=OuterRef("pk"), outcome=AdjournmentOutcome.ADJOURNED)))
        .prefetch_related(Prefetch(
            "games", queryset=Game.objects.select_related("first_player", "second_player")
            .order_by("level", "number")))
        .order_by("number")
    )


def board_detail(board: Board) -> Board:
    """``board`` read again whole, with both entries and its games (three queries): the
    answer after a write."""
    return _board_queryset().get(pk=board.pk)


def round_boards(round_: Round) -> list[Board]:
    """The boards of a round with both entries and their games: three queries. A board whose
    entry withdrew before the round says so (``withdrawn``: that entry); Art. 21.5 scores it."""
    boards = list(_board_queryset().filter(round=round_))
    for board in boards:
        board.withdrawn = next(
            (e for e in (board.white, board.black) if e is not None
             and e.withdrawn_after_round is not None and e.withdrawn_after_round < round_.number),
            None)
    return boards


@dataclass(frozen=True)
class EntryGame:
    round: int
    board: int
    opponent: Entry | None
    colour: str  # "w", "b" or "" for a bye
    result: str  # from the entry's side: "1", "½", "0", "+", "-", "X", bye letters, ""
    bye: str
    board_id: int | None = None
    # The games of the board whose moves are recorded (Art. 11): None for a board's single game,
    # else the game's number in its match; each links to the public game page.
    recorded: tuple[int | None, ...] = ()
    starts_at: datetime | None = None  # the round's start (``Round.starts_at``)


def entry_games(entry: Entry, *, staff: bool) -> list[EntryGame]:
    """Every game of an entry in round order, from its own side."""
    boards = _board_queryset().select_related("round").filter(
        Q(white=entry) | Q(black=entry), round__event=entry.event)
    if not staff:
        boards = boards.exclude(round__status=RoundStatus.DRAFT)
    out = []
    boards = list(boards.order_by("round__number"))
    recorded = _recorded_games(boards)
    event = entry.event
    for b in boards:
        b.round.event = event  # the round's start reads its event's schedule: no query
        if b.black_id is None:
            out.append(EntryGame(b.round.number, b.number, None, "", b.get_bye_display(), b.bye,
                                 starts_at=b.round.starts_at))
            continue
        first = b.white_id == entry.pk
        out.append(EntryGame(
            round=b.round.number, board=b.number,
            opponent=b.black if first else b.white,
            colour="w" if first else "b",
            result=MARKS[Result(b.result).outcome_for(first)] if b.result else "", bye="",
            board_id=b.pk,
            recorded=recorded.get(b.pk, ()),
            starts_at=b.round.starts_at,
        ))
    return out


def _recorded_games(boards: list[Board]) -> dict[int, tuple[int | None, ...]]:
    """For each published board with moves, which of its games carry them (one query)."""
    found: dict[int, list[int | None]] = {}
    published = [b.pk for b in boards if b.round.status != RoundStatus.DRAFT]
    rows = (GameMoves.objects.filter(board__in=published)
            .values_list("board_id", "game__number").order_by("board_id", "game__number"))
    for board_id, number in rows:
        found.setdefault(board_id, []).append(number)
    return {board_id: tuple(numbers) for board_id, numbers in found.items()}


# Reasons the services record by themselves (in English, as stored), shown in the reader's
# language; anything else is what the arbiter typed.
SYSTEM_REASONS = {
    "paired": gettext_lazy("paired"),
    "line-up": gettext_lazy("line-up"),
    "roster": gettext_lazy("roster"),
    "knockout": gettext_lazy("the bracket advanced"),
    "tie-break": gettext_lazy("tie-break games"),
    "import": gettext_lazy("imported"),
    "imported from TRF": gettext_lazy("imported from a TRF file"),
    "changed by hand": gettext_lazy("changed by hand"),
    "colours swapped": gettext_lazy("colours swapped"),
    "players exchanged": gettext_lazy("players exchanged"),
    "bye given": gettext_lazy("bye given"),
    "paired by hand": gettext_lazy("paired by hand"),
    "taken out of the round": gettext_lazy("taken out of the round"),
    "restored from a backup": gettext_lazy("restored from a backup"),
}
FOREIGN_KEYS = {"white", "black", "first_player", "second_player"}
# A team match's choices (appendix §4), shown when they change, not when the match is stored.
CHOICE_FIELDS = ("first_substitution", "second_substitution")


@dataclass(frozen=True)
class Change:
    """One field of a change: its code, its name, and the values before and after (as stored,
    and as people read them)."""

    field: str
    label: str
    before: str
    after: str
    before_value: str | None
    after_value: str | None


@dataclass(frozen=True)
class HistoryLine:
    """One change of a board or of one of its games, as its history recorded it."""

    at: datetime
    user: str
    subject: str  # "" for the board itself, else the game ("Game 2", "board 3")
    created: bool
    deleted: bool
    changes: tuple[Change, ...]
    reason: str
    system: bool  # the reason was recorded by the software, not typed by someone


def _raw(value) -> str | None:
    return None if value in (None, "") else str(value)


def _user_name(user) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()


def board_history(board: Board) -> list[HistoryLine]:
    """Every recorded change of ``board`` and its games, oldest first: who, when, what changed
    from what to what, and the reason (five queries whatever the length of the history)."""
    boards = list(Board.history.filter(id=board.pk).select_related("history_user")
                  .order_by("history_date", "history_id"))
    games = list(Game.history.filter(board_id=board.pk).select_related("history_user")
                 .order_by("history_date", "history_id"))
    entry_ids = {i for r in boards for i in (r.white_id, r.black_id) if i}
    entries = {e.pk: e.name for e in Entry.objects.filter(pk__in=entry_ids)
               .select_related("player", "team")}
    player_ids = {i for r in games for i in (r.first_player_id, r.second_player_id) if i}
    players = {p.pk: p.full_name for p in Player.objects.filter(pk__in=player_ids)}
    results = dict(ResultCode.choices)
    byes = dict(ByeKind.choices)

    def show(field, value):
        if value in (None, ""):
            return "–"
        if field == "result":
            return str(results.get(value, value))
        if field == "bye":
            return str(byes.get(value, value))
        if field in ("white", "black"):
            return entries.get(value, f"#{value}")
        if field in CHOICE_FIELDS:
            return str(substitutions.get(value, value))
        return players.get(value, f"#{value}")

    substitutions = dict(Substitution.choices)
    first_name = board.white.name if board.white_id else _("White")
    second_name = board.black.name if board.black_id else _("Black")
    labels = {"result": _("result"), "white": _("White"), "black": _("Black"), "bye": _("bye"),
              "first_player": first_name, "second_player": second_name,
              "first_substitution": f"{first_name}: {_('how a reserve comes in')}",
              "second_substitution": f"{second_name}: {_('how a reserve comes in')}"}
    lines: list[tuple] = []

    def value(record, field):
        if record is None:
            return None
        return getattr(record, f"{field}_id" if field in FOREIGN_KEYS else field)

    def walk(records, fields, subject_of):
        previous = {}
        for order, r in enumerate(records):
            before = previous.get(r.id)
            previous[r.id] = r
            changes = tuple(
                Change(f, str(labels[f]), show(f, value(before, f)), show(f, value(r, f)),
                       _raw(value(before, f)), _raw(value(r, f)))
                for f in fields
                if value(before, f) != value(r, f)
                and not (before is None and (value(r, f) in (None, "") or f in CHOICE_FIELDS)))
            if r.history_type == "~" and not changes:
                continue  # saved without a visible change (only the version moved)
            reason = r.history_change_reason or ""
            lines.append(((r.history_date, order), HistoryLine(
                at=r.history_date, user=_user_name(r.history_user), subject=subject_of(r),
                created=r.history_type == "+", deleted=r.history_type == "-",
                changes=changes, reason=str(SYSTEM_REASONS.get(reason, reason)),
                system=reason in SYSTEM_REASONS)))

    team = board.round.event.is_team

    def game_subject(r):
        if team:
            return _("board %(n)s") % {"n": r.number}
        return f"{GameKind(r.kind).label} {r.number}"

    # Team matches: each team's choice of how its reserves come in (appendix §4), once changed.
    walk(boards, ("white", "black", "bye", "result", *(CHOICE_FIELDS if team else ())),
         lambda r: "")
    walk(games, ("first_player", "second_player", "result") if team else ("result",),
         game_subject)
    return [line for _key, line in sorted(lines, key=lambda item: item[0])]
