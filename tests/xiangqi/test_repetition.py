"""Chapter 5 (Art. 22-24): repeated positions classified, advice on who must change."""

from xiangqi import Move, Position, replay
from xiangqi.arbiter import advise, result_conflict
from xiangqi.record import GameRecord
from xiangqi.repetition import (
    ALLOWED,
    CHECK_AND_OTHER,
    MATE_DEPTH,
    PERPETUAL_CHASE,
    PERPETUAL_CHECK,
    PERPETUAL_MATE_THREAT,
    MoveClass,
    _side,
    _threatens_mate,
    _verdict,
    classify,
    find_repetition,
)

TWICE = 2  # each cycle below is played twice more, so the position stands three times


def advice(start, cycle, opening=""):
    moves = opening.split() + cycle.split() * (TWICE + 1)
    played = replay(moves, start=start)
    assert played.error is None, played.error
    return find_repetition(played.positions, played.moves)


def test_art_24_2_one_rook_checking_for_ever_must_change():
    # as the law's figure 1: the rook checks up and down, the general steps up and down
    found = advice("5k3/9/9/9/9/9/9/7R1/9/3K5 w", "h9h8 f8f9 h8h9 f9f8", opening="h2h9 f9f8")
    assert found.red.pattern == PERPETUAL_CHECK and found.red.article.startswith("Art. 23 point 1")
    assert found.black.pattern == ALLOWED
    assert found.verdict == "red_must_change"
    assert found.ply - found.first_ply == 8  # two cycles of four plies


def test_art_23_point_3_rook_chasing_an_unprotected_cannon_must_change():
    # as figures 32-33: the rook follows the cannon from file to file
    found = advice("3k5/9/9/8c/9/7R1/9/9/9/4K4 w", "h4i4 i6h6 i4h4 h6i6")
    assert found.red.pattern == PERPETUAL_CHASE and found.red.target in ("h6", "i6")
    assert found.black.pattern == ALLOWED
    assert found.verdict == "red_must_change"


def test_art_23_point_6_chasing_a_truly_protected_piece_is_a_draw():
    # as figures 29-30: the black rook on a6 takes back on the sixth rank
    found = advice("3k5/9/9/r7c/9/7R1/9/9/9/4K4 w", "h4i4 i6h6 i4h4 h6i6")
    assert found.red.pattern == ALLOWED and found.verdict == "draw"
    assert found.article == "Art. 7.2b, Art. 24.2"


def test_art_23_point_6_a_cannon_may_not_chase_even_a_protected_rook():
    # as figure 18: the red cannon (screens: black pawns h4, i4) chases a rook that a6 protects
    found = advice("3k5/9/9/r7r/9/7pp/9/7C1/9/4K4 w", "h2i2 i6h6 i2h2 h6i6")
    assert found.red.pattern == PERPETUAL_CHASE and found.verdict == "red_must_change"


def test_art_23_point_2_one_check_one_waiting_move_is_a_draw():
    # as figure 14: the rook checks, the advisor blocks; the rook steps back, the advisor too
    found = advice("5k3/2R1a4/9/9/9/9/9/9/9/4K4 w", "c8c9 e8d9 c9c8 d9e8")
    assert found.red.pattern == CHECK_AND_OTHER and found.black.pattern == ALLOWED
    assert found.verdict == "draw"


def classify_move(fen, iccs):
    position, move = Position.from_fen(fen), Move.from_iccs(iccs)
    ids = {sq: sq for sq, p in enumerate(position.board) if p}
    after_ids = dict(ids)
    after_ids.pop(move.to, None)
    after_ids[move.to] = after_ids.pop(move.frm)
    return classify(position, move, ids, after_ids, 1)


def test_art_23_point_3_a_pawn_not_over_the_river_may_be_chased():
    # the black rook b2 goes to a2, attacking the red pawn on a3 (own half): no chase
    assert classify_move("3k5/9/9/9/9/9/P8/1r7/9/4K4 b", "b2a2").chased == frozenset()
    # the same attack on a pawn over the river (a5) is a chase
    crossed = classify_move("3k5/9/9/9/P8/9/9/1r7/9/4K4 b", "b2a2")
    assert crossed.chased == frozenset({45})


def test_art_23_point_9_a_general_may_chase():
    # the black general steps next to an unprotected red horse: not a chase
    assert classify_move("4k4/3N5/9/9/9/9/9/9/9/5K3 b", "e9e8").chased == frozenset()
    # a black rook doing the same is one
    assert classify_move("4k4/3N5/9/9/9/9/9/9/r8/5K3 b", "a1a8").chased == frozenset({75})


def test_art_22_5_equal_pieces_attacking_each_other_offer_an_exchange():
    found = classify_move("3k5/9/9/9/9/r8/9/9/9/1R2K4 w", "b0a0")
    assert found.offered == frozenset({36}) and found.chased == frozenset()


