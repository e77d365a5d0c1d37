"""Criteria of the Xiangqi regulations (scoring/xiangqi_criteria.py): OS, OSP, OS0, FOUL, WWG,
H2H2, and the federations' presets (scoring/presets.py), on hand-worked crosstables."""

from fractions import Fraction
from pathlib import Path

import pytest

from records import Bye, Tournament
from scoring.cli import main
from scoring.formats import Format
from scoring.points import LAW_GAME
from scoring.presets import NAMED_ORDERS, PRESETS
from scoring.standings import standings
from scoring.tiebreaks import Edition
from tests.scoring.builders import BF, B, D, W, bye, event, game

H = Fraction(1, 2)

# Swiss, 5 players, 3 rounds, Art. 21.1 points; P4 withdraws after round 2.
#   R1: 1-2 1-0            3-4 ½-½          5 pairing-allocated bye (1)
#   R2: 4-1 0-1 (1 wins with Black)         2-5 -/+ (5 wins by forfeit)   3 half-point bye
#   R3: 1-3 0-1 (3 wins with Black)         2-5 ½-½                       4 withdrawn: absent
# Scores: 1 = 2, 2 = ½, 3 = 2, 4 = ½, 5 = 2½. Lowest final score: ½; among those with points: ½.
# OS, unplayed rounds (bye, forfeit either way, half-point bye, absence) as ½:
#   1: 2's ½ + 4's ½ + 3's 2 = 3          2: 1's 2 + forfeit ½ + 5's 2½ = 5
#   3: 4's ½ + bye ½ + 1's 2 = 3          4: 3's 2 + 1's 2 + absent ½ = 4½
#   5: bye ½ + forfeit ½ + 2's ½ = 1½
# OS0 (unplayed as 0): 3, 4½, 2½, 4, ½.
SWISS = event(
    5,
    game(1, 1, 2, W), game(1, 3, 4, D), bye(1, 5, Bye.PAIRING_ALLOCATED),
    game(2, 4, 1, B), game(2, 2, 5, BF), bye(2, 3, Bye.HALF_POINT),
    game(3, 1, 3, B), game(3, 2, 5, D),
    rounds=3, withdrawn={4: 2},
)
CODES = ("OS", "OSP", "OS0", "WIN", "BWG", "WWG", "BPG", "FOUL", "H2H2")


def _table(order=("PTS", *CODES), fouls=None):
    return standings(SWISS, LAW_GAME, order, fmt=Format.SWISS, fouls=fouls)


def test_opponent_score_counts_every_round_without_opponent_as_the_lowest_score():
    table = _table()
    assert [table.value(n, "OS") for n in (1, 2, 3, 4, 5)] == [3, 5, 3, 4 + H, 1 + H]
    assert [table.value(n, "OSP") for n in (1, 2, 3, 4, 5)] == [3, 5, 3, 4 + H, 1 + H]
    assert [table.value(n, "OS0") for n in (1, 2, 3, 4, 5)] == [3, 4 + H, 2 + H, 4, H]


def test_opponent_score_with_points_leaves_out_a_player_on_zero():
    # P4 loses its R1 game instead of drawing: P4 ends on 0, P3 on 2½, P2 stays on ½.
    t = event(5, game(1, 1, 2, W), game(1, 3, 4, W), bye(1, 5, Bye.PAIRING_ALLOCATED),
              game(2, 4, 1, B), game(2, 2, 5, BF), bye(2, 3, Bye.HALF_POINT),
              game(3, 1, 3, B), game(3, 2, 5, D), rounds=3, withdrawn={4: 2})
    table = standings(t, LAW_GAME, ("PTS", "OS", "OSP"), fmt=Format.SWISS)
    # P5's three unplayed-or-weak rounds: bye, forfeit (lowest 0 vs lowest with points ½), P2.
    assert table.value(5, "OS") == H and table.value(5, "OSP") == 1 + H


def test_colours_wins_and_fouls():
    table = _table(fouls={1: 2, 3: 1})
    # WIN (C.07 §7.1) counts the bye and the forfeit worth a win; BWG/WWG games over the board.
    assert [table.value(n, "WIN") for n in (1, 2, 3, 4, 5)] == [2, 0, 1, 0, 2]
    assert [table.value(n, "BWG") for n in (1, 2, 3, 4, 5)] == [1, 0, 1, 0, 0]
    assert [table.value(n, "WWG") for n in (1, 2, 3, 4, 5)] == [1, 0, 0, 0, 0]
    assert [table.value(n, "BPG") for n in (1, 2, 3, 4, 5)] == [1, 1, 1, 1, 1]
    assert [table.value(n, "FOUL") for n in (1, 2, 3, 4, 5)] == [2, 0, 1, 0, 0]


def test_fewer_fouls_rank_higher():
    table = _table(("PTS", "FOUL"), fouls={1: 2, 3: 1})
    assert [r.number for r in table.rows][:3] == [5, 3, 1]
    assert str(table.rows[1].explanation) == "FOUL: 1 vs 2"


