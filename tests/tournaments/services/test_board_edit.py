"""Changing a draft Swiss round by hand: each edit is kept in the boards' history, the round
becomes "by hand", and the checker's warnings tell the arbiter what rule the change breaks."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import (
    round_table,
    rule_codes,
    seven_with_a_second_pab,
)
from tournaments.errors import ServiceError
from tournaments.models import Board, Entry, PairingMethod
from tournaments.selectors.swiss import round_warnings
from tournaments.services.board_edit import (
    Slot,
    board_bye_set,
    board_exchange,
    board_pair,
    board_remove,
    board_swap,
    round_boards_replace,
)
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, organiser, chief_arbiter, arbiter):
    """Seven players; round 1 played (1-4, 5-2, 3-6, 7 PAB); round 2 a draft with 7 on the PAB
    again (1-5, 4-3, 6-2): a rule break to detect."""
    return seven_with_a_second_pab(make_event, organiser, chief_arbiter, arbiter)


def _round2(event):
    return event.rounds_set.get(number=2)


def test_the_checker_reports_a_second_pab_in_words(event):
    warnings = round_warnings(_round2(event))
    rules = [w for w in warnings if not w.is_difference]
    assert [w.code for w in rules] == ["second_bye"]
    assert "pairing bye" in rules[0].text and "(7)" in rules[0].text and rules[0].board == 4
    assert rules[0].entries == (event.ids[7],)
    # The engine would give the bye to someone else: the differences say which boards.
    assert any(w.is_difference for w in warnings)


def test_exchange_two_players_makes_a_rematch_and_is_recorded(event, chief_arbiter):
    ids = event.ids
    round_ = board_exchange(round_=_round2(event), actor=chief_arbiter, first=ids[5],
                            second=ids[4], reason="arbiter's decision")
    assert round_table(round_)[:2] == [(1, 4, ""), (5, 3, "")]
    round_.refresh_from_db()
    assert round_.method == PairingMethod.MANUAL
    warnings = round_warnings(round_)
    rematch = [w for w in warnings if w.code == "rematch"]
    assert len(rematch) == 1 and rematch[0].board == 1 and "already played" in rematch[0].text
    history = Board.history.filter(round_id=round_.pk, number=1).order_by("history_date")
    last = history.last()
    assert last.history_user == chief_arbiter and last.history_change_reason == \
        "arbiter's decision"
    assert history.count() == 2  # paired, then changed


def test_swap_colours(event, chief_arbiter):
    round_ = board_swap(round_=_round2(event), actor=chief_arbiter, board_number=2)
    assert round_table(round_)[1] == (3, 4, "")
    with pytest.raises(ServiceError):
        board_swap(round_=round_, actor=chief_arbiter, board_number=4)  # a bye


def test_set_bye_and_pair_by_hand(event, chief_arbiter):
    ids = event.ids
    round_ = _round2(event)
    # 7 plays instead of the PAB: 2 gets the bye, 6 and 7 meet.
    board_bye_set(round_=round_, actor=chief_arbiter, entry=ids[2], kind="U")
    assert rule_codes(round_) == ["not_paired", "two_byes", "second_bye"]
    board_pair(round_=round_, actor=chief_arbiter, white=ids[6], black=ids[7])
    assert round_table(round_) == [(1, 5, ""), (4, 3, ""), (6, 7, ""), (2, None, "U")]
    assert rule_codes(round_) == []


def test_pair_refuses_a_player_with_a_game(event, chief_arbiter):
    with pytest.raises(ServiceError, match="board 1"):
        board_pair(round_=_round2(event), actor=chief_arbiter, white=event.ids[1],
                   black=event.ids[7])


def test_remove_a_player_and_replace_all_boards(event, chief_arbiter):
    ids = event.ids
    round_ = board_remove(round_=_round2(event), actor=chief_arbiter, entry=ids[7])
    assert len(round_table(round_)) == 3
    round_boards_replace(round_=round_, actor=chief_arbiter, boards=[
        Slot(ids[2], None, "U"), Slot(ids[1], ids[3]), Slot(ids[4], ids[7]),
        Slot(ids[5], ids[6])])
    # Games first in the given order, byes after.
    assert round_table(round_) == [(1, 3, ""), (4, 7, ""), (5, 6, ""), (2, None, "U")]
    with pytest.raises(ServiceError, match="two boards"):
        round_boards_replace(round_=round_, actor=chief_arbiter,
                             boards=[Slot(ids[1], ids[2]), Slot(ids[2], ids[3])])
    with pytest.raises(ServiceError):
        round_boards_replace(round_=round_, actor=chief_arbiter, boards=[Slot(ids[1], None)])


def test_only_drafts_and_only_the_chief_arbiter(event, chief_arbiter, arbiter):
    with pytest.raises(PermissionDenied):
        board_swap(round_=_round2(event), actor=arbiter, board_number=1)
    round_publish(round_=_round2(event), actor=chief_arbiter)
    with pytest.raises(ServiceError, match="draft"):
        board_swap(round_=_round2(event), actor=chief_arbiter, board_number=1)


def test_withdrawn_player_paired_is_reported(event, organiser, chief_arbiter):
    from tournaments.services.entries import entry_withdraw

    entry_withdraw(entry=Entry.objects.get(pk=event.ids[6]), actor=organiser, after_round=1)
    codes = {w.code: w.text for w in round_warnings(_round2(event))}
    assert "not_available" in codes and "withdrew" in codes["not_available"]
