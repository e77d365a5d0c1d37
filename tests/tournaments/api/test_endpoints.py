"""The REST API's endpoints one by one: what each answers (reads for everybody, drafts only for
the staff), filtering and pagination of the lists, token authentication, and the behaviour of
the writes the permission matrix (test_permissions.py) only lets through."""

from __future__ import annotations

import pytest
from django.conf import settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournaments.builders import (
    PlayerFactory,
    TeamFactory,
    knockout_scenario,
    rr_scenario,
    swiss_scenario,
    team,
    teams_scenario,
)
from tests.tournaments.builders import api_for as api
from tournaments.models import Entry, EventRole, Player
from tournaments.selectors.trf import trf_export
from tournaments.services.entries import entry_register
from tournaments.services.events import event_create, event_visibility_set
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db


# --- events -----------------------------------------------------------------------------------


def test_format_json_is_drfs_renderer_choice_on_every_address(organiser):
    """``?format=json`` chooses JSON on an event, its list and its reads; it is not the
    events' format filter (``?event_format=``), and a format no renderer has is 404."""
    event = event_create(actor=organiser, name="Giải Cờ Tướng Mở rộng", start_date="2026-12-01",
                         format="swiss", rounds=5)
    event_visibility_set(event=event, actor=organiser, public=True)
    for address in (f"/api/events/{event.pk}/", "/api/events/",
                    f"/api/events/{event.pk}/standings/"):
        answer = api().get(address + "?format=json")
        assert answer.status_code == 200, (address, answer.content)
        assert answer["Content-Type"].startswith("application/json")
    assert api().get(f"/api/events/{event.pk}/?format=json").json()["name"] == event.name
    assert api().get("/api/events/?format=json").json()["count"] == 1
    assert api().get("/api/events/?event_format=swiss").json()["count"] == 1
    assert api().get("/api/events/?event_format=rr").json()["count"] == 0
    assert api().get("/api/events/?format=rr").status_code == 404
    schema = APIClient().get("/api/schema/?format=json").json()
    names = {p["name"] for p in schema["paths"]["/api/events/"]["get"]["parameters"]}
    assert "event_format" in names and "format" not in names


def test_event_list_filters_searches_and_pages(organiser):
    for k in range(53):
        event = event_create(actor=organiser, name=f"Giải Hà Nội {k:02d}" if k % 2 else
                             f"Cúp Đà Nẵng {k:02d}", start_date=f"2026-12-{1 + k % 28:02d}",
                             format="swiss" if k % 3 else "rr", rounds=5,
                             participant_kind="team" if k == 7 else "individual")
        if k != 52:  # the last one stays a draft
            event_visibility_set(event=event, actor=organiser, public=True)
    page1 = api().get("/api/events/").json()
    assert page1["count"] == 52 and len(page1["results"]) == 50 and page1["previous"] is None
    page2 = api().get(page1["next"]).json()
    assert len(page2["results"]) == 2 and page2["next"] is None
    names = {r["name"] for r in page1["results"] + page2["results"]}
    assert "Giải Hà Nội 52" not in names and "Cúp Đà Nẵng 52" not in names  # a draft
    # The organiser also sees the draft.
    assert api(organiser).get("/api/events/").json()["count"] == 53
    assert api().get("/api/events/?event_format=rr").json()["count"] == 18  # k = 0, 3, ..., 51
    assert api().get("/api/events/?event_format=rr&format=json").json()["count"] == 18
    assert api().get("/api/events/?event_format=league").status_code == 400
    teams = api().get("/api/events/?participant_kind=team").json()["results"]
    assert [(t["name"], t["individual"]) for t in teams] == [("Giải Hà Nội 07", False)]
    assert api().get("/api/events/?visibility=draft").json()["count"] == 0
    # The search ignores diacritics, as the event list page does.
    assert api().get("/api/events/?search=da nang").json()["count"] == 26
    assert api().get("/api/events/?search=Đà Nẵng 04").json()["count"] == 1
    row = api().get("/api/events/?search=ha noi 01").json()["results"][0]
    assert set(row) >= {"id", "name", "format", "participant_kind", "individual", "links"}
    assert row["links"]["standings"].endswith(f"/api/events/{row['id']}/standings/")


