"""Game records as the pages, the API and the downloads read them (Art. 11: the score sheet;
chapter 5: the arbiter's aids): a typed sheet checked move by move, a game's positions and
moves in Vietnamese notation, PGN files per game, round and event, and the flags the arbiter
sees (a result that contradicts the final position, a repetition of chapter 5).

Reads only; ``services/game_records.py`` stores. The game itself is ``xiangqi/``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db.models import Prefetch, Q
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import xiangqi
from records import Result
from tournaments.models import (
    Board,
    Event,
    Game,
    GameMoves,
    Pace,
    ResultCode,
    Round,
    RoundStatus,
    game_pace,
)
from xiangqi.glyphs import OUTLINES
from xiangqi.pgn import PgnError
from xiangqi.position import BLACK, RED
from xiangqi.svg import PIECE_STYLES

SHEET_MAX_CHARS = 20_000  # a long game is some 3,000 characters
MAX_PLIES = 1_000
# The results a PGN file can say, written as the law writes them; forfeits and cancelled games
# are not played (Art. 10.2.1).
PGN_RESULTS = frozenset({Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW})


def move_reason(kind: str) -> str:
    """Why a move was refused, in the reader's language (``xiangqi.IllegalMove.kind``)."""
    reasons = {
        "ambiguous": _("several pieces can make this move: say which (t front, s rear, "
                       "g middle)"),
        "check": _("it leaves the general in check or facing the other general (Art. 6, "
                   "Art. 4.3a)"),
        "over": _("the game is already over: the side to move cannot move (Art. 7.1a, b)"),
        "syntax": _("this is not a move in the chosen notation"),
    }
    return reasons.get(kind, _("no piece can make this move in this position (Art. 4.3)"))


@dataclass(frozen=True)
class SheetMove:
    ply: int
    written: str
    vi: str
    iccs: str


@dataclass(frozen=True)
class SheetError:
    """The first move that cannot be played: ``ply`` 1 is the first move, 0 the sheet as a
    whole (unreadable, too long)."""

    ply: int
    text: str
    reason: str

    def message(self) -> str:
        if not self.ply:
            return self.reason
        return _("Move %(ply)s (%(number)s%(dots)s %(move)s): %(reason)s") % {
            "ply": self.ply, "number": (self.ply + 1) // 2, "dots": "." if self.ply % 2 else "...",
            "move": self.text, "reason": self.reason}


@dataclass(frozen=True)
class SheetCheck:
    """A score sheet read move by move: the moves that can be played, the first error."""

    notation: str
    start_fen: str
    moves: tuple[SheetMove, ...] = ()
    error: SheetError | None = None
    result: str = "*"

    @property
    def ok(self) -> bool:
        return self.error is None

    def as_dict(self) -> dict:
        return {"ok": self.ok, "notation": self.notation, "start_fen": self.start_fen,
                "moves": [m.__dict__ for m in self.moves],
                "error": None if self.ok else {**self.error.__dict__,
                                               "message": self.error.message()}}


def _sheet_error(notation: str, start: str, reason: str) -> SheetCheck:
    return SheetCheck(notation, start, (), SheetError(0, "", reason))


def sheet_check(text: str, notation: str, start_fen: str = "") -> SheetCheck:
    """Read a typed sheet ("1) P2-5 M2.3 2) M8.7 ...", words or symbols; any notation, the
    chosen one first) and play it from ``start_fen`` (the usual start when empty); stops at the
    first move that cannot be played."""
    start = start_fen.strip() or xiangqi.START_FEN
    if notation not in xiangqi.NOTATIONS:
        return _sheet_error("vi", start, _("Unknown notation %(n)s.") % {"n": notation})
    if len(text) > SHEET_MAX_CHARS:
        return _sheet_error(notation, start, _("The sheet is too long: %(n)s characters at "
                                               "most.") % {"n": f"{SHEET_MAX_CHARS:,}"})
    try:
        xiangqi.Position.from_fen(start)
    except xiangqi.FenError:
        return _sheet_error(notation, start, _("The start position is not a valid FEN."))
    if not text.strip():
        return SheetCheck(notation, start)
    try:
        records = xiangqi.read_pgn(text)
    except PgnError as error:
        return _sheet_error(notation, start, _("The sheet cannot be read at line %(line)s.")
                            % {"line": error.line})
    if len(records) > 1:
        return _sheet_error(notation, start, _("The sheet holds more than one game: a result "
                                               "(1-0, 0-1, 1/2-1/2) ends a game."))
    record = records[0]
    if len(record.moves) > MAX_PLIES:
        return _sheet_error(notation, start, _("Too many moves: %(n)s at most.")
                            % {"n": MAX_PLIES})
    if record.tag("FEN") and not start_fen.strip():
        start = record.start
    return replay_check(xiangqi.replay(record.moves, start=start, notation=notation), start,
                        record.result)


