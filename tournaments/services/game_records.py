"""Storing the moves of games (Art. 11: the score sheet, biên bản): typed from the sheet or
uploaded as Xiangqi PGN for a board or a whole round. The only writer of ``GameMoves``.

Every action locks the event, checks the right (``tournaments.record_moves``: the people who
run the event, as for results) and stores nothing when a move is illegal: the error names the
move (its ply, the move as written, why)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

import xiangqi
from tournaments.errors import ServiceError
from tournaments.models import Board, Event, GameMoves, RecordSource, Round, RoundStatus
from tournaments.selectors.game_records import (
    MAX_PLIES,
    GameSlot,
    SheetCheck,
    SheetError,
    board_slots,
    replay_check,
    sheet_check,
    slot_for,
)
from tournaments.services._access import event_writer
from tournaments.text import name_key
from xiangqi.files import ENCODINGS
from xiangqi.pgn import PgnError

PGN_MAX_BYTES = 2_000_000  # some 2,000 games
PGN_MAX_GAMES = 500


class MovesRefused(ServiceError):
    """A move of the sheet cannot be played: nothing was stored. ``fields`` adds the ply and
    the move to the API's answer."""

    def __init__(self, check: SheetCheck):
        super().__init__(check.error.message())
        self.fields = {"ply": check.error.ply, "move": check.error.text}


def _slot(event: Event, board: Board, game_number: int | None) -> GameSlot:
    board = Board.objects.select_related("round").get(pk=board.pk)
    if board.round.event_id != event.pk:
        raise ServiceError(_("Board %(n)s is not a board of %(event)s."), n=board.number,
                           event=event.name)
    if board.round.status == RoundStatus.DRAFT:
        raise ServiceError(_("Round %(n)s is a draft: no game has been played yet."),
                           n=board.round.number)
    slot = slot_for(board, game_number)
    if slot is None:
        if board.is_bye:
            raise ServiceError(_("Board %(n)s is a bye: there is no game to record."),
                               n=board.number)
        raise ServiceError(_("Board %(board)s has no game %(game)s."), board=board.number,
                           game=game_number or "")
    return slot


def _store(slot: GameSlot, check: SheetCheck, actor, source: str, now) -> GameMoves:
    record = slot.record or GameMoves(board=slot.board, game=slot.game)
    record.moves = " ".join(m.iccs for m in check.moves)
    record.notation = check.notation
    record.start_fen = "" if check.start_fen == xiangqi.START_FEN else check.start_fen
    record.source, record.entered_by, record.entered_at = source, actor, now or timezone.now()
    record.save()
    return record


@event_writer(perm="tournaments.record_moves")
def game_moves_record(*, event: Event, board: Board, text: str, actor, notation: str = "vi",
                      game_number: int | None = None, start_fen: str = "",
                      source: str = RecordSource.SHEET, now=None) -> GameMoves:
    """Store the moves of one game from a typed sheet (Vietnamese notation by default; Art.
    11.2), replacing what was stored. Refused whole, with the move at fault, if a move cannot
    be played; an empty sheet is refused (``game_moves_clear`` removes a record)."""
    slot = _slot(event, board, game_number)
    check = sheet_check(text, notation, start_fen)
    if not check.ok:
        raise MovesRefused(check)
    if not check.moves:
        raise ServiceError(_("The sheet holds no move."))
    return _store(slot, check, actor, source, now)


@event_writer(perm="tournaments.record_moves")
def game_moves_clear(*, event: Event, board: Board, actor, game_number: int | None = None
                     ) -> None:
    """Remove the moves stored for one game (entered on the wrong board, say)."""
    slot = _slot(event, board, game_number)
    if slot.record is None:
        raise ServiceError(_("No moves are stored for this game."))
    slot.record.delete()


# -- PGN uploads -----------------------------------------------------------------------------

# The encodings an upload may name; the file's bytes and moves decide when it names none.
PGN_ENCODINGS = tuple(ENCODINGS)


