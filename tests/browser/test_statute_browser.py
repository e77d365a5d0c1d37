"""The statute form's tie-break order (Art. 21.3: "the statute may say which criterion comes
first") in Chromium: an ordered list arranged with up/down buttons from the keyboard, Alt+arrows,
drag and drop, remove and add; the law's order for the format or a named order (with its source)
as a starting point; and the plain text field underneath, which still works with JavaScript
off."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


def _order(page):
    return page.locator("[data-testid=tiebreak-widget] li.tb-item").evaluate_all(
        "items => items.map(li => li.dataset.code)")


def test_tiebreak_order_by_keyboard_buttons_and_drag(live_server, page, login, shot, organiser):
    url = live_server.url
    login(page, "organiser")
    page.goto(f"{url}/manage/new/")
    widget = page.locator("[data-testid=tiebreak-widget]")
    expect(widget).to_be_visible()
    expect(page.locator("#id_tiebreaks")).to_be_hidden()  # the list replaces the text field
    expect(page.locator(".tb-codes")).to_be_hidden()
    # Nothing listed: the law's order for the format applies, and the list says which.
    expect(widget.locator(".tb-empty")).to_contain_text("BH/C1, BH, SB, DE, WIN, BWG, LOT")
    page.select_option("#id_format", "rr")
    expect(widget.locator(".tb-empty")).to_contain_text("H2H, SB, WIN, BWG, LOT")
    widget.locator(".tb-law").click()
    assert _order(page) == ["H2H", "SB", "WIN", "BWG", "LOT"]
    expect(widget.locator(".tb-empty")).to_be_hidden()

    # Keyboard only: SB's "up" button, Enter; the focus stays on it, so Space moves it again.
    widget.locator("li[data-code=SB] .tb-up").focus()
    page.keyboard.press("Enter")
    assert _order(page) == ["SB", "H2H", "WIN", "BWG", "LOT"]
    expect(widget.locator("li[data-code=SB] .tb-up")).to_be_disabled()  # first in the list
    expect(widget.locator("li[data-code=SB] .tb-down")).to_be_focused()
    expect(widget.locator(".tb-status")).to_contain_text("SB")
    # Alt+↓ on an item's button moves the item down.
    widget.locator("li[data-code=H2H] .tb-down").focus()
    page.keyboard.press("Alt+ArrowDown")
    assert _order(page) == ["SB", "WIN", "H2H", "BWG", "LOT"]
    # Remove LOT, add BH from the list of criteria (LOT no longer listed, BH no longer offered).
    widget.locator("li[data-code=LOT] .tb-remove").click()
    widget.locator(".tb-select").select_option("BH")
    widget.locator(".tb-add").click()
    assert _order(page) == ["SB", "WIN", "H2H", "BWG", "BH"]
    assert "BH" not in widget.locator(".tb-select option").evaluate_all(
        "options => options.map(o => o.value)")
    # Drag BWG onto the top of the list.
    widget.locator("li[data-code=BWG] .tb-handle").drag_to(
        widget.locator("li[data-code=SB]"), target_position={"x": 10, "y": 2})
    assert _order(page) == ["BWG", "SB", "WIN", "H2H", "BH"]
    assert page.input_value("#id_tiebreaks") == "BWG, SB, WIN, H2H, BH"
    shot(page, "tiebreak-list")
    page.set_viewport_size(PHONE)
    shot(page, "tiebreak-list-phone")
    widget.screenshot(path=str(shot(page, "tiebreak-list-phone-widget")))  # the part to review
    page.set_viewport_size({"width": 1280, "height": 720})

    page.fill("#id_name", "Giải thứ tự hệ số")
    page.fill("#id_start_date", "2026-12-01")
    page.locator("form.stack button[type=submit]").click()
    expect(page).to_have_url(f"{url}/manage/giai-thu-tu-he-so/entries/")
    event = Event.objects.get(slug="giai-thu-tu-he-so")
    assert event.tiebreaks == ["BWG", "SB", "WIN", "H2H", "BH"]

    # The statute page shows the saved order in the list; emptying it means the law's order.
    page.goto(f"{url}/manage/{event.slug}/statute/")
    assert _order(page) == ["BWG", "SB", "WIN", "H2H", "BH"]
    # Start from a named order, labelled with its source (in Vietnamese); each item says
    # what it means.
    expect(widget.locator(".tb-preset option[value=wxf]")).to_contain_text(
        "Điều lệ Giải vô địch thế giới lần thứ 18 của WXF (2023), mục VIII b")
    widget.locator(".tb-preset").select_option("wxf")
    widget.locator(".tb-use-preset").click()
    assert _order(page) == ["OS", "H2H2"]
    expect(widget.locator("li[data-code=OS] .tb-meaning")).to_contain_text(
        "điểm cuối cùng thấp nhất của giải")  # the page is Vietnamese
    for _ in range(2):
        widget.locator("li.tb-item .tb-remove").first.click()
    expect(widget.locator(".tb-empty")).to_be_visible()
    page.locator("form.stack button[type=submit]").click()
    expect(page).to_have_url(f"{url}/manage/{event.slug}/")
    event.refresh_from_db()
    assert event.tiebreaks == []


def test_tiebreak_text_field_without_javascript(live_server, browser, shot, login, organiser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/new/")
    expect(page.locator("[data-testid=tiebreak-widget]")).to_be_hidden()
    expect(page.locator(".tb-codes")).to_be_visible()  # the codes, with their names as titles
    page.fill("#id_name", "Giải không JavaScript")
    page.fill("#id_start_date", "2026-12-01")
    page.fill("#id_rounds", "7")
    page.fill("#id_tiebreaks", "sb, bh/c1, XYZ")
    page.locator("form.stack button[type=submit]").click()
    # The unknown code is reported next to the field, and the text is kept to correct.
    error = page.locator("#field-tiebreaks .errorlist")
    expect(error).to_contain_text("XYZ")
    shot(page, "tiebreak-error-no-js")
    page.fill("#id_tiebreaks", "sb, bh/c1")
    page.locator("form.stack button[type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/manage/giai-khong-javascript/entries/")
    assert Event.objects.get(slug="giai-khong-javascript").tiebreaks == ["SB", "BH/C1"]
    context.close()