def replay_check(played: xiangqi.Replay, start: str, result: str = "*") -> SheetCheck:
    """A replayed record as a checked sheet: its moves (also in Vietnamese), its first error."""
    vi = xiangqi.write_moves(played.start, played.moves, "vi")
    moves = tuple(SheetMove(i + 1, played.texts[i], vi[i], str(m))
                  for i, m in enumerate(played.moves))
    error = None
    if played.error:
        error = SheetError(played.error.ply, played.error.text, move_reason(played.error.kind))
    return SheetCheck(played.notation, start, moves, error, result)


# -- a stored game ---------------------------------------------------------------------------

@dataclass
class GameSlot:
    """A game that can carry moves: a board's single game (``game`` None) or one game of its
    match; Red is White (Art. 2.2)."""

    board: Board
    game: Game | None
    record: GameMoves | None = None

    @property
    def number(self) -> int | None:
        return self.game.number if self.game else None

    @property
    def red(self) -> str:
        return self._names()[0]

    @property
    def black(self) -> str:
        return self._names()[1]

    def _names(self) -> tuple[str, str]:
        board, game = self.board, self.game
        if game is not None and (game.first_player_id or game.second_player_id):
            first = str(game.first_player or "")
            second = str(game.second_player or "")
            return (first, second) if game.white_first else (second, first)
        white = board.white.name if board.white else ""
        black = board.black.name if board.black else ""
        if game is not None and not game.white_first:
            return black, white
        return white, black

    @property
    def result(self) -> str:
        code = self.game.result if self.game else self.board.result
        return code if code in PGN_RESULTS else "*"

    @property
    def result_label(self) -> str:
        """The result as the round's page shows it ("½-½", "+/−"); "–" while there is none."""
        code = self.game.result if self.game else self.board.result
        return str(ResultCode(code).label).split(" ")[0] if code else "–"

    @property
    def label(self) -> str:
        if self.game is None:
            return _("board %(n)s") % {"n": self.board.number}
        return _("board %(n)s, game %(g)s") % {"n": self.board.number, "g": self.game.number}


def board_slots(board: Board) -> list[GameSlot]:
    """The games of a board that can carry moves (none for a bye), with their records; the
    board's ``games`` and ``move_records`` may be prefetched."""
    if board.is_bye:
        return []
    records = {r.game_id: r for r in board.move_records.all()}
    games = [g for g in board.games.all()]
    if not games:
        return [GameSlot(board, None, records.get(None))]
    return [GameSlot(board, g, records.get(g.pk)) for g in games]


def _boards(**filters):
    return (Board.objects.filter(**filters)
            .select_related("round__event", "white__player", "white__team", "black__player",
                            "black__team")
            .prefetch_related(
                Prefetch("games", queryset=Game.objects.select_related(
                    "first_player", "second_player").order_by("level", "number")),
                "move_records")
            .order_by("round__number", "number"))


def board_recorded_slots(board: Board) -> list[GameSlot]:
    """The games of ``board`` that have their moves, with their records (three queries)."""
    return [s for s in board_slots(_boards(pk=board.pk).get()) if s.record]


def slot_for(board: Board, game_number: int | None) -> GameSlot | None:
    """One game of a board: its single game, or game ``game_number`` of its match."""
    board = _boards(pk=board.pk).first()
    slots = board_slots(board) if board else []
    return next((s for s in slots if s.number == game_number), None)


@dataclass(frozen=True)
class ResultFlag:
    """The recorded result contradicts the final position (Art. 7.1a, b)."""

    recorded: str
    expected: str
    checkmate: bool

    def message(self) -> str:
        how = _("checkmate") if self.checkmate else _("no legal move (stalemate)")
        return _("The recorded result %(recorded)s contradicts the final position (%(how)s): "
                 "it should be %(expected)s (Art. 7.1a, b).") % {
            "recorded": self.recorded, "expected": self.expected, "how": how}


@dataclass(frozen=True)
class RepetitionNote:
    """Chapter 5's advice on a repetition: advice only, the ruling is the arbiter's."""

    first_ply: int
    ply: int
    verdict: str
    article: str
    red: str
    black: str

    def message(self) -> str:
        verdicts = {
            "red_must_change": _("Red (White) must change its moves, or loses"),
            "black_must_change": _("Black must change its moves, or loses"),
            "draw": _("a draw, if neither side changes"),
            "arbiter": _("both sides break a rule: the arbiter decides"),
        }
        return _("The position after move %(first)s stands again after move %(ply)s. Red: "
                 "%(red)s; Black: %(black)s. Advice: %(verdict)s (%(article)s). The ruling is "
                 "the arbiter's.") % {
            "first": self.first_ply, "ply": self.ply, "red": self.red, "black": self.black,
            "verdict": verdicts.get(self.verdict, self.verdict), "article": self.article}


