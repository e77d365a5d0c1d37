"""Art. 17.3 (mixed formats): the published championship formats, worked by hand.

Each test is one championship of the issue: the earlier stage's standings written out (points,
then one tie-break value), the statute's qualification rule, the next stage played through the
knockout engine where it is a knockout, and the overall results the category publishes.
"""

from pairings.knockout import resolve, seeds_from_order, single_elimination
from records import Participant, Tournament
from scoring.overall import StageResult, overall
from scoring.points import LAW_GAME
from scoring.qualification import Playoff, Rule, Standing, qualify
from scoring.seeding import blocks, by_rank, by_rating, colour_chooser, interleaved, snake
from scoring.standings import LAW_ROUND_ROBIN, LAW_SWISS, standings
from scoring.team_ranks import summable, team_points, team_ranks
from tests.scoring.builders import B, D, W, game, ranked


def places(result) -> dict:
    """player → "3" or "3-4" (shared), as a results list prints it."""
    return {p.player: f"{p.place}-{p.place_to}" if p.shared else str(p.place) for p in result}


def knockout_table(order, winners, *, third_place=False):
    """Play the qualifiers (seed order) through the knockout engine; its placings as a table."""
    seeds = seeds_from_order(order)
    player = {seed: p for p, seed in seeds.items()}
    state = resolve(single_elimination(len(order), third_place=third_place), winners)
    return state, tuple(Standing(player[p.seed], p.place, rank_to=p.place_to)
                        for p in state.placings)


# WXF World Championship 2023, men: 9-round Swiss; the top two after round 8 play a final while
# everyone else plays round 9. Ten players, 40 points shared out in 8 rounds.
AFTER_8 = ranked(("P1", 7, 40), ("P2", 6, 44), ("P3", 6, 42), ("P4", 5, 45), ("P5", 5, 41),
                 ("P6", 4, 38), ("P7", 3, 35), ("P8", 2, 30), ("P9", 1, 28), ("P10", 1, 25))
# Round 9 without the finalists: P3 beats P4, P5 beats P6, P7 draws P8, P9 beats P10.
AFTER_9 = ranked(("P3", 7, 47), ("P1", 7, 44), ("P2", 6, 46), ("P5", 6, 43), ("P4", 5, 48),
                 ("P6", 4, 39), ("P7", 3.5, 36), ("P8", 2.5, 31), ("P9", 2, 29), ("P10", 1, 26))
WXF_FINAL = Rule(count=2, after_round=8, knockout=True)


def test_wxf_2023_top_two_after_round_8_play_the_final_the_others_round_9():
    chosen = qualify(WXF_FINAL, [AFTER_8])
    # P2 and P3 both have 6: the tie-break (44 v 42) puts P2 through.
    assert chosen.qualified == ("P1", "P2") and chosen.complete
    # The final: P2 (away, seed 2) beats P1.
    _, final = knockout_table(by_rank([AFTER_8], chosen.qualified), {"A1.1": "away"})
    result = places(overall([StageResult((AFTER_9,)), StageResult((final,))]))
    # P3 tops the Swiss after round 9 with 7 but the finalists are placed above everyone who
    # stayed in it; the rest follow the Swiss order without them.
    assert result == {"P2": "1", "P1": "2", "P3": "3", "P5": "4", "P4": "5", "P6": "6",
                      "P7": "7", "P8": "8", "P9": "9", "P10": "10"}


def test_wxf_final_line_by_play_off_where_the_statute_says_so():
    rule = Rule(count=2, after_round=8, knockout=True, ties="playoff", colour_choice=True)
    pending = qualify(rule, [AFTER_8])
    assert pending.qualified == ("P1",)
    assert pending.playoffs == (Playoff(("P2", "P3"), 1),)
    # P2 ranked higher after round 8: P2 chooses colour in the deciding game.
    assert colour_chooser(("P3", "P2"), by_rank([AFTER_8], ["P2", "P3"])) == "P2"
    assert qualify(rule, [AFTER_8], playoff_winners={"P3"}).qualified == ("P1", "P3")


# AXF Asian Championship: 5 Swiss rounds, then the top 4 play a 2-round knockout while the
# others continue the Swiss for 5th place down (rounds 6 and 7).
AXF_AFTER_5 = ranked(("A", 4.5, 16), ("B", 4, 17), ("C", 3.5, 15), ("D", 3.5, 13),
                     ("E", 3, 14), ("F", 2.5, 12), ("G", 2, 11), ("H", 1, 10),
                     ("I", 0.5, 9), ("J", 0.5, 9))
