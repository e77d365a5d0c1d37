"""Art. 15.6, 16.1 d–e: a disqualified player's points voided, or the player struck from the
list and the results; the statute says how the opponents score the voided games.

Six players, one cycle of the Berger table (appendix §5), player 6 disqualified after round 3
having played 3 of 5 games (more than half: a mere withdrawal would keep 6's 2½, Art. 21.5.1):
  R1 1-6 0-1  2-5 1-0  3-4 ½  | R2 6-4 1-0  5-3 ½  1-2 ½  | R3 2-6 ½  3-1 0-1  4-5 1-0
  R4 6-5 —    1-4 1-0  2-3 1-0 | R5 3-6 —    4-2 ½  5-1 0-1
"""

from dataclasses import replace
from fractions import Fraction

from records import Result, Sanction, VoidedGames
from scoring.crosstable import crosstable
from scoring.formats import Format
from scoring.points import LAW_GAME
from scoring.standings import standings
from scoring.withdrawals import apply_withdrawals
from tests.scoring.builders import B, D, W, bye, event, game

H = Fraction(1, 2)


def _event(sanction=None, games=VoidedGames.OPPONENTS_WIN):
    t = event(
        6,
        game(1, 1, 6, B), game(1, 2, 5, W), game(1, 3, 4, D),
        game(2, 6, 4, W), game(2, 5, 3, D), game(2, 1, 2, D),
        game(3, 2, 6, D), game(3, 3, 1, B), game(3, 4, 5, W),
        game(4, 6, 5, None), game(4, 1, 4, W), game(4, 2, 3, W),
        game(5, 3, 6, None), game(5, 4, 2, D), game(5, 5, 1, B),
        withdrawn={6: 3},
    )
    people = tuple(replace(p, disqualified=sanction, voided_games=games) if p.number == 6
                   else p for p in t.participants)
    return replace(t, participants=people)


def _table(t):
    table = standings(t, LAW_GAME, ("PTS",), fmt=Format.ROUND_ROBIN)
    return [(r.number, r.points) for r in table.rows], table.withdrawn


def test_a_withdrawal_past_half_keeps_the_points():
    # Art. 21.5.1 for contrast: 6 keeps 1 + 1 + ½; 3 and 5 win the unplayed games.
    rows, apart = _table(_event())
    assert dict(rows) == {1: 3 + H, 2: 3 + H, 3: 2, 4: 2, 5: 1 + H, 6: 2 + H}
    assert apart == ()


def test_points_voided_the_opponents_win():
    # Every game of 6 a forfeit win for the opponent: 1 gains 1 (R1), 2 gains ½ (R3),
    # 4 gains 1 (R2), 3 and 5 win the unplayed ones; 6 stays on the list with 0, last.
    rows, apart = _table(_event(Sanction.POINTS_VOIDED))
    assert rows == [(1, 4 + H), (2, 4), (4, 3), (3, 2), (5, 1 + H), (6, 0)]
    assert apart == ()
    voided = apply_withdrawals(_event(Sanction.POINTS_VOIDED), Format.ROUND_ROBIN)
    r1 = next(p for p in voided.pairings if p.round == 1 and p.first == 1)
    assert r1.games[0].result is Result.WHITE_WINS_FORFEIT


def test_struck_with_the_games_cancelled():
    # X in every game of 6 (the statute's other choice); 6 struck: not ranked, listed apart.
    rows, apart = _table(_event(Sanction.STRUCK, VoidedGames.CANCELLED))
    assert rows == [(1, 3 + H), (2, 3), (4, 2), (3, 1), (5, H)]
    assert apart == (6,)
    cancelled = apply_withdrawals(_event(Sanction.STRUCK, VoidedGames.CANCELLED),
                                  Format.ROUND_ROBIN)
    assert {g.result for p in cancelled.pairings if 6 in (p.first, p.second)
            for g in p.games} == {Result.CANCELLED}


def test_applying_twice_changes_nothing():
    once = apply_withdrawals(_event(Sanction.POINTS_VOIDED), Format.ROUND_ROBIN)
    assert apply_withdrawals(once, Format.ROUND_ROBIN) == once


def test_the_crosstable_shows_the_laws_marks():
    t = _event(Sanction.POINTS_VOIDED)
    table = standings(t, LAW_GAME, ("PTS",), fmt=Format.ROUND_ROBIN)
    cross = crosstable(t, table, LAW_GAME)
    row = {r.number: r for r in cross.rows}
    col = cross.columns.index
    # 6 had beaten 1 over the board: now 1 wins by forfeit (+), 6 loses it (−); 6 ranked last.
    assert [m.text for m in row[1].cells[col(6)]] == ["+"]
    assert [m.text for m in row[6].cells[col(1)]] == ["-"]
    assert (row[6].rank, row[6].points) == (6, 0)
    t = _event(Sanction.STRUCK, VoidedGames.CANCELLED)
    table = standings(t, LAW_GAME, ("PTS",), fmt=Format.ROUND_ROBIN)
    cross = crosstable(t, table, LAW_GAME)
    assert (cross.rows[-1].rank, cross.rows[-1].number) == (None, 6)
    assert {m.text for r in cross.rows for m in r.cells[cross.columns.index(6)]} == {"X"}


def _swiss(sanction=None, games=VoidedGames.OPPONENTS_WIN):
    """Six players, three Swiss rounds; 6 disqualified after round 2 (not paired in round 3):
    R1 1-4 1-0  2-5 ½  3-6 0-1 | R2 6-1 ½  4-2 0-1  5-3 1-0 | R3 1-2 ½  3-4 1-0  5 bye (0)."""
    t = event(
        6,
        game(1, 1, 4, W), game(1, 2, 5, D), game(1, 3, 6, B),
        game(2, 6, 1, D), game(2, 4, 2, B), game(2, 5, 3, W),
        game(3, 1, 2, D), game(3, 3, 4, W), bye(3, 5),
        withdrawn={6: 2},
    )
    people = tuple(replace(p, disqualified=sanction, voided_games=games) if p.number == 6
                   else p for p in t.participants)
    return replace(t, participants=people)


def _swiss_points(t):
    table = standings(t, LAW_GAME, ("PTS",), fmt=Format.SWISS)
    return {r.number: r.points for r in table.rows}, table.withdrawn


def test_swiss_withdrawal_keeps_then_disqualification_voids():
    # Art. 21.5.2: a Swiss withdrawal keeps 6's 1½ (its win over 3, its draw with 1).
    assert _swiss_points(_swiss()) == ({1: 2, 2: 2, 3: 1, 4: 0, 5: 1 + H, 6: 1 + H}, ())
    # Points voided, the opponents win: 3 gains 1 (R1), 1 gains ½ (R2); 6 has 0.
    assert _swiss_points(_swiss(Sanction.POINTS_VOIDED)) == (
        {1: 2 + H, 2: 2, 3: 2, 4: 0, 5: 1 + H, 6: 0}, ())
    # Struck, the games cancelled: 3 keeps 1, 1 loses its half point; 6 listed apart.
    assert _swiss_points(_swiss(Sanction.STRUCK, VoidedGames.CANCELLED)) == (
        {1: 1 + H, 2: 2, 3: 1, 4: 0, 5: 1 + H}, (6,))
