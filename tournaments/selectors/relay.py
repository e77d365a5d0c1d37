"""The live relay as its readers see it (docs/live.md, "Relay"): which boards of a round are
relayed and by whom, and a relayed game's moves as a viewer may see them.

The statute's relay delay (``relay_delay_plies``, ``relay_delay_minutes``; an anti-cheating
option for over-the-board play, no article of the law) holds back from the public the last
plies of a game still being played and the plies entered less than so many minutes ago; the
event's staff see every move at once, and everyone sees the whole game once its result is
entered. ``relay_visible`` is that rule alone; every public read of a relayed game (the game
page, its PGN, the round's and the event's PGN, the live JSON and PGN feeds, the API) goes
through it. Reads only; ``services/relay.py`` writes."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.dateparse import parse_datetime

import xiangqi
from tournaments.models import (
    ARBITER_ROLES,
    Board,
    Event,
    GameMoves,
    RelayedBoard,
    Role,
    Round,
    RoundStatus,
)
from tournaments.selectors.game_records import GameSlot, board_slots


def relay_visible(*, total: int, times: list, result: str, plies: int, minutes: int,
                  now: datetime, staff: bool) -> tuple[int, datetime | None]:
    """How many of a relayed game's ``total`` plies a viewer sees, and when the next hidden
    one becomes public (None: never by waiting alone, or nothing is hidden).

    The staff see them all; so does everyone once the game has its ``result``. Otherwise the
    last ``plies`` are held back, and so is every ply entered less than ``minutes`` ago
    (``times``: when each ply was entered, None where unknown, which counts as long ago)."""
    if staff or result or (not plies and not minutes):
        return total, None
    seen = max(0, total - plies)
    if not minutes:
        return seen, None
    cutoff = now - timedelta(minutes=minutes)
    shown = 0
    while shown < seen and (_time(times, shown, total) or cutoff) <= cutoff:
        shown += 1
    if shown < seen:  # the next ply waits only for its time
        return shown, _time(times, shown, total) + timedelta(minutes=minutes)
    return shown, None


def _time(times: list, index: int, total: int) -> datetime | None:
    """When ply ``index`` (0: the first) was entered, from ``GameMoves.ply_times``; a list
    shorter than the moves lacks the first ones (typed before the relay began): None."""
    at = index - (total - len(times))
    value = times[at] if 0 <= at < len(times) else None
    return parse_datetime(value) if isinstance(value, str) else None


@dataclass
class RelayState:
    """A relayed game as one viewer sees it: ``ply`` of the ``total`` stored plies, the ICCS
    moves, the FEN after each, their Vietnamese notation (Art. 11.2a), when the next hidden
    move becomes public, the board's result code (None while there is none) and, for the
    staff, the legal moves of the position after every stored move (``{from: [to, ...]}``)."""

    board: int
    total: int
    ply: int
    start: str
    moves: list[str]
    fens: list[str]
    written: list[str]
    next_at: datetime | None
    result: str | None
    legal: dict | None = None
    positions: list = field(default_factory=list, repr=False)

    def message(self, start: int = 0) -> dict:
        """The live feed's message (and the JSON's body when ``start`` is 0): the moves from
        index ``start`` (``from``) to ``ply - 1``; after an undo, ``start`` is ``ply`` and the
        lists are empty."""
        start = max(0, min(start, self.ply))
        return {"board": self.board, "ply": self.ply, "from": start,
                "moves": self.moves[start:self.ply], "fens": self.fens[start:self.ply],
                "written": self.written[start:self.ply],
                "next_at": self.next_at.isoformat() if self.next_at else None,
                "result": self.result}

    def body(self) -> dict:
        """``live.json``: the whole visible game, with the start position."""
        data = self.message(0)
        del data["from"]
        data["start"] = self.start
        if self.legal is not None:
            data["total"] = self.total
            data["legal"] = self.legal
        return data


def _record(board: Board) -> GameMoves | None:
    return next((r for r in board.move_records.all() if r.game_id is None), None)


def relay_state(board: Board, *, staff: bool, now: datetime | None = None,
                legal: bool = False) -> RelayState:
    """The relayed game of ``board`` (its single game) as the public (``staff`` False, the
    statute's delay applied) or the staff see it; ``legal``: with the legal moves of the last
    position (for the recorder's board)."""
    now = now or timezone.now()
    event = board.round.event
    record = _record(board)
    words = record.iccs if record else []
    start = (record.start_fen if record else "") or xiangqi.START_FEN
    played = xiangqi.replay(words, start=start, notation="iccs")
    total = len(played.moves)
    shown, next_at = relay_visible(
        total=total, times=record.ply_times if record else [], result=board.result,
        plies=event.relay_delay_plies, minutes=event.relay_delay_minutes, now=now,
        staff=staff)
    fens = [p.fen() for p in played.positions]
    written = xiangqi.write_moves(played.start, played.moves, "vi")
    state = RelayState(board.pk, total, shown, fens[0], [str(m) for m in played.moves[:shown]],
                       fens[1:shown + 1], written[:shown], next_at, board.result or None,
                       positions=list(played.positions))
    if legal:
        state.legal = played.positions[-1].legal_targets()
    return state


def relay_board(event: Event, board_pk: int) -> Board | None:
    """A relayed board of ``event`` with what ``relay_state`` reads (one query and a prefetch),
    or None."""
    return (Board.objects.filter(pk=board_pk, round__event=event, relay__isnull=False)
            .select_related("round__event", "white__player", "white__team", "black__player",
                            "black__team", "relay__recorder")
            .prefetch_related("move_records").first())


def relay_may_enter(user, event: Event, board: Board) -> bool:
    """Whether ``user`` may enter the moves of the relayed ``board``: its recorder, or one of
    the event's arbiters (``tournaments.relay_any_board``)."""
    relay = getattr(board, "relay", None)
    return user.is_authenticated and relay is not None and (
        user.has_perm("tournaments.relay_any_board", event) or relay.recorder_id == user.pk)


def round_relays(round_: Round) -> list[RelayedBoard]:
    """The relayed boards of a round, by board number, with their recorders."""
    return list(RelayedBoard.objects.filter(board__round=round_)
                .select_related("board__white", "board__black", "recorder")
                .order_by("board__number"))


def recorder_boards(user, event: Event, *, every: bool = False) -> list[RelayedBoard]:
    """The relayed boards of ``event``'s live rounds (published ones) that ``user`` records
    (``every``: all of them, for an arbiter): their list of boards to open."""
    if not user.is_authenticated:
        return []
    found = RelayedBoard.objects.filter(board__round__event=event,
                                        board__round__status=RoundStatus.PUBLISHED)
    if not every:
        found = found.filter(recorder=user)
    return list(found.select_related("board__round", "board__white", "board__black",
                                     "recorder")
                .order_by("board__round__number", "board__number"))


def relay_recorders(event: Event):
    """The people who may record a board of ``event``: its recorders and arbiters."""
    return (get_user_model().objects.filter(
        event_roles__event=event, event_roles__role__in=(Role.RECORDER, *ARBITER_ROLES))
        .distinct().order_by("username"))


def relay_recorder(event: Event, pk: int):
    """One of ``relay_recorders(event)`` by id, or None."""
    return relay_recorders(event).filter(pk=pk).first()


def relay_in_play(*, event_slug: str, board_pk: int | None = None,
                  round_number: int | None = None) -> bool:
    """Whether a read of the event (one board, one round, or all of it) shows a relayed game
    still in play (no result): its public answer changes with every move and with the clock
    (the delay in minutes), so the shared cache must not keep it (``public_cache.py``)."""
    found = RelayedBoard.objects.filter(board__round__event__slug=event_slug, board__result="")
    if board_pk is not None:
        found = found.filter(board_id=board_pk)
    if round_number is not None:
        found = found.filter(board__round__number=round_number)
    return found.exists()


def slots_public(slots: list[GameSlot], *, staff: bool, now: datetime | None = None
                 ) -> list[GameSlot]:
    """``slots`` as a viewer may read them: a relayed game still in play cut to its public
    moves (the statute's delay), for the public; the staff's unchanged. The records cut are
    copies, never saved."""
    if staff:
        return slots
    relayed = set(RelayedBoard.objects.filter(
        board__in=[s.board.pk for s in slots if s.game is None and not s.board.result])
        .values_list("board_id", flat=True))
    if not relayed:
        return slots
    now = now or timezone.now()
    out = []
    for slot in slots:
        if slot.board.pk in relayed and slot.game is None and slot.record is not None:
            event = slot.board.round.event
            record = slot.record
            shown, _next = relay_visible(
                total=record.ply_count, times=record.ply_times, result=slot.board.result,
                plies=event.relay_delay_plies, minutes=event.relay_delay_minutes, now=now,
                staff=False)
            cut = copy.copy(record)
            cut.moves = " ".join(record.iccs[:shown])
            slot = GameSlot(slot.board, slot.game, cut)
        out.append(slot)
    return out


def relay_slot(board: Board) -> GameSlot | None:
    """A relayed board's single game, with an empty record while no move is stored (its page
    shows the start position)."""
    slots = board_slots(board)
    slot = next((s for s in slots if s.game is None), None)
    if slot is not None and slot.record is None:
        slot.record = GameMoves(board=board, moves="", entered_at=timezone.now())
    return slot


def round_relay_boards(round_: Round) -> list[Board]:
    """The relayed boards of a published round, ready for ``relay_state`` (the live PGN)."""
    if round_.status == RoundStatus.DRAFT:
        return []
    return list(Board.objects.filter(round=round_, relay__isnull=False)
                .select_related("round__event", "white__player", "white__team",
                                "black__player", "black__team")
                .prefetch_related("move_records", "games").order_by("number"))
