"""Knockout through the web pages and the API: a 5-entry single elimination from the statute
form to the final placings, the bracket page and its queries, the bracket document."""

import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import PlayerFactory, knockout_event
from tournaments.forms import StatuteForm
from tournaments.models import Event
from tournaments.services.entries import entry_register
from tournaments.services.events import event_visibility_set, role_assign
from tournaments.services.knockout import bracket_start

pytestmark = pytest.mark.django_db

GAME_INPUT = re.compile(
    r'<tr data-game="(\d+)".*?data-code="([^"]*)" data-version="(\d+)"\s+'
    r'data-url="(/api/games/\d+/result/)"', re.S)


def statute_form_data(**changes):
    """What the "new event" page posts: every field's initial value, then the changes."""
    form = StatuteForm()
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if value is None or value is False:
            continue
        data[name] = field.prepare_value(value) if name == "tiebreak_games" else value
    data.update(changes)
    return data


def english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    return client


def open_games(client, slug, number):
    """Game inputs still empty on the arbiter's round page: (game id, version, API url)."""
    page = client.get(f"/manage/{slug}/rounds/{number}/").content.decode()
    return [(int(g), int(v), url) for g, value, v, url in GAME_INPUT.findall(page) if not value]


def put_result(client, url, result, version):
    response = client.put(url, json.dumps({"result": result, "version": version}),
                          content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


def test_five_entry_single_elimination_through_the_pages(organiser, chief_arbiter, arbiter):
    players = PlayerFactory.create_batch(5)
    staff = english(Client())
    staff.force_login(organiser)
    response = staff.post("/manage/new/", statute_form_data(
        name="Cúp Cờ Tướng thử", start_date="2026-12-01", format="ko", games_per_match="2",
        third_place_match="on"))
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Cúp Cờ Tướng thử")
    assert event.tiebreak_games[0] == ["regular", 2]  # the statute's chain, as the form showed
    slug = event.slug
    for player in players:
        assert staff.post(f"/manage/{slug}/entries/add/", {"player": player.pk}).status_code == 302
    staff.post(f"/manage/{slug}/visibility/", {"public": "1"})
    role_assign(event=event, actor=organiser, user=chief_arbiter, role="chief")
    role_assign(event=event, actor=organiser, user=arbiter, role="arbiter")

    public = english(Client())
    assert public.get(f"/events/{slug}/").status_code == 200
    assert "/bracket/" in public.get(f"/events/{slug}/").content.decode()
    assert "bracket-not-started" in public.get(f"/events/{slug}/bracket/").content.decode()

    chief = english(Client())
    chief.force_login(chief_arbiter)
    dashboard = chief.get(f"/manage/{slug}/").content.decode()
    assert 'data-testid="bracket-start"' in dashboard
    response = chief.post(f"/manage/{slug}/bracket/start/", {"seeding": "rating"})
    assert response.status_code == 302 and response.url == f"/manage/{slug}/rounds/1/"
    # Round 1: 4 v 5 and three byes; round 2 already holds 3 v 2 (appendix §2).
    page = chief.get(f"/manage/{slug}/rounds/1/").content.decode()
    assert page.count("A1.1") == 1 and page.count("<em>Pairing bye</em>") == 3
    chief.post(f"/manage/{slug}/rounds/1/publish/", {"all": "1"})
    bracket_page = public.get(f"/events/{slug}/bracket/").content.decode()
    assert bracket_page.count('data-testid="bye"') == 3
    assert 'id="match-A2-2"' in bracket_page and 'id="match-3RD"' in bracket_page

    referee = Client()
    referee.force_login(arbiter)
    # A1.1: the first two games drawn, so two more games appear on the arbiter's page.
    games = open_games(referee, slug, 1)
    assert len(games) == 2
    for _game, version, url in games:
        put_result(referee, url, "1/2-1/2", version)
    games = open_games(referee, slug, 1)
    assert len(games) == 2  # the tie-break games, now on the page
    page = referee.get(f"/manage/{slug}/rounds/1/").content.decode()
    assert 'data-open="1"' in page  # A1.1 still open; byes never count
    for _game, version, url in games:
        put_result(referee, url, "1-0", version)  # one win each: still tied
    games = open_games(referee, slug, 1)
    assert len(games) == 2  # rapid games now
    first, second = games
    put_result(referee, first[2], "1-0", first[1])
    put_result(referee, second[2], "1/2-1/2", second[1])
    assert open_games(referee, slug, 1) == []
    assert 'data-open="0"' in referee.get(f"/manage/{slug}/rounds/1/").content.decode()

    # Round 2 and 3: the first-named entry wins every game it has White in, draws the other.
    for number in (2, 3):
        for _ in range(10):
            games = open_games(referee, slug, number)
            if not games:
                break
            game_id, version, url = games[0]
            put_result(referee, url, "1-0" if _white_first(game_id) else "1/2-1/2", version)
        assert open_games(referee, slug, number) == []
        chief.post(f"/manage/{slug}/rounds/{number}/complete/", {"confirmed": "1"})

    bracket_page = public.get(f"/events/{slug}/bracket/").content.decode()
    assert 'data-testid="champion"' in bracket_page
    assert "Final placings" in bracket_page
    placings = public.get(f"/api/events/{event.pk}/bracket/").json()["placings"]
    assert [(p["place"], p["place_to"]) for p in placings] == [(1, 1), (2, 2), (3, 3), (4, 4),
                                                               (5, 5)]
    for number in (1, 2, 3):
        assert public.get(f"/events/{slug}/rounds/{number}/").status_code == 200
    assert public.get(f"/events/{slug}/rounds/").status_code == 200


def _white_first(game_id):
    from tournaments.models import Game

    return Game.objects.get(pk=game_id).white_first


def test_bracket_page_queries_do_not_grow_with_the_entries(make_event, organiser,
                                                          chief_arbiter, arbiter):
    small = knockout_event(make_event, organiser, chief_arbiter, arbiter, 5)
    large = knockout_event(make_event, organiser, chief_arbiter, arbiter, 12)
    counts = []
    for event in (small, large):
        client = Client()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"/events/{event.slug}/bracket/")
        assert response.status_code == 200
        assert 'data-testid="bracket-B"' in response.content.decode()
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_bracket_api_document(make_event, organiser, chief_arbiter, arbiter):
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 6)
    data = Client().get(f"/api/events/{event.pk}/bracket/").json()
    assert data["started"] and data["double"] and data["entrants"] == 6
    assert [b["seed"] for b in data["byes"]] == [1, 2]
    codes = [m["code"] for m in data["matches"]]
    assert len(codes) == 2 * 6 - 2 + 1 and codes[-1] == "D"  # with the decider
    a11 = next(m for m in data["matches"] if m["code"] == "A1.1")
    assert a11["status"] == "decided" and a11["winner"] in ("home", "away")
    assert a11["board"]["result"] in ("1-0", "0-1")
    assert [g["kind"] for g in a11["games"]] == ["regular", "regular"]
    assert a11["loser_to"].startswith("B")
    waiting = next(m for m in data["matches"] if m["code"] == "F")
    assert waiting["status"] == "waiting" and waiting["home"]["from"]
    assert all(p["place"] >= 5 for p in data["placings"]) and data["champion"] is None


