"""Properties of the Xiangqi criteria and of the rating report on random events (hypothesis)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from records import Bye, Game, Pairing, Participant, Result, Tournament
from scoring.formats import Format
from scoring.points import LAW_GAME, Kind, score_event
from scoring.ratings import REGULATIONS, rating_report
from scoring.standings import standings

OUTCOMES = list(Result)
NEW = ("OS", "OSP", "OS0", "FOUL", "WWG", "H2H2", "TPR", "PTP", "APRO", "APPO")


@st.composite
def swiss_events(draw, rated=False):
    size = draw(st.integers(2, 8))
    rounds = draw(st.integers(1, 4))
    rating = st.integers(1400, 2600) if rated else st.one_of(st.none(), st.integers(1400, 2600))
    people = tuple(Participant(n, rating=draw(rating)) for n in range(1, size + 1))
    pairings = []
    for rnd in range(1, rounds + 1):
        seats = draw(st.permutations(range(1, size + 1)))
        while len(seats) >= 2:
            first, second, *seats = seats
            result = draw(st.sampled_from(OUTCOMES))
            pairings.append(Pairing(rnd, 1, first, second, (Game(True, result),)))
        for alone in seats:
            pairings.append(Pairing(rnd, 0, alone, None, bye=draw(st.sampled_from(list(Bye)))))
    return Tournament(people, tuple(pairings), rounds)


@settings(max_examples=120, deadline=None)
@given(swiss_events(), st.dictionaries(st.integers(1, 8), st.integers(0, 3)))
def test_opponent_scores_differ_by_the_unplayed_rounds_only(t, fouls):
    table = standings(t, LAW_GAME, ("PTS", *NEW), fmt=Format.SWISS, fouls=fouls,
                      withdrawals=False)
    assert sorted(r.number for r in table.rows) == [p.number for p in t.participants]
    sheet = score_event(t, LAW_GAME)
    took_part = [sheet.fraction(sheet.total(n)) for n, es in sheet.entries.items()
                 if any(e.kind not in (Kind.CANCELLED, Kind.PENDING) for e in es)]
    lowest = min(took_part, default=Fraction(0))
    for n, es in sheet.entries.items():
        unplayed = sum(1 for e in es if e.kind not in (Kind.GAME, Kind.CANCELLED, Kind.PENDING))
        os_, os0 = table.value(n, "OS"), table.value(n, "OS0")
        assert os_ == os0 + unplayed * lowest
        assert table.value(n, "OSP") >= os_
        assert table.value(n, "FOUL") == fouls.get(n, 0)


@settings(max_examples=120, deadline=None)
@given(swiss_events(rated=True))
def test_one_k_makes_the_event_zero_sum_and_forfeits_change_nothing(t):
    rows = rating_report(t, REGULATIONS["fide"], k=20)
    assert sum(r.change for r in rows) == 0
    played = Tournament(t.participants, tuple(
        p for p in t.pairings if p.second is not None and p.games[0].result.played), t.rounds)
    assert rating_report(played, REGULATIONS["fide"], k=20) == rows
