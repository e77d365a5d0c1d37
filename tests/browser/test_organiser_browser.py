"""The organisers' pages in Chromium at 390×844 (phone) and 1366×768 (laptop), each with
a screenshot in test-artifacts/screenshots/: the entries page's actions in view with labelled
narrow boxes, a player's details corrected with the history shown, an updated list imported
again, the statute form in words with the sections of other formats hidden, the confirmations
before destructive actions, and roles given by searching users."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, club_admin_of, swiss_event

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


def _both_sizes(page, shot, name):
    """A screenshot at the phone's size and at the laptop's; the page fits both."""
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(size)
        assert _fits(page), f"{name} is wider than the {label}"
        shot(page, f"{name}-{label}")


def test_player_corrected_with_the_history_shown(live_server, page, login, shot, make_event,
                                                  organiser):
    event = swiss_event(make_event, organiser, 4)
    player = event.entries.order_by("pk").first().player
    club_admin_of(organiser, player)  # the organisations' tree's right to correct him
    page.set_viewport_size(PHONE)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/entries/")
    page.get_by_role("link", name=player.full_name).click()
    form = page.locator("[data-testid=player-form]")
    form.locator("#id_rating").fill("2222")
    form.locator("#id_club").fill("CLB Đà Nẵng")
    form.locator("#id_reason").fill("Bảng Elo mới")
    form.locator("button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("Đã lưu thông tin của đấu thủ.")
    history = page.locator("[data-testid=player-history] tbody tr").first
    expect(history).to_contain_text("organiser")
    expect(history).to_contain_text("CLB Đà Nẵng")
    expect(history).to_contain_text("Bảng Elo mới")
    player.refresh_from_db()
    assert (player.rating, player.club) == (2222, "CLB Đà Nẵng")
    _both_sizes(page, shot, "player")


def _workbook(path, rows):
    from openpyxl import Workbook

    wb = Workbook()
    wb.active.append(["Họ và tên", "Năm sinh", "Mã VĐV", "Elo"])
    for row in rows:
        wb.active.append(row)
    wb.save(path)
    return str(path)


def test_updated_list_imported_again(live_server, page, login, shot, make_event, organiser,
                                     tmp_path, settings):
    from tournaments.models import Entry, Player

    settings.MEDIA_ROOT = str(tmp_path / "media")
    event = make_event(format="swiss", rounds=5)
    login(page, "organiser")
    url = f"{live_server.url}/manage/{event.slug}/import/"
    page.goto(url)
    page.set_input_files("input[type=file]", _workbook(tmp_path / "a.xlsx", [
        ["Nguyễn Văn An", 1990, "V1", 2000], ["Trần Thị Bình", 1995, "V2", 1900]]))
    page.locator("main form button[type=submit]").first.click()
    page.locator("[data-testid=import-confirm]").click()
    expect(page.locator("[data-testid=job-status]")).to_have_text("Xong")
    club_admin_of(organiser, *Player.objects.all())  # the tree's right to correct them
    # The federation's new list: An's rating changed, a newcomer, a row without a name.
    page.goto(url)
    page.set_input_files("input[type=file]", _workbook(tmp_path / "b.xlsx", [
        ["Nguyễn Văn An", 1990, "V1", 2040], ["Trần Thị Bình", 1995, "V2", 1900],
        ["Lê Văn Cường", 2001, "V3", 1800], ["", 1999, "V4", 1700]]))
    page.locator("main form button[type=submit]").first.click()
    expect(page.locator("[data-testid=import-choice]")).to_be_visible()
    expect(page.locator("[data-testid=row-changes]").first).to_contain_text("2000 → 2040")
    expect(page.locator("[data-testid=preview-existing]")).to_contain_text("2 dòng")
    _both_sizes(page, shot, "reimport-preview")
    page.locator("[data-testid=existing-update]").check()
    page.locator("[data-testid=import-confirm-valid]").click()
    expect(page.locator("[data-testid=import-skipped]")).to_contain_text("Dòng 5")
    expect(page.locator("[data-testid=import-updated]")).to_be_visible()
    _both_sizes(page, shot, "reimport-done")
    assert Player.objects.get(national_id="V1").rating == 2040
    assert Entry.objects.filter(event=event).count() == 3


def test_statute_form_in_words_with_sections_for_the_event(live_server, page, login, shot,
                                                           organiser):
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/new/")
    knockout, team = (page.locator("[data-testid=section-knockout]"),
                      page.locator("[data-testid=section-team]"))
    page.select_option("#id_format", "swiss")
    expect(knockout).to_be_hidden()
    expect(team).to_be_hidden()
    _both_sizes(page, shot, "statute-swiss")
    page.select_option("#id_format", "ko")
    expect(knockout).to_be_visible()
    # The chain of a tied match in words, not codes (appendix §2).
    expect(page.locator("#id_tiebreak_games option:checked")).not_to_contain_text("rapid 2")
    page.select_option("#id_participant_kind", "team")
    expect(team).to_be_visible()
    _both_sizes(page, shot, "statute-knockout-team")
    page.set_viewport_size(PHONE)
    knockout.screenshot(path=str(shot(page, "statute-knockout-section-phone")))


def test_closing_a_round_asks_in_a_dialog(live_server, page, login, shot, make_event, organiser,
                                          chief_arbiter):
    from tests.tournaments.builders import rr_scenario
    from tournaments.models import Round

    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")
    login(page, "chief")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/manage/{ctx['event'].slug}/rounds/1/")
    page.click("[data-testid=close-round]")
    dialog = page.locator("[data-testid=confirm-dialog]")
    expect(dialog).to_contain_text("Kết thúc vòng 1?")
    shot(page, "close-round-dialog-phone")
    page.click("[data-testid=confirm-no]")
    expect(dialog).to_have_count(0)
    assert Round.objects.get(pk=ctx["round1"].pk).status == "published"
    page.set_viewport_size(LAPTOP)
    page.click("[data-testid=close-round]")
    shot(page, "close-round-dialog-laptop")
    page.click("[data-testid=confirm-yes]")
    expect(page.locator(".badge.completed")).to_be_visible()
    assert Round.objects.get(pk=ctx["round1"].pk).status == "completed"


def test_roles_given_by_searching_people(live_server, page, login, shot, make_event,
                                         organiser):
    from tests.tournaments.builders import UserFactory
    from tournaments.models import EventRole

    event = make_event(format="rr", rounds=3)
    minh = UserFactory(username="ttminh", first_name="Minh", last_name="Trần Tuấn")
    UserFactory(username="minhanh", first_name="Anh", last_name="Lê Minh")
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/roles/")
    # Only an exact username or e-mail finds someone new to the event (nobody is listed for
    # a part of a name: the search tells no one who has an account).
    page.locator("[data-testid=user-search]").press_sequentially("TTMinh", delay=30)
    results = page.locator("[data-testid=user-results]")
    expect(results.locator("input[name=user_id]")).to_have_count(1)
    results.get_by_text("Minh Trần Tuấn").click()
    page.select_option("#id_role", "arbiter")
    _both_sizes(page, shot, "roles-search")
    # The appointment form's button (the invitation form below it has its own).
    page.locator("main form.stack button[type=submit]:not([data-testid=invite])").click()
    expect(page.locator("main .cards")).to_contain_text("ttminh")
    assert EventRole.objects.filter(event=event, user=minh, role="arbiter").exists()
