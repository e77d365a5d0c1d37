"""Adjourned games and sealed moves (Art. 10.3; Art. 7.1 i; services/adjournments.py): the
arbiters adjourn a game with the sealed move and both clocks, and resume it; an illegal sealed
move loses for the sealer, and when the opponent also abandoned, both lose."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import client_for, rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import Adjournment
from tournaments.services.adjournments import adjournment_record, adjournment_resume

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published")


def _adjourn(ctx, actor, **values):
    board = ctx["board"]
    arguments = {"sealer_id": board.black_id, "sealed_move": "X2.5", "move_number": 41,
                 "white_seconds": 1805, "black_seconds": 600, **values}
    return adjournment_record(event=ctx["event"], board=board, actor=actor, **arguments)


def test_art_10_3_1_adjourn_keeps_the_sealed_move_and_clocks(published, arbiter):
    adjournment = _adjourn(published, arbiter)
    assert (adjournment.move_number, adjournment.sealed_move, adjournment.white_seconds,
            adjournment.black_seconds, adjournment.outcome) == (41, "X2.5", 1805, 600, "")
    with pytest.raises(ServiceError, match="already adjourned"):
        _adjourn(published, arbiter)
    assert Adjournment.objects.count() == 1


@pytest.mark.parametrize(("values", "message"), [
    ({"sealed_move": "  "}, "Write the sealed move"),
    ({"move_number": 0}, "numbered from 1"),
    ({"white_seconds": -1}, "not negative"),
    ({"sealer_id": 0}, "one of the two"),
])
def test_a_wrong_adjournment_changes_nothing(published, arbiter, values, message):
    with pytest.raises(ServiceError, match=message):
        _adjourn(published, arbiter, **values)
    assert not Adjournment.objects.exists()


def test_the_organiser_does_not_adjourn(published, organiser):
    with pytest.raises(PermissionDenied):
        _adjourn(published, organiser)
    assert not Adjournment.objects.exists()


def test_resumed_the_game_goes_on(published, arbiter):
    adjournment = adjournment_resume(event=published["event"], actor=arbiter,
                                     adjournment=_adjourn(published, arbiter),
                                     outcome="resumed")
    published["board"].refresh_from_db()
    assert adjournment.outcome == "resumed" and adjournment.resumed_by == arbiter
    assert published["board"].result == ""
    with pytest.raises(ServiceError, match="already been resumed"):
        adjournment_resume(event=published["event"], actor=arbiter, adjournment=adjournment,
                           outcome="illegal")


def test_art_10_3_2_an_illegal_sealed_move_loses(published, arbiter):
    # Black sealed (the second-named side): White wins.
    adjournment_resume(event=published["event"], actor=arbiter,
                       adjournment=_adjourn(published, arbiter), outcome="illegal")
    published["board"].refresh_from_db()
    assert published["board"].result == "1-0"


def test_art_7_1_i_illegal_sealed_move_and_opponent_abandoned_both_lose(published, arbiter):
    adjournment_resume(event=published["event"], actor=arbiter,
                       adjournment=_adjourn(published, arbiter), outcome="both")
    published["board"].refresh_from_db()
    assert published["board"].result == "0-0"


def test_art_10_3_2_in_a_match_the_sealer_loses_the_game(make_event, organiser, chief_arbiter,
                                                         arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                      games_per_match=2)
    board = ctx["board"]
    game_2 = board.games.get(number=2)  # the first-named side has Black in game 2
    adjournment = _adjourn(ctx, arbiter, sealer_id=board.white_id, game=game_2)
    adjournment_resume(event=ctx["event"], actor=arbiter, adjournment=adjournment,
                       outcome="illegal")
    game_2.refresh_from_db()
    assert game_2.result == "1-0"  # the game's White (the second-named side) wins


def test_the_board_page_hides_the_sealed_move_from_the_organiser(published, arbiter,
                                                                 organiser):
    _adjourn(published, arbiter)
    url = f"/manage/{published['event'].slug}/boards/{published['board'].pk}/history/"
    assert "X2.5" in client_for(arbiter).get(url).content.decode()
    page = client_for(organiser).get(url).content.decode()
    assert "X2.5" not in page and "the arbiters only" in page


def test_the_public_round_shows_adjourned_without_the_move(published, arbiter, client):
    _adjourn(published, arbiter)
    page = client.get(f"/events/{published['event'].slug}/rounds/").content.decode()
    assert 'data-testid="adjourned"' in page and "X2.5" not in page


def test_adjourn_and_resume_from_the_board_page(published, arbiter):
    board = published["board"]
    slug = published["event"].slug
    client = client_for(arbiter)
    response = client.post(f"/manage/{slug}/boards/{board.pk}/adjourn/", {
        "sealer": board.black_id, "move_number": "41", "sealed_move": "X2.5",
        "white_clock": "0:30:05", "black_clock": "10"})
    assert response.status_code == 302
    adjournment = Adjournment.objects.get()
    assert (adjournment.white_seconds, adjournment.black_seconds) == (1805, 600)
    bad = client.post(f"/manage/{slug}/boards/{board.pk}/adjourn/", {
        "sealer": board.black_id, "move_number": "42", "sealed_move": "X2.5",
        "white_clock": "ten", "black_clock": "10"}, follow=True)
    assert "1:05:30" in bad.content.decode() and Adjournment.objects.count() == 1
    client.post(f"/manage/{slug}/adjournments/{adjournment.pk}/resume/", {"outcome": "both"})
    board.refresh_from_db()
    assert board.result == "0-0"
