"""Closing an event (archiving it) and reopening it.

An event is closed by its organisers or its chief arbiter (``tournaments.close_event``) once
the work after the last day is done: every round completed, no protest or appeal waiting for a
decision (Art. 15.6, 19.2, 20.3 e), the closing documents made (Art. 19.4, 20.3 l). From then
on every write to it is refused at ``_access.py: event_lock`` with the reason, and nothing
changes; reopening it (same right, a reason required) lets the writes through again. Each
closing and reopening is kept in the event's history (``EventClosing``). The law has no
closing: this is the app's archive (docs/archive.md).
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import ClosingAction, Event, EventClosing
from tournaments.selectors.protests import event_protests_pending
from tournaments.selectors.rounds import event_rounds_open
from tournaments.services._access import event_writer, reason_check


@event_writer(perm="tournaments.close_event")
def event_close(*, event: Event, actor, reason: str = "") -> Event:
    """Close the event: refused while a round is not completed or a protest or an appeal
    waits for its decision (a closed event is refused by the gate itself)."""
    reason = reason.strip()
    reason_check(reason=reason)
    open_rounds = event_rounds_open(event)
    if open_rounds:
        raise ServiceError(_("The event cannot be closed: rounds not completed: %(rounds)s."),
                           rounds=", ".join(str(n) for n in open_rounds))
    pending = event_protests_pending(event)
    if pending:
        raise ServiceError(_("The event cannot be closed: %(n)s protest(s) or appeal(s) wait "
                             "for a decision."), n=pending)
    event.closed_at, event.closed_by = timezone.now(), actor
    event.save(update_fields=["closed_at", "closed_by", "updated_at"])
    EventClosing.objects.create(event=event, action=ClosingAction.CLOSE, at=event.closed_at,
                                by=actor, reason=reason)
    return event


@event_writer(perm="tournaments.close_event", closed_ok=True)
def event_reopen(*, event: Event, actor, reason: str) -> Event:
    """Reopen a closed event, with the reason (kept in its history)."""
    reason = (reason or "").strip()
    if event.closed_at is None:
        raise ServiceError(_("This event is not closed."))
    if not reason:
        raise ServiceError(_("Say why the event is reopened."))
    reason_check(reason=reason)
    event.closed_at, event.closed_by = None, None
    event.save(update_fields=["closed_at", "closed_by", "updated_at"])
    EventClosing.objects.create(event=event, action=ClosingAction.REOPEN, at=timezone.now(),
                                by=actor, reason=reason)
    return event