def test_direct_win_decides_a_tie_of_two_only():
    table = _table(("PTS", "OS", "H2H2"))
    # 1 and 3 tie on 2 points and 3 opponent score; 3 won their game.
    assert [r.number for r in table.rows] == [5, 3, 1, 2, 4]
    assert str(table.rows[1].explanation) == "H2H2: 1 vs 0"
    # Three tied (1, 3 and 5 on points alone in a larger group): H2H2 leaves them tied.
    three = standings(event(3, game(1, 1, 2, W), game(2, 2, 3, W), game(3, 3, 1, W)), LAW_GAME,
                      ("PTS", "H2H2"), fmt=Format.ROUND_ROBIN)
    assert {r.rank for r in three.rows} == {1}


def test_os_and_buchholz_differ_only_by_the_bye_rule():
    # Swiss, 5 players, 3 rounds, one pairing-allocated bye a round, every game played:
    #   R1: 1-2 1-0, 3-4 1-0, 5 bye   R2: 5-1 0-1, 2-3 ½-½, 4 bye   R3: 1-3 ½-½, 4-5 0-1, 2 bye
    # Scores 2½, 1½, 2, 1, 2. The bye counts for OS as the lowest score (P4's 1); for C.07
    # 2026 Buchholz as the player's own score capped at ½ × 3 rounds (2024: its own score).
    t = event(5, game(1, 1, 2, W), game(1, 3, 4, W), bye(1, 5, Bye.PAIRING_ALLOCATED),
              game(2, 5, 1, B), game(2, 2, 3, D), bye(2, 4, Bye.PAIRING_ALLOCATED),
              game(3, 1, 3, D), game(3, 4, 5, B), bye(3, 2, Bye.PAIRING_ALLOCATED))
    os_ = standings(t, LAW_GAME, ("OS", "BH"), fmt=Format.SWISS, edition=Edition.C07_2026)
    old = standings(t, LAW_GAME, ("BH",), fmt=Format.SWISS, edition=Edition.C07_2024)
    numbers = (1, 2, 3, 4, 5)
    assert [os_.value(n, "OS") for n in numbers] == [5 + H, 5 + H, 5, 5, 4 + H]
    assert [os_.value(n, "BH") for n in numbers] == [5 + H, 6, 5, 5, 5]
    assert [old.value(n, "BH") for n in numbers] == [5 + H, 6, 5, 5, 5 + H]
    # Without a bye (P1, P3) the two agree.


def test_presets_reproduce_their_sources():
    assert NAMED_ORDERS["law-rr"] == ("PTS", "H2H", "SB", "WIN", "BWG", "LOT")  # Art. 21.3
    assert NAMED_ORDERS["law-appendix"] == ("PTS", "SB", "H2H", "LOT")  # appendix §5.3
    assert NAMED_ORDERS["law-rr-matches"][:2] == ("PTS", "GPTS")  # Art. 21.2
    # CXA 2011 art. 14.1: 小分, 胜局, 直胜, 犯规, 后走局数; 14.2: 局分, 胜局, 直胜, 犯规, 后走胜局.
    assert NAMED_ORDERS["cxa-rr"] == ("PTS", "SB", "WIN", "H2H2", "FOUL", "BPG")
    assert NAMED_ORDERS["cxa-rr-matches"] == ("PTS", "GPTS", "WIN", "H2H2", "FOUL", "BWG")
    # 14.3.1: 对手分, 胜局, 犯规, 后走局数 (bye: lowest score with points, 14.4).
    assert NAMED_ORDERS["cxa-swiss"] == ("PTS", "OSP", "WIN", "FOUL", "BPG")
    # AXF rules at the 2015 China–ASEAN event: 积分, 对手分, 累进分, 胜局, 犯规, 后手胜局, lots.
    assert NAMED_ORDERS["axf"] == ("PTS", "OS", "PS", "WIN", "FOUL", "BWG", "LOT")
    # WXF 2023: opponent score, then the direct match.
    assert NAMED_ORDERS["wxf"] == ("PTS", "OS", "H2H2")
    assert all(p.source for p in PRESETS)


@pytest.mark.parametrize("preset", [p.name for p in PRESETS])
def test_every_preset_ranks_the_hand_worked_event(preset):
    table = standings(SWISS, LAW_GAME, preset, fmt=Format.SWISS, lots_seed=7)
    assert sorted(r.number for r in table.rows) == [1, 2, 3, 4, 5]
    assert table.rows[0].number == 5  # 2½ points, alone


def test_an_event_without_participants_has_empty_standings():
    table = standings(Tournament(()), LAW_GAME, ("PTS", *CODES, "TPR"), fmt=Format.SWISS)
    assert table.rows == ()


def test_cli_standings_takes_the_wxf_preset(capsys):
    # rr7.trf: a 7-player round robin; each player's rest counts as the lowest score, 2.
    # P1: opponents 3 + 3 + 2 + 2 + 3½ + 3½ = 17, rest 2: OS 19. P4 and P5 tie on 2 points and
    # OS 21; P4 beat P5 (direct win). P2 and P3 drew: still tied.
    assert main(["standings", str(Path(__file__).parent / "data" / "c07" / "rr7.trf"),
                 "--tiebreaks", "wxf"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Rank\tStartNo\tPTS\tOS\tH2H2", "1\t1\t4\t19\t-", "2\t2\t3.5\t19.5\t0.5",
        "2\t3\t3.5\t19.5\t0.5", "6\t4\t2\t21\t1", "7\t5\t2\t21\t0", "5\t6\t3\t20\t0",
        "4\t7\t3\t20\t1"]
