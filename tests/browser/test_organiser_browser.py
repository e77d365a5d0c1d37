"""Issue 19, the organisers' pages in Chromium at 390×844 (phone) and 1366×768 (laptop), each with
a screenshot in test-artifacts/screenshots/: the entries page's actions in view with labelled
narrow boxes, a player's details corrected with the history shown, an updated list imported
again, the statute form in words with the sections of other formats hidden, the confirmations
before destructive actions, and roles given by searching users."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, swiss_event

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
SIZES = [pytest.param(PHONE, id="phone"), pytest.param(LAPTOP, id="laptop")]


def _fits(page) -> bool:
    """Nothing wider than the window: the page itself never scrolls sideways."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


@pytest.mark.parametrize("size", SIZES)
def test_entries_actions_in_view_with_labels(live_server, page, login, shot, make_event,
                                              organiser, size):
    event = swiss_event(make_event, organiser, 12)
    page.set_viewport_size(size)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/entries/")
    first = page.locator("[data-testid=entries] tbody tr").first
    withdraw, remove = first.locator("[data-testid=withdraw] summary"), first.locator(
        "[data-testid=remove]")
    assert _fits(page)
    if size == LAPTOP:  # every action of the row in the window, without scrolling sideways
        for action in (withdraw, first.locator("[data-testid=bye] summary"), remove):
            box = action.bounding_box()
            assert box and box["x"] + box["width"] <= LAPTOP["width"], box
    withdraw.click()
    box = first.locator("input[name=after_round]")
    expect(box).to_be_visible()
    assert box.bounding_box()["width"] <= 100  # a narrow number box …
    expect(first.locator("label", has_text="Bỏ cuộc sau vòng")).to_be_visible()  # … with its label
    shot(page, "entries")
