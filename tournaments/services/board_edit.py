"""Changing a draft Swiss round by hand before it is published (the chief arbiter decides,
C.04.3 Art. 1.10): swap colours, exchange two players, give a bye, pair two players, or replace
every board at once (the API).

Every change is saved board by board through django-simple-history with who made it and why;
the round's method becomes "by hand" (``PairingMethod.MANUAL``). Nothing is refused for breaking
a pairing rule: the checker reports it in words (``services/round_checks.py`` stores its
findings) and the arbiter publishes knowingly. What is refused: an entry on two boards, an
entry of another event, a game board with a bye kind, a round that is not a draft.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Board, ByeKind, Event, PairingMethod, Round, RoundStatus
from tournaments.services._access import event_writer, reason_check
from tournaments.services._history import history_note, versioned_save
from tournaments.services.round_checks import round_check_schedule
from tournaments.services.rounds import match_games_store


@dataclass(frozen=True)
class Slot:
    """A board by entry ids: ``black`` None for a bye of kind ``bye``."""

    white: int
    black: int | None
    bye: str = ""


def _open(event: Event, round_: Round) -> Round:
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.DRAFT:
        raise ServiceError(_("Round %(n)s is published: only a draft can be changed."),
                           n=round_.number)
    if not event.format_rules.rounds_checked:
        raise ServiceError(_("Pairings can be changed by hand in Swiss events only."))
    return round_


def _slots(round_: Round) -> list[Slot]:
    return [Slot(b.white_id, b.black_id, b.bye) for b in round_.boards.order_by("number")]


def _validate(event: Event, slots: list[Slot]) -> list[Slot]:
    ids = set(event.entries.values_list("pk", flat=True))
    seen: set[int] = set()
    for slot in slots:
        for entry in (slot.white, slot.black):
            if entry is None:
                continue
            if entry not in ids:
                raise ServiceError(_("An entry does not belong to this event."))
            if entry in seen:
                raise ServiceError(_("An entry is on two boards."))
            seen.add(entry)
        if slot.black is None and slot.bye not in ByeKind.values:
            raise ServiceError(_("A bye needs its kind (pairing bye, half-point, full-point or "
                                 "zero-point)."))
        if slot.black is not None and slot.bye:
            raise ServiceError(_("A board with two players is not a bye."))
        if slot.black is not None and slot.black == slot.white:
            raise ServiceError(_("A player cannot meet themselves."))
    games = [s for s in slots if s.black is not None]
    byes = [s for s in slots if s.black is None]
    return games + byes


def _store(event: Event, round_: Round, slots: list[Slot], actor, reason: str) -> Round:
    """Write ``slots`` as the round's boards 1..n (games first, then byes), changing only the
    boards that differ, each change in the board's history."""
    reason_check(reason=reason)
    slots = _validate(event, slots)
    boards = {b.number: b for b in round_.boards.all()}
    reason = reason or "changed by hand"
    changed = False
    new_games: list[Board] = []  # boards that become games: their match games (teams, Art. 21.2)
    for number, slot in enumerate(slots, start=1):
        board = boards.pop(number, None)
        if board is None:
            board = Board(round=round_, number=number)
        elif (board.white_id, board.black_id, board.bye) == (slot.white, slot.black, slot.bye):
            continue
        was_game = board.pk is not None and board.black_id is not None
        board.white_id, board.black_id, board.bye = slot.white, slot.black, slot.bye
        versioned_save(row=board, actor=actor, reason=reason)
        changed = True
        if slot.black is None and was_game:
            board.games.all().delete()
        elif slot.black is not None and not board.games.exists():
            new_games.append(board)
    match_games_store(event=event, boards=new_games, actor=actor)
    for board in boards.values():
        history_note(row=board, actor=actor, reason=reason)
        board.delete()
        changed = True
    if changed and round_.method != PairingMethod.MANUAL:
        round_.method = PairingMethod.MANUAL
        round_.save(update_fields=["method"])
    if changed:
        round_check_schedule(round_=round_)
        round_.refresh_from_db(fields=["findings", "checked_at"])
    return round_


def _find(slots: list[Slot], entry: int) -> tuple[int, str] | None:
    for i, slot in enumerate(slots):
        if slot.white == entry:
            return i, "white"
        if slot.black == entry:
            return i, "black"
    return None


@event_writer(perm="tournaments.pair_round", of="round_")
def round_boards_replace(*, round_: Round, actor, boards: list[Slot], reason: str = "",
                         event: Event) -> Round:
    """Replace every board of a draft round (games in the given order, then byes)."""
    round_ = _open(event, round_)
    return _store(event, round_, list(boards), actor, reason)


@event_writer(perm="tournaments.pair_round", of="round_")
def board_swap(*, round_: Round, actor, board_number: int, reason: str = "", event: Event) -> Round:
    """Swap the colours of one board."""
    round_ = _open(event, round_)
    slots = _slots(round_)
    if not 1 <= board_number <= len(slots) or slots[board_number - 1].black is None:
        raise ServiceError(_("Board %(n)s has no game to swap."), n=board_number)
    slot = slots[board_number - 1]
    slots[board_number - 1] = Slot(slot.black, slot.white)
    return _store(event, round_, slots, actor, reason or "colours swapped")


