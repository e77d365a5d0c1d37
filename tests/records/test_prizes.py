"""The prize engine (``records/prizes.py``): hand-worked prize lists, and properties that hold for
any ranking and list (money conserved, one prize per player, no prize to an ineligible player).
The law leaves prizes to the statute (docs/prizes.md)."""

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from records.eligibility import Applicant, Eligibility, Unrated
from records.prizes import (
    Award,
    Category,
    Passed,
    Place,
    Precedence,
    PrizeListError,
    PrizeRules,
    Standing,
    TieRule,
    eligible,
    prize_winners,
)

MAN = Applicant(sex="M", birth_year=1990, rating=1500)

# The 40-player Swiss of the proof: points by final position (ties broken by the statute's
# tie-breaks, so positions are all different).
POINTS = {1: 6.5, 2: 6.0, 3: 6.0, 4: 5.5, 5: 5.0, 6: 5.0, **dict.fromkeys(range(7, 11), 4.5),
          **dict.fromkeys(range(11, 19), 4.0), **dict.fromkeys(range(19, 41), 3.0)}
SPECIAL = {
    4: Applicant(sex="F", birth_year=2012, rating=None),  # woman, under 16, unrated: four lists
    7: Applicant(sex="M", birth_year=2011, rating=1400),  # under 16
    8: Applicant(sex="F", birth_year=1995, rating=1450),  # woman
    10: Applicant(sex="M", birth_year=1980, rating=None),  # unrated
    12: Applicant(sex="F", birth_year=2012, rating=1300),  # woman and under 16
    15: Applicant(sex="M", birth_year=2013, rating=1200),  # under 16
    20: Applicant(sex="F", birth_year=2000, rating=1250),  # woman
}
FORTY = [Standing(p, p, POINTS[p], SPECIAL.get(p, MAN)) for p in range(1, 41)]
STATUTE = [
    Category("overall", (Place(5_000_000, "Cúp vô địch"), Place(3_000_000, "Huy chương bạc"),
                         Place(2_000_000), Place(1_000_000), Place(500_000))),
    Category("women", (Place(1_000_000), Place(500_000)), Eligibility(sex="F")),
    Category("u16", (Place(800_000), Place(400_000)), Eligibility.under(16, date(2026, 11, 28))),
    Category("unrated", (Place(600_000),), Eligibility(unrated=Unrated.ONLY)),
]


def test_the_forty_player_swiss_worked_by_hand():
    """One prize per player, the more valuable first, ties by the Hort system, paid in
    thousands.

    Handed out by value: overall 1st-3rd (5M, 3M, 2M) to positions 1-3; overall 4th (1M) and
    women 1st (1M) are worth the same, the statute lists overall first, so position 4 (a
    woman under 16, unrated: she qualifies for four prizes) takes overall 4th and is passed
    over in women, U16 and unrated. Women 1st (1M): the best woman left, position 8. U16 1st
    (800k): position 7. Unrated 1st (600k): position 10. Overall 5th (500k): position 5.
    Women 2nd (500k, before U16 2nd's 400k): position 12, a woman under 16, so U16 2nd (400k)
    goes to the next under 16, position 15 (position 12 is passed over there).

    Ties on points at money places, Hort system: positions 2 and 3 (6 points) occupy 2nd and
    3rd (3M + 2M = 5M): each keeps half its place's money (1.5M, 1M) and the other 2.5M is
    shared, 1.25M each: 2.75M and 2.25M; the silver medal goes by tie-break to position 2.
    Positions 5 and 6 (5 points) occupy 5th and a place with no prize (500k + 0): position 5
    keeps 250k, the other 250k is shared, 125k each: 375k and 125k. Overall pays 5M + 2.75M +
    2.25M + 1M + 375k + 125k = 11.5M, exactly its list."""
    outcome = prize_winners(FORTY, STATUTE, PrizeRules(ties=TieRule.HORT, unit=1000))
    assert outcome.awards == (
        Award("overall", 1, 1, 5_000_000, "Cúp vô địch"),
        Award("overall", 2, 2, 2_750_000, "Huy chương bạc", (2, 3), 2),
        Award("overall", 3, 3, 2_250_000, "", (2, 3), 2),
        Award("overall", 4, 4, 1_000_000),
        Award("overall", 5, 5, 375_000, "", (5, 6), 2),
        Award("overall", None, 6, 125_000, "", (5, 6), 2),
        Award("women", 1, 8, 1_000_000),
        Award("women", 2, 12, 500_000),
        Award("u16", 1, 7, 800_000),
        Award("u16", 2, 15, 400_000),
        Award("unrated", 1, 10, 600_000),
    )
    assert set(outcome.passed) == {
        Passed("women", 1, 4, ("overall", 4)), Passed("u16", 1, 4, ("overall", 4)),
        Passed("unrated", 1, 4, ("overall", 4)), Passed("u16", 2, 12, ("women", 2))}


