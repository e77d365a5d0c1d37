"""A player's own page on a phone (390×844), in Chromium: the player opens the private link of
their slip, reads their next round, asks for a half-point bye in round 2 within the statute's
limit; the chief arbiter approves it on the players' requests page; the player reads the
answer; the chief arbiter pairs round 2 from the dashboard and the player has the half-point
bye, not a game."""

import random

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, play, round_table, swiss_event
from tournaments.models import Entry, Round
from tournaments.services.events import event_visibility_set
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_asks_a_bye_from_the_phone_and_the_next_pairing_gives_it(
        live_server, browser, login, shot, make_event, organiser, chief_arbiter, arbiter):
    event = swiss_event(make_event, organiser, 7, rounds=5, bye_limit=1, bye_last_round=4,
                        venue="Nhà văn hóa Thanh niên")
    event_visibility_set(event=event, actor=organiser, public=True)
    play(swiss_round_pair(event=event, actor=chief_arbiter, seed=7), arbiter, chief_arbiter,
         random.Random(7))
    player = Entry.objects.get(event=event, number=3)
    url = live_server.url

    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    phone.goto(f"{url}/p/{player.private_token}/")
    expect(phone.locator("[data-testid=player-name]")).to_contain_text(player.name)
    expect(phone.locator("[data-testid=not-paired]")).to_be_visible()  # round 2 not paired
    expect(phone.locator("[data-testid=player-games] tbody tr")).to_have_count(1)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.select_option("[data-testid=bye-round]", "2")
    phone.click("[data-testid=bye-send]")
    expect(phone.locator("[data-testid=request-status]")).to_have_text("Đang chờ trọng tài")
    # One bye per player: the form is gone, the statute's reason is shown.
    expect(phone.locator("[data-testid=bye-form]")).to_have_count(0)
    expect(phone.locator("[data-testid=bye-refusal]")).to_contain_text("tối đa 1 vòng")
    shot(phone, "asked")

    chief = browser.new_context().new_page()
    login(chief, "chief")
    chief.goto(f"{url}/manage/{event.slug}/requests/")
    request = chief.locator("[data-testid=player-request]")
    expect(request).to_contain_text(player.name)
    request.locator("input[name=answer]").fill("Đồng ý")
    request.locator("[data-testid=approve-request]").click()
    expect(chief.locator("[data-testid=player-request-status]")).to_have_text("Đã chấp thuận")

    phone.reload()
    expect(phone.locator("[data-testid=request-status]")).to_have_text("Đã chấp thuận")
    expect(phone.locator("[data-testid=requests]")).to_contain_text("Đồng ý")

    chief.goto(f"{url}/manage/{event.slug}/")
    chief.click("[data-testid=draw]")
    chief.wait_for_url(f"{url}/manage/{event.slug}/rounds/2/")
    round_2 = Round.objects.get(event=event, number=2)
    # Seven players, one on the requested bye: three games, no pairing bye, the H board last.
    assert round_table(round_2)[-1] == (3, None, "H")
    assert [bye for _w, _b, bye in round_table(round_2)] == ["", "", "", "H"]
    shot(phone, "approved")
