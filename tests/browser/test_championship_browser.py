"""A championship through the web pages, in Chromium (Art. 17.3): the organiser
creates a championship with two categories and a Swiss stage of 8 players (3 rounds), whose
rounds are paired and played through the API; then adds a knockout stage, sets the rule "top
4", previews who qualifies and qualifies them with the bracket drawn; the knockout is played
through the API; a visitor on a phone (390 px) reads the overall results."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, PlayerFactory, api_for
from tournaments.models import Board, Championship, Event, Game, Round, RoundStatus, Stage
from tournaments.services.championships import stage_register

pytestmark = pytest.mark.django_db(transaction=True)

# Whatever overflows a phone's width outside the boxes that scroll by design.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  return Array.from(document.querySelectorAll('body *')).filter(el => !el.closest(
    '.table-wrap, .tabs, .topnav') && el.getBoundingClientRect().right > width + 1).length;
}"""


def _stronger(white, black) -> str:
    return "1-0" if white.number < black.number else "0-1"


def _play_through_the_api(event: Event, chief) -> None:
    """Pair (Swiss) or take the drawn rounds, publish, enter every result, close: until the
    event has no round left. The stronger (lower number) wins every game."""
    api = api_for(chief)
    for _ in range(12):
        open_round = event.rounds_set.exclude(status=RoundStatus.COMPLETED).order_by("number")
        round_ = open_round.first()
        if round_ is None:
            if not event.format_rules.pairs_by_score or event.rounds_set.count() >= event.rounds:
                return
            assert api.post(f"/api/events/{event.pk}/rounds/", {}, format="json")\
                .status_code == 201
            continue
        if round_.status == RoundStatus.DRAFT:
            assert api.post(f"/api/rounds/{round_.pk}/publish/", {}, format="json")\
                .status_code == 200
        for board in Board.objects.filter(round=round_, black__isnull=False, result="")\
                .select_related("white", "black"):
            games = list(Game.objects.filter(board=board, result="").order_by("number"))
            for game in games:
                white, black = (board.white, board.black) if game.white_first else (
                    board.black, board.white)
                api.put(f"/api/games/{game.pk}/result/",
                        {"result": _stronger(white, black), "version": game.version},
                        format="json")
            if not games:
                api.put(f"/api/boards/{board.pk}/result/",
                        {"result": _stronger(board.white, board.black),
                         "version": board.version}, format="json")
        answer = api.post(f"/api/rounds/{round_.pk}/complete/", {}, format="json")
        assert answer.status_code == 200, answer.data
        round_ = Round.objects.get(pk=round_.pk)


