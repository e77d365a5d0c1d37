"""The live relay (docs/live.md, "Relay"): the chief arbiter chooses a round's relayed boards
and their recorders; a recorder (or an arbiter) enters the game's moves during play, one ply at
a time, checked by ``xiangqi`` against the position after the stored moves. The moves are the
game's score sheet (Art. 11: ``GameMoves``, source "relay"), so the biên bản exists when the
game ends.

A move locks its board, not the event: the event's version (and every cached page of the
event) stays as it is; the relayed pages read the moves fresh (``selectors/relay.py``,
``public_cache.py``). After the commit the move goes to the live feed: at once to the staff,
and to the public as the statute's delay lets them see it.

Moves are idempotent by their ply, so a phone's outbox may send one again after a dropped
connection: the same move at a stored ply is answered as stored; a ply beyond the next is a
gap, a different move at a stored ply a conflict (nothing changed either way)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import xiangqi
from tournaments.errors import ServiceError
from tournaments.live import live_publish
from tournaments.models import (
    ARBITER_ROLES,
    Board,
    Event,
    EventRole,
    GameMoves,
    MoveNotation,
    RecordSource,
    RelayedBoard,
    Role,
    Round,
    RoundStatus,
)
from tournaments.selectors.game_records import move_reason
from tournaments.selectors.relay import RelayState, relay_may_enter, relay_state
from tournaments.services._access import (
    event_open_require,
    event_writer,
    right_require,
)

MAX_RELAY_PLIES = 1_000


class RelayRefused(ServiceError):
    """A relayed move or undo that cannot be stored; ``fields`` tells the API's caller the
    ply stored last (``stored``) and why (``reason``: illegal, gap, conflict, undo)."""

    def __init__(self, message, *, reason: str, stored: int, **params):
        super().__init__(message, stored=stored, **params)
        self.fields = {"reason": reason, "stored": stored}


@dataclass(frozen=True)
class RelayAnswer:
    """What a relayed move or undo did (``changed`` False: already so, a resent ply) and the
    game as the staff now see it."""

    changed: bool
    state: RelayState


# -- the chief arbiter's choice ----------------------------------------------------------------

def _recorder_check(event: Event, recorder) -> None:
    roles = (Role.RECORDER, *ARBITER_ROLES)
    if not EventRole.objects.filter(event=event, user=recorder, role__in=roles).exists():
        raise ServiceError(_("%(name)s is neither a recorder nor an arbiter of this event."),
                           name=recorder.get_username())


@event_writer(perm="tournaments.relay_boards", of="round_")
def relay_board_set(*, round_: Round, actor, event: Event, number: int,
                    recorder=None) -> RelayedBoard:
    """Relay board ``number`` of ``round_``, its moves entered by ``recorder`` (one of the
    event's recorders or arbiters; None: any arbiter), replacing the recorder it had."""
    board = Board.objects.filter(round=round_, number=number).first()
    if board is None:
        raise ServiceError(_("Round %(n)s has no board %(board)s."), n=round_.number,
                           board=number)
    if board.is_bye:
        raise ServiceError(_("Board %(n)s is a bye: there is no game to relay."), n=number)
    if board.games.exists():
        raise ServiceError(_("Board %(n)s is a match of several games: the relay follows a "
                             "board's single game."), n=number)
    if round_.status == RoundStatus.COMPLETED:
        raise ServiceError(_("Round %(n)s is closed: its games are over."), n=round_.number)
    if recorder is not None:
        _recorder_check(event, recorder)
    relayed, _created = RelayedBoard.objects.update_or_create(
        board=board, defaults={"recorder": recorder, "chosen_by": actor})
    return relayed


@event_writer(perm="tournaments.relay_boards", of="round_")
def relay_board_remove(*, round_: Round, actor, event: Event, number: int) -> None:
    """Board ``number`` of ``round_`` is no longer relayed (the moves stored stay: they are the
    game's score sheet)."""
    RelayedBoard.objects.filter(board__round=round_, board__number=number).delete()


# -- moves -------------------------------------------------------------------------------------

def _locked(event: Event, board: Board, actor) -> tuple[Event, Board, GameMoves | None]:
    """The right checked, the board locked (the event's row is only read: its version stays),
    the event open and the round published."""
    right_require(actor=actor, perm="tournaments.relay_moves", event=event)
    event = Event.objects.get(pk=event.pk)
    if event.closed_at is not None:
        event_open_require(pk=event.pk)
    locked = (Board.objects.select_for_update().filter(pk=board.pk, round__event=event)
              .first())
    if locked is None:
        raise ServiceError(_("This board is not a board of %(event)s."), event=event.name)
    board = (Board.objects.select_related("round__event", "relay").filter(pk=locked.pk)
             .prefetch_related("move_records").get())
    if getattr(board, "relay", None) is None:
        raise ServiceError(_("Board %(n)s of round %(r)s is not relayed."), n=board.number,
                           r=board.round.number)
    if not relay_may_enter(actor, event, board):
        raise ServiceError(_("Board %(n)s is recorded by someone else: only its recorder and "
                             "the arbiters enter its moves."), n=board.number)
    if board.round.status == RoundStatus.DRAFT:
        raise ServiceError(_("Round %(n)s is a draft: no game has been played yet."),
                           n=board.round.number)
    record = next((r for r in board.move_records.all() if r.game_id is None), None)
    return event, board, record


def _times(record: GameMoves) -> list:
    """The entry times aligned with the moves: the first moves, typed before the relay began,
    get None."""
    times = list(record.ply_times or [])[-record.ply_count:] if record.ply_count else []
    return [None] * (record.ply_count - len(times)) + times


def _publish(event: Event, board: Board, before: dict, now: datetime) -> RelayState:
    """After the commit: the staff's message (every move) and the public's (the delay
    applied), each from the first ply that audience had not seen."""
    board = (Board.objects.select_related("round__event").prefetch_related("move_records")
             .get(pk=board.pk))
    staff = relay_state(board, staff=True, now=now, legal=True)
    public = relay_state(board, staff=False, now=now)
    live_publish(event.pk, "move", staff.message(min(before["staff"], staff.ply)),
                 audience="staff")
    live_publish(event.pk, "move", public.message(min(before["public"], public.ply)),
                 audience="public")
    return staff


def _seen(board: Board, now: datetime) -> dict:
    return {"staff": relay_state(board, staff=True, now=now).ply,
            "public": relay_state(board, staff=False, now=now).ply}


def relay_move(*, event: Event, board: Board, ply: int, move: str, actor,
               now: datetime | None = None) -> RelayAnswer:
    """Store move number ``ply`` (1: the game's first) of a relayed board's game: ``move`` in
    ICCS ("h2e2"), legal in the position after the stored moves (Art. 4.3, 6, 7.1). The same
    move at a stored ply again: nothing to do (a resent move); a ply beyond the next: refused
    (a gap); another move at a stored ply: refused (a conflict; undo first)."""
    now = now or timezone.now()
    with transaction.atomic():
        event, board, record = _locked(event, board, actor)
        words = record.iccs if record else []
        stored = len(words)
        text = (move or "").strip().lower()
        if ply < 1 or ply > stored + 1:
            raise RelayRefused(_("Move %(ply)s cannot be entered: %(stored)s moves are stored, "
                                 "the next is move %(next)s."), reason="gap", stored=stored,
                               ply=ply, next=stored + 1)
        if ply <= stored:
            if words[ply - 1] == text:
                return RelayAnswer(False, relay_state(board, staff=True, now=now, legal=True))
            raise RelayRefused(_("Move %(ply)s is already stored as another move: undo the "
                                 "moves after it first."), reason="conflict", stored=stored,
                               ply=ply)
        if stored >= MAX_RELAY_PLIES:
            raise RelayRefused(_("Too many moves: %(n)s at most."), reason="illegal",
                               stored=stored, n=MAX_RELAY_PLIES)
        start = (record.start_fen if record else "") or xiangqi.START_FEN
        position = xiangqi.replay(words, start=start, notation="iccs").final
        try:
            played = xiangqi.Move.from_iccs(text)
        except ValueError:
            raise RelayRefused(_("Move %(ply)s: “%(move)s” is not a move from one point to "
                                 "another."), reason="illegal", stored=stored, ply=ply,
                               move=text[:10]) from None
        if position.after(played) is None:
            kind = "over" if position.is_over() else (
                "check" if played in set(position.pseudo_moves()) else "none")
            raise RelayRefused(_("Move %(ply)s (%(move)s): %(why)s"), reason="illegal",
                               stored=stored, ply=ply, move=text, why=move_reason(kind))
        before = _seen(board, now)
        if record is None:
            record = GameMoves(board=board, game=None, notation=MoveNotation.ICCS,
                               start_fen="", ply_times=[])
        times = _times(record) if record.pk else []
        record.moves = " ".join([*words, str(played)])
        record.ply_times = [*times, now.isoformat()]
        record.source, record.entered_by, record.entered_at = RecordSource.RELAY, actor, now
        record.save()
        return RelayAnswer(True, _publish(event, board, before, now))


def relay_undo(*, event: Event, board: Board, ply: int, actor, move: str | None = None,
               now: datetime | None = None) -> RelayAnswer:
    """Take back move ``ply``, which must be the last stored (and be ``move`` when given, so
    an undo resent after a dropped connection never takes back a move entered since). Already
    taken back (``ply`` beyond the stored moves): nothing to do."""
    now = now or timezone.now()
    with transaction.atomic():
        event, board, record = _locked(event, board, actor)
        words = record.iccs if record else []
        stored = len(words)
        if ply > stored:
            return RelayAnswer(False, relay_state(board, staff=True, now=now, legal=True))
        if ply < stored or ply < 1:
            raise RelayRefused(_("Only the last move (move %(stored)s) can be taken back."),
                               reason="undo", stored=stored)
        if move and words[-1] != move.strip().lower():
            raise RelayRefused(_("Move %(ply)s is another move now: nothing was taken back."),
                               reason="conflict", stored=stored, ply=ply)
        before = _seen(board, now)
        if stored == 1:  # nothing left: no score sheet rather than an empty one
            record.delete()
        else:
            record.ply_times = _times(record)[:-1]
            record.moves = " ".join(words[:-1])
            record.entered_by, record.entered_at = actor, now
            record.save()
        return RelayAnswer(True, _publish(event, board, before, now))
