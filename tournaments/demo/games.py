"""Recorded games for the demo (Art. 11: the score sheet), stored through the service as an
arbiter would type them, in Vietnamese notation: four common openings, and a short game that
ends in checkmate, put on a board whose result is Red's (White's) win so that the record and
the result agree (Art. 7.1a)."""

from tournaments.models import Event, ResultCode, Round
from tournaments.services.game_records import game_moves_record

OPENINGS = (
    # Pháo đầu đối Bình phong mã (central cannon against the screen horses).
    "1) P2-5 M8.7 2) M2.3 X9-8 3) X1-2 M2.3 4) B7.1 B7.1 5) M8.7 P8-9 6) X2.6 T7.5 "
    "7) P8-9 X1-2 8) X9-8 P2.4 9) S4.5 X8.3",
    # Thuận pháo (same-direction cannons).
    "1) P2-5 P8-5 2) M2.3 M8.7 3) X1-2 X9-8 4) M8.7 M2.3 5) X2.4 B7.1 6) X9.1 X8.4 "
    "7) X9-4 S6.5 8) X4.5 P2.4",
    # Phi tượng cục (the elephant opening).
    "1) T3.5 P8-4 2) M2.3 M8.7 3) B7.1 X9-8 4) X1-2 M2.3 5) M8.9 B3.1 6) P8-7 S4.5 "
    "7) X9-8 P2.4 8) S4.5 T3.5",
    # Tiên nhân chỉ lộ (the pawn opening).
    "1) B7.1 B7.1 2) M8.7 M8.7 3) P2-5 M2.3 4) M2.3 X1-2 5) X9-8 P8.4 6) X1-2 X9-8",
)
# Red's central cannon; Black's careless pawns; Red's cannons mate on move 11.
CHECKMATE = ("1) P2-5 M8.7 2) M2.3 X9-8 3) X1-2 M2.3 4) B3.1 B7.1 5) M8.7 B3.1 6) X2.7 B5.1 "
             "7) X2.2 M7.8 8) X2/4 M3.2 9) P8.5 T7.9 10) P5.3 B3.1 11) P8-5")


def record_games(event: Event, round_: Round, arbiter) -> None:
    """Store the demo's games on the first boards of ``round_``: the checkmate on a board Red
    won, the openings on the others."""
    boards = list(round_.boards.filter(black__isnull=False).order_by("number"))
    won = next((b for b in boards if b.result == ResultCode.WHITE_WINS), None)
    if won is not None:
        game_moves_record(event=event, board=won, text=CHECKMATE, actor=arbiter)
    others = [b for b in boards if b != won]
    for board, sheet in zip(others, OPENINGS, strict=False):
        game_moves_record(event=event, board=board, text=sheet, actor=arbiter)
