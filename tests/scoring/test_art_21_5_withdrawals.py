"""Art. 21.5: withdrawals, on both sides of "half" and exactly at it.

Five players, full Berger schedule (see test_art_21_3_round_robin.py); player 5 plays rounds
1, 2, 3 and 5 (rests in round 4), so the event gives each player 4 games: half is 2.
  R1 2-5 1-0   3-4 ½  | R2 5-3 1-0   1-2 ½  | R3 3-1 0-1   4-5 0-1
  R4 1-4 1-0   2-3 1-0 | R5 4-2 ½     5-1 (not played)
"""

from fractions import Fraction

from records import Result
from scoring.crosstable import crosstable
from scoring.formats import Format
from scoring.points import LAW_GAME
from scoring.standings import standings
from scoring.withdrawals import apply_withdrawals, games_scheduled, withdrew_by_half
from tests.scoring.builders import B, D, W, bye, event, game

X = Result.CANCELLED


def _event(withdrawn_after: int):
    """Results as far as they were played before player 5 withdrew after ``withdrawn_after``."""
    def upto(rnd, result):
        return result if rnd <= withdrawn_after else None
    return event(
        5,
        game(1, 2, 5, W), game(1, 3, 4, D), bye(1, 1),
        game(2, 5, 3, upto(2, W)), game(2, 1, 2, D), bye(2, 4),
        game(3, 3, 1, B), game(3, 4, 5, upto(3, B)), bye(3, 2),
        game(4, 1, 4, W), game(4, 2, 3, W), bye(4, 5),
        game(5, 4, 2, D), game(5, 5, 1, None), bye(5, 3),
        withdrawn={5: withdrawn_after},
    )


def _points(t):
    """Points of the ranked rows, and 0 for each participant listed apart (Art. 21.5.1)."""
    table = standings(t, LAW_GAME, ("PTS",), fmt=Format.ROUND_ROBIN)
    return {r.number: r.points for r in table.rows} | {n: 0 for n in table.withdrawn}


def test_half_is_measured_on_the_event_schedule():
    assert games_scheduled(_event(2)) == 4
    # The law's example: 8 games, 4 played is "half or fewer" (9 players, one cycle).
    nine = event(9, *(game(1, i, i + 1, W) for i in range(1, 9, 2)), rounds=9, withdrawn={1: 1})
    assert games_scheduled(nine) == 8


def test_art_21_5_1_withdrawal_before_half():
    # Played 1 of 4 (< half): every game of player 5 cancelled, 2's win over 5 with it.
    t = apply_withdrawals(_event(1), Format.ROUND_ROBIN)
    assert withdrew_by_half(_event(1), _event(1).participants[4])
    assert {p.result for p in t.pairings if 5 in (p.first, p.second) and p.second} == {X}
    # 1: ½ + 1 + 1 = 2½;  2: ½ + 1 + ½ = 2;  3: ½ + 0 + 0 = ½;  4: ½ + 0 + ½ = 1;  5: 0.
    assert _points(_event(1)) == {1: Fraction(5, 2), 2: 2, 3: Fraction(1, 2), 4: 1, 5: 0}


def test_art_21_5_1_withdrawal_at_exactly_half():
    # Played 2 of 4 = half: "nửa số trận đấu trở xuống" — still cancelled, results and all.
    # 5 had beaten 3 in round 2; 2 had beaten 5 in round 1: both gone.
    assert withdrew_by_half(_event(2), _event(2).participants[4])
    assert _points(_event(2)) == {1: Fraction(5, 2), 2: 2, 3: Fraction(1, 2), 4: 1, 5: 0}
    table = standings(_event(2), LAW_GAME, ("PTS",), fmt=Format.ROUND_ROBIN)
    cross = crosstable(_event(2), table, LAW_GAME)
    row2 = next(r for r in cross.rows if r.number == 2)
    col5 = cross.columns.index(5)
    assert [m.text for m in row2.cells[col5]] == ["X"]


def test_art_21_5_1_withdrawn_by_half_is_listed_apart_not_ranked():
    # 5 withdrew after round 1 (1 of 4 played): not a row of the ranking, not tied on 0 with a
    # real player; the four others are ranked 1 to 4 (2½, 2, 1, ½) and 5 follows, apart.
    table = standings(_event(1), LAW_GAME, ("PTS",), fmt=Format.ROUND_ROBIN)
    assert [(r.rank, r.number) for r in table.rows] == [(1, 1), (2, 2), (3, 4), (4, 3)]
    assert table.withdrawn == (5,)
    cross = crosstable(_event(1), table, LAW_GAME)
    assert [(r.rank, r.number) for r in cross.rows][-1] == (None, 5)
    assert {m.text for row in cross.rows for m in row.cells[cross.columns.index(5)]} == {"X"}
    # Past half (3 of 4), 5 stays in the ranking (results stand).
    later = standings(_event(3), LAW_GAME, ("PTS",), fmt=Format.ROUND_ROBIN)
    assert later.withdrawn == () and 5 in {r.number for r in later.rows}


def test_art_21_5_1_withdrawal_after_half():
    # Played 3 of 4 (> half): results stand; the round-5 game 5-1 goes to 1 by forfeit.
    assert not withdrew_by_half(_event(3), _event(3).participants[4])
    t = apply_withdrawals(_event(3), Format.ROUND_ROBIN)
    last = next(p for p in t.pairings if p.round == 5 and p.first == 5)
    assert last.result is Result.BLACK_WINS_FORFEIT
    # 1: ½ + 1 + 1 + 1(forfeit) = 3½;  2: 1 + ½ + 1 + ½ = 3;  3: ½ + 0 + 0 + 0 = ½;
    # 4: ½ + 0 + 0 + ½ = 1;  5: 0 + 1 + 1 + 0 = 2.  Total 10 = 10 games.
    assert _points(_event(3)) == {1: Fraction(7, 2), 2: 3, 3: Fraction(1, 2), 4: 1, 5: 2}


def test_withdrawals_are_idempotent():
    for k in (1, 2, 3):
        once = apply_withdrawals(_event(k), Format.ROUND_ROBIN)
        assert apply_withdrawals(once, Format.ROUND_ROBIN) == once


def test_art_21_5_2_swiss_results_stand_and_the_next_opponent_wins():
    # Four players, three rounds; 4 withdraws after round 1 (a game already played stays), is
    # still paired in round 2 (1 wins by forfeit) and is not paired in round 3.
    t = event(4, game(1, 1, 3, D), game(1, 4, 2, W),
              game(2, 4, 1, None), game(2, 2, 3, D),
              game(3, 1, 2, W), bye(3, 3),
              withdrawn={4: 1})
    table = standings(t, LAW_GAME, ("PTS",), fmt=Format.SWISS)
    # 1: ½ + 1(forfeit) + 1 = 2½;  2: 0 + ½ + 0 = ½;  3: ½ + ½ + 0 = 1;  4: 1 + 0 = 1.
    assert {r.number: r.points for r in table.rows} == {1: Fraction(5, 2), 2: Fraction(1, 2),
                                                        3: 1, 4: 1}
    cross = crosstable(t, table, LAW_GAME)
    marks = {r.number: [c[0].text if c else "" for c in r.cells] for r in cross.rows}
    assert marks[1][1] == "X" and marks[4][1] == "0"  # the table's marks (Art. 21.5.2)
    assert marks[4][0] == "1"  # the game played before withdrawing stands
