"""Invitations to run an event or a championship, as the staff pages, the API and the
invitee's page read them (``models/invitations.py``)."""

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.models import Championship, Event, Invitation


def _listed() -> QuerySet[Invitation]:
    return Invitation.objects.select_related("invited_by", "accepted_by").order_by(
        "-created_at", "-pk")


def event_invitations(event: Event) -> QuerySet[Invitation]:
    """An event's invitations, the newest first, with who sent and who accepted each."""
    return _listed().filter(event=event)


def championship_invitations(championship: Championship) -> QuerySet[Invitation]:
    """A championship's invitations, the newest first."""
    return _listed().filter(championship=championship)


def invitation_of_link(secret: str) -> Invitation | None:
    """The invitation a link's secret opens (its digest is what is kept), with its event or
    championship and its inviter; None for a secret nobody was given."""
    if not secret or len(secret) > 100:
        return None
    return (Invitation.objects.select_related("event", "championship", "invited_by")
            .filter(token=Invitation.digest(secret)).first())


def invitation_with_place(pk: int) -> Invitation | None:
    """One invitation with its event or championship (the API's revoke checks the right
    there)."""
    return Invitation.objects.select_related("event", "championship").filter(pk=pk).first()


def account_of_email(email: str):
    """The account with this e-mail address (case ignored), active or not; None without one."""
    if not email:
        return None
    return get_user_model().objects.filter(email__iexact=email.strip()).order_by("pk").first()


def account_row(pk: int):
    """The account with this id, or None."""
    return get_user_model().objects.filter(pk=pk).first()


def invitation_refusal(invitation: Invitation | None, now=None) -> str | None:
    """Why this link cannot be used (in the reader's language), or None if it can."""
    if invitation is None:
        return _("This invitation link is not valid. Check that it was copied whole, or ask "
                 "the organiser for a new one.")
    state = invitation.state(now)
    if state == "accepted":
        return _("This invitation has already been used: a link works once. Sign in, or ask "
                 "the organiser for a new invitation.")
    if state == "revoked":
        return _("The organiser withdrew this invitation. Ask them for a new one if needed.")
    if state == "expired":
        return _("This invitation expired on %(date)s. Ask the organiser for a new one.") % {
            "date": formats.date_format(timezone.localtime(invitation.expires_at),
                                        "DATETIME_FORMAT")}
    return None
