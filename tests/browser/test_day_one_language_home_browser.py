"""A championship's first day, as the spectator and the organiser go through it in Chromium, on a
390×844 phone and a 1366×768 laptop, through the links: the home by phase with a championship's
stages under it; "find my board" as a search box that jumps to the board, and a 20-board pairing
short enough for a phone; points written as Vietnamese write them (2,5) and the law's colour
letters; the statute form in sections with its submit always on the screen and the Swiss fields
only for a Swiss. Screenshots in test-artifacts/screenshots/."""

import datetime
import random
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, PlayerFactory, play
from tournaments.models import Championship, Event, Visibility
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
VIEWPORTS = {"phone": PHONE, "laptop": LAPTOP}
AXE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text()
AXE_RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '));
}"""
# A 20-board pairing on a phone stays under this height (the page, header to footer): a full
# Vietnamese name may take two lines, about 105 px a board, where a "why" fold per board made
# it 290 (5,846 px in all).
PHONE_PAIRINGS_MAX_PX = 2400
# Names as long as real ones (four words), the same whatever other tests made before: the
# page's height follows the names' lengths.
FAMILIES = ("Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Vũ", "Đặng", "Bùi")
MIDDLES = ("Văn", "Thị", "Hữu", "Đức", "Minh")
GIVENS = ("Thanh Hải", "Quốc Bảo", "Ngọc Lan", "Tuấn Anh", "Thu Trang", "Hoài Nam", "Gia Huy",
          "Phương Thảo")


def _page(browser, size):
    context = browser.new_context(viewport=VIEWPORTS[size], is_mobile=size == "phone",
                                  has_touch=size == "phone", locale="en-US")
    return context, context.new_page()


def _accessible(page):
    page.evaluate(AXE)
    return page.evaluate(AXE_RUN)


def _fits(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= "
                         "document.documentElement.clientWidth")


@pytest.fixture
def forty(make_event, organiser, chief_arbiter, arbiter):
    """A Swiss of 40 (one "Nguyễn Thị Thanh Hằng" among them): rounds 1 and 2 played (draws
    give half points), round 3 published: 20 boards in play, each with its "why"."""
    # Today as the site reads it (Asia/Ho_Chi_Minh), not the machine's: from 17:00 UTC the
    # machine's date is the site's yesterday, and an event of one day is then finished.
    event = make_event(format="swiss", rounds=7, name="Giải Vô địch Cờ Tướng Toàn quốc 2026",
                       start_date=timezone.localdate())
    for i in range(40):
        name = "Nguyễn Thị Thanh Hằng" if i == 17 else (
            f"{FAMILIES[i % 8]} {MIDDLES[i % 5]} {GIVENS[(i // 5) % 8]}")
        player = PlayerFactory(rating=2400 - 10 * i, full_name=name)
        entry_register(event=event, actor=organiser, player=player)
    numbers_draw(event=event, actor=organiser, method="rating")
    rng = random.Random(31)
    for _ in range(2):
        play(swiss_round_pair(event=event, actor=chief_arbiter), arbiter, chief_arbiter, rng)
    round_publish(round_=swiss_round_pair(event=event, actor=chief_arbiter), actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_home_find_my_board_and_vietnamese_numbers(live_server, browser, shot, forty, size):
    context, page = _page(browser, size)
    context.add_cookies([{"name": "django_language", "value": "vi", "url": live_server.url}])
    page.goto(f"{live_server.url}/")
    # The home: one heading, the phases, the event under "Đang diễn ra" (it starts today).
    assert page.locator("main h1").count() == 1
    ongoing = page.locator("[data-testid=home-ongoing]")
    expect(ongoing).to_contain_text("Đang diễn ra")
    expect(ongoing).to_contain_text(forty.name)
    shot(page, f"home-{size}")
    assert _fits(page) and _accessible(page) == []

    ongoing.get_by_role("link", name=forty.name).click()
    page.get_by_role("link", name="Bốc thăm & kết quả").click()
    # Loaded: the whole table read, and "find my board" (static/js/site.js) listening.
    page.wait_for_url(f"**/events/{forty.slug}/rounds/")
    page.wait_for_selector("form[data-find-board][data-ready]")
    expect(page.locator("main h2").first).to_contain_text("Vòng 3")
    boards = page.locator("[data-testid=pairings] tbody tr[id^=board-]")
    expect(boards).to_have_count(20)
    assert page.locator("[data-testid=why-board]").count() == 0  # no fold per board
    expect(page.locator("[data-testid=why-all]")).to_have_count(1)
    shot(page, f"pairings-20-boards-{size}")
    height = page.evaluate("() => document.documentElement.scrollHeight")
    print(f"pairings page, 20 boards, {size}: {height} px")
    if size == "phone":
        assert height < PHONE_PAIRINGS_MAX_PX, height
    # Points before the round as Vietnamese write them: a half point is "1,5", never "1.5".
    metas = " ".join(page.locator("[data-meta=points]").all_inner_texts())
    assert "," in metas and "." not in metas.replace("điểm", ""), metas
    assert _fits(page) and _accessible(page) == []

    # "Find my board": typed without diacritics, the list narrows as one types; Enter jumps
    # to the board, highlighted.
    box = page.locator("#find-board-q")
    box.fill("nguyen thi thanh hang")
    seats = page.locator("[data-testid=seat-list] tbody tr:not(.seat-hidden)")
    expect(seats).to_have_count(1)
    board = seats.first.get_attribute("data-board")
    box.press("Enter")
    page.wait_for_url(f"**#board-{board}")
    found = page.locator(f"#board-{board}")
    assert "found" in (found.get_attribute("class") or "")
    top = found.bounding_box()["y"]
    assert 0 <= top < VIEWPORTS[size]["height"], top  # the board is on the screen
    shot(page, f"find-my-board-jump-{size}")

    # Without JavaScript the server answers the same search and the page lands on the board.
    nojs = browser.new_context(viewport=VIEWPORTS[size], java_script_enabled=False)
    nojs.add_cookies([{"name": "django_language", "value": "vi", "url": live_server.url}])
    plain = nojs.new_page()
    plain.goto(f"{live_server.url}/events/{forty.slug}/rounds/")
    plain.fill("#find-board-q", "NGUYEN THI THANH HANG")
    plain.click("[data-testid=find-board-form] button[type=submit]")
    plain.wait_for_url(f"**?board={board}#board-{board}")
    assert "found" in (plain.locator(f"#board-{board}").get_attribute("class") or "")
    nojs.close()

    # The standings and the crosstable in Vietnamese: 2,5-style points, the law's letters.
    page.get_by_role("link", name="Bảng điểm").click()
    page.wait_for_url(f"**/events/{forty.slug}/crosstable/")  # loaded: every cell is read
    cells = " ".join(page.locator("[data-testid=crosstable] tbody td[title]").all_inner_texts())
    assert "t" in cells and "đ" in cells and "w" not in cells and "b" not in cells, cells
    expect(page.locator("main .helptext").first).to_contain_text("t Trắng, đ Đen")
    shot(page, f"crosstable-letters-{size}")
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_championships_stages_are_under_it_on_the_home(live_server, browser, shot, size,
                                                         organiser, chief_arbiter):
    from tests.tournaments.builders import championship_groups_into_knockout

    championship, _category, _players = championship_groups_into_knockout(organiser,
                                                                          chief_arbiter)
    Championship.objects.filter(pk=championship.pk).update(visibility=Visibility.PUBLIC)
    Event.objects.filter(stage__category__championship=championship).update(
        visibility=Visibility.PUBLIC)
    context, page = _page(browser, size)
    context.add_cookies([{"name": "django_language", "value": "vi", "url": live_server.url}])
    page.goto(f"{live_server.url}/")
    items = page.locator("[data-testid=home-item]")
    expect(items).to_have_count(1)  # the championship alone, its four stage events under it
    stages = items.first.locator("[data-testid=home-stages] li")
    expect(stages).to_have_count(3)
    expect(stages.nth(1)).to_contain_text("Bảng A")
    page.locator("[data-testid=phase-finished]").click()
    expect(page.locator("[data-testid=home-finished]")).to_contain_text(championship.name)
    shot(page, f"home-championship-{size}")
    stages = page.locator("[data-testid=home-stages] li")
    stages.nth(1).get_by_role("link").first.click()
    expect(page.locator("main h1")).to_contain_text(championship.name.split()[0])
    assert _fits(page)
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_statute_form_in_sections_with_its_submit_on_the_screen(live_server, browser, login,
                                                                    shot, organiser, size):
    context, page = _page(browser, size)
    context.add_cookies([{"name": "django_language", "value": "vi", "url": live_server.url}])
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/")
    page.locator("a[href$='/manage/new/']").first.click()
    nav = page.locator("[data-testid=statute-sections] a")
    swiss = page.locator("[data-testid=section-swiss]")
    submit = page.locator("[data-testid=form-footer] button[type=submit]")
    page.select_option("#id_format", "rr")
    expect(swiss).to_be_hidden()  # the Swiss pairing options are not a round robin's
    expect(page.locator("[data-testid=statute-sections] a[data-for=swiss]")).to_be_hidden()
    page.select_option("#id_format", "swiss")
    expect(swiss).to_be_visible()  # and come back when the format changes
    expect(submit).to_be_in_viewport()  # at the top of the form...
    nav.filter(has_text="Xếp hạng").first.click()
    expect(submit).to_be_in_viewport()  # ...and in the middle of it
    shot(page, f"statute-sections-{size}")
    # Dates typed as Vietnamese write them; the app's own messages (no browser bubble).
    assert page.locator("#id_start_date").get_attribute("type") == "text"
    assert page.locator("#id_start_date").get_attribute("placeholder") == "nn/tt/nnnn"
    page.fill("#id_name", "Giải Mùa Xuân")
    page.fill("#id_start_date", "31/02/2026")
    submit.click()
    expect(page.locator("[data-testid=form-errors]")).to_be_visible()
    page.fill("#id_start_date", "01/03/2026")
    page.fill("#id_rounds", "7")
    submit.click()
    page.wait_for_url(lambda url: "/manage/new/" not in url)
    assert Event.objects.get(name="Giải Mùa Xuân").start_date == datetime.date(2026, 3, 1)
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_knockout_match_note_follows_its_games_live(live_server, browser, login, shot,
                                                        make_event, organiser, chief_arbiter,
                                                        size):
    """Two games 1–1, then the deciding (armageddon) game drawn: the match's note says Black
    goes through, on the arbiter's page as the results are tapped, without a reload."""
    from tournaments.services.knockout import bracket_start

    event = make_event(format="ko", name="Cúp Armageddon", tiebreak_games=[["armageddon", 1]])
    for player in PlayerFactory.create_batch(2):
        entry_register(event=event, actor=organiser, player=player)
    bracket_start(event=event, actor=chief_arbiter, seed=2)
    round_publish(round_=event.rounds_set.get(number=1), actor=chief_arbiter)
    context, page = _page(browser, size)
    context.add_cookies([{"name": "django_language", "value": "vi", "url": live_server.url}])
    login(page, "chief")
    page.goto(f"{live_server.url}/manage/{event.slug}/rounds/1/")
    games = page.locator("#results tr[data-game]")
    expect(games).to_have_count(2)
    note = page.locator("[data-match-note]").first
    expect(note).to_have_text("")
    for n in range(2):  # the game's White wins each: one game each
        games.nth(n).locator("button.rb[data-result='1-0']").click()
        expect(games.nth(n).locator("button.rb[data-result='1-0']")).to_have_attribute(
            "aria-pressed", "true")
    expect(games).to_have_count(3)  # the deciding game comes in live
    games.nth(2).locator("button.rb[data-result='1/2-1/2']").click()
    expect(note).to_have_text("ván quyết định hòa: bên Đen thắng")
    shot(page, f"knockout-note-live-{size}")
    context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_removing_a_penalty_asks_first(live_server, browser, login, shot, make_event, organiser,
                                       chief_arbiter, arbiter, size):
    """The arbiter's "Remove" of a penalty opens the app's dialog (no browser prompt):
    Cancel keeps it, the dialog's own button removes it."""
    from tests.tournaments.builders import rr_scenario
    from tournaments.models import Foul
    from tournaments.services.fouls import foul_record

    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    board = ctx["board"]
    foul_record(event=ctx["event"], board=board, entry_id=board.black_id, kind="warning",
                article="23.6", note="bắt Xe có căn", actor=arbiter)
    context, page = _page(browser, size)
    context.add_cookies([{"name": "django_language", "value": "vi", "url": live_server.url}])
    login(page, "arbiter")
    page.goto(f"{live_server.url}/manage/{ctx['event'].slug}/boards/{board.pk}/history/")
    remove = page.locator("[data-testid=foul-remove] button[type=submit]")
    remove.click()
    dialog = page.locator("[data-testid=confirm-dialog]")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Xóa hình phạt này?")
    shot(page, f"penalty-remove-asks-{size}")
    page.locator("[data-testid=confirm-no]").click()
    expect(dialog).to_have_count(0)
    assert Foul.objects.count() == 1
    remove.click()
    page.locator("[data-testid=confirm-yes]").click()
    expect(page.locator(".msg.success").first).to_be_visible()
    assert Foul.objects.count() == 0
    context.close()