def test_the_same_list_with_tiebreaks_deciding_and_with_equal_shares():
    """Tie-breaks: 2nd 3M to position 2, 3rd 2M to 3, 5th 500k to 5, nothing to 6. Shared
    equally: (3M + 2M) / 2 = 2.5M each; (500k + 0) / 2 = 250k each."""
    tiebreak = prize_winners(FORTY, STATUTE, PrizeRules(ties=TieRule.TIEBREAK))
    assert [(a.key, a.amount) for a in tiebreak.awards if a.category == "overall"] == [
        (1, 5_000_000), (2, 3_000_000), (3, 2_000_000), (4, 1_000_000), (5, 500_000)]
    shared = prize_winners(FORTY, STATUTE, PrizeRules(ties=TieRule.SHARED))
    assert [(a.key, a.amount) for a in shared.awards if a.category == "overall"] == [
        (1, 5_000_000), (2, 2_500_000), (3, 2_500_000), (4, 1_000_000), (5, 250_000),
        (6, 250_000)]


def test_the_statutes_order_instead_of_value():
    """In the statute's order the unrated prize (listed last) comes after U16 2nd, and overall
    5th before women 1st: position 4 still takes overall 4th; nothing else changes here but
    the order of precedence, so compare with a list where it matters: a woman first in
    women (1M) and 5th overall (500k) takes overall 5th when the statute's order rules."""
    standings = [Standing(1, 1, 3, MAN), Standing(2, 2, 2, Applicant(sex="F")),
                 Standing(3, 3, 1, Applicant(sex="F"))]
    statute = [Category("overall", (Place(2_000_000), Place(500_000))),
               Category("women", (Place(1_000_000),), Eligibility(sex="F"))]
    by_value = prize_winners(standings, statute, PrizeRules())
    assert [(a.category, a.key) for a in by_value.awards] == [
        ("overall", 1), ("overall", 3), ("women", 2)]
    in_order = prize_winners(standings, statute, PrizeRules(precedence=Precedence.STATUTE))
    assert [(a.category, a.key) for a in in_order.awards] == [
        ("overall", 1), ("overall", 2), ("women", 3)]


def test_without_one_prize_per_player_a_player_takes_every_prize():
    outcome = prize_winners(FORTY[:5], STATUTE, PrizeRules(one_per_player=False))
    assert {(a.category, a.place) for a in outcome.of(4)} == {
        ("overall", 4), ("women", 1), ("u16", 1), ("unrated", 1)}
    assert outcome.passed == ()


def test_odd_money_goes_to_the_higher_ranked_in_the_statutes_unit():
    """100,000 shared by three in thousands: 33 thousand each, the odd thousand to the first;
    100,500 in thousands: the 500 below a thousand to the first too."""
    three = [Standing(k, k, 1) for k in (1, 2, 3)]
    statute = [Category("overall", (Place(100_000),))]
    outcome = prize_winners(three, statute, PrizeRules(ties=TieRule.SHARED, unit=1000))
    assert [a.amount for a in outcome.awards] == [34_000, 33_000, 33_000]
    statute = [Category("overall", (Place(100_500),))]
    outcome = prize_winners(three, statute, PrizeRules(ties=TieRule.SHARED, unit=1000))
    assert [a.amount for a in outcome.awards] == [34_500, 33_000, 33_000]


def test_the_hort_system_on_six_places():
    """100, 80, 60, 40, 20, 10 with two players on 8 points, one on 7.5 and three on 7: the
    two keep 50 and 40 and share 90 (95, 85); 7.5 takes 60; the three keep 20, 10, 5 and share
    35 (12, 12, 11 in units of one: the odd unit to the first two): 32, 22, 16."""
    points = [8, 8, 7.5, 7, 7, 7, 6]
    standings = [Standing(k, k, p) for k, p in enumerate(points, start=1)]
    statute = [Category("open", tuple(Place(a) for a in (100, 80, 60, 40, 20, 10)))]
    outcome = prize_winners(standings, statute, PrizeRules(ties=TieRule.HORT))
    assert [a.amount for a in outcome.awards] == [95, 85, 60, 32, 22, 16]


def test_teams_win_only_open_categories_and_bad_lists_are_refused():
    teams = [Standing(1, 1, 10), Standing(2, 2, 8)]
    statute = [Category("teams", (Place(3_000_000), Place(0, "Cờ lưu niệm"))),
               Category("women", (Place(1),), Eligibility(sex="F"))]
    outcome = prize_winners(teams, statute)
    assert outcome.awards == (Award("teams", 1, 1, 3_000_000),
                              Award("teams", 2, 2, 0, "Cờ lưu niệm"))
    with pytest.raises(PrizeListError):
        prize_winners(teams, statute, PrizeRules(unit=0))
    with pytest.raises(PrizeListError):
        prize_winners(teams, [Category("a", (Place(-1),))])