def test_bracket_api_hides_a_draft_bracket_and_refuses_other_formats(make_event, organiser,
                                                                     chief_arbiter):
    event = make_event(format="ko", name="Nháp")
    for player in PlayerFactory.create_batch(4):
        entry_register(event=event, actor=organiser, player=player)
    bracket_start(event=event, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    assert Client().get(f"/api/events/{event.pk}/bracket/").json()["started"] is False
    staff = Client()
    staff.force_login(chief_arbiter)
    document = staff.get(f"/api/events/{event.pk}/bracket/").json()
    assert document["started"] and len(document["matches"]) == 3
    other = make_event(format="rr", name="Vòng tròn")
    event_visibility_set(event=other, actor=organiser, public=True)
    assert Client().get(f"/api/events/{other.pk}/bracket/").status_code == 404
    assert Client().get(f"/events/{other.slug}/bracket/").status_code == 404


def test_api_starts_the_bracket_through_the_rounds_endpoint(make_event, organiser,
                                                            chief_arbiter):
    event = make_event(format="ko", name="API")
    for player in PlayerFactory.create_batch(8):
        entry_register(event=event, actor=organiser, player=player)
    client = Client()
    client.force_login(chief_arbiter)
    response = client.post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 201 and [r["number"] for r in response.json()] == [1]
    again = client.post(f"/api/events/{event.pk}/rounds/")
    assert again.status_code == 400


def test_appendix_2_statute_form_offers_the_chain_in_words(organiser):
    staff = english(Client())
    staff.force_login(organiser)
    page = staff.get("/manage/new/").content.decode()
    select = page[page.index('name="tiebreak_games"'):]
    select = select[:select.index("</select>")]
    # The law's options first, selected by default; a deciding game only as a choice.
    assert ('value="regular 2, rapid 2, blitz 2" selected>2 more games, then 2 rapid games, '
            'then 2 blitz games, then lots if still level') in select
    assert "one deciding game (armageddon: a draw counts for Black)" in select
    assert ">regular 2" not in select  # words, not codes
    response = staff.post("/manage/new/", statute_form_data(
        name="Cúp chọn ván quyết định", start_date="2026-12-01", format="ko",
        tiebreak_games="rapid 2, blitz 2, armageddon 1"))
    assert response.status_code == 302
    assert Event.objects.get(name="Cúp chọn ván quyết định").tiebreak_games == [
        ["rapid", 2], ["blitz", 2], ["armageddon", 1]]


def test_appendix_2_round_page_records_the_deciding_games_colours(make_event, organiser,
                                                                   chief_arbiter, arbiter):
    from tournaments.models import Board
    from tournaments.services.results import game_result_record
    from tournaments.services.rounds import round_publish

    event = make_event(format="ko", games_per_match=1, tiebreak_games=[["armageddon", 1]])
    for player in PlayerFactory.create_batch(2):
        entry_register(event=event, actor=organiser, player=player)
    (round_1,) = bracket_start(event=event, actor=chief_arbiter, seed=4)
    round_publish(round_=round_1, actor=chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    game_result_record(game=board.games.get(number=1), result="1/2-1/2", actor=arbiter,
                       expected_version=0)
    deciding = board.games.get(kind="armageddon")
    referee = english(Client())
    referee.force_login(arbiter)
    page = referee.get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert f'data-testid="armageddon-colour-{deciding.pk}"' in page
    assert "the higher-placed player chooses the colours" in page
    response = referee.post(f"/manage/{event.slug}/games/{deciding.pk}/colour/",
                            {"white": board.white_id, "version": deciding.version})
    assert response.status_code == 302 and response.url == f"/manage/{event.slug}/rounds/1/"
    deciding.refresh_from_db()
    assert deciding.white_first is True
    stale = referee.post(f"/manage/{event.slug}/games/{deciding.pk}/colour/",
                         {"white": board.black_id, "version": 0}, follow=True)
    assert "Someone else changed this board" in stale.content.decode()
    deciding.refresh_from_db()
    assert deciding.white_first is True
