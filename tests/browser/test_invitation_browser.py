"""A new arbiter without an account, in Chromium (Art. 19, 20: the organisers appoint the
arbiters): the organiser invites them on the roles page without an e-mail address, and the
page shows the one-time link with its QR code; the arbiter opens the link on a phone, types
a name and a password, and lands on the event's staff page, signed in, with the role."""

import pytest
from playwright.sync_api import expect

from tests.tournaments.builders import PHONE, swiss_event
from tournaments.models import EventRole, Invitation, Role

pytestmark = pytest.mark.django_db(transaction=True)


def _fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_invited_without_mail_then_the_password_set_on_a_phone(live_server, page, browser,
                                                               login, shot, make_event,
                                                               organiser):
    event = swiss_event(make_event, organiser, 4)
    login(page, "organiser")
    page.goto(f"{live_server.url}/manage/{event.slug}/roles/")
    page.fill("#id_invite-name", "Hoàng Văn Tư")
    page.select_option("#id_invite-role", "arbiter")
    page.click("[data-testid=invite]")
    shown = page.locator("[data-testid=invitation-link]")
    expect(shown).to_be_visible()
    expect(shown.locator("svg.qr")).to_be_visible()  # the QR code to scan with the phone
    link = page.locator("[data-testid=invitation-url]").input_value()
    assert link.startswith(f"{live_server.url}/accounts/invitation/")
    shot(page, "link-shown")

    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    arbiter = phone.new_page()
    arbiter.goto(link)
    expect(arbiter.locator("[data-testid=invitation-what]")).to_contain_text(
        "organiser mời bạn làm Trọng tài")
    assert arbiter.input_value("#id_name") == "Hoàng Văn Tư"  # as the organiser typed it
    assert _fits(arbiter)
    arbiter.fill("#id_username", "tu.hoang")
    arbiter.fill("#id_password1", "Mã-vạch-2026")
    arbiter.fill("#id_password2", "Mã-vạch-2026")
    shot(arbiter, "account-form")
    arbiter.tap("[data-testid=accept]")
    arbiter.wait_for_url(f"{live_server.url}/manage/{event.slug}/")
    expect(arbiter.locator(".msg.success")).to_contain_text("Trọng tài")
    shot(arbiter, "signed-in")
    tu = EventRole.objects.get(event=event, role=Role.ARBITER, user__username="tu.hoang").user
    assert tu.get_full_name() == "Hoàng Văn Tư" and tu.check_password("Mã-vạch-2026")
    assert Invitation.objects.get().accepted_by == tu
    arbiter.goto(link)  # the link worked once
    expect(arbiter.locator("[data-testid=invitation-refused]")).to_be_visible()
    phone.close()
