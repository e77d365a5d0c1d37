"""A 20-player Swiss event through the web pages, in Chromium, end to end:

- the organiser creates the event from the statute form (the law's defaults filled in, the law's
  guidance on the number of rounds), registers 19 players by searching the register without
  diacritics and one by quick-add, appoints a chief arbiter and an arbiter, makes it public;
- the chief arbiter pairs round 1 from the dashboard, reviews it (no rule broken) and publishes;
- the arbiter enters every result from the keyboard (1, =, 0, +, -), the open-board counter
  going down to 0, while a visitor's phone shows the results coming in by itself;
- the chief arbiter closes the round;
- a visitor on a phone (390×844) finds the event, reads the standings with the tie-break
  columns and the reason for each tie, and switches the language VI → EN → VI.

Then two arbiters on the same board at once (the second is told, nothing is overwritten), a
correction of a closed round with its reason, kept in the board's history, and a large event's
pairing followed on its job's page until the page moves on to the round."""

import re

import pytest
from django.utils import translation
from playwright.sync_api import expect

from scoring.presets import LAW_COEFFICIENT
from tests.tournaments.builders import PHONE, PlayerFactory, swiss_event
from tournaments.models import Board, Entry, Event, EventRole, Job, JobStage, Round
from tournaments.selectors.rounds import board_history
from tournaments.services.events import event_visibility_set
from tournaments.services.jobs import Progress
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_publish
from tournaments.services.swiss import swiss_round_pair
from tournaments.tasks import round_pair
from tournaments.text import fold
from tournaments.tiebreak_labels import heading

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = [
    "Nguyễn Thành Bảo", "Trần Văn Cường", "Lê Thị Diệu", "Phạm Quốc Đạt", "Hoàng Minh Đức",
    "Võ Thị Giang", "Đặng Hữu Hải", "Bùi Văn Hưng", "Đỗ Thị Khánh", "Hồ Quang Lâm",
    "Ngô Thị Mai", "Dương Văn Nam", "Lý Thị Oanh", "Vũ Đình Phúc", "Trịnh Văn Quang",
    "Đinh Thị Sương", "Mai Văn Tâm", "Cao Thị Uyên", "Tạ Văn Vinh",
]
KEYS = {"1": "1-0", "=": "1/2-1/2", "0": "0-1", "+": "+/-", "-": "-/+"}
TYPED = ["1", "=", "0", "+", "-", "1", "=", "0", "1", "0"]


def _staff_page(browser, login, username):
    page = browser.new_context().new_page()
    login(page, username)
    return page


