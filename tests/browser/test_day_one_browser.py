"""Day one of a championship in Chromium, through the links as the organiser, the arbiter and
the spectator follow them, at 390×844 (phone) and 1366×768 (laptop), screenshots in
test-artifacts/screenshots/: the score sheets of a round printed from the round page through
the background job and back to the round; the event's Vietnamese address changed and the old
one leading to the new; an entry list with a repeated and a conflicting row imported from the
Registration tab; the Excel page keeping the event's tabs; the entries as a register searched
and sorted."""

import io
import re

import pytest
from openpyxl import Workbook
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.tournaments.builders import PHONE, swiss_event
from tournaments.models import Entry, Event, Player
from tournaments.services.events import event_visibility_set
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}


def _fits(page) -> bool:
    """Nothing wider than the window: the page itself never scrolls sideways."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def _both_sizes(page, shot, name, axe_violations=None):
    """A screenshot at the phone's size and at the laptop's; the page fits both, and axe
    finds nothing serious on it when asked."""
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(size)
        assert _fits(page), f"{name} is wider than the {label}"
        shot(page, f"{name}-{label}")
    if axe_violations is not None:
        assert axe_violations(page) == []


def test_score_sheets_from_the_round_page_through_the_job_and_back(
        live_server, page, login, shot, axe_violations, make_event, organiser, chief_arbiter,
        settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    settings.PDF_ASYNC_MIN_ROWS = 30  # four score sheets count 40 lines: built as a job
    event = swiss_event(make_event, organiser, 8, name="Giải Vô địch Cờ Tướng")
    swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    page.set_viewport_size(PHONE)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/")
    page.get_by_role("link", name="Vòng 1", exact=True).first.click()
    link = page.locator("[data-testid=pdf-scoresheets]")
    assert link.get_attribute("download") is None  # never saves the HTML as a file
    link.click()
    expect(page.locator("[data-testid=pdf-long]")).to_be_visible()
    _both_sizes(page, shot, "scoresheets-offer", axe_violations)
    # Without a broker (tests, the embedded mode) the job runs in the request that starts it:
    # the answer comes once a headless Chromium has printed the four sheets, which on a loaded
    # machine takes longer than an action's 30 s.
    page.locator("[data-testid=pdf-job-start]").click(timeout=120_000)
    expect(page.locator("[data-testid=job-status]")).to_have_text("Xong")
    _both_sizes(page, shot, "scoresheets-job", axe_violations)
    with page.expect_download() as download:
        page.locator("[data-testid=job-download]").click()
    assert download.value.suggested_filename == f"{event.slug}-scoresheets-r1.pdf"
    pdf = PdfReader(io.BytesIO(open(download.value.path(), "rb").read()))
    assert len(pdf.pages) == 4
    page.locator("[data-testid=job-back]").click()
    expect(page).to_have_url(f"{live_server.url}/manage/{event.slug}/rounds/1/")


def test_the_address_reads_vietnamese_is_changed_and_the_old_one_leads_on(
        live_server, page, login, shot, make_event, organiser):
    event = make_event(format="rr", name="Giải Vô địch Đồng đội")
    event_visibility_set(event=event, actor=organiser, public=True)
    assert event.slug == "giai-vo-dich-dong-doi"
    page.set_viewport_size(LAPTOP)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/")
    page.locator("nav.tabs").get_by_role("link", name="Điều lệ").click()
    slug = page.locator("#id_slug")
    expect(slug).to_have_value("giai-vo-dich-dong-doi")
    slug.fill("Vô địch!")  # refused with the reason, nothing changed
    page.locator("main form button[type=submit]").last.click()
    expect(page.locator("main")).to_contain_text("chữ thường không dấu")
    _both_sizes(page, shot, "address-refused")
    page.locator("#id_slug").fill("vo-dich-dong-doi-2026")
    page.locator("main form button[type=submit]").last.click()
    expect(page).to_have_url(f"{live_server.url}/manage/vo-dich-dong-doi-2026/")
    # A spectator's phone opens the old address (a QR code printed before the change).
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/events/giai-vo-dich-dong-doi/standings/")
    expect(page).to_have_url(f"{live_server.url}/events/vo-dich-dong-doi-2026/standings/")
    _both_sizes(page, shot, "address-redirected")
    assert Event.objects.get(pk=event.pk).slug == "vo-dich-dong-doi-2026"


def _workbook(path, rows):
    wb = Workbook()
    wb.active.append(["Họ và tên", "Năm sinh", "Câu lạc bộ", "Mã VĐV", "Elo"])
    for row in rows:
        wb.active.append(row)
    wb.save(path)
    return str(path)


def test_a_repeated_row_is_kept_once_and_a_conflict_is_picked_from_registration(
        live_server, page, login, shot, axe_violations, make_event, organiser, settings,
        tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    event = make_event(format="swiss", rounds=5)
    page.set_viewport_size(LAPTOP)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/")
    page.locator("nav.tabs").get_by_role("link", name="Đăng ký").click()
    page.locator("[data-testid=entries-import]").click()
    expect(page.locator("nav.tabs")).to_be_visible()  # the event's tabs stay
    page.set_input_files("input[type=file]", _workbook(tmp_path / "list.xlsx", [
        ["Nguyễn Văn An", 1990, "CLB Hà Nội", "V1", 2000],
        ["Trần Thị Bình", 1995, "CLB Huế", "V2", 1900],
        ["Nguyễn Văn An", 1990, "CLB Hà Nội", "V1", 2000],  # the same row again
        ["Lê Văn Cường", 2001, "CLB Huế", "V3", 1800],
        ["Lê Văn Cường", 2001, "CLB Vinh", "V3", 1850]]))  # one ID, another club
    page.locator("main form button[type=submit]").first.click()
    expect(page.locator("[data-testid=preview-identical]")).to_contain_text("dòng 4 = dòng 2")
    conflict = page.locator("[data-testid=conflict]")
    expect(conflict).to_have_count(1)
    expect(conflict.locator("td.differs").first).to_contain_text("CLB Huế")
    _both_sizes(page, shot, "import-duplicates", axe_violations)
    page.locator("[data-testid=keep-row-6]").check()
    page.locator("[data-testid=import-confirm-valid]").click()
    expect(page.locator("[data-testid=job-status]")).to_have_text("Xong")
    _both_sizes(page, shot, "import-duplicates-done")
    assert Player.objects.count() == Entry.objects.filter(event=event).count() == 3
    assert Player.objects.get(national_id="V3").club == "CLB Vinh"


def test_the_excel_page_keeps_the_tabs_and_the_register_is_searched_and_sorted(
        live_server, page, login, shot, axe_violations, make_event, organiser):
    event = swiss_event(make_event, organiser, 40)
    first = Player.objects.order_by("pk").first()
    first.full_name, first.province = "Đặng Thị Hằng", "Đà Nẵng"
    first.save()
    event_visibility_set(event=event, actor=organiser, public=True)
    page.set_viewport_size(LAPTOP)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/")
    page.locator("nav.tabs").get_by_role("link", name="Excel").click()
    expect(page.locator("nav.tabs a.active")).to_have_text("Excel")
    _both_sizes(page, shot, "excel-tabs")
    page.locator("nav.tabs").get_by_role("link", name="Trang công khai").click()
    page.locator("nav.tabs").get_by_role("link", name="Đấu thủ").click()
    expect(page.locator("[data-testid=register-count]")).to_have_text("40 đấu thủ.")
    page.set_viewport_size(PHONE)
    page.locator("[data-testid=register-q]").fill("dang thi hang")
    page.locator("[data-testid=register-apply]").click()
    expect(page.locator("[data-testid=register-row]")).to_have_count(1)
    expect(page.locator("[data-testid=register-count]")).to_contain_text("1 trên 40")
    _both_sizes(page, shot, "register-search", axe_violations)
    page.get_by_role("link", name="Toàn bộ danh sách").click()
    # The whole register again (a new page) before sorting it, then the sorted page, loaded.
    expect(page.locator("[data-testid=register-count]")).to_have_text("40 đấu thủ.")
    page.locator("[data-testid=register-sort]").select_option("rating")
    page.locator("[data-testid=register-apply]").click()
    page.wait_for_url(re.compile(r"[?&]sort=rating"))
    ratings = [int(r) for r in page.locator("[data-testid=register-row] td.num:nth-last-child(2)")
               .all_inner_texts() if r.strip()]
    assert ratings == sorted(ratings, reverse=True) and len(ratings) > 30
    _both_sizes(page, shot, "register-by-rating", axe_violations)
