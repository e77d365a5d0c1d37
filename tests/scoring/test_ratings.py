"""Rating change per event (scoring/ratings.py): FIDE B.02 tables, the 400-point rule, the FIDE
and CXA K tables, forfeits and unrated players; the ``ratings`` command."""

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from records import Participant, trf
from scoring.cli import main
from scoring.ratings import (
    REGULATIONS,
    expected_score,
    logistic_expected,
    rated_games,
    rating_report,
)
from tests.scoring.builders import BF, B, D, W, event, game, match_by_first

FIDE, CXA = REGULATIONS["fide"], REGULATIONS["cxa"]
DATA = Path(__file__).parent / "data" / "c07"


def _row(rows, number):
    return next(r for r in rows if r.number == number)


def test_b02_8_3_fide_k_20_win_against_a_higher_rated_player():
    # 2000 (K 20) beats 2100: difference -100 → expected .36 (table 8.1b: 99–106 → .64 above).
    rows = rating_report(event(2, game(1, 1, 2, W), ratings={1: 2000, 2: 2100}), FIDE)
    assert (_row(rows, 1).expected, _row(rows, 1).change) == (Fraction(36, 100), Fraction(64, 5))
    assert _row(rows, 1).new_rating == 2013  # 2000 + 12.8 rounded
    assert _row(rows, 2).change == Fraction(-64, 5)


def test_b02_8_3_1_a_difference_over_400_counts_as_400():
    # 2500 (K 10) loses to 2000: 500 → 400 → .92 (392–411); uncapped it would be .96.
    t = event(2, game(1, 1, 2, B), ratings={1: 2500, 2: 2000})
    assert _row(rating_report(t, FIDE), 1).change == Fraction(-92, 10)
    assert _row(rating_report(t, replace(FIDE, cap=None)), 1).change == Fraction(-96, 10)
    assert expected_score(FIDE, 2000, 2500) == Fraction(8, 100)


def test_b02_8_3_3_fide_k_by_age_and_rating():
    people = (Participant(1, rating=2200, birth_year=2010), Participant(2, rating=2450),
              Participant(3, rating=2100, birth_year=1990))
    assert [FIDE.k(p, 2026) for p in people] == [40, 10, 20]


def test_cxa_k_by_level_and_the_350_cap():
    # An amateur (K 30) rated 2300 draws a 1900: 400 → 350 → .89 (345–357): 30 × (.5 − .89).
    t = event(2, game(1, 1, 2, D), ratings={1: 2300, 2: 1900})
    assert _row(rating_report(t, CXA), 1).change == Fraction(-117, 10)
    titles = ("GM", "IM", "", "P")
    assert [CXA.k(Participant(1, title=title), None) for title in titles] == [5, 10, 30, 15]
    # --k: one K for everyone.
    assert _row(rating_report(t, CXA, k=10), 1).change == Fraction(-39, 10)


def test_a_forfeit_changes_nothing():
    played = (game(1, 1, 2, W), game(2, 2, 3, D))
    ratings = {1: 2000, 2: 1900, 3: 1800}
    with_forfeit = rating_report(event(3, *played, game(3, 3, 1, BF), ratings=ratings), FIDE)
    without = rating_report(event(3, *played, ratings=ratings), FIDE)
    assert [(r.games, r.change) for r in with_forfeit] == [(r.games, r.change) for r in without]


def test_event_change_is_the_sum_of_its_games_changes_and_zero_sum_with_one_k():
    tournament = trf.read((DATA / "rr7.trf").read_text()).tournament
    rows = rating_report(tournament, FIDE, year=2026)
    games = rated_games(tournament, FIDE, year=2026)
    for row in rows:
        assert row.change == sum((g.change for g in games if g.player == row.number), Fraction(0))
        assert row.games == sum(1 for g in games if g.player == row.number)
    assert sum(r.change for r in rows) == 0  # every player K 20, the table symmetric


def test_b02_8_2_unrated_player_gets_a_first_rating_after_five_games():
    games = [game(r, 1, r + 1, W if r <= 4 else D) for r in range(1, 6)]
    ratings = {n: 2000 for n in range(2, 7)}
    rows = rating_report(event(6, *games, ratings=ratings), FIDE)
    first = _row(rows, 1)
    # 4½ of 5 = 90 % against 2000: 2000 + dp(90) = 2366; nobody else's rating changes.
    assert (first.rating, first.games, first.new_rating) == (None, 5, 2366)
    assert all(r.change == 0 for r in rows)
    four = rating_report(event(6, *games[:4], ratings=ratings), FIDE)
    assert _row(four, 1).new_rating is None



def test_one_players_row_alone_is_the_reports():
    """A player's change reads his own games alone: ``only`` gives the same row, rated
    (rr7.trf) or unrated (the first rating after five games, B.02 §8.2)."""
    tournament = trf.read((DATA / "rr7.trf").read_text()).tournament
    rows = rating_report(tournament, FIDE, year=2026)
    for row in rows:
        assert rating_report(tournament, FIDE, year=2026, only=row.number) == [row]
    games = [game(r, 1, r + 1, W if r <= 4 else D) for r in range(1, 6)]
    unrated = event(6, *games, ratings={n: 2000 for n in range(2, 7)})
    assert rating_report(unrated, FIDE, only=1) == [_row(rating_report(unrated, FIDE), 1)]
    assert rating_report(unrated, FIDE, only=1)[0].new_rating == 2366

@given(st.integers(-800, 800))
def test_expected_scores_of_both_sides_add_up_to_one(difference):
    assert expected_score(FIDE, 2000 + difference, 2000) + expected_score(
        FIDE, 2000, 2000 + difference) == 1
    assert abs(logistic_expected(difference) - expected_score(
        replace(FIDE, cap=None), 2000 + difference, 2000)) <= Fraction(4, 100)


def test_cli_ratings(capsys):
    assert main(["ratings", str(DATA / "rr7.trf"), "--k-table", "cxa", "--after-round", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "StartNo\tRating\tGames\tScore\tExpected\tChange"
    # P1: bye in round 1, a draw with Black against 2039 in round 2: 138 → .69, K 30.
    assert out[1] == "1\t2177\t1\t0.5\t0.69\t-5.7"
    assert len(out) == 8


def test_every_game_of_a_two_game_match_is_rated():
    # 2000 v 2000 (K 20), "1 ½": +10 for the win, 0 for the draw; a 0-0 game is not rated.
    t = event(2, match_by_first(1, 1, 2, "1 ½ 00"), ratings={1: 2000, 2: 2000})
    row = _row(rating_report(t, FIDE), 1)
    assert (row.games, row.score, row.expected, row.change) == (2, Fraction(3, 2), 1, 10)
