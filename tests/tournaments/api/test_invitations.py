"""Invitations and invited accounts in the API (Art. 19, 20: the organisers appoint the
arbiters): an invitation without e-mail answers its one-time link once; with one, the mail
reaches a real SMTP server on loopback and the answer holds no link; the list never shows a
link; a withdrawn link is refused on the page; an arbiter may not invite; an account made
through an invitation is deactivated by its inviter, and its API token stops working."""

import re

import pytest

from tests.tournaments.builders import api_for, client_for, invited_scenario, rr_scenario
from tournaments.models import Invitation

pytestmark = pytest.mark.django_db


def test_invite_without_mail_answers_the_link_once(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    api = api_for(organiser)
    response = api.post(f"/api/events/{event.pk}/invitations/",
                        {"name": "Lê Thị Hoa", "role": "arbiter"}, format="json")
    assert response.status_code == 201, response.json()
    answer = response.json()
    assert (answer["name"], answer["role"], answer["event"], answer["state"], answer["mailed"],
            answer["invited_by"]) == ("Lê Thị Hoa", "arbiter", event.pk, "pending", False,
                                      "organiser")
    assert response["Cache-Control"] == "no-store"
    link = answer["link"]
    assert re.fullmatch(r"http://testserver/accounts/invitation/[A-Za-z0-9_-]{43}/", link)
    listed = api.get(f"/api/events/{event.pk}/invitations/").json()
    assert [i["id"] for i in listed] == [answer["id"]] and "link" not in listed[0]
    assert client_for().get(link).status_code == 200
    revoked = api.post(f"/api/invitations/{answer['id']}/revoke/", format="json")
    assert revoked.status_code == 200 and revoked.json()["state"] == "revoked"
    assert client_for().get(link).status_code == 410


def test_invite_by_mail_reaches_the_smtp_server_and_hides_the_link(
        make_event, organiser, chief_arbiter, smtp_server, django_capture_on_commit_callbacks):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(organiser).post(
            f"/api/events/{event.pk}/invitations/",
            {"email": "hoa@example.vn", "name": "Lê Thị Hoa", "role": "deputy"}, format="json")
    assert response.status_code == 201
    assert (response.json()["link"], response.json()["mailed"]) == (None, True)
    [mail] = smtp_server
    assert mail["To"] == "hoa@example.vn"
    assert "invites you to be Deputy chief arbiter of Giải API" in mail.get_content()


@pytest.mark.parametrize(("payload", "detail"), [
    ({"role": "arbiter"}, "Give the person's name or e-mail address."),
    ({"name": "A", "role": "chief"},  # Art. 20: one chief arbiter per event
     "This event already has a chief arbiter; remove them first."),
])
def test_refused_invitations_change_nothing(make_event, organiser, chief_arbiter, payload,
                                            detail):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    response = api_for(organiser).post(f"/api/events/{event.pk}/invitations/", payload,
                                       format="json")
    assert response.status_code == 400 and response.json()["detail"] == detail
    assert not Invitation.objects.exists()


def test_an_arbiter_may_not_invite_and_anonymous_nothing(make_event, organiser, chief_arbiter,
                                                         arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    url = f"/api/events/{event.pk}/invitations/"
    assert api_for(arbiter).post(url, {"name": "B", "role": "arbiter"},
                                 format="json").status_code == 403
    assert api_for(chief_arbiter).get(url).status_code == 403
    assert api_for().post(url, {"name": "B", "role": "arbiter"},
                          format="json").status_code == 401
    assert not Invitation.objects.exists()


def test_deactivated_through_the_api_its_token_stops(make_event, organiser, chief_arbiter):
    ctx = invited_scenario(make_event, organiser, chief_arbiter, state="accepted")
    invitee = ctx["invitee"]
    own = api_for(invitee)
    assert own.get(f"/api/boards/{ctx['board'].pk}/history/").status_code == 200
    answer = api_for(organiser).post(f"/api/accounts/{invitee.pk}/deactivate/", format="json")
    assert answer.status_code == 200 and answer.json() == {
        "id": invitee.pk, "username": "trongtai.moi", "is_active": False}
    assert own.get(f"/api/boards/{ctx['board'].pk}/history/").status_code == 401
    assert api_for(organiser).post(f"/api/accounts/{invitee.pk}/reactivate/",
                                   format="json").json()["is_active"] is True
    assert own.get(f"/api/boards/{ctx['board'].pk}/history/").status_code == 200
    # Another account's id answers like an unknown one.
    assert api_for(organiser).post(f"/api/accounts/{chief_arbiter.pk}/deactivate/",
                                   format="json").status_code == 404
