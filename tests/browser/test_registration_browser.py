"""Online registration on a phone (390×844), in Chromium: a club leader sends six players at
once to an event with four places (Art. 18 b); the organiser approves every eligible one; when an
approved player withdraws, the first of the waiting list takes the place (Art. 19)."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE
from tournaments.models import Entry, Registration
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Lê Văn Một", "Lê Văn Hai", "Lê Văn Ba", "Lê Văn Bốn", "Lê Văn Năm", "Lê Văn Sáu"]
WIDTH = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


def test_a_club_leader_registers_six_and_the_waiting_list_moves_up(
        live_server, browser, login, shot, make_event, organiser):
    event = make_event(format="swiss", rounds=5, name="Giải Cờ Tướng Mở Rộng Các Câu Lạc Bộ")
    event_update(event=event, actor=organiser, visibility="public", registration_online=True,
                 registration_max=4, registration_asks=["birth_year", "club"])
    leader = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    leader.goto(f"{live_server.url}/events/{event.slug}/register/")
    leader.click("[data-testid=register-several]")
    leader.fill("#id_name", "Trần Trưởng Đoàn")
    leader.fill("#id_email", "doan@clb.vn")
    for i, name in enumerate(NAMES):
        leader.fill(f"[name=p-{i}-full_name]", name)
        leader.fill(f"[name=p-{i}-birth_year]", str(2000 + i))
        leader.fill(f"[name=p-{i}-club]", "CLB Sông Hồng")
    scroll, width = leader.evaluate(WIDTH)
    assert scroll <= width + 1, "the form is wider than the phone"
    shot(leader, "form")
    leader.click("[data-testid=register-submit]")
    sent = leader.locator("[data-testid=register-sent] li")
    expect(sent).to_have_count(6)
    expect(sent.nth(5)).to_contain_text("thứ 2")  # Lê Văn Sáu: second on the waiting list
    shot(leader, "sent")

    staff = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    login(staff, "organiser")
    staff.goto(f"{live_server.url}/manage/{event.slug}/registrations/")
    assert staff.locator("[data-testid=registrations-waiting] [data-testid=registration]"
                         ).count() == 2
    staff.click("[data-testid=approve-eligible]")
    staff.wait_for_selector("[data-testid=registrations-decided] [data-testid=registration]")
    assert Entry.objects.filter(event=event).count() == 4
    scroll, width = staff.evaluate(WIDTH)
    assert scroll <= width + 1, "the review page is wider than the phone"
    shot(staff, "approved")
    # Lê Văn Một withdraws: Lê Văn Năm, first on the waiting list, takes the place.
    first = staff.locator("[data-testid=registrations-decided] [data-testid=registration]",
                          has_text=NAMES[0])
    first.locator("[data-testid=withdraw]").click()
    pending = staff.locator("[data-testid=registrations-pending] [data-testid=registration]")
    expect(pending).to_have_count(1)  # the page after the withdrawal
    expect(pending).to_contain_text(NAMES[4])
    waiting = staff.locator("[data-testid=registrations-waiting] [data-testid=registration]")
    expect(waiting).to_have_count(1)
    expect(waiting).to_contain_text(NAMES[5])
    shot(staff, "promoted")
    assert Registration.objects.get(full_name=NAMES[4]).promoted_at is not None
    assert not Entry.objects.filter(event=event, player__full_name=NAMES[0]).exists()