def test_classify_a_threat_of_mate_art_22_3():
    # black general d9 boxed by the rook on the 8th rank; the other rook threatens i9 mate
    found = classify_move("3k5/R8/9/9/9/9/9/9/9/4K3R w", "i0i1")
    assert found.mate_threat and not found.check


def test_verdict_table_art_7_and_23():
    check = MoveClass(1, True, False, frozenset(), frozenset())
    threat = MoveClass(1, False, True, frozenset(), frozenset())
    chase = MoveClass(1, False, False, frozenset({5}), frozenset())
    other = MoveClass(1, False, False, frozenset({7}), frozenset())
    wait = MoveClass(1, False, False, frozenset(), frozenset())
    ids = {5: 5, 7: 7}
    assert _side("w", [threat, threat], ids).pattern == PERPETUAL_MATE_THREAT  # point 2
    assert _side("w", [check, threat], ids).pattern == CHECK_AND_OTHER  # point 2
    assert _side("w", [check, chase], ids).pattern == CHECK_AND_OTHER  # point 2
    assert _side("w", [chase, other], ids).pattern == ALLOWED  # point 4: two pieces in turn
    assert _side("w", [chase, chase], ids).pattern == PERPETUAL_CHASE
    assert _side("w", [wait, wait], ids).pattern == ALLOWED
    both_check = _verdict(_side("w", [check], ids), _side("b", [check], ids))
    assert both_check == ("draw", "Art. 7.2c")  # both break the same rule
    mixed = _verdict(_side("w", [check], ids), _side("b", [chase], ids))
    assert mixed[0] == "arbiter"
    assert _verdict(_side("w", [wait], ids), _side("b", [chase], ids))[0] == "black_must_change"


def test_no_repetition_no_advice():
    played = replay("h2e2 h9g7 h0g2 i9h9".split())
    assert find_repetition(played.positions, played.moves) is None


def test_art_7_1_a_result_against_the_final_position_is_flagged():
    mate = GameRecord(("a0a9",), "0-1", start="4k4/1R7/9/9/9/9/9/9/9/R2K5 w")
    conflict = advise(mate).conflict
    assert conflict.expected == "1-0" and conflict.recorded == "0-1" and conflict.checkmate
    assert advise(GameRecord(("a0a9",), "1-0", start=mate.start)).conflict is None
    assert advise(GameRecord(("a0a9",), "*", start=mate.start)).conflict is None
    # stalemate (Art. 7.1b): the side that cannot move has lost; a draw contradicts it
    stalemate = replay([], start="3k5/4R4/9/9/9/9/9/9/9/5K3 b")
    found = result_conflict(stalemate, "1/2-1/2")
    assert found.expected == "1-0" and not found.checkmate
    assert result_conflict(replay(["h2e2"]), "0-1") is None  # the game goes on


def test_art_23_point_7_attacking_a_protected_hobbled_horse_is_a_chase():
    # The black horse e5 is protected by the rook e9 but hobbled towards d3 (its leg e4 holds
    # a red pawn): it cannot take back, so the red horse's attack from d3 is a chase.
    found = classify_move("3kr4/9/9/9/4n4/4P4/9/9/2N6/5K3 w", "c1d3")
    assert found.chased == frozenset({4 + 9 * 5}) and found.offered == frozenset()
    # Without the pawn the black horse can take back: an offer to exchange (Art. 22.5).
    free = classify_move("3kr4/9/9/9/4n4/9/9/9/2N6/5K3 w", "c1d3")
    assert free.offered == frozenset({4 + 9 * 5}) and free.chased == frozenset()


def test_art_23_point_7_a_horse_chasing_a_protected_hobbled_horse_must_change():
    # The red horse goes g4 and f6 and back; the black horse flees h6-g8 and back. From g4 it
    # attacks h6, protected by the rook h5 that also hobbles it (its leg towards g4): a chase
    # (point 7); from f6 it attacks g8, which could take back: an offer. A chase joined to
    # exchange offers is still a perpetual chase (point 8): Red must change.
    found = advice("P2k5/9/9/5N1n1/7r1/9/P8/p8/9/5K3 w", "f6g4 h6g8 g4f6 g8h6")
    assert found.red.pattern == PERPETUAL_CHASE and found.red.target == "h6"
    assert found.black.pattern == ALLOWED and found.verdict == "red_must_change"


def test_art_22_3_a_mate_threat_over_two_moves():
    # The red pawn steps forward (a waiting move); moving again, Red mates in two: Ra1-a8+,
    # the general goes to f9 or f7, then the other rook mates on i9 or i7 (the general d2
    # holds the d-file). No mate in one: the search of 3 plies finds it, one ply does not.
    start = "9/5k3/9/9/2b6/9/7P1/3K5/R8/8R w"
    found = classify_move(start, "h3h4")
    assert found.mate_threat and not found.check
    after = Position.from_fen("9/5k3/9/9/2b6/7P1/9/3K5/R8/8R w")
    assert not _threatens_mate(after, 1) and _threatens_mate(after, MATE_DEPTH)
    assert MATE_DEPTH == 3
