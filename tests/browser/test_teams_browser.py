"""Team events in Chromium (appendix §4): the organiser registers a team by searching the
register for each board; an arbiter records a line-up with a reserve and an empty board on the
round page, and in another match the team's choice of the last board with the others moving
up; a visitor reads the match board by board."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PlayerFactory, roster, team_event
from tournaments.models import Board, Entry
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db(transaction=True)


def test_team_registration_and_lineup_through_the_pages(live_server, page, login, shot,
                                                        make_event, organiser, chief_arbiter,
                                                        arbiter):
    url = live_server.url
    event = team_event(make_event, organiser, chief_arbiter, teams=4, name="Đồng đội thử")
    event_visibility_set(event=event, actor=organiser, public=True)

    # Registering another team is refused once round 1 is published, but the form and the
    # register search work: fill the slots by searching without diacritics.
    newcomers = [PlayerFactory(full_name=f"Trần Thị Mới {i}", rating=1900 - i) for i in range(5)]
    login(page, "organiser")
    page.goto(f"{url}/manage/{event.slug}/teams/new/")
    page.fill("input[name=name]", "Đội Thử Mới")
    for slot, player in enumerate(newcomers, start=1):
        page.fill(f"[data-testid=slot-{slot}-search]", f"tran thi moi {player.full_name[-1]}")
        page.locator(f"#slot-{slot}-results button").first.click()
        expect(page.locator(f"[data-testid=slot-{slot}-player]")).to_have_text(
            player.full_name)
    shot(page, "team-form")
    page.locator("[data-testid=team-form] button[type=submit]").click()
    expect(page.locator(".msg.error")).to_be_visible()  # the tables are already drawn
    assert not Entry.objects.filter(event=event, team__name="Đội Thử Mới").exists()

    # The arbiter: the first team's board-2 player is absent (the reserve sits on board 2),
    # and nobody plays board 4 for it.
    board = Board.objects.get(round__event=event, round__number=1, number=1)
    (a1, a2, a3, a4), (reserve,) = roster(board.white)
    login(page, "arbiter")
    page.goto(f"{url}/manage/{event.slug}/rounds/1/")
    lineup = page.locator("[data-testid=lineup-1]")
    lineup.locator("summary").click()
    lineup.locator("select[name=first_2]").select_option(str(reserve.pk))
    lineup.locator("select[name=first_4]").select_option("")
    shot(page, "lineup-form")
    lineup.locator("button[type=submit]").click()
    # The page reloads with the new line-up: board 2 of match 1 shows the reserve.
    expect(page.locator("tr[data-game]").nth(1)).to_contain_text(reserve.full_name)
    games = list(board.games.order_by("number"))
    assert [g.first_player_id for g in games] == [a1.pk, reserve.pk, a3.pk, None]
    assert games[3].result == "+/-"  # board 4: the first team has Black and nobody
    # A match with a partial score (board 4 forfeited) still waits for its result.
    match_row = page.locator(f"tr[data-board='{board.pk}']")
    expect(match_row.locator("[data-match-result]")).to_have_text("0–1")
    expect(page.locator("#open-count")).to_have_attribute("data-open", "2")
    page.wait_for_selector("#results[data-ready]")  # the reloaded page listens (results.js)
    page.locator("tr[data-game]").first.locator("button.rb[data-result='1/2-1/2']").click()
    expect(page.locator("tr[data-game]").first.locator(".row-status")).to_have_text("đã lưu")
    expect(match_row.locator("[data-match-result]")).to_have_text("½–1½")
    expect(page.locator("#open-count")).to_have_attribute("data-open", "2")

    # Match 2: this team chooses the other way (appendix §4, the team's right): its board-2
    # player rests, boards 3 and 4 move up and the reserve plays the last board.
    match2 = Board.objects.get(round__event=event, round__number=1, number=2)
    (c1, c2, c3, c4), (c_reserve,) = roster(match2.white)
    lineup = page.locator("[data-testid=lineup-2]")
    lineup.locator("summary").click()
    lineup.locator("[data-testid=first-substitution-2]").select_option("last")
    for board_number, player in ((2, c3), (3, c4), (4, c_reserve)):
        lineup.locator(f"select[name=first_{board_number}]").select_option(str(player.pk))
    shot(page, "lineup-last-board")
    lineup.locator("button[type=submit]").click()
    # After the reload, match 2's board 2 (the sixth game row) shows the player moved up.
    expect(page.locator("tr[data-game]").nth(5)).to_contain_text(c3.full_name)
    match2.refresh_from_db()
    assert match2.first_substitution == "last"
    assert [g.first_player_id for g in match2.games.order_by("number")] == [
        c1.pk, c3.pk, c4.pk, c_reserve.pk]

    # A visitor reads the match board by board.
    page.goto(f"{url}/events/{event.slug}/rounds/1/")
    boards = page.locator("[data-testid=pairings]")
    expect(boards).to_contain_text(reserve.full_name)
    expect(boards).to_contain_text("−/+")  # read from the first team
    shot(page, "round-public")