def pgn_file_read(*, data: bytes, encoding: str | None = None) -> xiangqi.GameFile:
    """The games of an uploaded PGN file, each with its verdict, and the encoding found
    (``xiangqi.files``: a BOM, UTF-8, then GBK/GB18030 or Big5 as the moves decide) or named;
    refused when too large, not text, undecided between GBK and Big5, or without a game."""
    if len(data) > PGN_MAX_BYTES:
        raise ServiceError(_("The file is too large: %(n)s MB at most."),
                           n=PGN_MAX_BYTES // 1_000_000)
    if encoding and encoding not in PGN_ENCODINGS:
        raise ServiceError(_("Unknown encoding %(name)s."), name=encoding)
    try:
        found = xiangqi.read_file(data, encoding or None)
    except xiangqi.EncodingError as error:
        reasons = {
            "tie": _("The games read alike in GBK/GB18030 and in Big5: choose the file's "
                     "encoding, or save it as UTF-8."),
            "none": _("No game of the file reads in GBK/GB18030 nor in Big5: choose the "
                      "file's encoding, or save it as UTF-8."),
        }
        raise ServiceError(reasons.get(error.kind) or _(
            "The file is not a text file in UTF-8, UTF-16, GBK/GB18030 or Big5.")) from None
    if not found.verdicts:
        raise ServiceError(_("The file holds no game."))
    if len(found.verdicts) > PGN_MAX_GAMES:
        raise ServiceError(_("The file holds %(n)s games: %(max)s at most."),
                           n=len(found.verdicts), max=PGN_MAX_GAMES)
    return found


def _unreadable_reason(error: PgnError) -> str:
    """Why a game of a file cannot be read, in the reader's language."""
    why = {
        "comment": _("a comment { is not closed"),
        "variation": _("a variation ( ) is not closed, or closes none"),
        "fen": _("the FEN tag is not a valid position"),
    }.get(error.kind, _("a malformed tag"))
    return _("Unreadable at line %(line)s: %(why)s.") % {"line": error.line, "why": why}


@dataclass
class PgnLine:
    """What became of one game of an uploaded file."""

    index: int
    red: str
    black: str
    status: str  # "stored", "replaced", "illegal", "unreadable" or "unmatched"
    message: str = ""
    slot: GameSlot | None = None
    check: SheetCheck | None = None

    @property
    def ok(self) -> bool:
        return self.status in ("stored", "replaced")

    @property
    def where(self) -> str:
        return self.slot.label if self.slot else ""


@dataclass
class PgnReport:
    lines: list[PgnLine]
    partial: bool
    stored: int
    encoding: str = "UTF-8"

    @property
    def failed(self) -> int:
        return sum(1 for line in self.lines if not line.ok)


def _checked(verdict: xiangqi.Verdict) -> SheetCheck:
    record = verdict.record
    if len(record.moves) > MAX_PLIES:
        return SheetCheck("iccs", record.start, (), SheetError(
            0, "", _("Too many moves: %(n)s at most.") % {"n": MAX_PLIES}))
    return replay_check(verdict.replay, record.start, record.result)


def _board_tag(record: xiangqi.GameRecord) -> tuple[int | None, int | None]:
    """The board number (and game of the match) a ``[Board "3"]`` or ``"3.2"`` tag gives."""
    match = re.fullmatch(r"\s*(\d{1,4})(?:\.(\d{1,2}))?\s*", record.tag("Board")
                         or record.tag("Table"))
    if not match:
        return None, None
    return int(match.group(1)), int(match.group(2)) if match.group(2) else None


def _match(record: xiangqi.GameRecord, slots: list[GameSlot], taken: set) -> GameSlot | None:
    """The game an uploaded record is: the one its board tag names (its players must match
    when the record names both), or the one whose Red and Black match its tags."""
    red, black = name_key(record.tag("Red")), name_key(record.tag("Black"))
    number, game = _board_tag(record)

    def named(s: GameSlot) -> bool:
        return bool(red and black) and (name_key(s.red), name_key(s.black)) == (red, black)

    free = [s for s in slots if id(s) not in taken]
    if number is not None:
        on_board = [s for s in free if s.board.number == number
                    and (game is None or s.number == game)]
        fits = [s for s in on_board if named(s)] if red and black else on_board
        return fits[0] if fits else None
    fits = [s for s in free if named(s)]
    return fits[0] if fits else None


@event_writer(perm="tournaments.record_moves")
def round_pgn_import(*, event: Event, round_: Round, data: bytes, actor, partial: bool = False,
                     board: Board | None = None, game_number: int | None = None,
                     encoding: str | None = None, now=None) -> PgnReport:
    """Store the games of a PGN file in a round (or on one ``board``): each game read on its
    own (``pgn_file_read``: the encoding found or named), matched to its board by the
    ``Board`` tag and the players' names (Red is White, Art. 2.2), replayed move by move. All
    or nothing unless ``partial``: then the games that can be stored are, and the report says
    which were not and why (unreadable, an illegal move, no such board)."""
    round_ = Round.objects.get(pk=round_.pk)
    if round_.event_id != event.pk:
        raise ServiceError(_("Round %(n)s is not a round of %(event)s."), n=round_.number,
                           event=event.name)
    if round_.status == RoundStatus.DRAFT:
        raise ServiceError(_("Round %(n)s is a draft: no game has been played yet."),
                           n=round_.number)
    found = pgn_file_read(data=data, encoding=encoding)
    verdicts = found.verdicts
    if board is not None:
        if len(verdicts) != 1:
            raise ServiceError(_("Upload one game for one board: this file holds %(n)s."),
                               n=len(verdicts))
        slots = [_slot(event, board, game_number)]
    else:
        boards = Board.objects.filter(round=round_).prefetch_related(
            "games__first_player", "games__second_player", "move_records").select_related(
            "round__event", "white__player", "white__team", "black__player", "black__team")
        slots = [s for b in boards for s in board_slots(b)]
    lines = _report(verdicts, slots, single=board is not None)
    stored = 0
    if partial or all(line.ok for line in lines):
        when = now or timezone.now()
        for line in lines:
            if line.ok:
                _store(line.slot, line.check, actor, RecordSource.PGN, when)
                stored += 1
    return PgnReport(lines, partial, stored, found.encoding)


def _report(verdicts, slots, *, single: bool):
    lines, taken = [], set()
    for verdict in verdicts:
        game = verdict.game
        line = PgnLine(verdict.number, game.tag("Red"), game.tag("Black"), "unmatched")
        if verdict.error is not None:
            line.status, line.message = "unreadable", _unreadable_reason(verdict.error)
            lines.append(line)
            continue
        record = verdict.record
        slot = slots[0] if single else _match(record, slots, taken)
        if slot is None:
            line.message = _("No board of this round has these players.")
            lines.append(line)
            continue
        line.slot = slot
        check = _checked(verdict)
        if not check.ok:
            line.status, line.message = "illegal", check.error.message()
        elif not check.moves:
            line.status, line.message = "illegal", _("The game holds no move.")
        else:
            taken.add(id(slot))
            line.check = check
            line.status = "replaced" if slot.record else "stored"
        lines.append(line)
    return lines
