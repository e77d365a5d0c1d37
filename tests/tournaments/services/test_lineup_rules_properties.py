"""Appendix §4 line-up rules as properties (``services/_lineup_rules.py: lineup_check``), for
any roster of 3–4 regular players and 1–2 reserves and any set of absent players:

- the team's two choices accept exactly the line-ups the law describes: the reserves on the
  absent players' boards (any reserve on any of them), or the players present moved up in roster
  order with the reserves (in any order) after them and empty boards last;
- a friendly event accepts every order of the roster's players, each once.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.errors import ServiceError
from tournaments.models import Substitution
from tournaments.services._lineup_rules import lineup_check


@st.composite
def rosters_and_absences(draw):
    boards = draw(st.integers(3, 4))
    reserves = draw(st.integers(1, 2))
    regulars = list(range(1, boards + 1))
    spare = list(range(101, 101 + reserves))
    absent = draw(st.sets(st.sampled_from(regulars), max_size=boards))
    coming = draw(st.permutations(spare))[:len(absent)]
    return regulars, spare, sorted(absent), list(coming)


def _accepts(regulars, reserves, lineup, rule, official=True) -> bool:
    try:
        lineup_check(team="Đội A", regulars=regulars, reserves=reserves, lineup=lineup,
                     rule=rule, official=official, names={})
    except ServiceError:
        return False
    return True


def _same_board(regulars, absent, coming):
    """Each absent board gets a reserve while they last, the rest stay empty (forfeits)."""
    fill = iter(coming)
    return [next(fill, None) if p in absent else p for p in regulars]


def _last_board(regulars, absent, coming):
    present = [p for p in regulars if p not in absent]
    fielded = present + coming
    return fielded + [None] * (len(regulars) - len(fielded))


@given(rosters_and_absences())
def test_appendix_4_reserve_on_the_absent_players_board_any_reserve(case):
    regulars, reserves, absent, coming = case
    lineup = _same_board(regulars, absent, coming)
    assert _accepts(regulars, reserves, lineup, Substitution.SAME_BOARD)
    moved = _last_board(regulars, absent, coming)
    if moved != lineup:  # a different line-up is the other choice, not this one
        assert not _accepts(regulars, reserves, moved, Substitution.SAME_BOARD)


@given(rosters_and_absences())
def test_appendix_4_reserve_on_the_last_board_the_others_move_up(case):
    regulars, reserves, absent, coming = case
    lineup = _last_board(regulars, absent, coming)
    assert _accepts(regulars, reserves, lineup, Substitution.LAST_BOARD)
    same = _same_board(regulars, absent, coming)
    if same != lineup:
        assert not _accepts(regulars, reserves, same, Substitution.LAST_BOARD)


@given(st.integers(3, 6).flatmap(lambda n: st.tuples(
    st.just(list(range(1, n + 1))), st.permutations(list(range(1, n + 1))))))
def test_appendix_4_friendly_event_any_order(case):
    regulars, order = case
    boards = len(regulars) - 1  # the last player on the list is the reserve
    lineup = list(order[:boards])
    assert _accepts(regulars[:boards], regulars[boards:], lineup, Substitution.SAME_BOARD,
                    official=False)
    with pytest.raises(ServiceError, match="twice"):
        lineup_check(team="Đội A", regulars=regulars[:boards], reserves=regulars[boards:],
                     lineup=[lineup[0], *lineup[:-1]], rule=Substitution.SAME_BOARD,
                     official=False, names={})
