"""Appendix §2 tie-break games through the API: the statute's chain in the statute, the deciding
game's colours recorded as the higher-placed player chose them (``PUT /api/games/<id>/colour/``)."""

import pytest

from tests.tournaments.builders import PlayerFactory
from tests.tournaments.builders import api_for as api
from tournaments.models import Board
from tournaments.services.entries import entry_register
from tournaments.services.knockout import bracket_start
from tournaments.services.results import game_result_record
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db


def test_appendix_2_deciding_game_colours_through_the_api(make_event, organiser,
                                                          chief_arbiter, arbiter, stranger):
    event = make_event(format="ko", games_per_match=1, tiebreak_games=[["armageddon", 1]])
    for player in PlayerFactory.create_batch(2):
        entry_register(event=event, actor=organiser, player=player)
    (round_1,) = bracket_start(event=event, actor=chief_arbiter, seed=2)
    round_publish(round_=round_1, actor=chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    first = board.games.get(number=1)
    game_result_record(game=first, result="1/2-1/2", actor=arbiter, expected_version=0)
    deciding = board.games.get(kind="armageddon")
    url = f"/api/games/{deciding.pk}/colour/"
    # The event is not public: a stranger learns nothing of it.
    assert api(stranger).put(url, {"white": board.white_id, "version": deciding.version},
                             format="json").status_code == 404
    refused = api(arbiter).put(url, {"white": "nobody", "version": 0}, format="json")
    assert refused.status_code == 400 and "white" in refused.json()
    stale = api(arbiter).put(url, {"white": board.white_id, "version": deciding.version + 3},
                             format="json")
    assert stale.status_code == 409 and "detail" in stale.json()
    answer = api(arbiter).put(url, {"white": board.white_id, "version": deciding.version},
                              format="json")
    assert answer.status_code == 200, answer.json()
    deciding.refresh_from_db()
    assert deciding.white_first is True and deciding.version == 1
    not_deciding = api(arbiter).put(f"/api/games/{first.pk}/colour/", {
        "white": board.white_id, "version": first.version}, format="json")
    assert not_deciding.status_code == 400
    assert "alternate" in not_deciding.json()["detail"]
    # The statute's chain changes for the matches not yet decided; the law's options only.
    changed = api(organiser).patch(f"/api/events/{event.pk}/", {
        "tiebreak_games": [["regular", 2], ["rapid", 2]]}, format="json")
    assert changed.status_code == 200 and changed.json()["tiebreak_games"] == [
        ["regular", 2], ["rapid", 2]]