@event_writer(perm="tournaments.pair_round", of="round_")
def board_exchange(*, round_: Round, actor, first: int, second: int,
                   reason: str = "", event: Event) -> Round:
    """Exchange two entries (ids) wherever they are: on two boards, on one board (colours
    swap), or one of them on a bye board. An entry without a board takes the other's place,
    and the other is left without a board."""
    round_ = _open(event, round_)
    slots = _slots(round_)
    a, b = _find(slots, first), _find(slots, second)
    if a is None and b is None:
        raise ServiceError(_("Neither player is on a board of this round."))
    if first == second:
        raise ServiceError(_("Choose two different players."))

    def put(where, entry):
        i, side = where
        slot = slots[i]
        slots[i] = (Slot(entry, slot.black, slot.bye) if side == "white"
                    else Slot(slot.white, entry, slot.bye))

    if a is not None and b is not None:
        put(a, second)
        put(b, first)
    elif a is not None:
        put(a, second)
    else:
        put(b, first)
    return _store(event, round_, slots, actor, reason or "players exchanged")


@event_writer(perm="tournaments.pair_round", of="round_")
def board_bye_set(*, round_: Round, actor, entry: int, kind: str, reason: str = "",
                  event: Event) -> Round:
    """Give an entry (id) a bye of ``kind`` (U, H, F, Z). If it was on a game board, its
    opponent is left without a board: pair them with someone or give them a bye too."""
    round_ = _open(event, round_)
    if kind not in ByeKind.values:
        raise ServiceError(_("Unknown kind of bye."))
    slots = _slots(round_)
    where = _find(slots, entry)
    if where is not None:
        slots.pop(where[0])  # an opponent on that board is left without a board
    slots.append(Slot(entry, None, kind))
    return _store(event, round_, slots, actor, reason or "bye given")


@event_writer(perm="tournaments.pair_round", of="round_")
def board_pair(*, round_: Round, actor, white: int, black: int, reason: str = "",
               event: Event) -> Round:
    """Pair two entries (ids) who have no game in the round (no board, or a bye, which goes)."""
    round_ = _open(event, round_)
    slots = _slots(round_)
    for entry in (white, black):
        where = _find(slots, entry)
        if where is not None:
            if slots[where[0]].black is not None:
                raise ServiceError(_("One of them already has a game on board %(n)s: exchange "
                                     "players instead."), n=where[0] + 1)
            slots.pop(where[0])
    games = [s for s in slots if s.black is not None]
    byes = [s for s in slots if s.black is None]
    return _store(event, round_, [*games, Slot(white, black), *byes], actor,
                  reason or "paired by hand")


@event_writer(perm="tournaments.pair_round", of="round_")
def board_remove(*, round_: Round, actor, entry: int, reason: str = "", event: Event) -> Round:
    """Take an entry (id) out of the round: absent, no points. Its opponent is left without a
    board."""
    round_ = _open(event, round_)
    slots = _slots(round_)
    where = _find(slots, entry)
    if where is None:
        raise ServiceError(_("This player is on no board of this round."))
    slots.pop(where[0])
    return _store(event, round_, slots, actor, reason or "taken out of the round")


def board_edit_apply(*, round_: Round, actor, operation: dict) -> Round:
    """One edit of a draft round from the page's form or an API operation (entries by id):
    ``op`` is swap, exchange, bye, pair or remove; the other keys are its arguments."""
    data = operation
    op, reason = data["op"], data.get("reason") or ""
    first, second = data.get("first"), data.get("second")

    def need(*values):
        if any(v in (None, "") for v in values):
            raise ServiceError(_("Choose the board or the players for this change."))

    if op == "swap":
        need(data.get("board"))
        return board_swap(round_=round_, actor=actor, board_number=data["board"],
                                     reason=reason)
    if op == "exchange":
        need(first, second)
        return board_exchange(round_=round_, actor=actor, first=first,
                                         second=second, reason=reason)
    if op == "bye":
        need(first, data.get("kind"))
        return board_bye_set(round_=round_, actor=actor, entry=first,
                                        kind=data["kind"], reason=reason)
    if op == "pair":
        need(first, second)
        return board_pair(round_=round_, actor=actor, white=first, black=second,
                                     reason=reason)
    need(first)
    return board_remove(round_=round_, actor=actor, entry=first, reason=reason)


@transaction.atomic
def round_edits_apply(*, round_: Round, actor, operations: list[dict], reason: str = "") -> Round:
    """Several edits of a draft round with one reason, all or nothing (the API's
    ``operations``)."""
    for operation in operations:
        round_ = board_edit_apply(round_=round_, actor=actor,
                                  operation={**operation, "reason": reason})
    return round_
