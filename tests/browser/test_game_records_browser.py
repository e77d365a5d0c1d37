"""Game records on a phone (390×844) in Chromium (Art. 11): the public game page
stepped through with the buttons, the arrow keys and by tapping a move; the arbiter's score
sheet checked while typing, the illegal move named before anything is saved."""

import pytest
from playwright.sync_api import expect

import xiangqi
from tests.tournaments.builders import PHONE, rr_scenario
from tests.tournaments.pgn_files import ICCS, big5_round_file
from tournaments.models import GameMoves
from tournaments.services.game_records import game_moves_record

pytestmark = pytest.mark.django_db(transaction=True)
# Red mates on its 11th move (Art. 7.1a); Red's cannon takes a pawn on ply 17 (P8.5).
MATE = ("P2-5 M8.7 M2.3 X9-8 X1-2 M2.3 B3.1 B7.1 M8.7 B3.1 X2.7 B5.1 X2.2 M7.8 X2/4 M3.2 "
        "P8.5 T7.9 P5.3 B3.1 P8-5")
FITS = """() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"""


def _pieces(page):
    return page.locator("#game-board svg g.piece")


def _open_game(page):
    """From the round page to the game by its link; the viewer steps once game.js listens
    (a deferred script: before it ran, the buttons are plain links that reload the page)."""
    page.click("[data-testid=game-link]")
    page.wait_for_selector("#game-viewer[data-ready]")


def test_stepping_through_a_game_on_a_phone(live_server, browser, shot, make_event, organiser,
                                           chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")
    board = ctx["board"]
    game_moves_record(event=ctx["event"], board=board, text=MATE, actor=arbiter)
    played = xiangqi.replay(MATE.split(), notation="vi")
    captures = [sum(1 for p in pos.board if p) for pos in played.positions]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server.url}/events/{ctx['event'].slug}/rounds/1/")
    _open_game(page)
    ply = page.locator("#game-ply")
    expect(ply).to_have_text("21 / 21")
    expect(_pieces(page)).to_have_count(captures[21])
    assert page.evaluate(FITS)
    shot(page, "game-last")
    page.click("[data-step=first]")
    expect(ply).to_have_text("0 / 21")
    expect(_pieces(page)).to_have_count(32)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(ply).to_have_text("2 / 21")
    expect(page.locator("#game-moves a[aria-current=step]")).to_have_text("M8.7")
    expect(page.locator("#game-board rect.last")).to_have_count(2)
    page.locator("#game-moves a[data-ply='17']").tap()
    expect(ply).to_have_text("17 / 21")
    assert captures[17] == captures[16] - 1
    expect(_pieces(page)).to_have_count(captures[17])
    assert "ply=17" in page.url  # the address follows, so a shared link opens here
    page.click("[data-step=prev]")
    expect(ply).to_have_text("16 / 21")
    expect(_pieces(page)).to_have_count(captures[16])
    page.keyboard.press("End")
    expect(ply).to_have_text("21 / 21")
    shot(page, "game-stepped")
    assert not errors, errors  # no script refused by the Content-Security-Policy
    context.close()


def test_the_score_sheet_is_checked_while_typing(live_server, browser, shot, login, make_event,
                                                organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    login(page, "arbiter")
    page.goto(f"{live_server.url}/manage/{ctx['event'].slug}/rounds/1/")
    page.locator("[data-testid=moves-link]").first.click()
    page.wait_for_selector("#sheet-form[data-ready]")  # the check listens (sheet.js has run)
    page.fill("#id_text", "1) P2-5 M8.7 2) M8.6")
    error = page.locator("#sheet-status [data-testid=sheet-error]")
    expect(error).to_contain_text("Nước 3")
    expect(error).to_contain_text("M8.6")
    expect(page.locator("#sheet-moves li")).to_have_count(3)  # two read, the third marked
    assert page.evaluate(FITS)
    shot(page, "sheet-error")
    page.fill("#id_text", "1) P2-5 M8.7 2) M2.3 X9-8")
    page.locator("#sheet-status .msg.ok").wait_for()
    page.click("[data-testid=save-moves]")
    page.wait_for_selector("[data-testid=entered]")
    assert GameMoves.objects.get().moves == "h2e2 h9g7 h0g2 i9h9"
    shot(page, "sheet-saved")
    context.close()


def test_a_big5_round_file_uploaded_through_the_page(live_server, browser, shot, login,
                                                     make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    boards = [b.number for b in ctx["round1"].boards.filter(black__isnull=False)
              .order_by("number")[:2]]
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    login(page, "arbiter")
    page.goto(f"{live_server.url}/manage/{ctx['event'].slug}/rounds/1/pgn/")
    page.set_input_files("#id_file", files=[{"name": "round1.pgn", "mimeType":
                                             "application/x-chess-pgn",
                                             "buffer": big5_round_file(boards, broken=True)}])
    page.check("#id_partial")
    page.click("[data-testid=pgn-upload]")
    page.wait_for_selector("[data-testid=pgn-report]")
    assert "Big5" in page.locator("[data-testid=pgn-encoding]").inner_text()
    rows = page.locator("[data-testid=pgn-report] tbody tr")
    assert rows.count() == 3
    assert "13" in rows.nth(2).inner_text()  # the broken game: its line, nothing stored
    assert page.evaluate(FITS)
    shot(page, "pgn-big5")
    stored = {m.board.number: m.moves for m in GameMoves.objects.select_related("board")}
    assert stored == dict(zip(boards, ICCS, strict=True))
    context.close()


def test_the_pieces_are_drawn_without_fonts_and_as_the_laws_letters(
        live_server, browser, shot, make_event, organiser, chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")
    game_moves_record(event=ctx["event"], board=ctx["board"], text=MATE, actor=arbiter)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{live_server.url}/events/{ctx['event'].slug}/rounds/1/")
    _open_game(page)
    board = page.locator("#game-board svg")
    last = xiangqi.replay(MATE.split(), notation="vi").positions[-1]
    at_the_end = sum(1 for p in last.board if p)
    expect(_pieces(page)).to_have_count(at_the_end)
    expect(board.locator("g.piece path")).to_have_count(at_the_end)  # outlines, no glyph text
    expect(board.locator("g.piece text")).to_have_count(0)
    page.click("[data-step=first]")
    expect(board.locator("g.piece path")).to_have_count(32)
    # The other set of pieces is another page (a link), opened at the same move.
    page.click("[data-testid=pieces-letters]")
    page.wait_for_selector("#game-viewer[data-pieces=letters][data-ready]")
    expect(board.locator("g.piece text")).to_have_count(32)
    texts = board.locator("g.piece text").all_text_contents()
    assert sorted(set(texts)) == ["B", "M", "P", "S", "T", "Tg", "X"] and len(texts) == 32
    page.keyboard.press("End")
    expect(board.locator("g.piece text")).to_have_count(at_the_end)
    assert at_the_end < 32
    assert page.evaluate(FITS)
    shot(page, "letters")
    assert not errors, errors
    context.close()
