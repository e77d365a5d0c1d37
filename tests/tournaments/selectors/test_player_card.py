"""A player's card: points, rank, performance (FIDE C.07 §10.2 over the games played
over the board) and each opponent's points, hand-worked on the six players of
tests/tournaments/conftest.py: swiss_event (ratings 2350, 2300, …, 2100 by start number)."""

import pytest

from tests.tournaments.builders import PlayerFactory, play_round
from tournaments.models import Entry
from tournaments.selectors.player_card import player_card
from tournaments.services.entries import entry_register

pytestmark = pytest.mark.django_db


def _card(event, number):
    return player_card(event, Entry.objects.get(event=event, number=number), staff=False)


def test_the_leader_won_both_games(swiss_event):
    """No. 1 beat No. 4 (2200) and No. 6 (2100): ARO 2150 + dp(100 %) 800."""
    card = _card(swiss_event, 1)
    assert (card.points, card.rank, card.shared, card.performance) == ("2", 1, False, 2950)
    assert [(c.game.round, c.game.colour, c.game.opponent.number, c.game.result,
             c.opponent_points) for c in card.games] == [(1, "w", 4, "1", "1"),
                                                         (2, "b", 6, "1", "1")]


def test_a_forfeit_leaves_the_performance_alone(swiss_event):
    """No. 2 drew with No. 5 (2150) and won by forfeit against No. 3: only the draw was
    played over the board, 2150 + dp(50 %) 0."""
    card = _card(swiss_event, 2)
    assert (card.points, card.rank, card.performance) == ("1.5", 2, 2150)
    assert [(c.game.result, c.opponent_points) for c in card.games] == [("½", "0.5"), ("+", "0")]


def test_a_loss_and_a_win(swiss_event):
    """No. 4 lost to No. 1 (2350), beat No. 5 (2150): ARO 2250 + dp(50 %) 0."""
    card = _card(swiss_event, 4)
    assert (card.points, card.performance) == ("1", 2250)
    assert card.rank in (3, 4)


def test_the_draft_round_is_not_on_the_public_card(swiss_event):
    assert [c.game.round for c in _card(swiss_event, 3).games] == [1, 2]
    staff = player_card(swiss_event, Entry.objects.get(event=swiss_event, number=3), staff=True)
    assert [c.game.round for c in staff.games] == [1, 2, 3]


def test_no_performance_against_an_unrated_opponent(make_event, organiser, chief_arbiter):
    event = make_event(format="swiss", rounds=3)
    rated, unrated = PlayerFactory(rating=2000), PlayerFactory(rating=None)
    a, b = (entry_register(event=event, actor=organiser, player=p) for p in (rated, unrated))
    play_round(event, 1, [(a, b)], ["1-0"], actor=chief_arbiter)
    card = player_card(event, a, staff=False)
    assert (card.points, card.rank, card.performance) == ("1", 1, None)
