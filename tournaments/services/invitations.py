"""Inviting people to run an event or a championship, and their accepting (Art. 19, 20: the
organisers appoint the arbiters). Whoever may appoint staff there (``tournaments.change_event``,
``tournaments.change_championship``) invites a person by e-mail, or by a link shown once; the
invitee opens it, makes an account with their own name and password (Django's validators) or
signs in to theirs, and receives the role through the services that appoint
(``events.role_assign``, ``championships.championship_role_assign``).

The link's secret is 32 random bytes; only its SHA-256 is kept (``Invitation.token``). A link
works once, for ``settings.INVITATION_DAYS`` days, unless revoked. The mail is an account's
mail: Django's mail framework, sent once the invitation is committed."""

import datetime
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Championship, Event, Invitation, Role
from tournaments.rules import roles_forget
from tournaments.selectors.invitations import account_of_email, invitation_refusal
from tournaments.services._access import championship_require, right_require
from tournaments.services.championships import championship_role_assign
from tournaments.services.events import role_assign

# Mail back ends that deliver to nobody who reads it: the organiser's page shows the link.
UNDELIVERED = frozenset({"django.core.mail.backends.console.EmailBackend",
                         "django.core.mail.backends.dummy.EmailBackend"})
NAME_MAX = 150
EMAIL_MAX = 254  # as Invitation.email and Django's User.email


@dataclass(frozen=True)
class InvitationSent:
    """A new invitation, its one-time link (kept nowhere: shown now or mailed), and whether a
    mail carries it to someone who reads it (otherwise the organiser hands the link over)."""

    invitation: Invitation
    link: str
    mailed: bool


def _require(*, actor, event: Event | None, championship: Championship | None) -> None:
    """Who may appoint staff there may invite (and revoke an invitation)."""
    if event is not None:
        right_require(actor=actor, perm="tournaments.change_event", event=event)
    else:
        championship_require(actor=actor, perm="tournaments.change_championship",
                             championship=championship)


def _clean_email(email: str) -> str:
    email = (email or "").strip()
    if not email:
        return email
    try:
        validate_email(email)
    except ValidationError:
        valid = False
    else:
        valid = len(email) <= EMAIL_MAX
    if not valid:
        raise ServiceError(_("“%(email)s” is not an e-mail address."), email=email)
    return email


@transaction.atomic
def invitation_create(*, actor, role: str, site: str, event: Event | None = None,
                      championship: Championship | None = None, email: str = "",
                      name: str = "", now: datetime.datetime | None = None) -> InvitationSent:
    """Invite a person to ``role`` in ``event`` or ``championship`` (one of them). ``site`` is
    the installation's address the link starts with (``https://giai.example.vn``). With an
    e-mail address, the link is mailed once the invitation is committed, in the inviter's
    language."""
    if (event is None) == (championship is None):
        raise ServiceError(_("Invite to an event or to a championship."))
    _require(actor=actor, event=event, championship=championship)
    if role not in Role.values:
        raise ServiceError(_("Unknown role."))
    email, name = _clean_email(email), (name or "").strip()
    if len(name) > NAME_MAX:
        raise ServiceError(_("The name is too long: %(n)s characters at most."), n=NAME_MAX)
    if not email and not name:
        raise ServiceError(_("Give the person's name or e-mail address."))
    if event is not None and role == Role.CHIEF_ARBITER and event.roles.filter(
            role=Role.CHIEF_ARBITER).exists():
        raise ServiceError(_("This event already has a chief arbiter; remove them first."))
    now = now or timezone.now()
    secret = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        email=email, name=name, role=role, event=event, championship=championship,
        token=Invitation.digest(secret), invited_by=actor, created_at=now,
        expires_at=now + datetime.timedelta(days=settings.INVITATION_DAYS))
    link = site.rstrip("/") + reverse("tournaments:invitation_accept", args=[secret])
    if email:
        message = _invitation_mail(invitation, link)
        transaction.on_commit(message.send, robust=True)
    return InvitationSent(invitation=invitation, link=link,
                          mailed=bool(email) and settings.EMAIL_BACKEND not in UNDELIVERED)


