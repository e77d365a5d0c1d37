"""Records replayed move by move: an illegal move is refused at its ply (1 = the first)."""

import pytest

from xiangqi import START_FEN, GameRecord, replay


@pytest.mark.parametrize("start, moves, ply, why", [
    # Art. 4.3e: the h0 horse's leg h1 is blocked by the cannon that went back there
    (START_FEN, "h2h1 h9g7 h0g2", 3, "not a legal"),
    (START_FEN, "M2.3 M2.3 M2.3", 3, "no such move"),  # Black's 2nd-file horse has left
    # Art. 4.3c: an elephant across the river
    (START_FEN, "c0e2 h9g7 e2c4 g6g5 c4a6", 5, "not a legal"),
    # Art. 6: the general walks into the rook's file; a pinned horse leaves its file
    ("4k4/9/9/9/9/9/9/9/4A4/3RK4 b", "e9e8 d0d1 e8d8", 3, "not a legal"),
    ("4k4/4n4/9/9/9/9/9/9/4R4/3K5 b", "e8g7", 1, "not a legal"),
    ("4k4/4n4/9/9/9/9/9/9/4R4/3K5 b", "M5.3", 1, "leaves the general in check"),
    # Art. 4.3a: the generals may not face each other on an open file
    ("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0e1 d9d8 e1d1", 3, "not a legal"),
    ("3k5/9/9/9/9/9/9/9/9/4K4 w", "e0e1 d9d8 e1e0 d8e8", 4, "not a legal"),
])
def test_illegal_moves_are_refused_at_their_ply(start, moves, ply, why):
    played = replay(moves.split(), start=start)
    assert played.error is not None and played.error.ply == ply, played.error
    assert why in played.error.reason
    assert played.error.text == moves.split()[ply - 1]
    assert len(played.positions) == ply  # the moves before it are kept


def test_a_move_after_the_game_is_over_is_refused():
    # 1. the rook mates (Art. 7.1a); a black move after it is refused at ply 2
    played = replay(["a0a9", "e9e8"], start="4k4/1R7/9/9/9/9/9/9/9/R2K5 w")
    assert played.error and played.error.ply == 2 and "over" in played.error.reason
    assert played.positions[1].is_over()


def test_replay_in_vietnamese_words_and_wxf_agree():
    vi = replay(["Pháo 2 bình 5", "Mã 8 tiến 7", "Mã 2 tiến 3", "Xe 9 bình 8"])
    wxf = replay(["C2=5", "H8+7", "H2+3", "R9=8"])
    assert vi.error is None and vi.final == wxf.final
    assert vi.final.fen() == "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w"


def test_game_record_tags():
    record = GameRecord(("h2e2",), "*", (("Event", "E"),)).with_tag("Round", "3")
    assert record.tag("Round") == "3" and record.tag("Event") == "E" and record.tag("X") == ""
    assert record.replay().positions[0].fen() == START_FEN