def test_event_detail_standings_crosstable(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    event = ctx["event"]
    detail = api().get(f"/api/events/{event.pk}/").json()
    assert detail["name"] == "Giải API" and detail["format"] == "rr" and detail["individual"]
    standings = api().get(f"/api/events/{event.pk}/standings/").json()
    assert standings["after_round"] == 1 and len(standings["rows"]) == 4
    assert [c["code"] for c in standings["criteria"]] == ["H2H", "SB", "WIN", "BWG", "LOT"]
    row = standings["rows"][0]
    assert set(row) >= {"rank", "shared_rank", "entry", "name", "points", "tiebreaks",
                        "tie_broken_by"}
    assert sum(float(r["points"]) for r in standings["rows"]) == 2
    cross = api().get(f"/api/events/{event.pk}/crosstable/?after_round=1").json()
    assert cross["round_robin"] and len(cross["rows"]) == 4 and len(cross["columns"]) == 4


# --- entries ----------------------------------------------------------------------------------


def test_entries_list_pages_and_entry_detail_with_every_game(make_event, organiser,
                                                             chief_arbiter):
    event = make_event(format="swiss", rounds=5, name="Nhiều đấu thủ")
    event_visibility_set(event=event, actor=organiser, public=True)
    for p in PlayerFactory.create_batch(55):
        api(organiser).post(f"/api/events/{event.pk}/entries/", {"player": p.pk}, format="json")
    page = api().get(f"/api/events/{event.pk}/entries/").json()
    assert page["count"] == 55 and len(page["results"]) == 50
    assert len(api().get(f"/api/events/{event.pk}/entries/?page=2").json()["results"]) == 5

    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    entry = ctx["board"].white
    data = api().get(f"/api/entries/{entry.pk}/").json()
    assert data["name"] == entry.name and data["player"]["id"] == entry.player_id
    assert data["games"] == [{"round": 1, "board": ctx["board"].number, "opponent": {
        "entry": ctx["board"].black_id, "number": ctx["board"].black.number,
        "name": ctx["board"].black.name, "rating": ctx["board"].black.rating, "points": "0"},
        "colour": "w", "result": "1", "bye": ""}]


def test_register_by_quick_add_and_remove_an_entry(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    response = api(organiser).post(f"/api/events/{event.pk}/entries/", {"new_player": {
        "full_name": "Lê Quang Mới", "rating": 1700, "club": "CLB Mới"}}, format="json")
    assert response.status_code == 201, response.data
    assert response.json()["player"]["full_name"] == "Lê Quang Mới"
    player = Player.objects.get(full_name="Lê Quang Mới")
    assert player.rating == 1700 and player.name_folded == "le quang moi"
    # The same national ID twice is refused at the field, and nothing is added.
    api(organiser).post(f"/api/events/{event.pk}/entries/", {"new_player": {
        "full_name": "A", "national_id": "VN1"}}, format="json")
    refused = api(organiser).post(f"/api/events/{event.pk}/entries/", {"new_player": {
        "full_name": "B", "national_id": "VN1"}}, format="json")
    assert refused.status_code == 400 and "national_id" in refused.json()["new_player"]
    assert not Player.objects.filter(full_name="B").exists()
    both = api(organiser).post(f"/api/events/{event.pk}/entries/", {
        "player": player.pk, "new_player": {"full_name": "C"}}, format="json")
    assert both.status_code == 400
    entry_id = response.json()["id"]
    assert api(organiser).delete(f"/api/entries/{entry_id}/").status_code == 204
    assert not Entry.objects.filter(pk=entry_id).exists()
    assert Player.objects.filter(pk=player.pk).exists()  # the register keeps the player


def test_an_entry_already_paired_is_withdrawn_not_removed(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    entry = ctx["board"].white
    refused = api(organiser).delete(f"/api/entries/{entry.pk}/")
    assert refused.status_code == 400 and "withdraw" in refused.json()["detail"]
    response = api(organiser).post(f"/api/entries/{entry.pk}/withdraw/", {"after_round": 1},
                                   format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    assert response.json()["withdrawn_after_round"] == 1


# --- roles ------------------------------------------------------------------------------------


def test_roles_read_appoint_remove(make_event, organiser, chief_arbiter, stranger):
    ctx = rr_scenario(make_event, organiser, chief_arbiter)
    event = ctx["event"]
    url = f"/api/events/{event.pk}/roles/"
    roles = {(r["username"], r["role"]) for r in api(organiser).get(url).json()}
    assert roles == {("organiser", "organiser"), ("chief", "chief"), ("arbiter", "arbiter")}
    created = api(organiser).post(url, {"username": "stranger", "role": "arbiter"},
                                  format="json")
    assert created.status_code == 200
    assert ("stranger", "arbiter") in {(r["username"], r["role"]) for r in created.json()}
    second_chief = api(organiser).post(url, {"username": "stranger", "role": "chief"},
                                       format="json")
    assert second_chief.status_code == 400 and "chief arbiter" in second_chief.json()["detail"]
    role = EventRole.objects.get(event=event, user=stranger)
    assert api(organiser).delete(f"{url}{role.pk}/").status_code == 204
    assert not EventRole.objects.filter(event=event, user=stranger).exists()
    creator = EventRole.objects.get(event=event, user=organiser)
    kept = api(organiser).delete(f"{url}{creator.pk}/")
    assert kept.status_code == 400 and EventRole.objects.filter(pk=creator.pk).exists()
    assert api(organiser).post(url, {"username": "nobody", "role": "arbiter"},
                               format="json").status_code == 404
    # DELETE is for roles: an event is not deleted through the API, even by its organiser.
    assert api(organiser).delete(f"/api/events/{event.pk}/").status_code == 405
    assert api(organiser).put(f"/api/events/{event.pk}/", {}, format="json").status_code == 405
    event.refresh_from_db()


# --- rounds and boards ------------------------------------------------------------------------


def test_rounds_list_and_detail_hide_drafts_from_the_public(make_event, organiser,
                                                            chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    event = ctx["event"]
    public = api().get(f"/api/events/{event.pk}/rounds/").json()
    assert [(r["number"], r["status"], r["open_boards"]) for r in public] == [
        (1, "published", 2)]
    staff = api(arbiter).get(f"/api/events/{event.pk}/rounds/").json()
    assert [r["number"] for r in staff] == [1, 2, 3]
    detail = api().get(f"/api/events/{event.pk}/rounds/1/").json()
    assert len(detail["boards"]) == 2 and detail["boards"][0]["white"]["name"]
    assert api().get(f"/api/events/{event.pk}/rounds/2/").status_code == 404
    assert api(arbiter).get(f"/api/events/{event.pk}/rounds/2/").json()["status"] == "draft"
    # A draft's board takes no result from anyone but the staff, and the staff only once
    # it is published.
    # A player's games: the draft rounds' pairings only for the staff.
    entry = ctx["board"].white
    assert [g["round"] for g in api().get(f"/api/entries/{entry.pk}/").json()["games"]] == [1]
    assert [g["round"] for g in api(arbiter).get(f"/api/entries/{entry.pk}/").json()[
        "games"]] == [1, 2, 3]
    draft_board = ctx["last_round"].boards.filter(black__isnull=False).first()
    assert api(arbiter).put(f"/api/boards/{draft_board.pk}/result/",
                            {"result": "1-0", "version": 0},
                            format="json").status_code == 400


def test_board_history_and_token_authentication(make_event, organiser, chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    board = ctx["board"]
    token = Token.objects.create(user=chief_arbiter)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.put(f"/api/boards/{board.pk}/result/", {
        "result": "0-1", "version": board.version, "reason": "Biên bản ghi nhầm"}, format="json")
    assert response.status_code == 200 and response.json()["result"] == "0-1"
    history = client.get(f"/api/boards/{board.pk}/history/").json()
    assert [line["created"] for line in history] == [True, False, False]
    last = history[-1]
    assert last["user"] == "chief" and last["reason"] == "Biên bản ghi nhầm"
    assert last["changes"] == [{"field": "result", "before": "1-0", "after": "0-1"}]
    assert not last["system"] and history[0]["system"]
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    refused = bad.get(f"/api/boards/{board.pk}/history/")
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Token"


def test_game_results_of_two_game_matches(make_event, organiser, chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                       games_per_match=2)
    board = ctx["board"]
    g1, g2 = board.games.order_by("number")
    for game, result in ((g1, "1-0"), (g2, "1/2-1/2")):
        response = api(arbiter).put(f"/api/games/{game.pk}/result/",
                                    {"result": result, "version": 0}, format="json")
        assert response.status_code == 200 and response.json()["version"] == 1
    board.refresh_from_db()
    assert board.result == "1-0"  # 1.5 to 0.5 in game points: the first-named wins the match
    stale = api(chief_arbiter).put(f"/api/games/{g1.pk}/result/",
                                   {"result": "0-1", "version": 0}, format="json")
    assert stale.status_code == 409


# --- Swiss, knockout, teams -------------------------------------------------------------------


def test_trf_file_without_then_with_the_draft_round(make_event, organiser, chief_arbiter):
    ctx = swiss_scenario(make_event, organiser, chief_arbiter, draft_round=True)
    event = ctx["event"]
    event.refresh_from_db()  # pairing drew the initial colour
    public = api().get(f"/api/events/{event.pk}/trf/")
    assert public.status_code == 200 and public["Content-Type"].startswith("text/plain")
    assert public.content.decode() == trf_export(event)
    staff = api(chief_arbiter).get(f"/api/events/{event.pk}/trf/?drafts=1").content.decode()
    assert staff == trf_export(event, include_drafts=True) and staff != public.content.decode()
    # The public asking for drafts gets the public file.
    assert api().get(f"/api/events/{event.pk}/trf/?drafts=1").content == public.content


def test_bracket_document(make_event, organiser, chief_arbiter):
    ctx = knockout_scenario(make_event, organiser, chief_arbiter)
    event = ctx["event"]
    assert api().get(f"/api/events/{event.pk}/bracket/").json()["started"] is False
    api(chief_arbiter).post(f"/api/events/{event.pk}/rounds/")
    assert api().get(f"/api/events/{event.pk}/bracket/").json()["matches"] == [] or \
        not api().get(f"/api/events/{event.pk}/bracket/").json()["started"]  # a draft
    staff = api(chief_arbiter).get(f"/api/events/{event.pk}/bracket/").json()
    assert staff["started"] and staff["entrants"] == 4 and len(staff["matches"]) == 3


def test_team_board_results_and_team_detail(make_event, organiser, chief_arbiter, arbiter):
    ctx = teams_scenario(make_event, organiser, chief_arbiter, published=True)
    event = ctx["event"]
    for game in ctx["board"].games.order_by("number"):
        api(arbiter).put(f"/api/games/{game.pk}/result/", {"result": "1-0", "version": 0},
                         format="json")
    boards = api().get(f"/api/events/{event.pk}/boards/").json()
    assert [b["board"] for b in boards["boards"]] == [1, 2, 3, 4]
    first = team(event, 1)
    detail = api().get(f"/api/events/{event.pk}/teams/{first.pk}/").json()
    assert detail["name"] == first.name and len(detail["roster"]) == 5
    assert detail["matches"][0]["round"] == 1 and len(detail["matches"][0]["boards"]) == 4
    # Board results and team pages are for team events only.
    rr = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    assert api().get(f"/api/events/{rr.pk}/boards/").status_code == 404


def test_players_and_teams_of_the_register_filter_search_and_page(db, organiser):
    for k in range(60):
        PlayerFactory(full_name=f"Nguyễn Văn Số {k}", gender="F" if k < 5 else "M",
                      province="Huế" if k < 3 else "Hà Nội")
    PlayerFactory(full_name="Trần Đức Một")
    register = api(organiser)
    page = register.get("/api/players/").json()
    assert page["count"] == 61 and len(page["results"]) == 50 and page["next"]
    assert register.get("/api/players/?gender=F").json()["count"] == 5
    assert register.get("/api/players/?province=Huế").json()["count"] == 3
    found = register.get("/api/players/?search=tran duc").json()["results"]
    assert [p["full_name"] for p in found] == ["Trần Đức Một"]
    one = register.get(f"/api/players/{found[0]['id']}/").json()
    assert one["full_name"] == "Trần Đức Một" and set(one) >= {"rating", "club", "national_id"}
    for k in range(55):
        TeamFactory(name=f"Đội Thử {k}")
    teams = api().get("/api/teams/").json()
    assert teams["count"] == 55 and len(teams["results"]) == 50
    hue = TeamFactory(name="Đội Thừa Thiên Huế")
    assert [t["id"] for t in api().get("/api/teams/?search=thua thien").json()["results"]] \
        == [hue.pk]
    assert api().get(f"/api/teams/{hue.pk}/").json()["name"] == "Đội Thừa Thiên Huế"


def test_refusals_are_in_the_callers_language(make_event, organiser, chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    result_record(board=ctx["board"], result="1-0", actor=arbiter, expected_version=0)
    client = api(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "vi"
    stale = client.put(f"/api/boards/{ctx['board'].pk}/result/",
                       {"result": "0-1", "version": 0}, format="json")
    assert stale.status_code == 409 and "vừa thay đổi" in stale.json()["detail"]
    # Who changed it and what is stored now, so the page shows the stored value.
    assert stale.json()["detail"].startswith("arbiter ")
    assert (stale.json()["code"], stale.json()["result"], stale.json()["version"]) == \
        ("stale", "1-0", 1)
    refused = client.post(f"/api/rounds/{ctx['round1'].pk}/complete/")
    assert refused.status_code == 403 and "quyền" in refused.json()["detail"]


def test_the_public_reads_players_of_public_events_without_their_ids(
        make_event, organiser, chief_arbiter, arbiter):
    """The API shows what the public pages show: a player registered only in a draft event is
    not listed, and nobody outside the staff reads the federation or international ID."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter)
    shown = ctx["entries"][0].player
    shown.national_id, shown.fide_id = "VN-0001", "12345678"
    shown.save()
    hidden = PlayerFactory(full_name="Lê Thị Nháp", national_id="VN-SECRET")
    draft = make_event(format="rr", name="Giải nháp")
    entry_register(event=draft, actor=organiser, player=hidden)
    public = api().get("/api/players/").json()["results"]
    ids = {p["id"] for p in public}
    assert shown.pk in ids and hidden.pk not in ids
    assert all("national_id" not in p and "fide_id" not in p for p in public)
    assert api().get(f"/api/players/{hidden.pk}/").status_code == 404
    entries = api().get(f"/api/events/{ctx['event'].pk}/entries/").json()
    rows = entries["results"] if isinstance(entries, dict) else entries
    assert all("national_id" not in e["player"] for e in rows)
    staff = api(arbiter).get(f"/api/players/{hidden.pk}/").json()
    assert staff["national_id"] == "VN-SECRET"