def test_championship_through_the_web_pages(live_server, page, browser, login, shot,
                                            organiser, chief_arbiter):
    url = live_server.url
    page.set_viewport_size(PHONE)  # the organiser works on a phone too
    login(page, "organiser")
    page.goto(f"{url}/manage/")
    page.click("[data-testid=new-championship]")
    page.fill("#id_name", "Giải Vô địch Cờ Tướng Thử 2026")
    page.fill("#id_start_date", "2026-12-01")
    page.click("[data-testid=create-championship]")
    championship = Championship.objects.get(name="Giải Vô địch Cờ Tướng Thử 2026")
    expect(page).to_have_url(f"{url}/manage/championships/{championship.slug}/")
    for name in ("Nam", "Nữ"):
        page.fill("#id_category-name", name)
        page.click("[data-testid=add-category]")
    assert list(championship.categories.values_list("name", flat=True)) == ["Nam", "Nữ"]
    men = championship.categories.get(name="Nam")
    page.fill("#id_role-username", "chief")  # the chief arbiter of every stage
    page.select_option("#id_role-role", "chief")
    page.click("[data-testid=appoint]")
    expect(page.locator(".msg.success").first).to_be_visible()

    # The first category's Swiss stage: 8 players, 3 rounds.
    add_stage = page.locator("[data-testid=manage-category-1]")
    # The stage form is on the page, not folded away.
    expect(add_stage.locator("[data-testid=add-stage-form-1]")).to_be_visible()
    add_stage.locator("select[name=stage-format]").select_option("swiss")
    add_stage.locator("input[name=stage-rounds]").fill("3")
    add_stage.locator("[data-testid=add-stage-1]").click()
    expect(page.locator("[data-testid=manage-category-1]")).to_contain_text("Giai đoạn 1")
    stage = men.stages.get()
    stage_register(stage=stage, actor=organiser, players=PlayerFactory.create_batch(8))
    swiss = stage.events.get()
    # Art. 21.4: the Swiss stage's statute chooses its order before a round is published.
    assert api_for(organiser).patch(f"/api/events/{swiss.pk}/",
                                    {"tiebreak_preset": "law-coefficient"},
                                    format="json").status_code == 200
    api_for(organiser).post(f"/api/events/{swiss.pk}/numbers/", {"method": "rating"},
                            format="json")
    _play_through_the_api(swiss, chief_arbiter)

    # The knockout: the rule, the preview, qualify with the bracket drawn.
    page.reload()
    add_stage = page.locator("[data-testid=manage-category-1]")
    add_stage.locator("select[name=stage-format]").select_option("ko")
    add_stage.locator("[data-testid=add-stage-1]").click()
    knockout = men.stages.get(number=2)
    page.click(f"[data-testid=stage-{knockout.pk}]")
    page.select_option("#id_qualification", "top")
    page.fill("#id_qualifiers", "4")
    page.click("[data-testid=save-rule]")
    preview = page.locator("[data-testid=qualification-preview]")
    top = [swiss.entries.get(number=n).player.full_name for n in (1, 2, 3, 4)]
    for name in top:
        expect(preview).to_contain_text(name)
    assert page.evaluate(OVERFLOW) == 0
    shot(page, "qualification-preview")
    page.click("[data-testid=qualify]")
    expect(page.locator(".msg.success").first).to_be_visible()
    final = knockout.events.get()
    assert final.entries.count() == 4 and final.rounds_set.exists()
    _play_through_the_api(final, chief_arbiter)
    page.goto(f"{url}/manage/championships/{championship.slug}/")
    assert page.evaluate(OVERFLOW) == 0
    shot(page, "championship-dashboard")
    page.click("[data-testid=publish-championship]")

    # A visitor's phone: the event list, the championship, the overall results.
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{url}/")
    phone.click(f"text={championship.name}")
    assert phone.evaluate(OVERFLOW) == 0
    shot(phone, "championship-phone")
    phone.click(f"[data-testid=results-{men.pk}]")
    table = phone.locator("[data-testid=overall-results]")
    expect(table.locator("tbody tr")).to_have_count(8)
    expect(table.locator("tbody tr").first).to_contain_text(top[0])
    assert phone.evaluate(OVERFLOW) == 0
    shot(phone, "overall-results-phone")
    table.locator("tbody tr").first.locator("a").click()  # the champion's path
    expect(phone.locator("main li")).to_have_count(2)  # the Swiss, then the knockout
    assert phone.evaluate(OVERFLOW) == 0


def test_remove_a_stage_and_the_championship_on_a_phone(live_server, page, login, organiser,
                                                        chief_arbiter, arbiter):
    """The removal buttons ask first (the dialog of static/js/site.js, no inline script):
    "Cancel" keeps the stage; confirming removes it, then the championship, in Vietnamese."""
    from tests.tournaments.builders import championship_scenario

    ctx = championship_scenario(None, organiser, chief_arbiter)
    page.set_viewport_size(PHONE)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/championships/{ctx['championship'].slug}/")
    remove = page.get_by_test_id(f"remove-stage-{ctx['ko'].pk}")
    remove.click()
    dialog = page.get_by_test_id("confirm-dialog")
    expect(dialog).to_contain_text("giai đoạn cuối")
    page.get_by_test_id("confirm-no").click()
    assert Stage.objects.filter(pk=ctx["ko"].pk).exists()
    remove.click()
    dialog.get_by_role("button", name="Xóa giai đoạn này").click()
    expect(page.locator(".msg.success, .msg").filter(has_text="Đã xóa")).to_be_visible()
    assert not Stage.objects.filter(pk=ctx["ko"].pk).exists()
    assert page.evaluate(OVERFLOW) == 0
    page.wait_for_selector("body[data-ready]")  # the page after the removal asks first too
    page.get_by_test_id("remove-championship").click()
    page.get_by_test_id("confirm-dialog").get_by_role("button", name="Xóa giải vô địch").click()
    page.wait_for_url(f"{live_server.url}/manage/")
    assert not Championship.objects.filter(pk=ctx["championship"].pk).exists()
