"""The live pages in Chromium (docs/live.md, "The pages and the hall screen"), on a phone
(390×844) and a hall's screen (1920×1080): the event's live feed (Server-Sent Events, the live
server's WSGI path, the process's own feed) updates an open page without reloading it. Each
test marks the page (``window.marker``) and finds the mark at the end: no navigation happened.

- a spectator's game page shows every relayed move, in order, as it is entered;
- the statute's delay hides the last moves from the public, not from the staff;
- the hall screen cycles its views and shows a result the moment it is entered;
- the public round page shows a result entered by the arbiter within seconds.
"""

import datetime
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, rr_scenario, swiss_event
from tests.tournaments.relay_games import relay_game
from tournaments.models import Board
from tournaments.selectors.relay import relay_state
from tournaments.services.events import event_update, event_visibility_set
from tournaments.services.relay import relay_board_set, relay_move, relay_undo
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish
from tournaments.services.schedule import round_schedule_set
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db(transaction=True)

SCREENS = {"phone": PHONE, "screen": {"width": 1920, "height": 1080}}
# A few seconds: the feed brings a change at once; the version check it replaces took 30 s.
SOON = 10_000


@pytest.fixture
def relayed(make_event, organiser, chief_arbiter):
    """A public round robin of 4, round 1 in play, its first board relayed (any arbiter
    enters its moves)."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    relay_board_set(round_=ctx["round1"], actor=chief_arbiter, number=ctx["board"].number)
    return ctx


def _open(browser, size, url, login=None, username=None):
    screen = SCREENS[size]
    context = browser.new_context(viewport=screen, is_mobile=size == "phone",
                                  has_touch=size == "phone", locale="vi-VN")
    page = context.new_page()
    if login:
        login(page, username)
    page.goto(url)
    # The feed is open (the page caught up with what it missed while it loaded).
    expect(page.locator("html")).to_have_attribute("data-live-state", "open", timeout=SOON)
    page.evaluate("window.marker = 'the same page'")
    return page


def _same_page(page) -> bool:
    return page.evaluate("window.marker") == "the same page"


def _enter(ctx, actor, moves, first=1):
    for ply, move in enumerate(moves, start=first):
        relay_move(event=ctx["event"], board=ctx["board"], ply=ply, move=move, actor=actor)


def _written(board) -> list[str]:
    fresh = Board.objects.select_related("round__event").prefetch_related(
        "move_records").get(pk=board.pk)
    return relay_state(fresh, staff=True).written


@pytest.mark.parametrize("size", ["phone", "screen"])
def test_a_spectators_game_page_shows_every_move_in_order_without_reloading(
        live_server, browser, shot, relayed, chief_arbiter, size):
    moves = relay_game(16)
    _enter(relayed, chief_arbiter, moves[:2])  # before the page opens
    page = _open(browser, size,
                 f"{live_server.url}/events/{relayed['event'].slug}/games/{relayed['board'].pk}/")
    counter = page.locator("#game-ply")
    expect(counter).to_have_text("2 / 2")
    expect(page.locator("[data-testid=live-badge]")).to_be_visible()
    for ply in range(3, len(moves) + 1):
        _enter(relayed, chief_arbiter, [moves[ply - 1]], first=ply)
        expect(counter).to_have_text(f"{ply} / {ply}", timeout=SOON)  # it follows the last
    expect(page.locator("#game-moves a")).to_have_text(_written(relayed["board"]))
    shot(page, "relayed-game")
    # A reader stepping back stays where they are; the counter still grows (and shrinks on
    # the recorder's undo).
    page.locator("#game-moves a[data-ply='5']").click()
    expect(counter).to_have_text("5 / 16")
    relay_undo(event=relayed["event"], board=relayed["board"], ply=16, actor=chief_arbiter)
    expect(counter).to_have_text("5 / 15", timeout=SOON)
    _enter(relayed, chief_arbiter, [moves[15]], first=16)
    expect(counter).to_have_text("5 / 16", timeout=SOON)
    assert _same_page(page)


def test_the_delay_hides_the_last_moves_from_the_public_not_from_the_staff(
        live_server, browser, login, relayed, organiser, chief_arbiter):
    event = event_update(event=relayed["event"], actor=organiser, relay_delay_plies=3)
    moves = relay_game(10)
    url = f"{live_server.url}/events/{event.slug}/games/{relayed['board'].pk}/"
    public = _open(browser, "phone", url)
    staff = _open(browser, "screen", url, login, "chief")
    for ply in range(1, len(moves) + 1):
        _enter(relayed, chief_arbiter, [moves[ply - 1]], first=ply)
        expect(staff.locator("#game-ply")).to_have_text(f"{ply} / {ply}", timeout=SOON)
        shown = max(0, ply - 3)
        expect(public.locator("#game-ply")).to_have_text(f"{shown} / {shown}", timeout=SOON)
    written = _written(relayed["board"])
    expect(public.locator("#game-moves a")).to_have_text(written[:7])
    expect(staff.locator("#game-moves a")).to_have_text(written)
    # The result entered: the whole game is public.
    board = Board.objects.get(pk=relayed["board"].pk)
    result_record(board=board, result="1-0", actor=chief_arbiter, expected_version=board.version)
    expect(public.locator("#game-ply")).to_have_text("10 / 10", timeout=SOON)
    expect(public.locator("[data-testid=live-badge]")).to_be_hidden()
    assert _same_page(public) and _same_page(staff)


def test_the_hall_screen_cycles_its_views_and_shows_a_result_without_reloading(
        live_server, browser, shot, relayed, organiser, chief_arbiter):
    event = relayed["event"]
    # The round started an hour and five minutes ago: its clock says so, and runs.
    round_schedule_set(round_=relayed["round1"], actor=organiser,
                       starts_at=timezone.now() - datetime.timedelta(hours=1, minutes=5))
    screen = _open(browser, "screen", f"{live_server.url}/events/{event.slug}/screen/?every=2")
    # The views in turn, as they come on screen (noted by the page itself, so none is missed
    # on a busy machine).
    screen.evaluate("""() => { window.trail = [document.documentElement.dataset.screenView];
      new MutationObserver(() => window.trail.push(document.documentElement.dataset.screenView))
        .observe(document.documentElement, {attributeFilter: ['data-screen-shown']}); }""")
    screen.wait_for_function("() => window.trail.length >= 5")
    trail = screen.evaluate("window.trail")
    cycle = ["pairings", "standings", "boards"]
    start = cycle.index(trail[0])
    assert trail[:5] == [cycle[(start + k) % 3] for k in range(5)], trail
    # The relayed board follows its game.
    moves = relay_game(3)
    _enter(relayed, chief_arbiter, moves)
    expect(screen.locator("[data-testid=screen-board-ply]")).to_have_text("3", timeout=SOON)
    expect(screen.locator("html")).to_have_attribute("data-screen-view", "boards", timeout=SOON)
    shot(screen, "hall-screen-boards")
    # A result on the other board of the round: on the screen at once.
    other = Board.objects.filter(round=relayed["round1"], black__isnull=False).exclude(
        pk=relayed["board"].pk).get()
    row = screen.locator(f"[data-testid=screen-pairings-table] tr[data-board='{other.number}'] "
                         "[data-testid=screen-result]")
    expect(row).to_have_text("–")
    result_record(board=other, result="0-1", actor=chief_arbiter, expected_version=other.version)
    expect(row).to_have_text("0-1", timeout=SOON)
    expect(screen.locator("[data-testid=screen-clock]")).to_have_text(
        re.compile(r"^Đã thi đấu 1:0[5-9]:\d\d$"))
    shot(screen, "hall-screen")
    assert _same_page(screen)


@pytest.mark.parametrize("size", ["phone", "screen"])
def test_the_round_page_shows_the_results_entered_by_the_arbiter_within_seconds(
        live_server, browser, make_event, organiser, chief_arbiter, arbiter, size):
    """One result, then the nine others in a burst (as an arbiter types them from the
    keyboard): each version message asks for the page's part, one reload at a time, until
    the page shows the last version."""
    event = swiss_event(make_event, organiser, 20, rounds=5)
    round_publish(round_=swiss_round_pair(event=event, actor=chief_arbiter), actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    page = _open(browser, size, f"{live_server.url}/events/{event.slug}/rounds/1/")
    boards = list(Board.objects.filter(round__event=event).order_by("number"))
    pending = page.locator("table.pairings tbody tr.pending")
    expect(pending).to_have_count(10)
    result_record(board=boards[0], result="1-0", actor=arbiter, expected_version=0)
    expect(page.locator("#board-1 td.center strong")).to_have_text("1-0", timeout=SOON)
    for board, result in zip(boards[1:], ["0-1", "1/2-1/2"] * 5, strict=False):
        result_record(board=board, result=result, actor=arbiter, expected_version=0)
    expect(pending).to_have_count(0, timeout=SOON)
    expect(page.locator("#board-2 td.center strong")).to_have_text("0-1")
    event.refresh_from_db()
    expect(page.locator("#live")).to_have_attribute("data-version", str(event.version))
    assert _same_page(page)
