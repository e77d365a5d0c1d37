"""Staff accounts end to end through the pages, with the mail delivered by a real SMTP server
on loopback (aiosmtpd, the ``smtp_server`` fixture): an organiser invites an arbiter (Art. 19,
20: the organisers appoint the arbiters), the mail arrives, the link is followed, a password
is set (Django's validators), the role works (the new arbiter enters a result, Art. 20); the
link is refused a second time, when withdrawn and when expired; a deactivated account cannot
sign in; a forgotten password is reset through the mailed link."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournaments.builders import UserFactory, client_for, invited_scenario, rr_scenario
from tournaments.models import Board, EventRole, Invitation, Role

pytestmark = pytest.mark.django_db

PASSWORD = "Cờ-tướng-2026!"
LINK = re.compile(r"http://testserver/accounts/invitation/[A-Za-z0-9_-]+/")


def _body(message) -> str:
    return message.get_content()


def _invite_by_mail(client, event, capture, **fields):
    data = {"invite-name": "Trần Thị Mai", "invite-email": "mai@example.vn",
            "invite-role": "arbiter", **fields}
    with capture(execute=True):  # the mail leaves once the invitation is committed
        return client.post(f"/manage/{event.slug}/invitations/", data)


def test_invited_arbiter_gets_the_mail_sets_a_password_and_enters_a_result(
        make_event, organiser, chief_arbiter, smtp_server, django_capture_on_commit_callbacks):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    event, board = ctx["event"], ctx["board"]
    response = _invite_by_mail(client_for(organiser), event, django_capture_on_commit_callbacks)
    assert response.status_code == 302 and response["Location"] == f"/manage/{event.slug}/roles/"
    [mail] = smtp_server
    assert mail["To"] == "mai@example.vn" and mail["From"] == "giai@cotuong.test"
    assert mail["Subject"] == f"Invitation to run {event.name}"
    body = _body(mail)
    assert "organiser invites you to be Arbiter of Giải API." in body
    link = LINK.search(body).group(0)
    invitation = Invitation.objects.get()
    assert invitation.token == Invitation.digest(link.rstrip("/").rsplit("/", 1)[1])
    assert link not in str(Invitation.objects.values_list())  # the secret is kept nowhere

    invitee = client_for()
    page = invitee.get(link)
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    assert page["Referrer-Policy"] == "same-origin"  # the link stays out of other sites' logs
    assert "organiser invites you to be Arbiter of Giải API." in page.content.decode()
    users = get_user_model().objects.count()
    weak = invitee.post(link, {"name": "Trần Thị Mai", "username": "mai", "password1": "12345678",
                               "password2": "12345678"})
    assert weak.status_code == 200  # Django's validators: too common, entirely numeric
    assert "This password is too common." in weak.content.decode()
    assert get_user_model().objects.count() == users and not invitation.__class__.objects.get(
        ).accepted_at
    done = invitee.post(link, {"name": "Trần Thị Mai", "username": "mai", "password1": PASSWORD,
                               "password2": PASSWORD})
    assert done.status_code == 302 and done["Location"] == f"/manage/{event.slug}/"
    mai = get_user_model().objects.get(username="mai")
    assert (mai.email, mai.get_full_name(), mai.is_active) == ("mai@example.vn", "Trần Thị Mai",
                                                                True)
    assert EventRole.objects.filter(event=event, user=mai, role=Role.ARBITER).exists()
    invitation.refresh_from_db()
    assert invitation.accepted_by == mai and invitation.account_created

    arbiter = client_for()
    assert arbiter.login(username="mai", password=PASSWORD)  # the password she chose
    entered = arbiter.put(f"/api/boards/{board.pk}/result/", {"result": "1-0", "version": 0},
                          content_type="application/json")
    assert entered.status_code == 200, entered.content
    assert Board.objects.get(pk=board.pk).result == "1-0"

    again = client_for()  # the same link a second time: refused, nothing made
    reused = again.get(link)
    assert reused.status_code == 410
    assert "already been used" in reused.content.decode()
    refused = again.post(link, {"name": "X", "username": "mai2", "password1": PASSWORD,
                                "password2": PASSWORD})
    assert refused.status_code == 410
    assert not get_user_model().objects.filter(username="mai2").exists()


def test_a_deactivated_account_cannot_sign_in_and_keeps_its_roles(
        make_event, organiser, chief_arbiter):
    ctx = invited_scenario(make_event, organiser, chief_arbiter, state="accepted")
    invitee, event = ctx["invitee"], ctx["event"]
    session = client_for()
    assert session.login(username="trongtai.moi", password=PASSWORD)
    assert session.get(f"/manage/{event.slug}/").status_code == 200
    boss = client_for(organiser)
    roles = boss.get(f"/manage/{event.slug}/roles/").content.decode()
    assert 'data-testid="account-deactivate"' in roles
    asked = boss.post(f"/manage/accounts/{invitee.pk}/active/", {"active": "0"})
    assert asked.status_code == 200 and 'data-testid="confirm-page"' in asked.content.decode()
    assert get_user_model().objects.get(pk=invitee.pk).is_active  # nothing before the yes
    boss.post(f"/manage/accounts/{invitee.pk}/active/", {"active": "0", "confirmed": "1",
                                                          "next": f"/manage/{event.slug}/roles/"})
    assert not get_user_model().objects.get(pk=invitee.pk).is_active
    # Every door refuses: the sign-in page, a session already open, the API's token.
    page = client_for().post("/accounts/login/", {"username": "trongtai.moi",
                                                   "password": PASSWORD})
    assert page.status_code == 200 and "_auth_user_id" not in page.client.session
    assert session.get(f"/manage/{event.slug}/").status_code == 302  # to the sign-in page
    assert client_for().post("/api/token/", {"username": "trongtai.moi",
                                             "password": PASSWORD}).status_code == 400
    assert EventRole.objects.filter(event=event, user=invitee, role=Role.ARBITER).exists()
    boss.post(f"/manage/accounts/{invitee.pk}/active/", {"active": "1"})
    assert client_for().login(username="trongtai.moi", password=PASSWORD)


def test_only_the_inviter_or_a_superuser_deactivates(make_event, organiser, chief_arbiter):
    ctx = invited_scenario(make_event, organiser, chief_arbiter, state="accepted")
    invitee = ctx["invitee"]
    # The chief arbiter, another organiser of the event: not their account.
    other = UserFactory(username="organiser2")
    EventRole.objects.create(event=ctx["event"], user=other, role=Role.ORGANISER)
    for user in (chief_arbiter, other):
        response = client_for(user).post(f"/manage/accounts/{invitee.pk}/active/",
                                         {"active": "0", "confirmed": "1"})
        assert response.status_code == 404
    root = UserFactory(username="root", is_superuser=True)
    client_for(root).post(f"/manage/accounts/{invitee.pk}/active/",
                          {"active": "0", "confirmed": "1"})
    assert not get_user_model().objects.get(pk=invitee.pk).is_active
    # The organiser's own account is nobody's to deactivate through an invitation.
    assert client_for(organiser).post(f"/manage/accounts/{organiser.pk}/active/",
                                      {"active": "0", "confirmed": "1"}).status_code == 404


def test_without_mail_the_page_shows_the_link_once_with_its_qr_code(
        make_event, organiser, chief_arbiter, smtp_server, django_capture_on_commit_callbacks):
    ctx = rr_scenario(make_event, organiser, chief_arbiter)
    event = ctx["event"]
    with django_capture_on_commit_callbacks(execute=True):
        page = client_for(organiser).post(f"/manage/{event.slug}/invitations/", {
            "invite-name": "Lê Văn Tài", "invite-role": "deputy"})
    assert smtp_server == []  # no address, no mail
    html = page.content.decode()
    assert page.status_code == 200 and "no-store" in page["Cache-Control"]
    link = LINK.search(html).group(0)
    assert f'value="{link}"' in html and 'class="qr"><path' in html
    assert "Lê Văn Tài is invited as Deputy chief arbiter of Giải API." in html
    roles = client_for(organiser).get(f"/manage/{event.slug}/roles/").content.decode()
    assert "Lê Văn Tài" in roles and link not in roles  # listed, the link never again
    assert client_for().get(link).status_code == 200


def test_a_withdrawn_or_expired_link_says_so(make_event, organiser, chief_arbiter):
    ctx = invited_scenario(make_event, organiser, chief_arbiter)
    invitation, link = ctx["invitation"], ctx["link"]
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now())
    expired = client_for().get(link)
    assert expired.status_code == 410 and "This invitation expired on" in \
        expired.content.decode()
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() + timezone.timedelta(days=1))
    boss = client_for(organiser)
    boss.post(f"/manage/invitations/{invitation.pk}/revoke/", {"confirmed": "1"})
    withdrawn = client_for().get(link)
    assert withdrawn.status_code == 410
    assert "The organiser withdrew this invitation." in withdrawn.content.decode()
    unknown = client_for().get("/accounts/invitation/not-a-secret/")
    assert unknown.status_code == 404 and "This invitation link is not valid." in \
        unknown.content.decode()


def test_vietnamese_page_and_refusal(make_event, organiser, chief_arbiter):
    ctx = invited_scenario(make_event, organiser, chief_arbiter)
    page = client_for(lang="vi").get(ctx["link"]).content.decode()
    assert "mời bạn làm Trọng tài của Giải API" in page and "Mật khẩu" in page
    client_for(organiser).post(f"/manage/invitations/{ctx['invitation'].pk}/revoke/",
                               {"confirmed": "1"})
    refused = client_for(lang="vi").get(ctx["link"]).content.decode()
    assert "Ban tổ chức đã rút lại lời mời này." in refused


def test_an_existing_account_accepts_after_signing_in(make_event, organiser, chief_arbiter,
                                                      django_capture_on_commit_callbacks):
    ctx = rr_scenario(make_event, organiser, chief_arbiter)
    event = ctx["event"]
    known = UserFactory(username="hung", email="Hung@Example.vn")
    with django_capture_on_commit_callbacks(execute=True):
        page = client_for(organiser).post(f"/manage/{event.slug}/invitations/", {
            "invite-email": "hung@example.vn", "invite-role": "arbiter"})
    assert page.status_code == 302  # mailed (the test back end): the link is not shown
    link = f"http://testserver{_link_from_outbox()}"
    anonymous = client_for().post(link, {"name": "Hùng", "username": "hung2",
                                         "password1": PASSWORD, "password2": PASSWORD})
    assert "An account with the e-mail address hung@example.vn exists" in \
        anonymous.content.decode()
    intruder = client_for(UserFactory(username="intruder"))
    refused = intruder.post(link)
    assert "This invitation is for the account of hung@example.vn" in refused.content.decode()
    accepted = client_for(known).post(link)
    assert accepted.status_code == 302
    invitation = Invitation.objects.get()
    assert invitation.accepted_by == known and not invitation.account_created
    assert EventRole.objects.filter(event=event, user=known, role=Role.ARBITER).exists()
    # Linked, not made by the invitation: the organiser does not answer for this account.
    assert client_for(organiser).post(f"/manage/accounts/{known.pk}/active/", {
        "active": "0", "confirmed": "1"}).status_code == 404


def _link_from_outbox() -> str:
    from django.core import mail

    return re.search(r"/accounts/invitation/[A-Za-z0-9_-]+/", mail.outbox[-1].body).group(0)


def test_password_reset_mail_and_the_new_password(organiser, smtp_server):
    organiser.email = "organiser@example.vn"
    organiser.save()
    client = client_for()
    done = client.post("/accounts/password_reset/", {"email": "organiser@example.vn"})
    assert done.status_code == 302 and done["Location"] == "/accounts/password_reset/done/"
    [mail] = smtp_server
    assert mail["To"] == "organiser@example.vn"
    assert mail["Subject"] == "A new password for your account"
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", _body(mail)).group(1)
    form = client.get(link, follow=True)
    assert 'data-testid="set-password"' in form.content.decode()
    set_at = form.redirect_chain[-1][0]
    saved = client.post(set_at, {"new_password1": "Mật-khẩu-mới-7", "new_password2":
                                 "Mật-khẩu-mới-7"})
    assert saved.status_code == 302 and saved["Location"] == "/accounts/reset/done/"
    assert client_for().login(username="organiser", password="Mật-khẩu-mới-7")
    assert not client_for().login(username="organiser", password="pw-for-tests-1")
    # The link worked once.
    assert 'data-testid="reset-refused"' in client_for().get(link, follow=True).content.decode()


def test_a_deactivated_account_gets_no_reset_mail(make_event, organiser, chief_arbiter,
                                                  smtp_server):
    ctx = invited_scenario(make_event, organiser, chief_arbiter, state="deactivated")
    get_user_model().objects.filter(pk=ctx["invitee"].pk).update(email="moi@example.vn")
    response = client_for().post("/accounts/password_reset/", {"email": "moi@example.vn"})
    assert response.status_code == 302 and smtp_server == []


def test_a_championship_invitation_in_vietnamese_gives_the_role_on_every_stage(
        make_event, organiser, chief_arbiter, smtp_server, django_capture_on_commit_callbacks,
        settings):
    """The championship's organisers invite for the whole championship (Art. 17.3, 19): the
    mail in the inviter's language, valid INVITATION_DAYS, the role then given on the
    championship and its stage events."""
    from tests.tournaments.builders import championship_scenario
    from tournaments.models import ChampionshipRole

    settings.INVITATION_DAYS = 2
    ctx = championship_scenario(make_event, organiser, chief_arbiter)
    championship = ctx["championship"]
    with django_capture_on_commit_callbacks(execute=True):
        answer = client_for(organiser, lang="vi").post(
            f"/manage/championships/{championship.slug}/invitations/",
            {"invite-name": "Đỗ Văn Bình", "invite-email": "binh@example.vn",
             "invite-role": "deputy"})
    assert answer["Location"] == f"/manage/championships/{championship.slug}/"
    [mail] = smtp_server
    # A long encoded subject is folded in transit: its first line is empty.
    assert mail["Subject"].strip() == f"Lời mời điều hành {championship.name}"
    body = mail.get_content()
    assert body.startswith("Chào Đỗ Văn Bình,")
    assert "mời bạn làm Phó tổng trọng tài của" in body
    invitation = Invitation.objects.get()
    assert invitation.expires_at - invitation.created_at == timezone.timedelta(days=2)
    link = LINK.search(body).group(0)
    done = client_for().post(link, {"name": "Đỗ Văn Bình", "username": "binh",
                                    "password1": PASSWORD, "password2": PASSWORD})
    assert done.status_code == 302 and done["Location"] == "/manage/"
    binh = get_user_model().objects.get(username="binh")
    assert ChampionshipRole.objects.filter(championship=championship, user=binh,
                                           role=Role.DEPUTY_CHIEF).exists()
    assert EventRole.objects.filter(event=ctx["swiss"], user=binh,
                                    role=Role.DEPUTY_CHIEF).exists()
    manage = client_for(organiser).get(f"/manage/championships/{championship.slug}/")
    assert "binh" in manage.content.decode() and 'data-testid="account-deactivate"' in \
        manage.content.decode()


def test_password_reset_in_vietnamese(organiser, smtp_server):
    organiser.email = "organiser@example.vn"
    organiser.save()
    client = client_for(lang="vi")
    assert "Quên mật khẩu?" in client.get("/accounts/login/").content.decode()
    form = client.get("/accounts/password_reset/").content.decode()
    assert "Nhập địa chỉ e-mail của tài khoản" in form
    client.post("/accounts/password_reset/", {"email": "organiser@example.vn"})
    [mail] = smtp_server
    assert mail["Subject"].strip() == "Mật khẩu mới cho tài khoản của bạn"
    assert "Mở đường dẫn này để chọn mật khẩu:" in mail.get_content()


def test_a_championship_invitation_withdrawn_by_its_organisers_only(make_event, organiser,
                                                                    chief_arbiter):
    from tests.tournaments.builders import championship_scenario

    championship = championship_scenario(make_event, organiser, chief_arbiter)["championship"]
    shown = client_for(organiser).post(
        f"/manage/championships/{championship.slug}/invitations/",
        {"invite-name": "Đỗ Văn Bình", "invite-role": "arbiter"})
    link = LINK.search(shown.content.decode()).group(0)
    invitation = Invitation.objects.get()
    # The championship's chief arbiter does not organise it: refused, the link still works.
    refused = client_for(chief_arbiter).post(f"/manage/invitations/{invitation.pk}/revoke/",
                                             {"confirmed": "1"})
    assert refused.status_code == 403 and client_for().get(link).status_code == 200
    back = client_for(organiser).post(f"/manage/invitations/{invitation.pk}/revoke/",
                                      {"confirmed": "1"})
    assert back["Location"] == f"/manage/championships/{championship.slug}/"
    assert client_for().get(link).status_code == 410
