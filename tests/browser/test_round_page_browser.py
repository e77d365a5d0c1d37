"""The arbiter's round page as arbiters use it, at 390×844 and 1366×768, reached through the
links: board 1 on the first screen (the pairing rules and the "why" folded below), the "board n"
jump, the chief arbiter's board ranges and an arbiter's own boards (Art. 20.3 b); the next step
offered where it becomes possible (close, then pair the next round; the dashboard says why it
does not pair while a draft waits); the reason for a correction of a closed round asked in the
page's dialog with its limit (Art. 20)."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, swiss_event
from tournaments.models import Board, Round
from tournaments.services.events import event_visibility_set
from tournaments.services.results import result_record
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

LAPTOP = {"width": 1366, "height": 768}
SCREENS = [pytest.param(PHONE, id="phone"), pytest.param(LAPTOP, id="laptop")]


def _event(make_event, organiser, chief_arbiter, players=40):
    event = swiss_event(make_event, organiser, players, rounds=5, name="Giải Vô địch Quốc gia")
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


def _signed_in(browser, login, username, screen):
    context = browser.new_context(viewport=screen, has_touch=screen == PHONE,
                                  is_mobile=screen == PHONE)
    page = context.new_page()
    login(page, username)
    return page


def _results_ready(page):
    """The round page listens to taps and keys once results.js ran (a deferred script: shown
    before that, the buttons do nothing and the "board n" box asks the server)."""
    page.wait_for_selector("#results[data-ready]")


def _open_round(page, live_server, event, number):
    """From "my events" to the event's dashboard, then the round's link, as a user goes."""
    page.goto(f"{live_server.url}/manage/")
    page.click(f"a[href='/manage/{event.slug}/']")
    page.click(f"a[href='/manage/{event.slug}/rounds/{number}/']")
    expect(page.locator("#results")).to_be_visible()
    _results_ready(page)


@pytest.mark.parametrize("screen", SCREENS)
def test_board_one_is_on_the_first_screen_and_board_n_one_jump_away(
        screen, live_server, browser, login, shot, make_event, organiser, chief_arbiter,
        arbiter, axe_violations):
    event = _event(make_event, organiser, chief_arbiter)
    swiss_round_pair(event=event, actor=chief_arbiter, seed=3)  # a draft, with its "why"
    chief = _signed_in(browser, login, "chief", screen)
    _open_round(chief, live_server, event, 1)
    top = chief.locator("#board-1").bounding_box()["y"]
    shot(chief, "draft-boards-first")
    assert top < screen["height"], top  # board 1 without scrolling, on a draft too
    expect(chief.locator("#swiss-why")).to_be_attached()
    assert chief.locator("#swiss-why").bounding_box()["y"] > top  # explanations below
    assert axe_violations(chief) == []

    # The chief arbiter gives boards 11–15 to the arbiter, then publishes.
    chief.click("[data-testid=assignments] summary")
    form = chief.locator("[data-testid=assign-form]")
    form.locator("select[name=arbiter]").select_option(label="arbiter")
    form.locator("input[name=first]").fill("11")
    form.locator("input[name=last]").fill("15")
    form.locator("[data-testid=assign]").click()
    expect(chief.locator("[data-testid=assignment]")).to_contain_text("arbiter")
    expect(chief.locator("[data-testid=assignment]")).to_contain_text("11–15")
    chief.click("[data-testid=publish]")
    expect(chief.locator(".badge.published")).to_be_visible()

    page = _signed_in(browser, login, "arbiter", screen)
    _open_round(page, live_server, event, 1)
    top = page.locator("#board-1").bounding_box()["y"]
    shot(page, "published-boards-first")
    assert top < screen["height"], top
    # Board 17, one jump away: typed in the box, the row comes into view.
    page.fill("#board-jump", "17")
    page.press("#board-jump", "Enter")
    expect(page).to_have_url(f"{live_server.url}/manage/{event.slug}/rounds/1/#board-17")
    box = page.locator("#board-17").bounding_box()
    assert -1 < box["y"] < screen["height"], box  # at the top, to the sub-pixel
    shot(page, "jumped-to-board-17")
    # Only the arbiter's own boards.
    page.click("[data-testid=my-boards]")
    rows = page.locator("#results tr[data-board]")
    expect(rows).to_have_count(5)  # the new page (the whole round had 20)
    _results_ready(page)
    assert [int(t) for t in page.locator("#results tr[data-board] td.c-num").all_inner_texts()
            ] == [11, 12, 13, 14, 15]
    shot(page, "my-boards")
    assert axe_violations(page) == []
    rows.first.locator("button.rb[data-result='1-0']").click()
    expect(rows.first.locator(".row-status")).to_have_text("đã lưu")
    assert Board.objects.get(round__event=event, number=11).result == "1-0"


@pytest.mark.parametrize("screen", SCREENS)
def test_the_next_step_is_offered_where_it_becomes_possible_and_a_correction_asks_its_reason(
        screen, live_server, browser, login, shot, make_event, organiser, chief_arbiter,
        arbiter):
    event = _event(make_event, organiser, chief_arbiter, players=8)
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=3)
    round_publish(round_=round1, actor=chief_arbiter)
    boards = list(round1.boards.filter(black__isnull=False).order_by("number"))
    for board in boards[1:]:  # every result but board 1's
        result_record(board=board, result="1/2-1/2", actor=arbiter, expected_version=0)
    page = _signed_in(browser, login, "chief", screen)
    page.goto(f"{live_server.url}/manage/")
    page.click(f"a[href='/manage/{event.slug}/']")
    # While round 1 waits for a result, the dashboard pairs nothing and says why.
    expect(page.locator("[data-testid=draw]")).to_have_count(0)
    expect(page.locator("[data-testid=next-step]")).to_contain_text(
        "Vòng 1 còn 1 bàn chưa có kết quả")
    shot(page, "dashboard-waiting-for-a-result")
    page.click("[data-testid=next-step-link]")
    _results_ready(page)
    row = page.locator("#board-1")
    row.locator("button.rb[data-result='1-0']").click()
    expect(page.locator("#open-count")).to_have_text("Đã đủ kết quả.")
    page.click("[data-testid=close-round]")
    page.click("[data-testid=confirm-yes]")
    expect(page.locator(".badge.completed")).to_be_visible()
    # Closed: pairing round 2 is offered on this very page.
    expect(page.locator("[data-testid=pair-next]")).to_have_text("Bốc thăm vòng 2")
    shot(page, "closed-round-offers-the-next")
    page.click("[data-testid=pair-next]")
    expect(page).to_have_url(f"{live_server.url}/manage/{event.slug}/rounds/2/")
    # Round 2 is a draft: the dashboard offers reviewing it, not another pairing.
    page.click(f"nav.tabs a[href='/manage/{event.slug}/']")
    expect(page.locator("[data-testid=draw]")).to_have_count(0)
    expect(page.locator("[data-testid=next-step]")).to_contain_text(
        "Vòng 2 đang là bản nháp: hãy công bố (hoặc xóa) trước khi bốc thăm vòng tiếp theo.")
    expect(page.locator("[data-testid=next-step-link]")).to_have_text("Xem lại và công bố vòng 2")
    expect(page.locator("[data-testid=round-open]").first).to_have_text("· đã đủ kết quả")
    shot(page, "dashboard-draft-pending")

    # Correcting round 1: the reason in the page's dialog, its limit shown, in Vietnamese.
    page.click(f"a[href='/manage/{event.slug}/rounds/1/']")
    _results_ready(page)
    board = Board.objects.get(pk=boards[0].pk)
    row = page.locator("#board-1")
    row.locator("button.rb[data-result='0-1']").click()
    dialog = page.locator("[data-testid=reason-dialog]")
    expect(dialog).to_be_visible()
    expect(dialog.locator("[data-testid=reason-limit]")).to_contain_text(
        "0/100 · Tối đa 100 ký tự")
    expect(dialog.locator("[data-testid=reason-cancel]")).to_have_text("Hủy")
    expect(dialog.locator("[data-testid=reason-save]")).to_have_text("Lưu sửa kết quả")
    shot(page, "reason-dialog")
    dialog.locator("[data-testid=reason-cancel]").click()  # cancelled: nothing sent
    expect(dialog).to_be_hidden()
    assert Board.objects.get(pk=board.pk).result == "1-0"

    row.locator("button.rb[data-result='0-1']").click()
    dialog.locator("[data-testid=reason-save]").click()  # no reason: the page's own message
    expect(dialog.locator("[data-error]")).to_have_text("Hãy ghi lý do sửa kết quả.")
    dialog.locator("textarea").fill("x" * 130)  # the box stops at the limit
    expect(dialog.locator("[data-count]")).to_have_text("100")
    dialog.locator("textarea").fill("Biên bản ghi nhầm người thắng")
    dialog.locator("[data-testid=reason-save]").click()
    expect(dialog).to_be_hidden()
    expect(row.locator(".row-status")).to_have_text("đã lưu")
    board = Board.objects.get(pk=board.pk)
    assert board.result == "0-1"
    assert board.history.first().history_change_reason == "Biên bản ghi nhầm người thắng"
    assert Round.objects.get(pk=round1.pk).status == "completed"