def _invitation_mail(invitation: Invitation, link: str) -> EmailMessage:
    """The mail, written now, in the inviter's language (the request's active one), and sent
    once the invitation is committed."""
    inviter = invitation.invited_by
    context = {"invitation": invitation, "link": link, "place": invitation.place,
               "inviter": inviter.get_full_name() or inviter.get_username(),
               "expires": formats.date_format(timezone.localtime(invitation.expires_at),
                                              "DATETIME_FORMAT")}
    subject = render_to_string("registration/invitation_subject.txt", context)
    body = render_to_string("registration/invitation_email.txt", context)
    return EmailMessage(subject=" ".join(subject.split()), body=body, to=[invitation.email])


@transaction.atomic
def invitation_revoke(*, invitation: Invitation, actor,
                      now: datetime.datetime | None = None) -> Invitation:
    """Withdraw an invitation not yet accepted: its link stops working (an accepted one gave
    its role: remove the role instead)."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    _require(actor=actor, event=invitation.event, championship=invitation.championship)
    if invitation.accepted_at:
        raise ServiceError(_("This invitation was accepted: remove the role instead."))
    if not invitation.revoked_at:
        invitation.revoked_at = now or timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def _new_account(invitation: Invitation, *, name: str, username: str, password: str):
    """The invitee's account, with the invitation's e-mail address; the name, username and
    password checked as Django checks them (AUTH_PASSWORD_VALIDATORS)."""
    user_model = get_user_model()
    username, name = username.strip(), name.strip()
    if not name:
        raise ServiceError(_("Give your name."))
    if len(name) > NAME_MAX:
        raise ServiceError(_("The name is too long: %(n)s characters at most."), n=NAME_MAX)
    if not username:
        raise ServiceError(_("Choose a username."))
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError:
        raise ServiceError(_("A username has letters, digits and @ . + - _ only.")) from None
    if len(username) > 150 or user_model.objects.filter(username__iexact=username).exists():
        raise ServiceError(_("The username “%(name)s” is taken: choose another."),
                           name=username)
    user = user_model(username=username, email=invitation.email, first_name=name)
    try:
        password_validation.validate_password(password, user)
    except ValidationError as error:
        raise ServiceError(" ".join(error.messages)) from None
    user.set_password(password)
    user.save()
    password_validation.password_changed(password, user)
    return user


def _grant(invitation: Invitation, user) -> None:
    """The role, given as the inviter gives it, with the inviter's right (checked again: an
    organiser removed since cannot appoint through an old link)."""
    try:
        if invitation.event is not None:
            role_assign(event=invitation.event, actor=invitation.invited_by, user=user,
                        role=invitation.role)
        else:
            championship_role_assign(championship=invitation.championship,
                                     actor=invitation.invited_by, user=user,
                                     role=invitation.role)
    except PermissionDenied:
        raise ServiceError(_("The person who invited you may no longer appoint staff here. "
                             "Ask an organiser for a new invitation.")) from None


@transaction.atomic
def invitation_accept(*, secret: str, user=None, name: str = "", username: str = "",
                      password: str = "", now: datetime.datetime | None = None):
    """Accept the invitation the link's ``secret`` opens, once: for ``user`` (signed in), or
    for a new account made from ``name``, ``username`` and ``password``. The role is given in
    the same transaction; anything refused leaves nothing behind (no account, the link still
    valid). Returns the account."""
    digest = Invitation.digest(secret or "")
    invitation = (Invitation.objects.select_for_update(of=("self",))
                  .select_related("event", "championship", "invited_by")
                  .filter(token=digest).first())
    refusal = invitation_refusal(invitation, now)
    if refusal:
        raise ServiceError(refusal)
    owner = account_of_email(invitation.email)
    if user is not None:
        if owner is not None and owner.pk != user.pk:
            raise ServiceError(_("This invitation is for the account of %(email)s: sign in "
                                 "with that account to accept it."), email=invitation.email)
        created = False
    else:
        if owner is not None:
            raise ServiceError(_("An account with the e-mail address %(email)s exists: sign "
                                 "in with it, then open the link again."),
                               email=invitation.email)
        user = _new_account(invitation, name=name, username=username, password=password)
        created = True
    _grant(invitation, user)
    invitation.accepted_at = now or timezone.now()
    invitation.accepted_by = user
    invitation.account_created = created
    invitation.save(update_fields=["accepted_at", "accepted_by", "account_created"])
    roles_forget(user)
    return user
