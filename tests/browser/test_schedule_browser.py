"""The rounds' schedule as its users meet it, at 390×844 and 1366×768, through the links: the
organiser writes the first round's date and the day's start times in the statute, moves one
round on its page with a reason; a spectator reads when each round starts on the event's page
and the round's page, and takes the calendar file from the event's page."""

import pytest
from icalendar import Calendar
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, swiss_event
from tournaments.models import RoundTimeChange
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.swiss import swiss_round_pair

LAPTOP = {"width": 1366, "height": 768}


@pytest.mark.parametrize("screen", [pytest.param(PHONE, id="phone"),
                                    pytest.param(LAPTOP, id="laptop")])
def test_the_schedule_from_the_statute_to_the_spectators_calendar(
        screen, live_server, browser, login, shot, make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 8, rounds=5, name="Giải Vô địch Quốc gia")
    event_visibility_set(event=event, actor=organiser, public=True)
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    round_publish(round_=round1, actor=chief_arbiter)

    context = browser.new_context(viewport=screen, is_mobile=screen == PHONE)
    page = context.new_page()
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/")
    page.click(f"a[href='/manage/{event.slug}/']")
    page.click(f"nav.tabs a[href='/manage/{event.slug}/statute/']")
    page.fill("#id_first_round_date", "2026-11-20")
    page.fill("#id_round_times", "8h00, 14.00")
    shot(page, "statute-schedule")
    page.click("form[data-testid=statute-form] button[type=submit]")
    expect(page).to_have_url(f"{live_server.url}/manage/{event.slug}/")

    page.click(f"a[href='/manage/{event.slug}/rounds/1/']")
    expect(page.locator("[data-testid=round-start] time")).to_have_attribute(
        "datetime", "2026-11-20T08:00:00+07:00")
    page.click("[data-testid=round-time-card] summary")
    form = page.locator("[data-testid=round-time-form]")
    form.locator("input[name=starts_at]").fill("2026-11-20T08:30")
    form.locator("input[name=reason]").fill("Khai mạc kéo dài")
    form.locator("[data-testid=round-time-save]").click()
    expect(page.locator("[data-testid=round-start] time")).to_have_attribute(
        "datetime", "2026-11-20T08:30:00+07:00")
    page.click("[data-testid=round-time-card] summary")
    expect(page.locator("[data-testid=round-time-history]")).to_contain_text("Khai mạc kéo dài")
    shot(page, "round-moved")
    change = RoundTimeChange.objects.get()
    assert (change.changed_by, change.before, change.reason) == (organiser, None,
                                                                 "Khai mạc kéo dài")
    context.close()

    spectator = browser.new_context(viewport=screen, is_mobile=screen == PHONE,
                                    accept_downloads=True).new_page()
    spectator.goto(f"{live_server.url}/")
    spectator.click(f"a[href='/events/{event.slug}/']")
    upcoming = spectator.locator("[data-testid=upcoming-rounds] time")
    expect(upcoming).to_have_count(4)  # rounds 2 to 5, not paired yet
    expect(upcoming.first).to_have_attribute("datetime", "2026-11-20T14:00:00+07:00")
    expect(upcoming.last).to_have_attribute("datetime", "2026-11-22T08:00:00+07:00")
    shot(spectator, "event-schedule")
    with spectator.expect_download() as download:
        spectator.click("[data-testid=rounds-calendar]")
    calendar = Calendar.from_ical(open(download.value.path(), "rb").read())
    starts = [e.decoded("dtstart").isoformat() for e in calendar.walk("VEVENT")]
    assert starts == ["2026-11-20T08:30:00+07:00", "2026-11-20T14:00:00+07:00",
                      "2026-11-21T08:00:00+07:00", "2026-11-21T14:00:00+07:00",
                      "2026-11-22T08:00:00+07:00"]
    spectator.click(f"a[href='/events/{event.slug}/rounds/1/']")
    expect(spectator.locator("[data-testid=round-start]")).to_contain_text("08:30")
    shot(spectator, "round-start")