# The Swiss's last table: the qualifiers stopped at 5 rounds, E-J played 7.
AXF_AFTER_7 = ranked(("E", 5, 20), ("A", 4.5, 16), ("F", 4.5, 15), ("B", 4, 17),
                     ("H", 3.5, 14), ("C", 3.5, 15), ("D", 3.5, 13), ("G", 3, 13),
                     ("J", 1.5, 10), ("I", 1, 11))


def test_axf_top_four_into_a_knockout_the_others_play_on_for_fifth():
    chosen = qualify(Rule(count=4, after_round=5, knockout=True), [AXF_AFTER_5])
    assert chosen.qualified == ("A", "B", "C", "D")
    # Semi-finals 1 v 4 (A v D, D wins) and 2 v 3 (B v C, B wins); final D v B, D wins.
    state, ko = knockout_table(by_rank([AXF_AFTER_5], chosen.qualified),
                               {"A1.1": "away", "A1.2": "home", "A2.1": "home"})
    assert [(m.home, m.away) for m in state.matches] == [(1, 4), (2, 3), (4, 2)]
    stages = [StageResult((AXF_AFTER_7,)), StageResult((ko,))]
    # Semi-final losers share 3-4; E, with 5 points the Swiss's top score, is 5th.
    assert places(overall(stages)) == {"D": "1", "B": "2", "A": "3-4", "C": "3-4", "E": "5",
                                       "F": "6", "H": "7", "G": "8", "J": "9", "I": "10"}
    # Where the statute places them by the earlier stage's rank: A (1st after 5 rounds) is 3rd.
    split = [stages[0], StageResult((ko,), split_shared=True)]
    assert places(overall(split))["A"] == "3" and places(overall(split))["C"] == "4"


# China–ASEAN open: 9 qualifying rounds, then the top 8 into a knockout final. S1..S12 is the
# order after 9 rounds; S8 and S9 both have 5.5 and S8 is ahead on the tie-break.
ASEAN = ranked(("S1", 7.5, 50), ("S2", 7, 52), ("S3", 6.5, 49), ("S4", 6.5, 47),
               ("S5", 6, 48), ("S6", 6, 45), ("S7", 6, 44), ("S8", 5.5, 46), ("S9", 5.5, 43),
               ("S10", 3, 40), ("S11", 2.5, 39), ("S12", 2, 38))


def test_china_asean_top_eight_seeded_by_rank_into_a_knockout():
    chosen = qualify(Rule(count=8, knockout=True), [ASEAN])
    assert chosen.qualified == tuple(f"S{i}" for i in range(1, 9))
    # Quarter-finals 1 v 8, 4 v 5, 3 v 6, 2 v 7: S1, S5, S3, S7 win; semi-finals S1 v S5 (S5
    # wins), S3 v S7 (S3 wins); the final S5 v S3, S3 wins.
    winners = {"A1.1": "home", "A1.2": "away", "A1.3": "home", "A1.4": "away",
               "A2.1": "away", "A2.2": "home", "A3.1": "away"}
    state, ko = knockout_table(by_rank([ASEAN], chosen.qualified), winners)
    assert [(m.home, m.away) for m in state.matches[:4]] == [(1, 8), (4, 5), (3, 6), (2, 7)]
    shared = places(overall([StageResult((ASEAN,)), StageResult((ko,))]))
    assert shared == {"S3": "1", "S5": "2", "S1": "3-4", "S7": "3-4", "S2": "5-8", "S4": "5-8",
                      "S6": "5-8", "S8": "5-8", "S9": "9", "S10": "10", "S11": "11",
                      "S12": "12"}
    split = places(overall([StageResult((ASEAN,)), StageResult((ko,), split_shared=True)]))
    assert [split[f"S{i}"] for i in (1, 7, 2, 4, 6, 8)] == ["3", "4", "5", "6", "7", "8"]


def test_china_asean_line_by_play_off_lists_the_players_equal_on_points():
    rule = Rule(count=8, knockout=True, ties="playoff")
    pending = qualify(rule, [ASEAN])
    assert pending.playoffs == (Playoff(("S8", "S9"), 1),) and len(pending.qualified) == 7
    assert qualify(rule, [ASEAN], playoff_winners=["S9"]).qualified[-1] == "S9"


# Hanoi opens: 7 Swiss rounds, then 1 v 2 for the title and 3 v 4 for third place.
HANOI = ranked(("H1", 6, 30), ("H2", 5.5, 31), ("H3", 5, 29), ("H4", 4.5, 28), ("H5", 4, 27),
               ("H6", 3, 26), ("H7", 2.5, 20), ("H8", 1.5, 19))