@dataclass(frozen=True)
class DrawNote:
    """The draw aids of the final position, as advice: the moves since the last capture for a
    claim under Art. 12 (the statute's 50 or 60) and insufficient material (Art. 7.2 a, 20.4
    b.6). ``alert``: a claim would hold, or neither side can attack."""

    counted: int
    checks: int
    limit: int
    claim_holds: bool
    article: str
    no_material: bool
    # Rapid and blitz, point 8: the sides that could not mate, whose win on time is a draw
    # (their names: "Red", "Black"); empty in standard play.
    cannot_mate: tuple[str, ...] = ()

    @property
    def alert(self) -> bool:
        return self.claim_holds or self.no_material or bool(self.cannot_mate)

    def time_win_message(self) -> str:
        return _("%(sides)s could not mate with any legal sequence: a win on time claimed by "
                 "that side is a draw (rapid and blitz, point 8). The ruling is the "
                 "arbiter's.") % {"sides": _(" and ").join(self.cannot_mate)}

    def moves_message(self) -> str:
        advice = (_("a draw claim holds") if self.claim_holds else
                  _("a draw claim would not hold yet: the opponent gets 2 minutes"))
        return _("%(n)s moves without a capture (checks: %(checks)s, 5 counted at most); "
                 "limit %(limit)s: %(advice)s (%(article)s). The ruling is the arbiter's.") % {
            "n": self.counted, "checks": self.checks, "limit": self.limit, "advice": advice,
            "article": article_text(self.article)}

    def material_message(self) -> str:
        return _("Neither side has a chariot, horse, cannon or soldier: the arbiter may "
                 "declare the game drawn (%(article)s).") % {
            "article": article_text("Art. 7.2 a, 20.4 b.6")}


def article_text(article: str) -> str:
    """An article as ``xiangqi`` cites it ("Art. 23 points 3, 5-8") in the reader's language."""
    words = {"Art.": _("Art."), "points": pgettext("law", "points"),
             "point": pgettext("law", "point")}
    return re.sub(r"Art\.|points|point", lambda m: words[m.group()], article)


def pattern_name(pattern: str) -> str:
    return {
        "perpetual_check": _("perpetual check"),
        "perpetual_chase": _("perpetual chase"),
        "perpetual_mate_threat": _("perpetual threats of mate"),
        "check_and_other": _("checks mixed with other moves"),
        "allowed": _("allowed moves"),
    }.get(pattern, pattern)


@dataclass
class GameView:
    """A stored game ready for a page: every position's FEN, the moves in Vietnamese notation,
    and the aids."""

    slot: GameSlot
    fens: list[str]
    moves: list[SheetMove]
    flag: ResultFlag | None = None
    repetition: RepetitionNote | None = None
    draws: DrawNote | None = None
    positions: list = field(default_factory=list, repr=False)

    @property
    def iccs(self) -> list[str]:
        return [m.iccs for m in self.moves]

    @property
    def rows(self) -> list[tuple[int, SheetMove, SheetMove | None]]:
        """The moves two by two (Red's, Black's) with their move number."""
        out, start = [], 0
        if self.positions and self.positions[0].turn == "b":
            out.append((1, None, self.moves[0] if self.moves else None))
            start = 1
        for i in range(start, len(self.moves), 2):
            nxt = self.moves[i + 1] if i + 1 < len(self.moves) else None
            out.append((len(out) + 1, self.moves[i], nxt))
        return out


def game_view(slot: GameSlot) -> GameView | None:
    """The stored game of ``slot`` replayed (None when it has no moves)."""
    record = slot.record
    if record is None:
        return None
    start = record.start_fen or xiangqi.START_FEN
    played = xiangqi.replay(record.iccs, start=start, notation="iccs")
    vi = xiangqi.write_moves(played.start, played.moves, "vi")
    moves = [SheetMove(i + 1, vi[i], vi[i], str(m)) for i, m in enumerate(played.moves)]
    view = GameView(slot, [p.fen() for p in played.positions], moves,
                    positions=list(played.positions))
    conflict = xiangqi.result_conflict(played, slot.result)
    if conflict:
        view.flag = ResultFlag(conflict.recorded, conflict.expected, conflict.checkmate)
    event = slot.board.round.event
    count = xiangqi.move_count(played, limit=event.draw_move_limit)
    quick = game_pace(event.pace, slot.game) != Pace.STANDARD
    no_material = xiangqi.insufficient_material(played.final)
    view.draws = DrawNote(count.counted, count.checks, count.limit, count.claim_holds,
                          count.article, no_material,
                          () if not quick or no_material else tuple(
                              name for side, name in ((RED, _("Red")), (BLACK, _("Black")))
                              if xiangqi.cannot_mate(played.final, side)))
    advice = xiangqi.find_repetition(played.positions, played.moves)
    if advice:
        view.repetition = RepetitionNote(
            advice.first_ply, advice.ply, advice.verdict, article_text(advice.article),
            *(f"{pattern_name(side.pattern)} ({article_text(side.article)})"
              for side in (advice.red, advice.black)))
    return view


