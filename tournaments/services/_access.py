"""Rights and locks shared by the services."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import REASON_MAX_LENGTH, Event


def require(actor, perm: str, event: Event) -> None:
    """Refuse the action unless ``actor`` holds ``perm`` on ``event`` (tournaments/rules.py)."""
    if actor is None or not actor.has_perm(perm, event):
        raise PermissionDenied(_("You do not have the right to do this in this event."))


def event_lock(event: Event) -> Event:
    """One writer per event at a time: pairing, closing a round and numbering lock the event
    row (``select_for_update``), so two clicks never make two rounds."""
    return Event.objects.select_for_update().get(pk=event.pk)


def reason_check(reason: str) -> None:
    """The history keeps a reason of ``REASON_MAX_LENGTH`` characters: refuse a longer one
    rather than fail on the database."""
    if len(reason) > REASON_MAX_LENGTH:
        raise ServiceError(_("The reason is too long: %(n)s characters at most."),
                           n=REASON_MAX_LENGTH)
