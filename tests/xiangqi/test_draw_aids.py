"""The arbiter's draw aids from the stored moves (xiangqi/arbiter.py): the moves since the last
capture for an Art. 12 claim (50, or the 60 of Art. 20.4 b.6 as the statute chooses) and
insufficient material (Art. 7.2 a, 20.4 b.6)."""

from xiangqi import GameRecord, Position, advise, insufficient_material, move_count, replay
from xiangqi.arbiter import MoveCount

# A 60-move game (120 single moves), ICCS. Its only capture is Red's 9th move, b0b9: the red
# chariot (b0) takes the black chariot that went to b9 on Black's 3rd move (a9b9). No move
# gives check. After it: 120 − 17 = 103 single moves, 51 whole moves (a move of each side).
SIXTY = (
    "b2b5", "b9a7", "b0a2", "h7h5", "b5b3", "a9b9", "b3b0", "b7b3", "h2b2", "g6g5", "b2h2", "h5h8",
    "g0i2", "h8a8", "d0e1", "b3b8", "b0b9", "b8f8", "b9b6", "a8e8", "h2h3", "e6e5", "h0f1", "i9i8",
    "h3h2", "f8f4", "b6b1", "f4e4", "h2h0", "i8i9", "b1b4", "e8g8", "i0i1", "i9i7", "b4b2", "c9e7",
    "i1g1", "e4d4", "b2b8", "d4d0", "h0h1", "g8d8", "a0b0", "d8h8", "a2c1", "e7c5", "h1i1", "d0d5",
    "c1a2", "h8i8", "g1h1", "i7b7", "e1d0", "d9e8", "e3e4", "d5d6", "b0b5", "b7f7", "b5b7", "i8f8",
    "f1h2", "f7f4", "b7g7", "d6g6", "h1c1", "a7c8", "h2f1", "g6e6", "b8b5", "c8b6", "b5a5", "f4f5",
    "a5b5", "e6d6", "g7h7", "d6f6", "i2g4", "b6a8", "f1e3", "h9i7", "c1c2", "c5e7", "b5c5", "f8h8",
    "c2c1", "a8c7", "c1a1", "f5f3", "a1e1", "a6a5", "e1b1", "h8i8", "b1a1", "e8d9", "h7h1", "i8d8",
    "e3c2", "c7a8", "c3c4", "f6f8", "h1c1", "f9e8", "g4i2", "d8c8", "a2c3", "c8c7", "g3g4", "f8i8",
    "c2e3", "a8b6", "a3a4", "f3g3", "i1g1", "i8h8", "a1a2", "e8d7", "c5d5", "h8h5", "g1e1", "h5h3",
)


def test_sixty_move_game_with_one_capture_at_move_9():
    played = replay(SIXTY, notation="iccs")
    assert played.error is None and len(played.moves) == 120
    count = move_count(played)
    assert (count.last_capture_ply, count.plies, count.checks, count.counted) == (17, 103, 0, 51)
    assert count.claim_holds and count.article == "Art. 12"  # 51 >= 50: the claim holds
    sixty = move_count(played, limit=60)  # Art. 20.4 b.6, the statute's other choice
    assert not sixty.claim_holds and sixty.article == "Art. 12, 20.4 b.6"
    # Ten single moves earlier the count is 46: a claim then gives the opponent 2 minutes.
    assert move_count(replay(SIXTY[:110], notation="iccs")).counted == 46


def test_checks_count_for_five_moves_at_most():
    # Art. 12 c: 110 single moves, 8 of them checks: 3 checks are not counted, (110 − 3) ÷ 2.
    assert MoveCount(plies=110, checks=8, limit=50, last_capture_ply=0).counted == 53
    assert MoveCount(plies=110, checks=5, limit=50, last_capture_ply=0).counted == 55


def test_a_check_is_counted_as_one():
    # Red's chariot checks along the file (one check), Black's general steps aside.
    played = replay(("a1e1", "e9f9"), start="4k4/9/9/9/9/9/9/9/R8/3K5 w", notation="iccs")
    assert played.error is None
    assert (move_count(played).plies, move_count(played).checks) == (2, 1)


def test_insufficient_material():
    # Generals, advisors and elephants only on both sides (Art. 7.2 a, 20.4 b.6): a draw.
    bare = Position.from_fen("2bak4/4a4/9/9/9/9/9/9/4A4/2BAK4 w")
    assert insufficient_material(bare)
    # One soldier is enough to play on.
    assert not insufficient_material(Position.from_fen("2bak4/4a4/9/9/9/9/4P4/9/4A4/2BAK4 w"))
    assert not insufficient_material(Position.from_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"))


def test_advice_carries_both():
    advice = advise(GameRecord(SIXTY, "*", (("Format", "ICCS"),)), limit=60)
    assert (advice.moves.counted, advice.moves.limit, advice.no_material) == (51, 60, False)
