"""Rights and locks shared by the services: the right checked (``right_require`` in an event,
``championship_require`` in a championship), the event locked and its version raised
(``event_lock``), and both with the transaction named once (``event_writer``)."""

from functools import partial, wraps

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments.errors import EventClosed, ServiceError
from tournaments.live import live_publish
from tournaments.models import REASON_MAX_LENGTH, Championship, Event
from tournaments.versions import version_publish


def right_require(*, actor, perm: str, event: Event) -> None:
    """Refuse the action unless ``actor`` holds ``perm`` on ``event`` (tournaments/rules.py)."""
    if actor is None or not actor.has_perm(perm, event):
        raise PermissionDenied(_("You do not have the right to do this in this event."))


def championship_require(*, actor, perm: str, championship: Championship) -> None:
    """Refuse unless ``actor`` holds ``perm`` on the championship (tournaments/rules.py)."""
    if actor is None or not actor.has_perm(perm, championship):
        raise PermissionDenied(_("You do not have the right to do this in this championship."))


def event_open_require(*, pk: int) -> None:
    """Refuse a write to the closed event ``pk`` (``EventClosed``, saying when and by whom it
    was closed): ``event_lock``'s gate, and the relay's, which locks a board, not the event."""
    event = Event.objects.select_related("closed_by").get(pk=pk)
    when = formats.date_format(timezone.localtime(event.closed_at), "SHORT_DATETIME_FORMAT")
    by = event.closed_by.get_username() if event.closed_by else "—"
    raise EventClosed(_("This event is closed: reopen it first (closed on %(when)s by "
                        "%(by)s). Nothing was changed."), when=when, by=by)


def organisation_require(*, actor, organisation) -> None:
    """Creating an event or a championship: under an organisation, its administrators' (or
    those of an organisation above it) right; without one (an event of the site), Django's
    ``tournaments.add_event`` (the "Organisers" group)."""
    if organisation is not None:
        if actor is None or not actor.has_perm("tournaments.manage_organisation", organisation):
            raise PermissionDenied(_("Only this organisation's administrators (or those of an "
                                     "organisation above it) can create events under it."))
    elif actor is None or not actor.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))


def event_lock(*, event: Event | int, closed_ok: bool = False) -> Event:
    """One writer per event at a time: every service that changes an event locks its row
    first, so two clicks never make two rounds, and marks it changed.

    This is the one place the event's version is bumped: the UPDATE takes the row lock and
    raises ``Event.version`` in the writer's transaction; once it commits, the new number is
    published to the shared cache (``tournaments/versions.py``), which makes the event's cached
    public pages and ETags stale. A rolled-back write publishes nothing, and a publication that
    fails (the cache unreachable) is logged, never the write's error: the write is stored
    (``robust``), and the number ages out of the cache within ``EVENT_VERSION_CACHE_SECONDS``.

    It is also the gate of a closed event (``Event.closed_at``, ``services/closing.py``): the
    UPDATE touches only an open event, and a closed one is refused (``EventClosed``) before
    anything is written. ``closed_ok``: the few writers that may pass it: the reopening, the
    register's changes that only show on the event's pages (a player's name, a merge), the
    rating changes applied to the register's list, a championship's publication.
    """
    pk = event if isinstance(event, int) else event.pk
    rows = Event.objects.filter(pk=pk)
    if not closed_ok:
        rows = rows.filter(closed_at__isnull=True)
    if not rows.update(version=F("version") + 1):
        event_open_require(pk=pk)
    locked = Event.objects.select_for_update().get(pk=pk)
    transaction.on_commit(partial(version_publish, locked.pk, locked.slug, locked.version),
                          robust=True)
    live_publish(locked.pk, "version", {"version": locked.version})
    live_publish(locked.pk, "version", {"version": locked.version}, audience="staff")
    return locked


def event_writer(*, perm: str | None, of: str = "event", closed_ok: bool = False):
    """The preamble of a service that changes one event, named once: one transaction, the
    actor's right ``perm`` in the event (``right_require``), then the event locked and its version
    raised (``event_lock``). The service is written ``def service(*, event, actor, ...)`` and
    its body receives the locked event, read again under the lock::

        @event_writer("tournaments.pair_round")
        def lots_draw(*, event: Event, actor, seed: int | None = None) -> Event:

    ``of`` names the argument the event is found through when callers pass another row of it
    (``"round_"``, ``"entry"``: its ``event``): they call the service as before, and the body
    receives the locked event as ``event`` besides. ``perm`` None: a step of services that
    checked their own right (``knockout.bracket_advance``). ``closed_ok``: the service may
    write to a closed event (``event_lock``); every other one is refused there.

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
                    right_require(actor=actor, perm=perm, event=event)
                return service(event=event_lock(event=event, closed_ok=closed_ok), actor=actor,
                               **arguments)
        return write
    return decorate


def reason_check(*, reason: str) -> None:
    """The history keeps a reason of ``REASON_MAX_LENGTH`` characters: refuse a longer one
    rather than fail on the database."""
    if len(reason) > REASON_MAX_LENGTH:
        raise ServiceError(_("The reason is too long: %(n)s characters at most."),
                           n=REASON_MAX_LENGTH)
