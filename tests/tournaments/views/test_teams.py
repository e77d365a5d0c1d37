"""Team events on the pages and the API: registration with rosters, line-ups on the arbiter's
round page, team page, board results, standings and crosstable; constant query counts."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.tournaments.builders import (
    PlayerFactory,
    TeamFactory,
    client_for,
    roster,
    team,
    team_event,
    team_round_play,
)
from tournaments.models import Board, Entry, Game, Team
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_event, organiser, chief_arbiter, arbiter):
    def build(teams=4, rounds=2):
        event = team_event(make_event, organiser, chief_arbiter, teams=teams,
                           name=f"Đồng đội {teams}")
        for n in range(1, rounds + 1):
            team_round_play(event, n, arbiter, chief_arbiter)
        event_visibility_set(event=event, actor=organiser, public=True)
        return event
    return build


TEAM_PAGES = ["", "entries/", "rounds/", "rounds/1/", "standings/", "crosstable/", "boards/",
              "boards/?after=1"]


def test_team_public_pages_answer(played):
    event = played()
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    for page in TEAM_PAGES:
        response = client.get(f"/events/{event.slug}/{page}")
        assert response.status_code == 200, page
    standings = client.get(f"/events/{event.slug}/standings/").content.decode()
    assert "board points" in standings and "Boards: the points the team scored" in standings
    one = team(event, 1)
    page = client.get(f"/events/{event.slug}/entries/{one.pk}/").content.decode()
    assert "Roster" in page and "T1 B1" in page and "T1 R1" in page
    assert "2½–1½" in page  # every match is won 2½–1½ by the first-named team
    rnd = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "2½–1½" in rnd
    boards = client.get(f"/events/{event.slug}/boards/").content.decode()
    assert "Board 4" in boards and "T1 B1" in boards


def test_board_results_are_for_team_events(make_event):
    event = make_event(format="rr", visibility="public")
    assert Client().get(f"/events/{event.slug}/boards/").status_code == 404


@pytest.mark.parametrize("path", ["boards/", "entries/{entry}/", "rounds/1/", "standings/"])
def test_team_pages_use_a_constant_number_of_queries(path, played):
    counts = []
    for teams in (4, 8):
        event = played(teams=teams, rounds=1)
        client = Client()
        url = f"/events/{event.slug}/" + path.format(entry=team(event, 1).pk)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_organiser_registers_a_team_on_the_staff_page(make_event, organiser):
    event = make_event(format="rr", participant_kind="team", team_boards=3, team_reserves=1)
    people = PlayerFactory.create_batch(4)
    people[0].full_name = "Nguyễn Thành Đạt"
    people[0].save()
    client = Client()
    client.force_login(organiser)
    assert client.get(f"/manage/{event.slug}/entries/").status_code == 200
    assert client.get(f"/manage/{event.slug}/teams/new/").status_code == 200
    # The search ignores diacritics; choosing a player fills the slot.
    found = client.get(f"/manage/{event.slug}/teams/lookup/?slot=1&q=nguyen thanh dat")
    assert "Nguyễn Thành Đạt" in found.content.decode()
    slot = client.get(f"/manage/{event.slug}/teams/slot/?slot=1&player={people[0].pk}")
    assert f'name="slot_1" value="{people[0].pk}"' in slot.content.decode()
    # A missing board is refused and nothing is created.
    response = client.post(f"/manage/{event.slug}/teams/new/", {
        "name": "Đội Cần Thơ", "slot_1": people[0].pk, "slot_2": people[1].pk})
    assert response.status_code == 400 and not Team.objects.filter(name="Đội Cần Thơ").exists()
    response = client.post(f"/manage/{event.slug}/teams/new/", {
        "name": "Đội Cần Thơ", "province": "Cần Thơ", "slot_1": people[0].pk,
        "slot_2": people[1].pk, "slot_3": people[2].pk, "slot_4": people[3].pk})
    assert response.status_code == 302
    entry = Entry.objects.get(event=event, team__name="Đội Cần Thơ")
    assert [(m.player_id, m.board_order, m.is_reserve) for m in entry.members.all()] == [
        (people[0].pk, 1, False), (people[1].pk, 2, False), (people[2].pk, 3, False),
        (people[3].pk, 4, True)]
    # Players on a team are marked with it, and cannot be chosen again.
    found = client.get(f"/manage/{event.slug}/teams/lookup/?slot=1&q=nguyen").content.decode()
    assert found.count("Đội Cần Thơ") == 4 and "Choose" not in found
    # Roster change before round 1: boards 2 and 3 swap.
    page = client.get(f"/manage/{event.slug}/teams/{entry.pk}/")
    assert page.status_code == 200 and "Nguyễn Thành Đạt" in page.content.decode()
    response = client.post(f"/manage/{event.slug}/teams/{entry.pk}/", {
        "slot_1": people[0].pk, "slot_2": people[2].pk, "slot_3": people[1].pk,
        "slot_4": people[3].pk})
    assert response.status_code == 302
    assert [m.player_id for m in entry.members.all()] == [people[0].pk, people[2].pk,
                                                          people[1].pk, people[3].pk]


def test_roster_is_fixed_once_round_1_is_published(make_event, organiser, chief_arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4, publish=False)
    entry = team(event, 1)
    (a1, a2, a3, a4), (r1,) = roster(entry)
    client = Client()
    client.force_login(organiser)
    # Draft rounds: the roster may change, and the drafted matches follow it.
    response = client.post(f"/manage/{event.slug}/teams/{entry.pk}/", {
        "slot_1": a1.pk, "slot_2": a2.pk, "slot_3": a3.pk, "slot_4": r1.pk, "slot_5": a4.pk})
    assert response.status_code == 302
    games = Game.objects.filter(board__round__event=event, board__white=entry, number=4)
    assert {g.first_player_id for g in games} == {r1.pk}
    client.force_login(chief_arbiter)
    client.post(f"/manage/{event.slug}/rounds/1/publish/")
    client.force_login(organiser)
    response = client.post(f"/manage/{event.slug}/teams/{entry.pk}/", {
        "slot_1": a1.pk, "slot_2": a2.pk, "slot_3": a3.pk, "slot_4": a4.pk})
    assert response.status_code == 400
    assert "fixed once round 1 is published" in response.content.decode()


def test_arbiter_sets_a_lineup_on_the_round_page(make_event, organiser, chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    board = Board.objects.get(round__event=event, round__number=1, number=1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, _ = roster(board.black)
    client = Client()
    client.force_login(arbiter)
    page = client.get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert "lineup-1" in page and "nobody (forfeit)" in page
    data = {"version": board.version, **{f"second_{k}": p.pk for k, p in enumerate(second, 1)}}
    # Same-board rule: the reserve takes board 3; board 4 is left empty (a forfeit).
    data.update(first_1=a1.pk, first_2=a2.pk, first_3=ar1.pk, first_4="")
    response = client.post(f"/manage/{event.slug}/boards/{board.pk}/lineup/", data,
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Refresh"] == "true"
    games = list(board.games.order_by("number"))
    assert [g.first_player_id for g in games] == [a1.pk, a2.pk, ar1.pk, None]
    assert games[3].result == "+/-"  # board 4: the first team has Black and nobody
    # Moving players up is refused while the team's choice is the absent player's board; the
    # message comes back in place.
    data.update(version=board.version + 1, first_3=a4.pk, first_4=ar1.pk)
    response = client.post(f"/manage/{event.slug}/boards/{board.pk}/lineup/", data,
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "msg error" in response.content.decode()


def test_appendix_4_the_team_chooses_the_last_board_on_the_round_page(make_event, organiser,
                                                                      chief_arbiter, arbiter):
    """Each team's select in row R: here the first team moves its players up and seats its
    reserve on the last board, for this match only."""
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    board = Board.objects.get(round__event=event, round__number=1, number=1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, _ = roster(board.black)
    client = client_for(arbiter)
    page = client.get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert 'name="first_substitution"' in page and 'name="second_substitution"' in page
    assert "each team chooses, for this match" in page
    data = {"version": board.version, "first_substitution": "last",
            "second_substitution": "same", "first_1": a1.pk, "first_2": a3.pk,
            "first_3": a4.pk, "first_4": ar1.pk,
            **{f"second_{k}": p.pk for k, p in enumerate(second, 1)}}
    response = client.post(f"/manage/{event.slug}/boards/{board.pk}/lineup/", data)
    assert response.status_code == 302
    board.refresh_from_db()
    assert (board.first_substitution, board.second_substitution) == ("last", "same")
    assert [g.first_player_id for g in board.games.order_by("number")] == [
        a1.pk, a3.pk, a4.pk, ar1.pk]
    other = Board.objects.get(round__event=event, round__number=1, number=2)
    assert other.first_substitution == "same"
    page = client.get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert '<option value="last" selected>' in page
    # The public round page says which team moved its players up, in that match only.
    event_visibility_set(event=event, actor=organiser, public=True)
    public = client_for().get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert 'data-testid="last-board-1-first"' in public
    assert f"{board.white.name} chose to field its reserves on the last boards" in public
    assert "last-board-1-second" not in public and "last-board-2-" not in public


def test_appendix_4_friendly_event_line_up_in_any_order(make_event, organiser, chief_arbiter,
                                                        arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=2, official=False)
    board = Board.objects.get(round__event=event, round__number=1, number=1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, _ = roster(board.black)
    client = client_for(arbiter)
    page = client.get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert "the order may be rearranged after a game" in page
    assert 'name="first_substitution"' not in page
    data = {"version": board.version, "first_1": ar1.pk, "first_2": a4.pk, "first_3": a1.pk,
            "first_4": a2.pk, **{f"second_{k}": p.pk for k, p in enumerate(second, 1)}}
    assert client.post(f"/manage/{event.slug}/boards/{board.pk}/lineup/",
                       data).status_code == 302
    assert [g.first_player_id for g in board.games.order_by("number")] == [
        ar1.pk, a4.pk, a1.pk, a2.pk]


def _api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_team_api(played, organiser, chief_arbiter, arbiter, stranger):
    event = played(teams=4, rounds=1)
    data = _api().get(f"/api/events/{event.pk}/boards/").json()
    assert [b["board"] for b in data["boards"]] == [1, 2, 3, 4]
    top = data["boards"][0]["rows"][0]
    assert top["points"] == "1" and top["games"] == 1 and top["percentage"] == "100%"
    one = team(event, 1)
    detail = _api().get(f"/api/events/{event.pk}/teams/{one.pk}/").json()
    assert [m["board_order"] for m in detail["roster"]] == [1, 2, 3, 4, 5]
    assert detail["roster"][4]["reserve"] is True
    match = detail["matches"][0]
    assert match["round"] == 1 and match["score"] in ("2½–1½", "1½–2½")
    assert [b["board"] for b in match["boards"]] == [1, 2, 3, 4]
    standings = _api().get(f"/api/events/{event.pk}/standings/").json()
    assert standings["primary"] == "board_points"
    assert sum(float(r["board_points"]) for r in standings["rows"]) == 8  # 2 matches × 4

    # Line-ups through the API: round 2 (no result yet).
    board = Board.objects.get(round__event=event, round__number=2, number=1)
    first, (r1,) = roster(board.white)
    second, _ = roster(board.black)
    body = {"first": [p.pk for p in first[:3]] + [r1.pk], "second": [p.pk for p in second],
            "version": board.version}
    assert _api(stranger).put(f"/api/boards/{board.pk}/lineup/", body,
                              format="json").status_code == 403
    response = _api(arbiter).put(f"/api/boards/{board.pk}/lineup/", body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["games"][3]["first_player"] == r1.pk
    assert _api(arbiter).put(f"/api/boards/{board.pk}/lineup/", body,
                             format="json").status_code == 409  # the version moved on
    body["version"] = response.json()["version"]
    body["first"] = [first[1].pk, first[0].pk, first[2].pk, first[3].pk]
    refused = _api(arbiter).put(f"/api/boards/{board.pk}/lineup/", body, format="json")
    assert refused.status_code == 400 and "board" in refused.json()["detail"]

    # Rosters are fixed once round 1 is published.
    refused = _api(organiser).put(f"/api/entries/{one.pk}/roster/", {
        "players": [p.pk for p in first], "reserves": []}, format="json")
    assert refused.status_code == 400


def test_teams_register_api(make_event, organiser, stranger):
    event = make_event(format="rr", participant_kind="team", team_boards=3, team_reserves=1)
    assert _api(stranger).post("/api/teams/", {"name": "Đội X"}).status_code == 403
    created = _api(organiser).post("/api/teams/", {"name": "Đội Hải Phòng",
                                                   "province": "Hải Phòng"})
    assert created.status_code == 201
    again = _api(organiser).post("/api/teams/", {"name": "đội hải phòng"})
    assert again.json()["id"] == created.json()["id"]
    TeamFactory(name="Đội Huế")
    names = [t["name"] for t in _api().get("/api/teams/?search=hai phong").json()["results"]]
    assert names == ["Đội Hải Phòng"]
    people = PlayerFactory.create_batch(4)
    response = _api(organiser).post(f"/api/events/{event.pk}/entries/", {
        "team": created.json()["id"], "players": [p.pk for p in people[:3]],
        "reserves": [people[3].pk]}, format="json")
    assert response.status_code == 201
    entry_id = response.json()["id"]
    # Before the draw the roster can change: the reserve now plays board 3.
    response = _api(organiser).put(f"/api/entries/{entry_id}/roster/", {
        "players": [people[0].pk, people[1].pk, people[3].pk], "reserves": [people[2].pk]},
        format="json")
    assert response.status_code == 200
    assert [m["player"] for m in response.json()["members"]] == [
        people[0].pk, people[1].pk, people[3].pk, people[2].pk]


def test_odd_number_of_teams_rests_on_the_pages(make_event, organiser, chief_arbiter, arbiter):
    # Five teams: one rests each round, scoring the statute's points for resting (0).
    event = team_event(make_event, organiser, chief_arbiter, teams=5, name="Năm đội")
    team_round_play(event, 1, arbiter, chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    rester = Board.objects.get(round__event=event, round__number=1, black__isnull=True).white
    client = Client()
    for page in ("rounds/1/", "standings/", "crosstable/", "boards/", f"entries/{rester.pk}/"):
        assert client.get(f"/events/{event.slug}/{page}").status_code == 200, page
    data = _api().get(f"/api/events/{event.pk}/standings/").json()
    row = next(r for r in data["rows"] if r["entry"] == rester.pk)
    assert (row["board_points"], row["match_points"]) == ("0", "0")
    detail = _api().get(f"/api/events/{event.pk}/teams/{rester.pk}/").json()
    assert detail["matches"][0]["opponent"] is None and detail["matches"][0]["bye"]
