"""A 10-player round robin from creation to final standings through the web pages, in Chromium:
the organiser creates the event from the statute form and registers players by searching the
register; the chief arbiter generates the Berger rounds and publishes them; an arbiter enters
every result from the keyboard; a visitor reads the standings and the crosstable on a phone."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, PlayerFactory
from tournaments.models import Board, Event

pytestmark = pytest.mark.django_db(transaction=True)


def test_round_robin_through_the_web_pages(live_server, page, browser, login, shot, organiser,
                                           chief_arbiter, arbiter):
    players = [PlayerFactory(full_name=f"Nguyễn Văn Thử {i:02d}", rating=2300 - i * 10)
               for i in range(10)]
    url = live_server.url

    # The organiser creates the event from the statute form, the law's defaults filled in.
    login(page, "organiser")
    page.goto(f"{url}/manage/new/")
    page.fill("#id_name", "Giải vòng tròn thử")
    page.fill("#id_start_date", "2026-12-01")
    page.select_option("#id_format", "rr")
    shot(page, "statute-form")
    page.click("text=Tạo giải")
    expect(page).to_have_url(f"{url}/manage/giai-vong-tron-thu/entries/")
    page.wait_for_selector("body[data-ready]")  # htmx listens: the search asks as one types
    event = Event.objects.get(slug="giai-vong-tron-thu")
    assert (event.games_per_match, event.time_base_minutes) == (1, 90)  # Art. 10.1.1 b

    # Register the players by searching the register without diacritics.
    for player in players:
        page.fill("[data-testid=player-search]", f"nguyen van thu {player.full_name[-2:]}")
        page.locator("#player-results button", has_text="Đăng ký").first.click()
        page.wait_for_selector("body[data-ready]")  # the page after the POST listens
    expect(page.locator("[data-testid=entries] tbody tr")).to_have_count(10)
    page.select_option("select[name=method]", "rating")
    page.click("text=Bốc thăm mã số")
    shot(page, "entries")

    # Appoint the arbiters, then make the event public.
    page.goto(f"{url}/manage/{event.slug}/roles/")
    for username, role in (("chief", "chief"), ("arbiter", "arbiter")):
        page.fill("#id_username", username)
        page.select_option("#id_role", role)
        page.click("main form.stack button[type=submit]:not([data-testid=invite])")
    page.goto(f"{url}/manage/{event.slug}/")
    page.click("text=Công bố giải")

    # The chief arbiter generates the Berger rounds and publishes them all.
    login(page, "chief")
    page.goto(f"{url}/manage/{event.slug}/")
    page.click("[data-testid=draw]")
    expect(page.locator("h2")).to_contain_text("Vòng 1")
    page.click("text=Công bố vòng này và các vòng sau")
    shot(page, "round-1-published")

    # An arbiter enters every result from the keyboard; the cursor moves board to board.
    login(page, "arbiter")
    keys = ["1", "=", "0", "1", "0"]
    for number in range(1, 10):
        page.goto(f"{url}/manage/{event.slug}/rounds/{number}/")
        inputs = page.locator("input.result-input")
        expect(inputs).to_have_count(5)
        inputs.first.click()
        for key in keys:
            page.keyboard.type(key)  # saves queue up in order; no need to wait between keys
        expect(page.locator("#open-count")).to_have_attribute("data-open", "0")
        expect(page.locator("#open-count")).to_have_text("Đã đủ kết quả.")
        if number == 1:
            shot(page, "results-entered")
    assert Board.objects.filter(round__event=event, result="").count() == 0

    login(page, "chief")
    for number in range(1, 10):
        page.goto(f"{url}/manage/{event.slug}/rounds/{number}/")
        page.click("[data-testid=close-round]")
        page.click("[data-testid=confirm-yes]")  # closing asks first
        expect(page.locator(".badge.completed")).to_be_visible()

    # A visitor on a phone reads the final standings and the crosstable, no login.
    phone = browser.new_context(viewport=PHONE, is_mobile=True)
    visitor = phone.new_page()
    visitor.goto(f"{url}/events/{event.slug}/standings/")
    table = visitor.locator("[data-testid=standings] tbody tr")
    expect(table).to_have_count(10)
    shot(visitor, "phone-standings")
    points = [float(x.replace("½", ".5")) for x in
              visitor.locator("[data-testid=standings] tbody tr td.pts").all_inner_texts()]
    assert sum(points) == 45
    visitor.goto(f"{url}/events/{event.slug}/crosstable/")
    expect(visitor.locator("[data-testid=crosstable] tbody tr")).to_have_count(10)
    shot(visitor, "phone-crosstable")
    phone.close()
