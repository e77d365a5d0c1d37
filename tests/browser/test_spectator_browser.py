"""The spectators' pages in Chromium, on a phone (390×844) and a laptop (1366×768):
the tabs all in view and large enough to tap, the current round first with its picker and the
"find my board" list, the player card, the standings' compact rows with the rank and name kept
in view, the wording; every public page checked by axe-core (tests/browser/vendor/axe-core,
MPL-2.0) with no serious or critical violation. One page load per check; a screenshot of each
goes to test-artifacts/screenshots/."""

import random
from pathlib import Path

import pytest

from tests.tournaments.builders import PHONE, PlayerFactory, knockout_event, play
from tournaments.models import Entry
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair
from tournaments.text import name_sort_key

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
VIEWPORTS = {"phone": PHONE, "laptop": LAPTOP}
AXE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text()
# axe-core's run, reduced to the violations that matter here (serious, critical).
AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' '))
      .join(', '));
}"""
# The boxes of the tabs and the viewport's width.
TABS = """() => ({width: document.documentElement.clientWidth,
  tabs: Array.from(document.querySelectorAll('nav.tabs a')).map(a => {
    const b = a.getBoundingClientRect();
    return {text: a.textContent.trim(), left: b.left, right: b.right, top: b.top,
            height: b.height, active: a.classList.contains('active')};
  })})"""
NAMES = ["Nguyễn Thị Ánh Tuyết", "Đặng Hữu Trang", "Trần Văn Ninh", "Lại Lý Huynh",
         "Võ Minh Nhất", "Phạm Thị Ngọc Hương", "Nguyễn Hoàng Lâm", "Tôn Thất Nhật Tân",
         "Trịnh Hải Thanh Hoàng Phúc", "Uông Dương Bắc", "Hà Văn Tiến", "Diệp Khai Nguyên",
         "Trương Á Minh", "Nguyễn Thành Bảo"]
CLUBS = ["CLB Cờ Tướng Hà Nội", "CLB Cờ Tướng Thành phố Hồ Chí Minh", "CLB Bình Định"]
PROVINCES = ["Hà Nội", "TP. Hồ Chí Minh", "Bình Định"]


def _swiss(make_event, organiser, chief, arbiter):
    """14 named players, rated; rounds 1 and 2 closed, round 3 published with half its
    results: the round in play."""
    event = make_event(format="swiss", rounds=9, rated=True,
                       name="Giải Cờ Tướng Các Câu Lạc Bộ Mạnh Toàn Quốc Mở Rộng 2026")
    for i, name in enumerate(NAMES):
        player = PlayerFactory(full_name=name, rating=2400 - 37 * i, club=CLUBS[i % 3],
                               province=PROVINCES[i % 3])
        entry_register(event=event, actor=organiser, player=player)
    numbers_draw(event=event, actor=organiser, method="rating")
    rng = random.Random(19)
    for _ in range(2):
        play(swiss_round_pair(event=event, actor=chief), arbiter, chief, rng)
    third = swiss_round_pair(event=event, actor=chief)
    round_publish(round_=third, actor=chief)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


def _page(browser, size):
    context = browser.new_context(viewport=VIEWPORTS[size], is_mobile=size == "phone",
                                  has_touch=size == "phone", locale="vi-VN")
    return context, context.new_page()


def _accessible(page):
    """axe-core in the page (through the DevTools protocol: the pages' CSP forbids injected
    script tags, and stays on)."""
    page.evaluate(AXE)
    return page.evaluate(AXE_RUN)


def _fits(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= "
                         "document.documentElement.clientWidth")


@pytest.fixture
def swiss(make_event, organiser, chief_arbiter, arbiter):
    return _swiss(make_event, organiser, chief_arbiter, arbiter)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_event_page_tabs_and_statute(live_server, browser, shot, swiss, size):
    context, page = _page(browser, size)
    page.goto(f"{live_server.url}/events/{swiss.slug}/standings/")
    boxes = page.evaluate(TABS)
    names = [t["text"] for t in boxes["tabs"]]
    assert names == ["Tổng quan", "Đấu thủ", "Bốc thăm & kết quả", "Xếp hạng", "Bảng điểm",
                     "Elo"], names
    for tab in boxes["tabs"]:  # every tab on the screen, none cut, each large enough to tap
        assert 0 <= tab["left"] and tab["right"] <= boxes["width"], tab
        assert tab["height"] >= 44 and tab["top"] < VIEWPORTS[size]["height"], tab
    assert [t["text"] for t in boxes["tabs"] if t["active"]] == ["Xếp hạng"]
    shot(page, f"standings-{size}")
    assert _accessible(page) == []

    page.goto(f"{live_server.url}/events/{swiss.slug}/")
    statute = page.locator(".card dl")
    assert "Số vòng" in statute.inner_text() and "Các vòng" not in statute.inner_text()
    order = page.locator("[data-testid=statute-tiebreaks] li")
    assert order.count() >= 2 and "Buchholz" in order.first.inner_text()
    assert "20/11/2026" in page.locator("main > p.muted").first.inner_text()
    assert _fits(page)
    shot(page, f"overview-{size}")
    assert _accessible(page) == []
    # The check sees what it must: an image without a text alternative is critical.
    page.evaluate("() => document.querySelector('main').append(document.createElement('img'))")
    assert [v for v in page.evaluate(AXE_RUN) if v.startswith("image-alt (critical)")]
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_pairings_current_round_first_and_find_my_board(live_server, browser, shot, swiss,
                                                        size):
    context, page = _page(browser, size)
    page.goto(f"{live_server.url}/events/{swiss.slug}/rounds/")
    assert page.locator("main h2").first.inner_text().startswith("Vòng 3")
    assert page.locator("[data-testid=pairings]").count() == 1
    options = page.locator("#round-pick option").all_inner_texts()
    assert options == ["Vòng 1", "Vòng 2", "Vòng 3 (đang đấu)"], options
    first = page.locator("[data-testid=pairings] tbody tr").first
    meta = first.locator(".meta").first.inner_text()
    if size == "phone":  # one line under the name: the start number is on the player's page
        assert meta.startswith("Elo ") and "điểm" in meta and "Mã số" not in meta, meta
    else:
        assert meta.startswith("Mã số ") and "Elo " in meta and "điểm" in meta, meta
    for cell in ("td.center", "td.side >> nth=1"):  # the result and Black are on the screen
        box = first.locator(cell).first.bounding_box()
        assert box["x"] + box["width"] <= VIEWPORTS[size]["width"], cell
    shot(page, f"round-3-{size}")
    assert _accessible(page) == []

    # "Find my board": the A-to-Z list, folded under the pairings; Trang sits where the sheet
    # says.
    page.locator("[data-testid=seat-list] > summary").click()
    table = page.locator("[data-testid=find-my-board]")
    assert table.is_visible()
    rows = table.locator("tbody tr")
    assert rows.count() == len(NAMES)
    row = rows.filter(has_text="Đặng Hữu Trang").first.locator("td").all_inner_texts()
    board = page.locator("[data-testid=pairings] tbody tr").filter(has_text="Đặng Hữu Trang")
    assert board.first.locator("td").first.inner_text() == row[1]
    keys = [name_sort_key(n) for n in table.locator("tbody td:first-child").all_inner_texts()]
    assert keys == sorted(keys) and keys[0].startswith("bac ")  # Uông Dương Bắc first
    shot(page, f"find-my-board-{size}")

    # The picker, without typing: choosing "Vòng 1" shows round 1.
    page.select_option("#round-pick", "1")
    page.wait_for_url("**/rounds/?round=1")
    assert page.locator("main h2").first.inner_text().startswith("Vòng 1")
    assert "Vòng đấu đã kết thúc." in page.locator("[data-testid=round-progress]").inner_text()
    assert _fits(page)
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_player_card_and_standings_rows(live_server, browser, shot, swiss, size):
    context, page = _page(browser, size)
    entry = Entry.objects.get(event=swiss, number=2)
    page.goto(f"{live_server.url}/events/{swiss.slug}/entries/{entry.pk}/")
    card = page.locator("[data-testid=player-card]").inner_text()
    for label in ("Hạng", "Điểm", "Hệ số Elo", "Thành tích", "Elo +/-"):
        assert label in card, card
    rows = page.locator("[data-testid=player-games] tbody tr")
    assert rows.count() >= 2
    for k in range(rows.count()):  # nothing cut: each game's result cell is on the screen
        box = rows.nth(k).locator("td").last.bounding_box()
        assert box["x"] + box["width"] <= VIEWPORTS[size]["width"], k
    assert "Elo " in rows.first.locator(".meta").inner_text()
    assert _fits(page)
    shot(page, f"player-{size}")
    assert _accessible(page) == []

    page.goto(f"{live_server.url}/events/{swiss.slug}/standings/?after=2")
    table = page.locator("[data-testid=standings]")
    heads = table.locator("thead th").all_inner_texts()
    assert heads[:4] == ["Hạng", "Họ tên", "Điểm", "Hệ số Elo"]
    assert heads[-3:] == ["Câu lạc bộ", "Tỉnh/thành · liên đoàn", "Phân định bằng"]
    points = table.locator("tbody td.pts").first.bounding_box()  # on the screen as it opens
    assert points["x"] + points["width"] <= VIEWPORTS[size]["width"]
    line = table.locator("tbody tr").first.bounding_box()["height"]
    tallest = max(r.bounding_box()["height"] for r in table.locator("tbody tr").all())
    assert tallest < 1.6 * line or tallest < 48, (line, tallest)  # one line each
    # Scrolled sideways, the rank and the name stay whole, side by side, over the rest.
    table.locator("xpath=..").evaluate("el => el.scrollLeft = el.scrollWidth")
    rank = table.locator("tbody tr td.rank").first.bounding_box()
    name = table.locator("tbody tr td.after-rank").first.bounding_box()
    assert rank["x"] >= 0 and abs(name["x"] - (rank["x"] + rank["width"])) < 1.5
    shot(page, f"standings-scrolled-{size}")
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_crosstable_and_bracket(live_server, browser, shot, make_event, organiser,
                                chief_arbiter, arbiter, swiss, size):
    context, page = _page(browser, size)
    page.goto(f"{live_server.url}/events/{swiss.slug}/crosstable/")
    assert page.locator("#after option").all_inner_texts() == ["Vòng 1", "Vòng 2", "Vòng 3"]
    shot(page, f"crosstable-{size}")
    assert _accessible(page) == []
    cup = knockout_event(make_event, organiser, chief_arbiter, arbiter, 20, format="ko")
    page.goto(f"{live_server.url}/events/{cup.slug}/bracket/")
    heads = page.locator(".bracket-col h3").all_inner_texts()
    assert heads[0] == "Vòng 1/16 · vòng 1 của giải", heads
    assert not any(h.startswith("Vòng 1 ") for h in heads)
    shot(page, f"bracket-{size}")
    assert _accessible(page) == []
    context.close()
