"""The arbiter's round page on a phone and without a connection, in Chromium at 390×844.

- 30 results entered in at most 31 taps, each board saying it is saved, the status in view.
- Offline: 10 results typed with the connection down wait on the device, survive closing the
  tab, and are stored in the order typed when the connection returns; a board a second arbiter
  changed meanwhile comes back as a conflict that keeps the second arbiter's value until the
  first arbiter decides.
- A public page stays readable offline, saying the time of the version shown.
"""

import random
import re

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, swiss_event
from tournaments.models import Board
from tournaments.services.events import event_visibility_set
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

LAPTOP = {"width": 1366, "height": 768}
TAP_LABELS = {"1-0": "1-0", "1/2-1/2": "½", "0-1": "0-1", "+/-": "+/−", "-/+": "−/+"}


def _round(make_event, organiser, chief_arbiter, players):
    event = swiss_event(make_event, organiser, players, rounds=5, name="Giải điện thoại")
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=3)
    round_publish(round_=round_, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    return round_


def _phone(browser, login, username):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    login(page, username)
    return context, page


def test_thirty_results_on_a_phone_in_at_most_31_taps(live_server, browser, login, shot,
                                                      make_event, organiser, chief_arbiter):
    round_ = _round(make_event, organiser, chief_arbiter, 60)
    context, page = _phone(browser, login, "arbiter")
    page.goto(f"{live_server.url}/manage/{round_.event.slug}/rounds/1/")
    rows = page.locator("#results tr[data-board]")
    expect(rows).to_have_count(30)
    expect(page.locator("#open-count")).to_have_attribute("data-open", "30")

    taps = 0
    rng = random.Random(19)
    typed = {}
    for k in range(30):
        row = rows.nth(k)
        code = rng.choice(list(TAP_LABELS))
        row.locator(f"button.rb[data-result='{code}']").tap()
        taps += 1
        typed[k + 1] = code
        expect(row.locator(".row-status")).to_have_text("đã lưu")
        expect(row.locator(f"button.rb[data-result='{code}']")).to_have_attribute(
            "aria-pressed", "true")
    expect(page.locator("#open-count")).to_have_attribute("data-open", "0")
    assert taps <= 31
    stored = dict(Board.objects.filter(round=round_).values_list("number", "result"))
    assert stored == typed

    # A board corrected twice in a row before the first save is back: the second is sent over
    # the version the first got, so the arbiter never conflicts with themself.
    board = Board.objects.get(round=round_, number=1)
    for code in ("1/2-1/2", "0-1" if typed[1] != "0-1" else "1-0"):
        rows.first.locator(f"button.rb[data-result='{code}']").tap()
    expect(page.locator("#outbox-status")).to_be_hidden()  # both sent
    expect(rows.first.locator(".row-status")).to_have_text("đã lưu")
    expect(rows.first).not_to_have_attribute("data-state", "conflict")
    board.refresh_from_db()
    assert (board.result, board.version) == (code, 3)
    # Every part of a board is on the screen: its status too, nothing scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    status = rows.nth(29).locator(".row-status").bounding_box()
    assert status["x"] >= 0 and status["x"] + status["width"] <= PHONE["width"]
    for button in rows.first.locator("button.rb").all():  # large enough for a thumb
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    shot(page, "thirty-results")
    context.close()

    # On a laptop the same page is a table: keyboard box, buttons and status on one line.
    laptop = browser.new_context(viewport=LAPTOP)
    page = laptop.new_page()
    login(page, "chief")
    page.goto(f"{live_server.url}/manage/{round_.event.slug}/rounds/1/")
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    first = page.locator("#results tr[data-board]").first
    boxes = [first.locator(sel).bounding_box()
             for sel in ("input.result-input", "button.rb >> nth=0", ".row-status")]
    middles = [b["y"] + b["height"] / 2 for b in boxes]
    assert max(middles) - min(middles) < 20  # one line
    shot(page, "laptop")
    laptop.close()


def _kept_offline(page):
    """Wait until the service worker controls the page and holds a copy of it. Polled with
    page.evaluate, which awaits promises and is not subject to the page's CSP (wait_for_function
    would evaluate a string the CSP forbids)."""
    kept = ("navigator.serviceWorker.controller ? caches.open('cotuong-pages-v1')"
            ".then(c => c.match(location.href)).then(r => !!r) : false")
    for _ in range(300):  # 30 s: the worker installs, activates, then fetches the page again
        if page.evaluate(kept):
            return
        page.wait_for_timeout(100)
    pytest.fail("The service worker kept no copy of the page.")


def test_offline_results_wait_on_the_device_and_a_conflict_is_decided(
        live_server, browser, login, shot, make_event, organiser, chief_arbiter):
    round_ = _round(make_event, organiser, chief_arbiter, 24)
    url = f"{live_server.url}/manage/{round_.event.slug}/rounds/1/"
    context, page = _phone(browser, login, "arbiter")
    page.goto(url)
    _kept_offline(page)

    context.set_offline(True)
    order = [5, 1, 9, 3, 12, 2, 7, 11, 4, 8]  # the order the arbiter types them in
    typed = {n: ("1-0", "0-1", "1/2-1/2")[k % 3] for k, n in enumerate(order)}
    for n in order:
        row = page.locator("#results tr[data-board]").nth(n - 1)
        row.locator(f"button.rb[data-result='{typed[n]}']").tap()
        expect(row.locator(".row-status")).to_have_text("đang chờ gửi (mất kết nối)")
    expect(page.locator("#outbox-status")).to_have_attribute("data-waiting", "10")
    # Board 1 retyped before it left: its waiting result is replaced in its place.
    first_row = page.locator("#results tr[data-board]").first
    first_row.locator("button.rb[data-result='-/+']").tap()
    typed[1] = "-/+"
    expect(page.locator("#outbox-status")).to_have_attribute("data-waiting", "10")
    assert not Board.objects.filter(round=round_).exclude(result="").exists()

    # Meanwhile a second arbiter, online, enters board 3 differently.
    board3 = Board.objects.get(round=round_, number=3)
    result_record(board=board3, result="0-1", actor=chief_arbiter, expected_version=0)

    # The tab is closed and opened again, still offline: the page comes from the device, the
    # typed results are still there, waiting.
    page.close()
    page = context.new_page()
    page.goto(url)
    expect(page.locator("[data-testid=offline-banner]")).to_be_visible()
    for n in order:
        row = page.locator("#results tr[data-board]").nth(n - 1)
        expect(row.locator(".row-status")).to_have_text("đang chờ gửi (mất kết nối)")
        expect(row.locator(f"button.rb[data-result='{typed[n]}']")).to_have_attribute(
            "aria-pressed", "true")
    shot(page, "offline-waiting")

    # The connection returns: sent in order; board 3 is a conflict keeping the colleague's value.
    context.set_offline(False)
    expect(page.locator("#outbox-status")).to_be_hidden()
    rows = page.locator("#results tr[data-board]")
    for n in order:
        if n != 3:
            expect(rows.nth(n - 1).locator(".row-status")).to_have_text("đã lưu")
    conflict = rows.nth(2)
    expect(conflict).to_have_attribute("data-state", "conflict")
    expect(conflict.locator(".row-status")).to_contain_text("chief")
    expect(conflict.locator("button.rb[data-result='0-1']")).to_have_attribute(
        "aria-pressed", "true")  # the stored value, not the one typed
    expect(conflict.locator(".row-conflict")).to_contain_text(f"Bạn đã nhập: {typed[3]}")
    shot(page, "conflict")
    stored = {b.number: b for b in Board.objects.filter(round=round_)}
    assert stored[3].result == "0-1" and stored[3].version == 1
    assert stored[1].version == 1  # one change: the retyped result only
    for n in order:
        if n != 3:
            assert stored[n].result == typed[n]
    # In the order typed: each board's entry is later than the one typed before it.
    entered = {n: stored[n].history.first().history_date for n in order if n != 3}
    sent = [n for n in order if n != 3]
    assert sorted(sent, key=entered.get) == sent

    # Nothing is decided for the first arbiter, even after reopening the page online.
    page.reload()
    conflict = page.locator("#results tr[data-board]").nth(2)
    expect(conflict).to_have_attribute("data-state", "conflict")
    stored[3].refresh_from_db()
    assert stored[3].result == "0-1"
    # The first arbiter sends theirs, over the version they now saw.
    conflict.locator("button[data-decide=mine]").tap()
    expect(conflict.locator(".row-status")).to_have_text("đã lưu")
    stored[3].refresh_from_db()
    assert (stored[3].result, stored[3].version) == (typed[3], 2)
    context.close()


def test_a_public_page_stays_readable_offline_with_its_time(live_server, browser, shot,
                                                            make_event, organiser,
                                                            chief_arbiter):
    round_ = _round(make_event, organiser, chief_arbiter, 8)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    url = f"{live_server.url}/events/{round_.event.slug}/rounds/1/"
    page.goto(url)
    _kept_offline(page)
    names = page.locator("main").inner_text()
    expect(page.locator("[data-testid=offline-banner]")).to_be_hidden()
    context.set_offline(True)
    banner = page.locator("[data-testid=offline-banner]")
    expect(banner).to_be_visible()  # the open page says since when it is not refreshed
    context.set_offline(False)
    expect(banner).to_be_hidden()
    context.set_offline(True)
    page.reload()
    expect(banner).to_be_visible()
    expect(banner.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-\d\d-\d\dT"))
    assert round_.boards.first().white.player.full_name in names
    expect(page.locator("main")).to_contain_text(round_.boards.first().white.player.full_name)
    shot(page, "public-offline")
    context.close()