APPLICANTS = st.builds(Applicant, sex=st.sampled_from(["", "M", "F"]),
                       birth_year=st.one_of(st.none(), st.integers(1990, 2015)),
                       rating=st.one_of(st.none(), st.integers(1000, 2000)))
RULES = st.sampled_from([Eligibility(), Eligibility(sex="F"), Eligibility(born_from=2010),
                         Eligibility(unrated=Unrated.ONLY), Eligibility(rating_max=1500)])


@st.composite
def cases(draw):
    scores = draw(st.lists(st.integers(0, 4), min_size=1, max_size=14))
    scores.sort(reverse=True)
    standings = [Standing(k, k, s, draw(APPLICANTS)) for k, s in enumerate(scores, start=1)]
    categories = [
        Category(f"c{i}", tuple(Place(draw(st.integers(0, 9)) * 1000, draw(
            st.sampled_from(["", "cup"]))) for _ in range(draw(st.integers(1, 4)))), draw(RULES),
            draw(st.one_of(st.none(), st.frozensets(st.integers(1, 14)))))
        for i in range(draw(st.integers(1, 4)))]
    rules = PrizeRules(precedence=draw(st.sampled_from(list(Precedence))),
                       ties=draw(st.sampled_from(list(TieRule))),
                       unit=draw(st.sampled_from([1, 1000])))
    return standings, categories, rules


@settings(max_examples=150, deadline=None)
@given(cases())
def test_properties(case):
    """Money conserved (each category pays exactly the money of its places filled, whoever
    shares it), one prize per player, nobody wins a category they may not, every share a whole
    number of units. (Pooling may pay less in all than the tie-breaks would: a player tied with
    a category's last paid place shares it, and a smaller prize elsewhere with nobody else to
    take it stays unawarded.)"""
    standings, categories, rules = case
    outcome = prize_winners(standings, categories, rules)
    for category in categories:
        awards = [a for a in outcome.awards if a.category == category.key]
        filled = {a.place for a in awards if a.place} | {
            p for a in awards if a.pooled for p in range(a.pooled[0], a.pooled[1] + 1)
            if p <= len(category.places)}
        assert sum(a.amount for a in awards) == sum(
            category.places[p - 1].amount for p in filled), category
    keys = [a.key for a in outcome.awards]
    assert len(keys) == len(set(keys))
    who = {s.key: s.who for s in standings}
    rule = {c.key: c.rule for c in categories}
    assert all(eligible(rule[a.category], who[a.key]) for a in outcome.awards)
    members = {c.key: c.members for c in categories}
    assert all(members[a.category] is None or a.key in members[a.category]
               for a in outcome.awards)
    assert all(a.amount % rules.unit == 0 for a in outcome.awards
               if all(p.amount % rules.unit == 0 for c in categories for p in c.places))
    # every place held by the tie-breaks is held by one player
    places = [(a.category, a.place) for a in outcome.awards if a.place is not None]
    assert len(places) == len(set(places))
    assert outcome == prize_winners(list(reversed(standings)), categories, rules)


@pytest.mark.parametrize("precedence", list(Precedence))
def test_a_player_tied_with_the_last_paid_place_shares_it_and_takes_no_smaller_prize(
        precedence):
    """Overall: one prize of 1,000,000; women: 100,000. X (a man) and W (a woman) finish level
    on 5 points, X first on the tie-breaks; V, a woman, is third on 4. Shared equally, X and W
    take 500,000 each of the overall prize (W shares it, so she holds a prize) and the women's
    prize goes to V; by Hort, X keeps half his place (500,000) and the other 500,000 is shared:
    750,000 and 250,000."""
    woman = Applicant(sex="F", birth_year=1990, rating=1500)
    standings = [Standing(1, 1, 5.0, MAN), Standing(2, 2, 5.0, woman), Standing(3, 3, 4.0, woman)]
    categories = [Category("overall", (Place(1_000_000),)),
                  Category("women", (Place(100_000),), Eligibility(sex="F"))]
    shared = prize_winners(standings, categories,
                           PrizeRules(precedence=precedence, ties=TieRule.SHARED))
    assert [(a.category, a.key, a.amount) for a in shared.awards] == [
        ("overall", 1, 500_000), ("overall", 2, 500_000), ("women", 3, 100_000)]
    hort = prize_winners(standings, categories,
                         PrizeRules(precedence=precedence, ties=TieRule.HORT))
    assert [(a.category, a.key, a.amount) for a in hort.awards] == [
        ("overall", 1, 750_000), ("overall", 2, 250_000), ("women", 3, 100_000)]
    by_tiebreak = prize_winners(standings, categories, PrizeRules(precedence=precedence))
    assert [(a.category, a.key, a.amount) for a in by_tiebreak.awards] == [
        ("overall", 1, 1_000_000), ("women", 2, 100_000)]
