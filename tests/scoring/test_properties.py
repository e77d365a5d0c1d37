"""Properties of standings on random events (hypothesis)."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from records import Bye, Game, Pairing, Participant, Result, Tournament
from scoring.formats import Format
from scoring.points import LAW_GAME, THREE_ONE_ZERO
from scoring.standings import standings
from scoring.tiebreaks import REGISTRY, Edition
from scoring.withdrawals import apply_withdrawals

RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.BOTH_LOSE,
           Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT, Result.DOUBLE_FORFEIT]
CODES = ["DE", "H2H", "SB", "SB/C1", "BH", "BH/C1", "BH/M1", "AOB", "PS", "WIN", "WON", "BPG",
         "BWG", "ARO", "LOT"]


@st.composite
def tournaments(draw):
    n = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, 5))
    people = tuple(
        Participant(i, rating=draw(st.one_of(st.none(), st.integers(1000, 2500))),
                    withdrawn_after=draw(st.one_of(st.none(), st.integers(1, rounds))) if i == 1
                    else None)
        for i in range(1, n + 1))
    pairings = []
    for rnd in range(1, rounds + 1):
        order = draw(st.permutations(range(1, n + 1)))
        for board, k in enumerate(range(0, n - 1, 2), start=1):
            pairings.append(Pairing(rnd, board, order[k], order[k + 1],
                                    (Game(draw(st.booleans()), draw(st.sampled_from(RESULTS))),)))
        if n % 2:
            pairings.append(Pairing(rnd, 0, order[-1], None, bye=draw(st.sampled_from(list(Bye)))))
    return Tournament(people, tuple(pairings), rounds)


def _awarded(t: Tournament, system, apart=()) -> Fraction:
    """Points given by the record; a bye of a participant set apart (Art. 21.5.1) is not
    counted: they are not ranked."""
    total = Fraction(0)
    for p in t.pairings:
        if p.second is None and p.first in apart:
            continue
        if p.second is None:
            total += system.value(p.bye.outcome)
        else:
            g = p.games[0]
            total += system.value(g.result.outcome_for(True)) + system.value(
                g.result.outcome_for(False))
    return total


@settings(max_examples=150, deadline=None)
@given(tournaments(), st.lists(st.sampled_from(CODES), max_size=6, unique=True),
       st.sampled_from(list(Format)), st.sampled_from(list(Edition)),
       st.sampled_from([LAW_GAME, THREE_ONE_ZERO]), st.one_of(st.none(), st.integers(0, 99)))
def test_standings_properties(t, codes, fmt, edition, system, seed):
    criteria = ["PTS", *codes]
    table = standings(t, system, criteria, fmt=fmt, edition=edition, lots_seed=seed)
    # A permutation of the participants: ranked, or set apart (round robin, Art. 21.5.1).
    assert sorted([r.number for r in table.rows] + list(table.withdrawn)) == [
        p.number for p in t.participants]
    assert fmt is Format.ROUND_ROBIN or not table.withdrawn
    # Every point awarded is somebody's (after the law's withdrawal rules).
    assert sum(r.points for r in table.rows) == _awarded(apply_withdrawals(t, fmt), system,
                                                                table.withdrawn)
    # Deterministic.
    assert standings(t, system, criteria, fmt=fmt, edition=edition, lots_seed=seed) == table
    # Ranks and explanations agree with the values.
    rows = table.rows
    assert rows[0].rank == 1
    for i, (upper, lower) in enumerate(zip(rows, rows[1:], strict=False)):
        assert upper.points >= lower.points
        if upper.points != lower.points:
            assert upper.explanation is None and lower.rank == i + 2
            continue
        exp = upper.explanation
        assert exp is not None
        if exp.criterion is None:
            assert lower.rank == upper.rank
            for k, code in enumerate(criteria):
                if not REGISTRY[code.split("/")[0]].group:
                    assert upper.values[k] == lower.values[k], code
        else:
            assert lower.rank == i + 2
            c = criteria.index(exp.criterion)
            for k in range(c):
                if not REGISTRY[criteria[k].split("/")[0]].group:
                    assert upper.values[k] == lower.values[k]
            if not REGISTRY[criteria[c].split("/")[0]].group:
                assert (upper.values[c], lower.values[c]) == (exp.upper, exp.lower)
                assert exp.upper != exp.lower
