"""Accepting an invitation is all or nothing (Art. 19, 20: the role is given as the organisers
give it, with their right): refused, it leaves no account and the link still valid."""

import pytest
from django.contrib.auth import get_user_model

from tests.tournaments.builders import UserFactory, invitation_secret, rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import EventRole, Invitation, Role
from tournaments.services.events import role_assign, role_remove
from tournaments.services.invitations import invitation_accept, invitation_create

pytestmark = pytest.mark.django_db

PASSWORD = "Cờ-tướng-2026!"


def _accept(link, username):
    return invitation_accept(secret=invitation_secret(link), name="Người Mới",
                             username=username, password=PASSWORD)


def test_a_second_chief_arbiter_is_refused_and_nothing_is_kept(make_event, organiser,
                                                               chief_arbiter):
    """Art. 20.2: one chief arbiter. The event's chief is removed, a new one invited; someone
    is appointed chief meanwhile: accepting is refused, no account is made, and the link
    works once the post is free again."""
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    role_remove(event=event, actor=organiser, user=chief_arbiter, role=Role.CHIEF_ARBITER)
    sent = invitation_create(actor=organiser, event=event, role=Role.CHIEF_ARBITER,
                             name="Người Mới", site="http://testserver")
    role_assign(event=event, actor=organiser, user=chief_arbiter, role=Role.CHIEF_ARBITER)
    users = get_user_model().objects.count()
    with pytest.raises(ServiceError, match="already has a chief arbiter"):
        _accept(sent.link, "nguoimoi")
    assert get_user_model().objects.count() == users
    assert Invitation.objects.get().state() == "pending"
    role_remove(event=event, actor=organiser, user=chief_arbiter, role=Role.CHIEF_ARBITER)
    new = _accept(sent.link, "nguoimoi")
    assert EventRole.objects.filter(event=event, user=new, role=Role.CHIEF_ARBITER).exists()


def test_an_inviter_no_longer_organiser_appoints_nobody(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    second = UserFactory(username="organiser2")
    role_assign(event=event, actor=organiser, user=second, role=Role.ORGANISER)
    sent = invitation_create(actor=second, event=event, role=Role.ARBITER, name="Người Mới",
                             site="http://testserver")
    role_remove(event=event, actor=organiser, user=second, role=Role.ORGANISER)
    with pytest.raises(ServiceError, match="may no longer appoint staff here"):
        _accept(sent.link, "nguoimoi")
    assert not get_user_model().objects.filter(username="nguoimoi").exists()


def test_an_arbiter_may_not_invite(make_event, organiser, chief_arbiter, arbiter):
    from django.core.exceptions import PermissionDenied

    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    with pytest.raises(PermissionDenied):
        invitation_create(actor=arbiter, event=event, role=Role.ARBITER, name="X",
                          site="http://testserver")
    assert not Invitation.objects.exists()


@pytest.mark.parametrize(("username", "password", "message"), [
    ("organiser", PASSWORD, "The username “organiser” is taken"),
    ("có dấu cách", PASSWORD, "letters, digits and @ \\. \\+ - _ only"),
    ("nguoimoi", "nguoimoi", "too similar to the username"),
    ("nguoimoi", "ab1", "too short"),
])
def test_the_account_is_checked_as_django_checks_it(make_event, organiser, chief_arbiter,
                                                    username, password, message):
    event = rr_scenario(make_event, organiser, chief_arbiter)["event"]
    sent = invitation_create(actor=organiser, event=event, role=Role.ARBITER, name="Người Mới",
                             site="http://testserver")
    with pytest.raises(ServiceError, match=message):
        invitation_accept(secret=invitation_secret(sent.link), name="Người Mới",
                          username=username, password=password)
    assert Invitation.objects.get().state() == "pending"
