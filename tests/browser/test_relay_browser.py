"""The live relay on a phone (390×844) in Chromium (docs/live.md, "Relay"): a recorder plays
a 40-move game by tapping each piece and its target, with the connection dropped twice for
several moves; the board shows every move at once, the outbox sends them in order when the
connection returns, and the score sheet (Art. 11) holds exactly the 40 moves, none twice. An
illegal tap is refused on the board; an undo takes the last move back."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, rr_scenario
from tests.tournaments.relay_games import relay_game
from tournaments.models import EventRole, GameMoves, Role
from tournaments.services.relay import relay_board_set

pytestmark = pytest.mark.django_db(transaction=True)
SENT = 30_000  # ms: the outbox's retry comes every 2 s once the connection is back


def _tap(page, move: str) -> None:
    page.locator(f"#relay-board [data-sq='{move[:2]}']").tap()
    page.locator(f"#relay-board [data-sq='{move[2:]}']").tap()


def test_a_recorder_plays_40_moves_through_two_dropped_connections(
        live_server, browser, login, shot, make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    recorder = get_user_model().objects.create_user("ghi", password="pw-for-tests-1")
    EventRole.objects.create(event=ctx["event"], user=recorder, role=Role.RECORDER)
    relay_board_set(round_=ctx["round1"], actor=chief_arbiter, number=ctx["board"].number,
                    recorder=recorder)
    game = relay_game(40)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    login(page, "ghi")
    page.goto(f"{live_server.url}/manage/{ctx['event'].slug}/relay/")
    page.click("[data-testid=relay-link]")
    page.wait_for_url(f"**/relay/{ctx['board'].pk}/")
    root = page.locator("#relay[data-ready]")
    expect(root).to_have_count(1)
    ply = page.locator("[data-testid=relay-ply]")

    _tap(page, "h2h8")  # a cannon moves to an empty point only along an open line (4.3d)
    expect(page.locator("[data-testid=relay-status]")).to_contain_text("không hợp lệ")
    expect(ply).to_have_text("0")
    page.locator("#relay-board [data-sq='h2']").tap()  # unselect
    for n, move in enumerate(game[:10], 1):
        _tap(page, move)
        expect(ply).to_have_text(str(n))
    expect(root).to_have_attribute("data-pending", "0", timeout=SENT)

    context.set_offline(True)
    for n, move in enumerate(game[10:18], 11):
        _tap(page, move)
        expect(ply).to_have_text(str(n))  # shown at once, waiting on the phone
    page.locator("[data-testid=relay-undo]").tap()  # the last one, never sent: dropped here
    expect(ply).to_have_text("17")
    _tap(page, game[17])
    expect(root).to_have_attribute("data-pending", "8")
    shot(page, "relay-offline")
    context.set_offline(False)
    expect(root).to_have_attribute("data-pending", "0", timeout=SENT)

    for n, move in enumerate(game[18:28], 19):
        _tap(page, move)
        expect(ply).to_have_text(str(n))
    context.set_offline(True)
    for n, move in enumerate(game[28:36], 29):
        _tap(page, move)
        expect(ply).to_have_text(str(n))
    context.set_offline(False)
    for n, move in enumerate(game[36:], 37):
        _tap(page, move)
        expect(ply).to_have_text(str(n))
    expect(root).to_have_attribute("data-pending", "0", timeout=SENT)
    expect(page.locator("#relay-moves li")).to_have_count(40)
    expect(page.locator("#relay-moves li.pending")).to_have_count(0)
    shot(page, "relay-40")
    assert GameMoves.objects.get(board=ctx["board"]).iccs == game
    assert GameMoves.objects.get(board=ctx["board"]).source == "relay"
    # the only errors: the requests refused while offline (no script refused by the CSP)
    assert all("ERR_INTERNET_DISCONNECTED" in e for e in errors), errors
    context.close()