def sheet_text(view: GameView) -> str:
    """The stored moves as a typed sheet in Vietnamese notation, a move pair a line."""
    return "\n".join(f"{n}) {red.vi if red else '...'}" + (f" {black.vi}" if black else "")
                     for n, red, black in view.rows)


PIECE_OUTLINES = OUTLINES  # for the page's script, which redraws the board at each step


def piece_style(choice: str | None) -> str:
    """The way a reader asked the pieces drawn: glyph outlines (the default) or the law's
    letters (Art. 11: Tg S T X P M B)."""
    return choice if choice in PIECE_STYLES else "glyphs"


def board_svg(view: GameView, ply: int, pieces: str = "glyphs") -> str:
    """The board after ``ply`` (0: the start), the last move marked, the pieces drawn as
    glyph outlines or the law's letters (``xiangqi.svg.PIECE_STYLES``)."""
    ply = max(0, min(ply, len(view.moves)))
    last = xiangqi.Move.from_iccs(view.moves[ply - 1].iccs) if ply else None
    return xiangqi.board_svg(view.positions[ply], last=last, pieces=pieces,
                             title=_("Position after move %(n)s") % {"n": ply})


# -- PGN -------------------------------------------------------------------------------------

def _date(board: Board) -> str:
    starts = board.round.starts_at
    when = localtime(starts).date() if starts else board.round.event.start_date
    return when.strftime("%Y.%m.%d")


def slot_pgn_record(slot: GameSlot) -> xiangqi.GameRecord:
    """The PGN of a stored game: Event, Site, Date, Round, Board, Red, Black, Result, and FEN
    when the game does not start from the usual position."""
    board, record = slot.board, slot.record
    event = board.round.event
    start = record.start_fen or xiangqi.START_FEN
    played = xiangqi.replay(record.iccs, start=start, notation="iccs")
    moves = xiangqi.write_moves(played.start, played.moves, "vi")
    number = f"{board.number}.{slot.number}" if slot.number else str(board.number)
    tags = (("Event", event.name), ("Site", event.venue or "?"), ("Date", _date(board)),
            ("Round", str(board.round.number)), ("Board", number), ("Red", slot.red),
            ("Black", slot.black), ("Format", "Vietnamese"))
    return xiangqi.GameRecord(tuple(moves), slot.result, tags, start)


def slots_with_moves(boards: list[Board]) -> list[GameSlot]:
    return [s for b in boards for s in board_slots(b) if s.record is not None]


def _recorded_boards(**filters):
    """The boards matching ``filters`` that hold moves: the others are not read at all (a
    1,000-player round's review page reads its few recorded games, not its 500 boards)."""
    recorded = GameMoves.objects.filter(**{f"board__{k}": v for k, v in filters.items()})
    return _boards(**filters).filter(pk__in=recorded.values("board_id"))


def round_slots(round_: Round) -> list[GameSlot]:
    return slots_with_moves(list(_recorded_boards(round=round_)))


def event_slots(event: Event, *, staff: bool = False) -> list[GameSlot]:
    boards = _recorded_boards(round__event=event)
    if not staff:
        boards = boards.exclude(round__status=RoundStatus.DRAFT)
    return slots_with_moves(list(boards))


def pgn_text(slots: list[GameSlot]) -> str:
    return xiangqi.write_pgn([slot_pgn_record(s) for s in slots]) if slots else ""


def round_flags(round_: Round) -> list[GameView]:
    """The recorded games of a round whose result contradicts the final position, that hold
    a repetition, or where a draw claim would hold (the arbiter's round page)."""
    views = [game_view(slot) for slot in round_slots(round_)]
    return [v for v in views if v and (v.flag or v.repetition or v.draws.alert)]


def boards_annotate_recorded(boards: list[Board]) -> bool:
    """Mark each board (``recorded``: its single game) and each game of its match
    (``recorded``) that has moves, or is relayed live (its page shows the game as it is
    played, from the start), in one query; whether any has."""
    found = set(Board.objects.filter(pk__in=[b.pk for b in boards])
                .filter(Q(move_records__isnull=False) | Q(relay__isnull=False))
                .values_list("pk", "move_records__game_id"))
    for board in boards:
        board.recorded = (board.pk, None) in found
        for game in board.games.all():
            game.recorded = (board.pk, game.pk) in found
    return bool(found)
