"""Crosstable data: round robin cells per opponent (two per cell in a double round robin),
Swiss cells per round with the opponent's rank."""

from records import Bye, Colour
from scoring.crosstable import crosstable
from scoring.formats import Format
from scoring.points import LAW_GAME, MatchScoring
from scoring.standings import standings
from tests.scoring.builders import BF, B, D, W, bye, event, game, match_by_first


def test_double_round_robin_cells_hold_both_games():
    # Three players, two cycles; the second repeats the first with colours reversed.
    t = event(3,
              game(1, 1, 2, W), bye(1, 3), game(2, 3, 1, D), bye(2, 2), game(3, 2, 3, B), bye(3, 1),
              game(4, 2, 1, D), bye(4, 3), game(5, 1, 3, W), bye(5, 2), game(6, 3, 2, W), bye(6, 1))
    table = standings(t, LAW_GAME, "PTS", fmt=Format.ROUND_ROBIN)
    # 1: 1 + ½ + ½ + 1 = 3;  3: ½ + 1 + 0 + 1 = 2½;  2: 0 + 0 + ½ + 0 = ½.
    assert [r.number for r in table.rows] == [1, 3, 2]
    cross = crosstable(t, table, LAW_GAME)
    assert cross.columns == (1, 3, 2)
    row1 = cross.rows[0]
    assert row1.cells[0] == ()  # own column
    assert [(m.round, m.text, m.colour) for m in row1.cells[1]] == [
        (2, "½", Colour.BLACK), (5, "1", Colour.WHITE)]
    assert [(m.text, m.colour) for m in row1.cells[2]] == [("1", Colour.WHITE), ("½", Colour.BLACK)]


def test_swiss_cells_show_opponent_rank_colour_result_and_byes():
    t = event(3, game(1, 1, 2, W), bye(1, 3, Bye.PAIRING_ALLOCATED),
              game(2, 3, 1, BF), bye(2, 2, Bye.HALF_POINT))
    table = standings(t, LAW_GAME, "PTS", fmt=Format.SWISS)
    # 1: 1 + 1 (forfeit) = 2;  3: 1 (PAB) + 0 = 1;  2: 0 + ½ = ½.
    cross = crosstable(t, table, LAW_GAME)
    assert cross.columns == (1, 2)
    row1 = cross.rows[0]
    assert [(m.opponent_rank, m.colour, m.text) for c in row1.cells for m in c] == [
        (3, Colour.WHITE, "1"), (2, Colour.BLACK, "+")]
    row3 = next(r for r in cross.rows if r.number == 3)
    assert [m.text for c in row3.cells for m in c] == ["U", "-"]
    row2 = next(r for r in cross.rows if r.number == 2)
    assert [m.text for c in row2.cells for m in c] == ["0", "H"]


def test_match_cells_show_points_scored():
    t = event(2, match_by_first(1, 1, 2, "1 ½"))
    system = MatchScoring.law_two_games()
    cross = crosstable(t, standings(t, system, "PTS", fmt=Format.ROUND_ROBIN), system)
    assert [m.text for m in cross.rows[0].cells[1]] == ["3"]
    assert [m.text for m in cross.rows[1].cells[0]] == ["1"]

