"""Reading and writing moves: ICCS, the Vietnamese notation of Art. 11, WXF/AXF, Chinese."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi import START_FEN, IllegalMove, Move, Position, parse_move, write_move
from xiangqi.describe import describe
from xiangqi.notation import DIALECTS, candidates, detect
from xiangqi.record import replay

from .positions import random_position

# Art. 11.2a: two cannons on the red e-file, three black pawns on the d-file, two red rooks on
# the a-file, for "12) Pt/1 Bg.1 13) Xs.2 Bt-3".
TANDEM = "5k3/9/9/3p5/R2p5/4C4/3p5/R3C4/9/4K4 w"


def iccs(texts, start=START_FEN, notation=None):
    played = replay(texts, start=start, notation=notation)
    assert played.error is None, played.error
    return [str(m) for m in played.moves]


def test_art_11_example_in_symbols():
    assert iccs("P2-5 M2.3 M8.7 P8-5".split()) == ["h2e2", "b9c7", "b0c2", "h7e7"]


def test_art_11_example_in_words():
    moves = ["Pháo 2 bình 5", "Mã 2 tiến 3", "Mã 8 tiến 7", "Pháo 8 bình 5"]
    assert iccs(moves) == ["h2e2", "b9c7", "b0c2", "h7e7"]


def test_art_11_tandem_pieces_t_s_and_middle_pawn_g():
    assert iccs("Pt/1 Bg.1 Xs.2 Bt-3".split(), start=TANDEM) == [
        "e4e3", "d5d4", "a2a4", "d3c3"]


def test_art_11_tandem_written_back_as_the_law_writes_it():
    position = Position.from_fen(TANDEM)
    texts = []
    for move in ("e4e3", "d5d4", "a2a4", "d3c3"):
        texts.append(write_move(position, Move.from_iccs(move), "vi"))
        position = position.play(Move.from_iccs(move))
    assert texts == ["Pt/1", "Bg.1", "Xs.2", "Bt-3"]


def test_vietnamese_words_for_tandem_pieces():
    position = Position.from_fen(TANDEM)
    d = describe(position, Move.from_iccs("e4e3"))
    assert DIALECTS["vi"].write_words(d) == "Pháo trước thoái 1"
    assert parse_move(position, "Pháo trước thoái 1") == Move.from_iccs("e4e3")


def test_file_numbers_follow_art_2_1_each_side_from_its_own_right():
    start = Position.from_fen(START_FEN)
    # Red's rightmost rook (i0) is on Red's file 1; Black's rook on a9 is on Black's file 1.
    assert write_move(start, Move.from_iccs("i0i1"), "vi") == "X1.1"
    black = start.play(Move.from_iccs("h2e2"))
    assert write_move(black, Move.from_iccs("a9a8"), "vi") == "X1.1"
    assert write_move(black, Move.from_iccs("a9a8"), "zh") == "车1进1"


@pytest.mark.parametrize("text, notation", [
    ("h2e2", "iccs"), ("H2-E2", "iccs"), ("P2-5", "vi"), ("Pháo 2 bình 5", "vi"),
    ("C2=5", "wxf"), ("C2.5", "wxf"), ("炮二平五", "zh"), ("砲二平五", "zh"), ("炮2平5", "zh"),
])
def test_every_notation_reads_the_central_cannon(text, notation):
    assert parse_move(Position.from_fen(START_FEN), text, notation) == Move.from_iccs("h2e2")


def test_wxf_and_the_law_11_2b_plus_dot_equals():
    start = Position.from_fen(START_FEN)
    assert parse_move(start, "H8+7", "wxf") == Move.from_iccs("b0c2")
    # "." is backward in Art. 11.2b and sideways in WXF's own prints: read by what is legal
    assert parse_move(start, "C8.5", "wxf") == Move.from_iccs("b2e2")
    position = Position.from_fen("3k5/9/9/9/9/9/9/7R1/9/4K4 w")
    with pytest.raises(IllegalMove, match="ambiguous"):
        parse_move(position, "R2.1", "wxf")  # h2 to i2, or back to h1
    assert parse_move(position, "R2=1", "wxf") == Move.from_iccs("h2i2")
    assert parse_move(position, "R2-1", "wxf") == Move.from_iccs("h2h1")


# The WXF's published cases of tandem pawns: Red pawns on the 3rd file (g) and the 7th (c).
THREE_PAWNS = "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w"
FIVE_PAWNS = "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w"
TWO_FILES = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w"


@pytest.mark.parametrize("fen, text, move", [
    (THREE_PAWNS, "P+.4", "g7f7"), (THREE_PAWNS, "P3.4", "g6f6"), (THREE_PAWNS, "P-.4", "g5f5"),
    (FIVE_PAWNS, "++.4", "g9f9"), (FIVE_PAWNS, "P+.4", "g8f8"), (FIVE_PAWNS, "P3.4", "g7f7"),
    (FIVE_PAWNS, "P-.4", "g6f6"), (FIVE_PAWNS, "--.4", "g5f5"),
    (TWO_FILES, "3+.4", "g7f7"), (TWO_FILES, "3-.4", "g5f5"), (TWO_FILES, "7+.6", "c6d6"),
    (TWO_FILES, "7-.6", "c5d5"),
])
def test_wxf_tandem_pawns(fen, text, move):
    assert parse_move(Position.from_fen(fen), text, "wxf") == Move.from_iccs(move)


@pytest.mark.parametrize("fen, move, vi, wxf, zh", [
    (THREE_PAWNS, "g6f6", "Bg-4", "P3=4", "中兵平四"),
    (FIVE_PAWNS, "g9f9", "Btt-4", "++=4", "一兵平四"),
    (FIVE_PAWNS, "g8f8", "Bt-4", "P+=4", "二兵平四"),
    (TWO_FILES, "c6d6", "Bt7-6", "7+=6", "前七平六"),
    (TWO_FILES, "g6f6", "Bg3-4", "33=4", "中三平四"),
])
def test_crowded_pawns_in_every_notation(fen, move, vi, wxf, zh):
    position, m = Position.from_fen(fen), Move.from_iccs(move)
    assert [write_move(position, m, n) for n in ("vi", "wxf", "zh")] == [vi, wxf, zh]
    assert all(parse_move(position, t, n) == m for t, n in ((vi, "vi"), (wxf, "wxf"), (zh, "zh")))


def test_chinese_front_and_rear_pieces():
    position = Position.from_fen(TANDEM)
    assert write_move(position, Move.from_iccs("e4e3"), "zh") == "前炮退一"
    assert parse_move(position, "後炮進一", "zh") == Move.from_iccs("e2e3")


def test_unknown_and_impossible_moves_are_refused():
    start = Position.from_fen(START_FEN)
    for text in ("P2-0", "X1-5", "zz", "C5=1", "马五进四", "i0i9"):
        with pytest.raises(IllegalMove):
            parse_move(start, text)


def test_detect_picks_one_notation_for_a_whole_record():
    assert candidates("P2-5") == ("vi", "wxf")
    assert detect(["P2-5", "M2.3"]) == "vi"
    assert detect(["P2-5", "H8+7"]) == "wxf"  # pawn 2 backward 5 is impossible, but so read
    assert detect(["h2e2"]) == "iccs" and detect(["炮二平五"]) == "zh"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_every_notation_round_trips_in_random_positions(seed):
    position = random_position(random.Random(seed))
    for move in position.legal_moves():
        for notation in ("iccs", "vi", "wxf", "zh"):
            text = write_move(position, move, notation)
            assert parse_move(position, text, notation) == move, (position.fen(), text)
        words = DIALECTS["vi"].write_words(describe(position, move))
        assert parse_move(position, words, "vi") == move, (position.fen(), words)


def _slow_read(position, text, notation, monkeypatch):
    """The general reader alone: every move of the kind written and matched."""
    from xiangqi import describe as module

    with monkeypatch.context() as patch:
        patch.setattr(module, "_simple_move", lambda *_: None)
        try:
            return parse_move(position, text, notation)
        except IllegalMove as error:
            return error.kind


def _fast_read(position, text, notation):
    try:
        return parse_move(position, text, notation)
    except IllegalMove as error:
        return error.kind


@pytest.mark.parametrize("notation", ["vi", "wxf", "asian", "zh"])
def test_the_quick_reading_of_simple_moves_answers_as_the_general_reader(notation,
                                                                          monkeypatch):
    """The notation's speed: a piece alone on its file is found from its file and direction
    without generating the moves; on random positions crowded with like pieces, every legal
    move written, and each with its number changed (mostly illegal), reads to the same move
    or is refused for the same reason either way."""
    rng = random.Random(18)
    checked = 0
    for _ in range(25):
        position = random_position(rng)
        for move in position.legal_moves():
            text = write_move(position, move, notation)
            digit = str(rng.randint(1, 9))
            mutated = text[:-1] + (digit if notation != "zh" or position.turn == "b"
                                   else "一二三四五六七八九"[int(digit) - 1])
            for t in (text, mutated):
                assert _fast_read(position, t, notation) == _slow_read(
                    position, t, notation, monkeypatch), (position.fen(), t)
                checked += 1
    assert checked > 500
