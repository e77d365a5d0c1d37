"""Art. 21.2 through the standings endpoint: an individual round robin of two-game matches
ranks by match points, then game points, by default (the law's order), and counts wins in games.
The event is the hand-worked one of tests/scoring/test_art_21_2_law_order.py."""

import pytest

from tests.tournaments.builders import api_for, rr_scenario
from tournaments.adapters.events import scoring_system
from tournaments.services.events import event_visibility_set
from tournaments.services.results import game_result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db

# Each pair's two games from the lower number's side ("1" won, "½" drawn, "0" lost).
MATCHES = {(1, 2): "1 ½", (3, 4): "½ ½", (1, 3): "0 ½", (2, 4): "1 1", (1, 4): "1 ½",
           (2, 3): "1 1"}
WHITE_RESULT = {("1", True): "1-0", ("1", False): "0-1", ("0", True): "0-1",
                ("0", False): "1-0", ("½", True): "1/2-1/2", ("½", False): "1/2-1/2"}


def test_art_21_2_two_game_round_robin_ranks_game_points_second(
        make_event, organiser, chief_arbiter, arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter, games_per_match=2)["event"]
    for round_ in round_robin_schedule(event=event, actor=chief_arbiter):
        round_publish(round_=round_, actor=chief_arbiter)
        for board in round_.boards.filter(black__isnull=False).select_related("white", "black"):
            low, high = sorted((board.white.number, board.black.number))
            marks = MATCHES[(low, high)].split()
            for game, mark in zip(board.games.order_by("number"), marks, strict=True):
                # The lower number has White when it is the board's first-named and the game's
                # White is the first-named, or neither.
                low_white = (board.white.number == low) == game.white_first
                game_result_record(game=game, result=WHITE_RESULT[(mark, low_white)],
                                   actor=arbiter, expected_version=game.version)
    table = api_for().get(f"/api/events/{event.pk}/standings/").json()
    assert [c["code"] for c in table["criteria"]] == ["GPTS", "H2H", "SB", "WIN", "BWG", "LOT"]
    rows = [(r["number"], r["match_points"], r["game_points"]) for r in table["rows"]]
    assert rows == [(2, "2", "9"), (1, "2", "7"), (3, "1.5", "5"), (4, "0.5", "3")]
    # P1 beat P2 in their match; the law ranks P2 first on game points.
    assert table["rows"][0]["tie_broken_by"] == "ahead on game points (9 vs 7)"
    wins = {r["number"]: r["tiebreaks"]["WIN"] for r in table["rows"]}
    assert wins == {1: "2", 2: "4", 3: "1", 4: "0"}  # games won, not matches


def test_art_21_2_swiss_of_two_game_matches_ranks_game_points_second(make_event):
    event = make_event(format="swiss", rounds=5, games_per_match=2)
    event_visibility_set(event=event, actor=event.created_by, public=True)
    table = api_for().get(f"/api/events/{event.pk}/standings/").json()
    assert [c["code"] for c in table["criteria"]] == [
        "GPTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG", "LOT"]


def test_wins_count_games_in_two_game_matches_and_matches_for_teams(make_event):
    assert scoring_system(make_event(format="rr", games_per_match=2)).wins_in_games
    assert not scoring_system(make_event(format="rr", participant_kind="team")).wins_in_games


def test_art_21_2_double_round_robin_of_two_game_matches_ranks_game_points_second(make_event):
    """Art. 21.2 holds for the double round robin too: its default order is the law's for two-game
    matches, match points then game points, then Art. 21.3's criteria."""
    event = make_event(format="drr", games_per_match=2)
    event_visibility_set(event=event, actor=event.created_by, public=True)
    table = api_for().get(f"/api/events/{event.pk}/standings/").json()
    assert [c["code"] for c in table["criteria"]] == ["GPTS", "H2H", "SB", "WIN", "BWG", "LOT"]
    assert scoring_system(event).wins_in_games
