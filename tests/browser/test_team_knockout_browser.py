"""A team knockout of 8 teams in Chromium (appendix §2 "mỗi cặp đấu (hoặc 2 đội)", "8 đội";
appendix §4): the chief arbiter starts the bracket from the dashboard and publishes it; an
arbiter types every board's result on the round pages; the level matches of round 1 are decided
by the statute's rule (board 1 first, the law's rule for teams level on points); a visitor on a
phone reads the bracket to the champion."""

import re

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, team_event
from tournaments.models import Board, Entry
from tournaments.selectors.knockout import event_bracket
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db(transaction=True)


def type_results(page, url, slug, number, keys, inputs):
    """Type ``keys`` on the round's result inputs, one per board, in page order."""
    page.goto(f"{url}/manage/{slug}/rounds/{number}/")
    fields = page.locator("input.result-input")
    expect(fields).to_have_count(inputs)
    fields.first.click()
    for key in keys:
        page.keyboard.type(key)  # each key saves and moves to the next board
    # Saves go one at a time in the order typed: each input holds its stored code once its
    # answer is in (each save waited for in turn, not the whole round in one time limit).
    for k in range(inputs):
        expect(fields.nth(k)).to_have_attribute("data-code", re.compile(r"."))
    expect(page.locator("#open-count")).to_have_attribute("data-open", "0")


def test_eight_team_knockout_runs_to_the_end_from_the_pages(live_server, page, browser, login,
                                                            shot, make_event, organiser,
                                                            chief_arbiter, arbiter):
    url = live_server.url
    event = team_event(make_event, organiser, chief_arbiter, teams=8, boards=4, schedule=False,
                       format="ko", name="Cúp đồng đội thử")
    event_visibility_set(event=event, actor=organiser, public=True)

    login(page, "chief")
    page.goto(f"{url}/manage/{event.slug}/")
    page.locator("[data-testid=bracket-start] select").select_option("rating")
    page.click("[data-testid=bracket-start] [data-testid=draw]")
    page.click("text=Công bố vòng này và các vòng sau")
    expect(page.locator(".badge.published")).to_be_visible()

    login(page, "arbiter")
    # Round 1: White wins on every board, so each team wins its two White boards: 2–2, and the
    # statute's rule (board 1 first) sends the team with White on board 1 through.
    type_results(page, url, event.slug, 1, ["1"] * 16, 16)
    shot(page, "round-1-level-matches")
    for board in Board.objects.filter(round__event=event, round__number=1):
        assert board.result == "1-0"  # the first-named team had White on board 1
    # Rounds 2 and 3: the first-named team wins board 1 and 3 with White and board 2, 4 with
    # Black ("0": a Black win there), 4–0.
    type_results(page, url, event.slug, 2, ["1", "0", "1", "0"] * 2, 8)
    type_results(page, url, event.slug, 3, ["1", "0", "1", "0"], 4)

    login(page, "chief")
    for number in (1, 2, 3):
        page.goto(f"{url}/manage/{event.slug}/rounds/{number}/")
        page.click("[data-testid=close-round]")
        page.click("[data-testid=confirm-yes]")  # closing asks first
        expect(page.locator(".badge.completed")).to_be_visible()

    bracket = event_bracket(event, staff=False)
    assert bracket.finished and bracket.champion is not None
    final = Board.objects.get(round__event=event, match_code="A3.1")
    assert bracket.champion.pk == final.white_id
    phone = browser.new_context(viewport=PHONE, is_mobile=True)
    visitor = phone.new_page()
    visitor.goto(f"{url}/events/{event.slug}/bracket/")
    expect(visitor.locator("[data-testid=champion]")).to_contain_text(
        Entry.objects.get(pk=final.white_id).name)
    expect(visitor.locator("[data-testid=tie-rule]")).to_contain_text("bàn 1")
    visitor.locator("#match-A1-1 summary").click()
    expect(visitor.locator("#match-A1-1")).to_contain_text("phân định theo bàn 1 trước")
    expect(visitor.locator("#match-A1-1")).to_contain_text("2–2")
    width = visitor.evaluate("document.documentElement.scrollWidth")
    shot(visitor, "phone-bracket")
    assert width <= PHONE["width"] + 1
    phone.close()