def test_hanoi_one_v_two_for_the_title_three_v_four_for_third():
    rule = Rule(count=4, knockout=True, blocks=(2, 2))
    chosen = qualify(rule, [HANOI])
    title, third = blocks(by_rank([HANOI], chosen.qualified), rule.blocks)
    assert (title, third) == (("H1", "H2"), ("H3", "H4"))
    _, final = knockout_table(title, {"A1.1": "away"})  # H2 beats H1
    _, bronze = knockout_table(third, {"A1.1": "home"})  # H3 beats H4
    stages = [StageResult((HANOI,)), StageResult((final, bronze), placement=True)]
    assert places(overall(stages)) == {"H2": "1", "H1": "2", "H3": "3", "H4": "4", "H5": "5",
                                       "H6": "6", "H7": "7", "H8": "8"}


def _round_robin_group(players, rounds):
    """A group of four played as a round robin (Berger table), ranked by the law's Art. 21.3
    order through the standings engine; the engine's rows as the championship's table."""
    people = tuple(Participant(i, name) for i, name in enumerate(players, start=1))
    table = standings(Tournament(people, tuple(rounds), 3), LAW_GAME, LAW_ROUND_ROBIN)
    return tuple(Standing(players[r.number - 1], r.rank, (r.points,)) for r in table.rows)


def test_groups_seeded_by_rating_in_a_snake_then_a_knockout_a1_v_b2():
    ratings = {"R5": 2200, "R1": 2400, "R8": 2050, "R3": 2300, "R2": 2350, "R7": 2100,
               "R4": 2250, "R6": 2150}
    group_a, group_b = snake(by_rating(ratings), 2)
    assert (group_a, group_b) == (("R1", "R4", "R5", "R8"), ("R2", "R3", "R6", "R7"))
    # Group A (1 R1, 2 R4, 3 R5, 4 R8): R4 wins all three; R1 beats R8 and draws R5; R5 v R8
    # drawn. Points: R4 3, R1 1.5, R5 1, R8 0.5.
    a = _round_robin_group(group_a, [game(1, 1, 4, W), game(1, 2, 3, W), game(2, 4, 3, D),
                                     game(2, 1, 2, B), game(3, 2, 4, W), game(3, 3, 1, D)])
    # Group B (1 R2, 2 R3, 3 R6, 4 R7): R2 wins all three, R7 beats R6 and R3, R3 beats R6.
    # Points: R2 3, R7 2, R3 1, R6 0.
    b = _round_robin_group(group_b, [game(1, 1, 4, W), game(1, 2, 3, W), game(2, 4, 3, W),
                                     game(2, 1, 2, W), game(3, 2, 4, B), game(3, 3, 1, B)])
    rule = Rule(count=2, per_group=True, knockout=True, seeding="interleave")
    chosen = qualify(rule, [a, b])
    assert set(chosen.qualified) == {"R4", "R1", "R2", "R7"}
    order = interleaved([[s.player for s in a[:2]], [s.player for s in b[:2]]])
    # A1 v B2 (R4 v R7) and B1 v A2 (R2 v R1): R4 and R1 win, R1 wins the final.
    state, ko = knockout_table(order, {"A1.1": "home", "A1.2": "away", "A2.1": "away"})
    named = {seed: p for p, seed in seeds_from_order(order).items()}
    assert [(named[m.home], named[m.away]) for m in state.matches[:2]] == [("R4", "R7"),
                                                                          ("R2", "R1")]
    result = places(overall([StageResult((a, b)), StageResult((ko,))]))
    # The group thirds R5 (A) and R3 (B) have 1 point each: they share 5-6.
    assert result == {"R1": "1", "R4": "2", "R2": "3-4", "R7": "3-4", "R5": "5-6",
                      "R3": "5-6", "R8": "7", "R6": "8"}


def test_four_groups_interleave_a1_b2_c1_d2_b1_a2_d1_c2():
    groups = [[f"{g}1", f"{g}2"] for g in "ABCD"]
    seeds = seeds_from_order(interleaved(groups))
    state = resolve(single_elimination(8), {})
    named = {seed: p for p, seed in seeds.items()}
    firsts = {(named[m.home], named[m.away]) for m in state.matches[:4]}
    assert firsts == {("A1", "B2"), ("C1", "D2"), ("B1", "A2"), ("D1", "C2")}
    # Two of a group only meet in the final: they are in opposite halves.
    top = {named[s] for m in state.matches[:2] for s in (m.home, m.away)}
    assert all((f"{g}1" in top) != (f"{g}2" in top) for g in "ABCD")


