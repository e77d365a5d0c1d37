"""Rights and locks shared by the services: the right checked (``require``), the event locked
and its version raised (``event_lock``), and both with the transaction named once
(``event_writer``)."""

from functools import partial, wraps

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import REASON_MAX_LENGTH, Event
from tournaments.versions import version_publish


def require(actor, perm: str, event: Event) -> None:
    """Refuse the action unless ``actor`` holds ``perm`` on ``event`` (tournaments/rules.py)."""
    if actor is None or not actor.has_perm(perm, event):
        raise PermissionDenied(_("You do not have the right to do this in this event."))


def event_lock(event: Event | int) -> Event:
    """One writer per event at a time: every service that changes an event locks its row
    first, so two clicks never make two rounds, and marks it changed (issue 23).

    This is the one place the event's version is bumped: the UPDATE takes the row lock and
    raises ``Event.version`` in the writer's transaction; once it commits, the new number is
    published to the shared cache (``tournaments/versions.py``), which makes the event's cached
    public pages and ETags stale. A rolled-back write publishes nothing.
    """
    pk = event if isinstance(event, int) else event.pk
    Event.objects.filter(pk=pk).update(version=F("version") + 1)
    locked = Event.objects.select_for_update().get(pk=pk)
    transaction.on_commit(partial(version_publish, locked.pk, locked.slug, locked.version))
    return locked


def event_writer(perm: str | None, *, of: str = "event"):
    """The preamble of a service that changes one event, named once: one transaction, the
    actor's right ``perm`` in the event (``require``), then the event locked and its version
    raised (``event_lock``). The service is written ``def service(*, event, actor, ...)`` and
    its body receives the locked event, read again under the lock::

        @event_writer("tournaments.pair_round")
        def lots_draw(*, event: Event, actor, seed: int | None = None) -> Event:

    ``of`` names the argument the event is found through when callers pass another row of it
    (``"round_"``, ``"entry"``: its ``event``): they call the service as before, and the body
    receives the locked event as ``event`` besides. ``perm`` None: a step of services that
    checked their own right (``knockout.bracket_advance``).

    The service keeps its name, docstring and keyword-only signature (``functools.wraps``);
    ``tests/tournaments/services/test_versions.py`` reads this decorator as opening the
    transaction and reaching ``event_lock``.
    """
    def decorate(service):
        @wraps(service)
        def write(*, actor, **arguments):
            with transaction.atomic():
                event = arguments.pop("event") if of == "event" else arguments[of].event
                if perm is not None:
                    require(actor, perm, event)
                return service(event=event_lock(event), actor=actor, **arguments)
        return write
    return decorate


def reason_check(reason: str) -> None:
    """The history keeps a reason of ``REASON_MAX_LENGTH`` characters: refuse a longer one
    rather than fail on the database."""
    if len(reason) > REASON_MAX_LENGTH:
        raise ServiceError(_("The reason is too long: %(n)s characters at most."),
                           n=REASON_MAX_LENGTH)
