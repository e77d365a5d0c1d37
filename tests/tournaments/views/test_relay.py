"""The live relay's pages (views/relay.py; docs/live.md "Relay"): the public's live JSON and PGN
(the statute's delay applied, never cached), the game page and the PGN downloads of a relayed
game in play answered fresh after every move, the recorder's page and its endpoint (refusals in
JSON), the chief arbiter's choice on the round's page, the statute's fields."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

import xiangqi
from tests.tournaments.builders import client_for, rr_scenario
from tournaments.models import Event, EventRole, GameMoves, RelayedBoard, Role
from tournaments.services.relay import relay_board_set, relay_move

pytestmark = pytest.mark.django_db
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9"]  # P2-5 M8.7 M2.3 X9-8


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    ctx["recorder"] = get_user_model().objects.create_user("ghi", password="x")
    EventRole.objects.create(event=ctx["event"], user=ctx["recorder"], role=Role.RECORDER)
    relay_board_set(round_=ctx["round1"], actor=chief_arbiter, number=ctx["board"].number,
                    recorder=ctx["recorder"])
    Event.objects.filter(pk=ctx["event"].pk).update(relay_delay_plies=2)
    return ctx


def _moves(ctx, moves, start=1):
    for i, move in enumerate(moves):
        relay_move(event=ctx["event"], board=ctx["board"], ply=start + i, move=move,
                   actor=ctx["recorder"])


def _url(ctx, tail):
    return f"/events/{ctx['event'].slug}/games/{ctx['board'].pk}/{tail}"


def test_live_json_holds_back_the_last_plies_from_the_public_only(ctx, chief_arbiter):
    _moves(ctx, OPENING)
    public = Client().get(_url(ctx, "live.json"))
    assert public["Cache-Control"] == "no-cache"
    body = public.json()
    assert (body["board"], body["ply"], body["moves"]) == (ctx["board"].pk, 2, OPENING[:2])
    assert body["written"] == ["P2-5", "M8.7"] and len(body["fens"]) == 2
    assert (body["next_at"], body["result"]) == (None, None) and "legal" not in body
    staff = client_for(chief_arbiter).get(_url(ctx, "live.json")).json()
    assert (staff["ply"], staff["moves"], staff["total"]) == (4, OPENING, 4)
    assert "h2" not in staff["legal"] and "e2" in staff["legal"]  # Red's cannon left h2


def test_the_game_page_and_pgn_show_each_new_move_at_once(ctx, settings):
    settings.PUBLIC_CACHE_SECONDS = 600
    visitor = Client()
    # relayed before its first move: the round's page links to it, the start position shown
    assert _url(ctx, "") in visitor.get(
        f"/events/{ctx['event'].slug}/rounds/1/").content.decode()
    assert visitor.get(_url(ctx, "")).status_code == 200
    _moves(ctx, OPENING[:3])
    first = visitor.get(_url(ctx, "")).content.decode()
    assert 'data-ply="1"' in first and 'data-ply="2"' not in first  # 3 moves, 2 held back
    assert visitor.get(_url(ctx, "pgn/"))["Cache-Control"] == "no-cache"
    _moves(ctx, OPENING[3:], start=4)  # the event's version stays: the page must not
    second = visitor.get(_url(ctx, "")).content.decode()
    assert 'data-ply="2"' in second and 'data-ply="3"' not in second
    games = xiangqi.read_pgn(visitor.get(_url(ctx, "pgn/")).content.decode())
    assert list(games[0].moves) == ["P2-5", "M8.7"]
    rounds = xiangqi.read_pgn(visitor.get(
        f"/events/{ctx['event'].slug}/rounds/1/pgn/").content.decode())
    assert [list(g.moves) for g in rounds] == [["P2-5", "M8.7"]]


def test_live_pgn_per_game_and_per_round_reads_back(ctx, chief_arbiter):
    _moves(ctx, OPENING)
    other = ctx["round1"].boards.exclude(pk=ctx["board"].pk).filter(black__isnull=False)[0]
    relay_board_set(round_=ctx["round1"], actor=chief_arbiter, number=other.number)
    response = Client().get(_url(ctx, "live.pgn"))
    assert response["Cache-Control"] == "no-cache"
    assert response["Content-Type"].startswith("application/x-chess-pgn")
    game = xiangqi.read_pgn(response.content.decode())[0]
    board = ctx["board"]
    assert (game.tag("Round"), game.tag("Board"), game.tag("Result")) == (
        "1", str(board.number), "*")
    assert (game.tag("Red"), game.tag("Black")) == (board.white.name, board.black.name)
    assert list(game.moves) == ["P2-5", "M8.7"] and game.result == "*"
    everything = xiangqi.read_pgn(client_for(chief_arbiter).get(
        f"/events/{ctx['event'].slug}/rounds/1/live.pgn").content.decode())
    assert [(g.tag("Board"), len(g.moves)) for g in everything] == [
        (str(board.number), 4), (str(other.number), 0)]
    assert xiangqi.replay(everything[0].moves).error is None


def test_the_recorder_page_and_its_endpoint(ctx):
    client = client_for(ctx["recorder"])
    page = client.get(f"/manage/{ctx['event'].slug}/relay/{ctx['board'].pk}/")
    assert page.status_code == 200 and 'id="relay"' in page.content.decode()
    post = f"/manage/{ctx['event'].slug}/relay/{ctx['board'].pk}/move/"
    answer = client.post(post, {"ply": 1, "move": "h2e2"}).json()
    assert (answer["ok"], answer["changed"], answer["ply"]) == (True, True, 1)
    assert "h9" in answer["legal"]  # Black's chariot may move now
    assert client.post(post, {"ply": 1, "move": "h2e2"}).json()["changed"] is False
    illegal = client.post(post, {"ply": 2, "move": "h9h5"})
    assert illegal.status_code == 400 and illegal.json()["reason"] == "illegal"
    conflict = client.post(post, {"ply": 1, "move": "b2e2"})
    assert conflict.status_code == 409 and conflict.json()["stored"] == 1
    undo = client.post(post, {"action": "undo", "ply": 1, "move": "h2e2"}).json()
    assert (undo["ok"], undo["ply"]) == (True, 0)
    assert not GameMoves.objects.exists()
    listing = client.get(f"/manage/{ctx['event'].slug}/relay/").content.decode()
    assert f"/relay/{ctx['board'].pk}/" in listing
    # the event's dashboard, from the recorder's list of events, leads to their boards
    dashboard = client.get(f"/manage/{ctx['event'].slug}/")
    assert dashboard.status_code == 302 and dashboard.url.endswith("/relay/")


def test_a_recorder_cannot_open_another_board(ctx, chief_arbiter, stranger):
    other = ctx["round1"].boards.exclude(pk=ctx["board"].pk).filter(black__isnull=False)[0]
    relay_board_set(round_=ctx["round1"], actor=chief_arbiter, number=other.number,
                    recorder=chief_arbiter)
    client = client_for(ctx["recorder"])
    assert client.get(f"/manage/{ctx['event'].slug}/relay/{other.pk}/").status_code == 403
    refused = client.post(f"/manage/{ctx['event'].slug}/relay/{other.pk}/move/",
                          {"ply": 1, "move": "h2e2"})
    assert refused.status_code == 403 and not GameMoves.objects.exists()
    assert client_for(stranger).get(
        f"/manage/{ctx['event'].slug}/relay/{ctx['board'].pk}/").status_code == 403


def test_the_chief_arbiter_chooses_relayed_boards_on_the_rounds_page(ctx, chief_arbiter):
    client = client_for(chief_arbiter)
    page = client.get(f"/manage/{ctx['event'].slug}/rounds/1/").content.decode()
    assert 'data-testid="relay-form"' in page and 'data-testid="relay-link"' in page
    other = ctx["round1"].boards.exclude(pk=ctx["board"].pk).filter(black__isnull=False)[0]
    response = client.post(f"/manage/{ctx['event'].slug}/rounds/1/relays/",
                           {"board": other.number, "recorder": ctx["recorder"].pk})
    assert response.status_code == 302
    assert RelayedBoard.objects.get(board=other).recorder == ctx["recorder"]
    client.post(f"/manage/{ctx['event'].slug}/rounds/1/relays/",
                {"board": other.number, "remove": "1"})
    assert not RelayedBoard.objects.filter(board=other).exists()
    refused = client_for(ctx["recorder"]).post(
        f"/manage/{ctx['event'].slug}/rounds/1/relays/", {"board": other.number})
    assert refused.status_code == 403 and not RelayedBoard.objects.filter(board=other).exists()


def test_the_statute_form_has_the_relay_delay(ctx, organiser):
    page = client_for(organiser).get(f"/manage/{ctx['event'].slug}/statute/").content.decode()
    assert 'name="relay_delay_plies"' in page and 'name="relay_delay_minutes"' in page


def test_an_organiser_appoints_a_recorder_on_the_roles_page(ctx, organiser):
    volunteer = get_user_model().objects.create_user("tinh-nguyen", password="x")
    response = client_for(organiser).post(f"/manage/{ctx['event'].slug}/roles/",
                                          {"username": "tinh-nguyen", "role": "recorder"})
    assert response.status_code == 302
    assert EventRole.objects.filter(event=ctx["event"], user=volunteer,
                                    role=Role.RECORDER).exists()