def test_top_of_each_group_and_the_best_runner_up():
    # Three groups, the winners and the best second place (by points, then tie-break) go on.
    groups = [ranked(("A1", 3, 5), ("A2", 2, 4), ("A3", 1, 1)),
              ranked(("B1", 3, 5), ("B2", 2, 6), ("B3", 1, 2)),
              ranked(("C1", 2.5, 5), ("C2", 1.5, 4), ("C3", 1, 3))]
    chosen = qualify(Rule(count=1, per_group=True, best_next=1, knockout=True), groups)
    # A2 and B2 both 2 points, B2 ahead on the tie-break (6 v 4).
    assert chosen.qualified == ("A1", "B1", "C1", "B2")


def test_team_prizes_by_the_best_two_points_and_by_the_sum_of_ranks():
    individual = {s.player: (s.rank, s.score) for s in AFTER_8}
    provinces = {"Hà Nội": ("P1", "P4", "P9"), "TP.HCM": ("P2", "P3", "P10"),
                 "Đà Nẵng": ("P5", "P6", "P7"), "Huế": ("P8",)}
    by_points = {t.team: (t.rank, t.points, t.tiebreaks)
                 for t in team_points(individual, provinces, members=2)}
    # Hà Nội P1 + P4 = 12 (tie-breaks 85), TP.HCM P2 + P3 = 12 (86) ahead; Đà Nẵng 9 (79);
    # Huế has one player: not ranked.
    assert by_points == {"TP.HCM": (1, 12, (86,)), "Hà Nội": (2, 12, (85,)),
                         "Đà Nẵng": (3, 9, (79,)), "Huế": (None, 2, (30,))}
    # WXF (2023, VIII a): the sum of the two best ranks, lower first: TP.HCM 2 + 3 = 5,
    # Hà Nội 1 + 4 = 5 (best rank 1: ahead), Đà Nẵng 5 + 6 = 11.
    ranks = {s.player: s.rank for s in AFTER_8}
    wxf = {t.team: t.rank for t in team_ranks(ranks, provinces, members=2)}
    assert wxf == {"Hà Nội": 1, "TP.HCM": 2, "Đà Nẵng": 3, "Huế": None}


def test_team_points_equal_then_best_rank_then_shared():
    individual = {"a": (1, (5,)), "b": (4, (3,)), "c": (2, (4,)), "d": (3, (4,)),
                  "e": (2, (4,)), "f": (3, (4,))}
    result = {t.team: t.rank for t in team_points(individual, {"X": "ab", "Y": "cd", "Z": "ef"},
                                                  members=2)}
    # All 8 points; X has the best individual rank (1); Y and Z are equal on everything.
    assert result == {"X": 1, "Y": 2, "Z": 2}


def test_split_by_the_rank_the_qualifiers_had_when_they_left_a_swiss_that_played_on():
    # X and Y both qualified with 3.5 after round 5, X ahead on the tie-break; by the end of the
    # Swiss (their opponents played on) Y's tie-break overtook X's. The statute's "earlier
    # rank" is the rank they qualified with: X places above Y.
    after_5 = ranked(("W", 4.5, 15), ("V", 4, 14), ("X", 3.5, 13), ("Y", 3.5, 12), ("Z", 2, 9))
    after_7 = ranked(("Z", 5, 11), ("W", 4.5, 18), ("V", 4, 17), ("Y", 3.5, 16),
                     ("X", 3.5, 15))
    _, ko = knockout_table(("W", "V", "X", "Y"), {"A1.1": "home", "A1.2": "home",
                                                  "A2.1": "home"})
    swiss = StageResult((after_7,))
    with_reference = StageResult((ko,), split_shared=True, reference=(after_5,))
    assert places(overall([swiss, with_reference]))["X"] == "3"
    assert places(overall([swiss, StageResult((ko,), split_shared=True)]))["Y"] == "3"


def test_team_sums_leave_out_lots_and_the_criteria_among_the_tied():
    # Art. 21.4 order after points: BH/C1, BH, SB, DE, WIN, BWG, LOT; DE compares only within a
    # tie and lots are a draw: neither adds up over a team.
    assert [LAW_SWISS[1:][i] for i in summable(LAW_SWISS[1:])] == ["BH/C1", "BH", "SB", "WIN",
                                                                   "BWG"]
    assert summable(("H2H", "SB:GP", "LOT")) == (1,)
