"""Rights and locks shared by the services."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from tournaments.models import Event


def require(actor, perm: str, event: Event) -> None:
    """Refuse the action unless ``actor`` holds ``perm`` on ``event`` (tournaments/rules.py)."""
    if actor is None or not actor.has_perm(perm, event):
        raise PermissionDenied(_("You do not have the right to do this in this event."))


def lock_event(event: Event) -> Event:
    """One writer per event at a time: pairing, closing a round and numbering lock the event
    row (``select_for_update``), so two clicks never make two rounds."""
    return Event.objects.select_for_update().get(pk=event.pk)