def test_swiss_event_through_the_web_pages(live_server, page, browser, login, shot, monkeypatch,
                                           organiser, chief_arbiter, arbiter):
    # Public pages refresh themselves every second here (30 s in use).
    monkeypatch.setattr("tournaments.views.public_context.REFRESH_SECONDS", 1)
    url = live_server.url
    for k, name in enumerate(NAMES):
        PlayerFactory(full_name=name, rating=2200 - 10 * k, club="CLB Cờ Tướng Thử")

    # --- The organiser creates the event from the statute form. ---
    login(page, "organiser")
    page.goto(f"{url}/manage/")
    page.click("[data-testid=new-event]")
    expect(page).to_have_url(f"{url}/manage/new/")
    expect(page.locator("#id_format")).to_have_value("swiss")  # the form's starting point
    expect(page.locator("#id_forfeit_minutes")).to_have_value("15")  # Art. 10.2.1 a
    expect(page.locator("#id_points_draw")).to_have_value("0.5")  # Art. 21.1
    page.fill("#id_name", "Giải Cờ Tướng Hệ Thụy Sĩ Thử")
    page.fill("#id_start_date", "2026-12-05")
    page.fill("#expected-players", "20")  # the law's guidance for 20 players: 7 to 9 rounds
    expect(page.locator("[data-testid=rounds-guidance]")).to_contain_text("7 đến 9 vòng")
    page.fill("#id_rounds", "7")
    # Art. 21.4: an official Swiss chooses its order; the first named order puts the law's
    # coefficient (Art. 21.3, SB) first.
    widget = page.locator("[data-testid=tiebreak-widget]")
    expect(widget.locator(".tb-preset")).to_have_value("law-coefficient")
    widget.locator(".tb-use-preset").click()
    shot(page, "statute-form")
    page.locator("form.stack button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/manage/[\w-]+/entries/$"))  # created
    event = Event.objects.get(name="Giải Cờ Tướng Hệ Thụy Sĩ Thử")
    expect(page).to_have_url(f"{url}/manage/{event.slug}/entries/")
    page.wait_for_selector("body[data-ready]")  # htmx listens: the search asks as one types
    assert (event.format, event.rounds, event.time_base_minutes) == ("swiss", 7, 90)
    assert event.tiebreaks[:2] == ["SB", "BH/C1"]

    # --- 19 players from the register, searched without diacritics, then one quick-added. ---
    for name in NAMES:
        page.fill("[data-testid=player-search]", fold(name))  # "nguyen thanh bao"
        found = page.locator("#player-results li", has_text=name)
        expect(found).to_have_count(1)
        found.locator("button", has_text="Đăng ký").click()
        expect(page.locator(".messages")).to_contain_text(name)  # the page after the POST
        page.wait_for_selector("body[data-ready]")  # htmx listens before the next name is typed
    page.locator("[data-testid=quick-add] summary").click()
    quick = page.locator("form[action$='/entries/quick-add/']")
    quick.locator("#id_full_name").fill("Lê Quang Mới")
    quick.locator("#id_rating").fill("1500")
    quick.locator("#id_club").fill("CLB Mới")
    quick.locator("button[type=submit]").click()
    expect(page.locator(".messages")).to_contain_text("Lê Quang Mới")
    expect(page.locator("[data-testid=entries] tbody tr")).to_have_count(20)
    assert Entry.objects.filter(event=event).count() == 20
    shot(page, "entries")

    # --- Appoint the chief arbiter and an arbiter, make the event public. ---
    page.goto(f"{url}/manage/{event.slug}/roles/")
    for username, role in (("chief", "chief"), ("arbiter", "arbiter")):
        page.fill("#id_username", username)
        page.select_option("#id_role", role)
        page.locator("main form.stack button[type=submit]:not([data-testid=invite])").click()
        expect(page.locator("main .cards")).to_contain_text(username)
    shot(page, "roles")
    assert set(EventRole.objects.filter(event=event).values_list("user__username", "role")) >= {
        ("chief", "chief"), ("arbiter", "arbiter")}
    page.goto(f"{url}/manage/{event.slug}/")
    page.locator("form[action$='/visibility/'] button").click()
    expect(page.locator("form[action$='/visibility/'] input[name=public]")).to_have_value("0")

    # --- The chief arbiter pairs round 1 from the dashboard, reviews and publishes it. ---
    chief = _staff_page(browser, login, "chief")
    chief.goto(f"{url}/manage/")
    chief.click(f"[data-testid=manage-{event.slug}]")
    shot(chief, "dashboard")
    chief.click("[data-testid=draw]")
    expect(chief).to_have_url(f"{url}/manage/{event.slug}/rounds/1/")
    expect(chief.locator("[data-testid=no-warnings]")).to_be_visible()  # no rule broken
    expect(chief.locator("input.result-input:disabled")).to_have_count(10)  # a draft
    shot(chief, "round-1-draft")
    chief.click("[data-testid=publish]")
    expect(chief.locator("h2 .badge.published")).to_be_visible()

    # A visitor's phone shows round 1 while it is played: it refreshes itself.
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    visitor = phone.new_page()
    visitor.goto(f"{url}/events/{event.slug}/rounds/1/")
    expect(visitor.locator("#live[hx-trigger]")).to_have_count(1)
    expect(visitor.locator("table.data tbody tr.pending")).to_have_count(10)

    # --- The arbiter enters every result from the keyboard. ---
    arbiter_page = _staff_page(browser, login, "arbiter")
    arbiter_page.goto(f"{url}/manage/{event.slug}/rounds/1/")
    open_count = arbiter_page.locator("#open-count")
    expect(open_count).to_have_attribute("data-open", "10")
    inputs = arbiter_page.locator("input.result-input")
    expect(inputs).to_have_count(10)
    inputs.first.click()
    for key in TYPED[:5]:
        arbiter_page.keyboard.type(key)  # the cursor moves to the next board by itself
    expect(open_count).to_have_attribute("data-open", "5")
    expect(open_count).to_contain_text("5 bàn chưa có kết quả")
    shot(arbiter_page, "results-half-entered")
    for key in TYPED[5:]:
        arbiter_page.keyboard.type(key)
    expect(open_count).to_have_attribute("data-open", "0")
    expect(open_count).to_have_text("Đã đủ kết quả.")
    expect(arbiter_page.locator("tr.pending")).to_have_count(0)
    shot(arbiter_page, "results-entered")
    boards = list(Board.objects.filter(round__event=event, round__number=1).order_by("number"))
    assert [b.result for b in boards] == [KEYS[k] for k in TYPED]

    # The visitor's page caught up without being reloaded.
    expect(visitor.locator("table.data tbody tr.pending")).to_have_count(0)
    shot(visitor, "phone-round-live")
    # The part it swapped still answers: "find my board" narrows the list as one types.
    seats = visitor.locator("details.seat-list tr[data-board]:not(.seat-hidden)")
    visitor.fill("#find-board-q", fold(NAMES[0]))
    expect(seats).to_have_count(1)
    expect(seats).to_contain_text(NAMES[0])

    # --- The chief arbiter closes the round. ---
    chief.reload()
    chief.click("[data-testid=close-round]")
    chief.click("[data-testid=confirm-yes]")  # closing asks first
    expect(chief.locator("h2 .badge.completed")).to_be_visible()
    assert Round.objects.get(event=event, number=1).status == "completed"
    # The visitor's page swaps again (the round is closed): what was typed in "find my board"
    # stays, and the new list is narrowed to it.
    expect(visitor.locator("#live h2 .badge.completed")).to_be_visible()
    expect(visitor.locator("#find-board-q")).to_have_value(fold(NAMES[0]))
    expect(seats).to_have_count(1)
    expect(seats).to_contain_text(NAMES[0])

    # --- A visitor on a phone: the event list, the event, the standings. ---
    visitor.goto(f"{url}/")
    visitor.get_by_role("link", name="Giải Cờ Tướng Hệ Thụy Sĩ Thử").click()
    shot(visitor, "phone-overview")
    visitor.locator("nav.tabs a", has_text="Xếp hạng").click()
    expect(visitor).to_have_url(re.compile(r"/standings/$"))
    table = visitor.locator("[data-testid=standings]")
    expect(table.locator("tbody tr")).to_have_count(20)
    headers = table.locator("thead th").all_inner_texts()
    # Rank, name, points, rating, the statute's tie-breaks in order (law-coefficient), club,
    # province / federation, the reason for each tie.
    assert headers[0] == "Hạng" and headers[-1] == "Phân định bằng"
    assert headers[2:4] == ["Điểm", "Hệ số Elo"]
    assert headers[-3:-1] == ["Câu lạc bộ", "Tỉnh/thành · liên đoàn"]
    with translation.override("vi"):
        assert headers[4:-3] == [heading(code) for code in LAW_COEFFICIENT[1:]]
    points = [float(x.replace("½", ".5").replace(",", ".") or 0) for x in
              table.locator("tbody td.pts").all_inner_texts()]
    assert sum(points) == 10  # ten boards, one point each (forfeits included)
    reasons = [r for r in table.locator("tbody td.reason").all_inner_texts() if r.strip()]
    assert reasons, "ties among 20 players after one round are explained"
    # The page fits the phone; the wide table scrolls inside its box, the names stay in view.
    assert visitor.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    wrap = visitor.locator(".table-wrap").first
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")
    shot(visitor, "phone-standings")
    wrap.evaluate("el => el.scrollLeft = el.scrollWidth")
    name_box = table.locator("tbody tr").first.locator("td.name").bounding_box()
    wrap_box = wrap.bounding_box()
    assert name_box["x"] >= wrap_box["x"] - 1  # sticky: still at the left edge
    shot(visitor, "phone-standings-scrolled")

    # --- The language: Vietnamese by default, English on request, and back. ---
    expect(visitor.locator("html")).to_have_attribute("lang", "vi")
    visitor.click("[data-testid=lang-en]")
    expect(visitor.locator("html")).to_have_attribute("lang", "en")
    expect(visitor).to_have_url(re.compile(r"/standings/$"))
    expect(table.locator("thead th").first).to_have_text("Rank")
    expect(table.locator("thead th").last).to_have_text("Tie broken by")
    expect(visitor.locator("nav.tabs a.active")).to_have_text("Standings")
    shot(visitor, "phone-standings-en")
    visitor.click("[data-testid=lang-vi]")
    expect(visitor.locator("html")).to_have_attribute("lang", "vi")
    expect(table.locator("thead th").first).to_have_text("Hạng")
    expect(visitor.locator("nav.tabs a.active")).to_have_text("Xếp hạng")
    visitor.goto(f"{url}/events/{event.slug}/crosstable/")
    expect(visitor.locator("[data-testid=crosstable] tbody tr")).to_have_count(20)
    shot(visitor, "phone-crosstable")
    phone.close()


