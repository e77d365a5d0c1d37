"""Positions, FEN and the rules of movement (Art. 2-7)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xiangqi import START_FEN, FenError, Move, Position

from .positions import random_position


def pos(fen):
    return Position.from_fen(fen)


def legal(fen, iccs):
    return pos(fen).is_legal(Move.from_iccs(iccs))


def test_start_position_fen_round_trip_and_44_moves():
    start = pos(START_FEN)
    assert start.fen() == START_FEN
    assert len(start.legal_moves()) == 44  # the known count of opening moves
    assert not start.is_check() and not start.is_over()


def test_fen_reads_ucci_extra_fields_and_horse_elephant_letters():
    fen = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"
    assert pos(fen).fen() == START_FEN


@pytest.mark.parametrize("fen, reason", [
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "10 ranks"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "9 files"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "w or b"),
    ("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "general"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w", "bad rank"),
])
def test_bad_fen_is_refused_with_the_reason(fen, reason):
    with pytest.raises(FenError, match=reason):
        pos(fen)


def test_art_4_3a_generals_never_face_each_other():
    # the red general may not step onto the open file of the black general
    assert not legal("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0e0")
    assert legal("4k4/9/9/9/9/9/9/9/4P4/3K5 w", "d0e0")  # a piece between
    # a piece that screens the generals may not leave the file
    assert not legal("4k4/9/9/9/9/9/9/9/4N4/4K4 w", "e1d3")
    assert legal("4k4/9/9/9/9/9/9/9/4N4/4K4 w", "e0d0")  # the general steps off the file


def test_art_4_3a_general_and_4_3b_advisor_stay_in_the_palace():
    assert not legal("4k4/9/9/9/9/9/9/3K5/9/9 w", "d2d3")
    assert not legal("4k4/9/9/9/9/9/9/9/3K5/5A3 w", "f0g1")
    assert legal("4k4/9/9/9/9/9/9/9/3K5/5A3 w", "f0e1")


def test_art_4_3c_elephant_neither_crosses_the_river_nor_jumps_its_eye():
    assert not legal("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4a6")  # across the river
    assert legal("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4a2")
    assert not legal("3k5/9/9/9/9/2B6/1P7/9/9/4K4 w", "c4a2")  # eye b3 occupied


def test_art_4_3e_horse_leg_blocked():
    fen = "4k4/9/9/9/9/9/9/4P4/4N4/3K5 w"
    assert not legal(fen, "e1d3") and not legal(fen, "e1f3")
    assert legal(fen, "e1c2") and legal(fen, "e1g2")


def test_art_4_3g_cannon_moves_like_a_rook_takes_over_one_screen():
    fen = "4k4/9/4r4/9/4p4/9/9/4C4/9/3K5 w"
    assert legal(fen, "e2e7")  # one screen (e5)
    assert not legal(fen, "e2e5")  # no screen
    assert not legal(fen, "e2e9")  # two screens
    assert legal(fen, "e2e4") and not legal(fen, "e2e6")


def test_art_4_3h_pawn_forward_only_then_sideways_over_the_river():
    assert not legal("4k4/9/9/9/9/9/4P4/9/9/3K5 w", "e3d3")
    assert not legal("4k4/9/9/9/9/9/4P4/9/9/3K5 w", "e3e2")
    assert legal("4k4/9/9/9/4P4/9/9/9/9/3K5 w", "e5d5")
    assert not legal("4k4/9/9/9/4P4/9/9/9/9/3K5 w", "e5e4")


def test_art_6_moving_into_check_is_refused():
    fen = "4k4/9/9/9/9/9/9/9/9/3R1K3 b"
    assert not legal(fen, "e9d9")  # the red rook holds the d-file
    assert legal(fen, "e9e8")


def test_art_7_1a_checkmate_and_7_1b_stalemate_end_the_game():
    mate = pos("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b")
    assert mate.is_check() and mate.is_over()
    # black general boxed in, not in check, no other piece: a loss all the same
    stalemate = pos("3k5/4R4/9/9/9/9/9/9/9/5K3 b")
    assert not stalemate.is_check() and stalemate.is_over()


def test_play_legal_refuses_an_illegal_move():
    from xiangqi import IllegalMove
    with pytest.raises(IllegalMove):
        pos(START_FEN).play_legal(Move.from_iccs("h2h8"))


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32))
def test_fen_round_trips_and_legal_moves_never_leave_the_general_attacked(seed):
    position = random_position(random.Random(seed))
    assert Position.from_fen(position.fen()) == position
    legal = set(position.legal_moves())
    for move in position.pseudo_moves():
        after = position.play(move)
        assert (move in legal) == (not after.attacked_king(position.turn))
        assert position.is_legal(move) == (move in legal)
    assert position.is_over() == (not legal)


def test_legal_targets_group_the_legal_moves_by_the_point_they_leave():
    position = Position.from_fen(START_FEN)
    targets = position.legal_targets()
    assert sum(len(t) for t in targets.values()) == 44 == len(position.legal_moves())
    assert sorted(targets["b0"]) == ["a2", "c2"]  # Red's horse (Art. 4.3e)
    assert "e0" in targets and targets["e0"] == ["e1"]  # the general, in the palace (4.3a)
