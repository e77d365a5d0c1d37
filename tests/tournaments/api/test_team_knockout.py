"""Team knockout through the API (appendix §2 "mỗi cặp đấu (hoặc 2 đội)", §4): the statute with
its decider for a level match, teams, the start through ``POST /api/events/<id>/rounds/``, board
results, and the bracket document."""

import pytest

from tests.tournaments.builders import PlayerFactory
from tests.tournaments.builders import api_for as api
from tournaments.models import Event, EventRole

pytestmark = pytest.mark.django_db


def _statute(**extra):
    return {"name": "Giải đồng đội loại trực tiếp", "start_date": "2027-03-01", "format": "ko",
            "participant_kind": "team", "team_boards": 3, "team_reserves": 1, **extra}


def test_appendix_2_statute_decider_is_a_choice_with_a_clear_error(organiser):
    response = api(organiser).post("/api/events/", _statute(team_knockout_decider="coin"),
                                   format="json")
    assert response.status_code == 400
    assert "team_knockout_decider" in response.json()
    assert not Event.objects.exists()


def test_appendix_2_four_teams_run_to_the_end_with_an_extra_team_match(organiser,
                                                                        chief_arbiter):
    client = api(organiser)
    event = client.post("/api/events/", _statute(team_knockout_decider="extra"),
                        format="json").json()
    EventRole.objects.create(event_id=event["id"], user=chief_arbiter, role="chief")
    for t in range(4):
        roster = PlayerFactory.create_batch(4)
        for i, p in enumerate(roster):
            p.rating = 2200 - 100 * t - i
            p.save()
        team = client.post("/api/teams/", {"name": f"Đội {t + 1}"}, format="json").json()
        answer = client.post(f"/api/events/{event['id']}/entries/", {
            "team": team["id"], "players": [p.pk for p in roster[:3]],
            "reserves": [roster[3].pk]}, format="json")
        assert answer.status_code == 201, answer.json()
    chief = api(chief_arbiter)
    started = chief.post(f"/api/events/{event['id']}/rounds/")
    assert started.status_code == 201, started.json()
    chief.post(f"/api/rounds/{started.json()[0]['id']}/publish/")

    def bracket():
        return chief.get(f"/api/events/{event['id']}/bracket/").json()

    def play(code, first_scores, level=0):
        match = next(m for m in bracket()["matches"] if m["code"] == code)
        games = [g for g in match["games"] if g["level"] == level]
        first = match["board"]["first_named"]
        for game, score in zip(games, first_scores, strict=True):
            white_score = score if game["white"] == first else 1 - score
            answer = chief.put(f"/api/games/{game['id']}/result/", {
                "result": {1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}[white_score],
                "version": game["version"]}, format="json")
            assert answer.status_code == 200, answer.json()
        return next(m for m in bracket()["matches"] if m["code"] == code)

    assert bracket()["tie_rule"].startswith("An extra team match with colours swapped")
    semi = play("A1.1", [1, 0, 0.5])  # 1½–1½: level, the extra team match decides
    assert semi["winner"] is None and "extra team match" in semi["note"]
    extra = [g for g in semi["games"] if g["level"] == 1]
    assert len(extra) == 3 and all(g["first_player"] and g["second_player"] for g in extra)
    semi = play("A1.1", [1, 1, 0], level=1)
    assert semi["winner"] is not None and "extra team match" in semi["score"]
    play("A1.2", [1, 1, 1])
    final = play("A2.1", [0.5, 0.5, 1])
    document = bracket()
    assert document["finished"] and document["champion"]["entry"] in (
        final["home"]["entry"], final["away"]["entry"])
    # A result that has no place in a knockout is refused in the API's error shape.
    game = next(m for m in document["matches"] if m["code"] == "A2.1")["games"][0]
    answer = chief.put(f"/api/games/{game['id']}/result/", {"result": "X", "version":
                       game["version"]}, format="json")
    assert answer.status_code == 400 and "cannot be cancelled" in answer.json()["detail"]
    assert bracket()["finished"]