@pytest.fixture
def round_in_play(make_event, organiser, chief_arbiter):
    """A public 6-player Swiss event with round 1 published, no result yet."""
    event = swiss_event(make_event, organiser, 6, rounds=5, name="Giải hai trọng tài")
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=7)
    round_publish(round_=round_, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    return round_


def test_two_arbiters_on_the_same_board(live_server, browser, login, shot, round_in_play):
    url = f"{live_server.url}/manage/{round_in_play.event.slug}/rounds/1/"
    first = _staff_page(browser, login, "arbiter")
    second = _staff_page(browser, login, "chief")
    for page in (first, second):
        page.goto(url)  # both see board 1 without a result (version 0)
        expect(page.locator("#open-count")).to_have_attribute("data-open", "3")

    first.locator("input.result-input").first.click()
    first.keyboard.type("1")
    expect(first.locator("tr[data-board] .row-status").first).to_have_text("đã lưu")

    second.locator("input.result-input").first.click()
    second.keyboard.type("0")  # over a version that is no longer the board's
    row = second.locator("tr[data-board]").first
    expect(row).to_have_class(re.compile(r"\bstale\b"))
    # Told who changed it and what is stored now, not the value it had.
    expect(row.locator(".row-status")).to_contain_text("arbiter vừa thay đổi")
    expect(row.locator("input.result-input")).to_have_value("1-0")
    expect(row.locator("button.rb[data-result='1-0']")).to_have_attribute("aria-pressed", "true")
    # It stays so until the second arbiter decides: keep the stored one.
    row.locator("button[data-decide=theirs]").click()
    expect(row.locator(".row-status")).to_have_text("đã lưu")
    shot(second, "second-arbiter-told")
    board = Board.objects.get(round=round_in_play, number=1)
    assert (board.result, board.version) == ("1-0", 1)
    changes = [[(c.before_value, c.after_value) for c in line.changes]
               for line in board_history(board)]
    assert changes[1:] == [[(None, "1-0")]]  # one result, entered once


def test_correction_of_a_closed_round_with_its_reason(live_server, browser, login, shot,
                                                      round_in_play, arbiter, chief_arbiter):
    for board in round_in_play.boards.filter(black__isnull=False):
        result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
    round_complete(round_=round_in_play, actor=chief_arbiter)
    board = round_in_play.boards.get(number=1)
    url = f"{live_server.url}/manage/{round_in_play.event.slug}/rounds/1/"

    # An arbiter may not correct a closed round: told so before being asked for a reason;
    # nothing changes.
    page = _staff_page(browser, login, "arbiter")
    page.goto(url)
    asked = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.locator("input.result-input").first.click()
    page.keyboard.type("0")
    expect(page.locator("tr[data-board] .row-status").first).to_contain_text(
        "chỉ Tổng trọng tài và Ban tổ chức")
    expect(page.locator("input.result-input").first).to_have_value("1-0")
    assert asked == []
    board.refresh_from_db()
    assert (board.result, board.version) == ("1-0", 1)

    # The chief arbiter corrects it: no reason, no correction; with a reason, saved.
    page = _staff_page(browser, login, "chief")
    page.goto(url)
    reason = page.locator("[data-testid=reason-dialog]")  # the page's dialog, no prompt()
    cell = page.locator("input.result-input").first
    cell.click()
    page.keyboard.type("0")
    expect(reason).to_be_visible()
    reason.locator("[data-testid=reason-cancel]").click()
    expect(cell).to_have_value("1-0")
    board.refresh_from_db()
    assert board.result == "1-0"
    cell.click()
    page.keyboard.type("0")
    reason.locator("textarea").fill("Biên bản ghi nhầm kết quả bàn 1")
    reason.locator("[data-testid=reason-save]").click()
    expect(page.locator("tr[data-board] .row-status").first).to_have_text("đã lưu")
    board.refresh_from_db()
    assert (board.result, board.version) == ("0-1", 2)

    # The board's history shows the correction, who made it and why.
    page.click("[data-testid=history-1]")
    history = page.locator("[data-testid=history]")
    expect(history.locator("tbody tr")).to_have_count(3)  # paired, entered, corrected
    last = history.locator("tbody tr").last
    expect(last).to_contain_text("chief")
    expect(last).to_contain_text("1-0 → 0-1")
    expect(last).to_contain_text("Biên bản ghi nhầm kết quả bàn 1")
    expect(page.locator("[data-testid=current-result]")).to_have_text("0-1")
    shot(page, "board-history")


def test_a_large_event_s_pairing_is_followed_on_its_job_page(
        live_server, browser, login, shot, settings, monkeypatch, make_event, organiser,
        chief_arbiter):
    """The dashboard's button starts a pairing job; its page says the stage while a worker
    pairs, then moves on to the round by itself. The pairing's old address leads there too."""
    settings.SWISS_ASYNC_MIN_ENTRIES = 10
    sent = []  # the worker: this test, below
    monkeypatch.setattr("tournaments.services.jobs.task_send",
                        lambda *, name, args, task_id: sent.append(args))
    event = swiss_event(make_event, organiser, 20, name="Giải đông đấu thủ")
    chief = _staff_page(browser, login, "chief")
    chief.goto(f"{live_server.url}/manage/{event.slug}/")
    chief.click("[data-testid=draw]")
    job = Job.objects.get(event=event)
    assert sent == [(job.pk,)]
    expect(chief).to_have_url(f"{live_server.url}/manage/jobs/{job.pk}/")
    expect(chief.locator("[data-testid=pairing-status]")).to_contain_text(
        "Đang bốc thăm vòng tiếp theo")
    Progress(job.pk)(3, 4, stage=JobStage.PAIRING)
    expect(chief.locator("[data-testid=pairing-status]")).to_contain_text(
        "Đang bốc thăm theo hệ Thụy Sĩ")
    shot(chief, "pairing-job")
    round_pair.apply(args=[job.pk])
    expect(chief).to_have_url(f"{live_server.url}/manage/{event.slug}/rounds/1/")
    expect(chief.locator(".messages")).to_contain_text("Đã bốc thăm vòng 1")
    chief.goto(f"{live_server.url}/manage/{event.slug}/pairing/{job.task_id}/")
    expect(chief).to_have_url(f"{live_server.url}/manage/jobs/{job.pk}/")
    expect(chief.locator("[data-testid=job-round]")).to_have_attribute(
        "href", f"/manage/{event.slug}/rounds/1/")
