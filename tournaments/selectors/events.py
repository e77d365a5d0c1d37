from django.db.models import Count, Q, QuerySet

from tournaments.models import Event, EventRole, Visibility
from tournaments.text import fold


def public_events() -> QuerySet[Event]:
    return Event.objects.filter(visibility=Visibility.PUBLIC).annotate(
        entry_count=Count("entries", distinct=True)
    )


def events_run_by(user) -> QuerySet[Event]:
    """Events the user organises or arbitrates (all events for a superuser)."""
    events = Event.objects.all()
    if not user.is_superuser:
        ids = EventRole.objects.filter(user=user).values("event_id")
        events = events.filter(Q(pk__in=ids) | Q(created_by=user))
    return events.annotate(entry_count=Count("entries", distinct=True))


def visible_event(user, slug: str) -> Event | None:
    """The event if the user may see it: public, or run by the user."""
    event = Event.objects.filter(slug=slug).first()
    if event is None or not user.has_perm("tournaments.view_event", event):
        return None
    return event


def search_events(query: str, events: QuerySet[Event]) -> QuerySet[Event]:
    folded = fold(query)
    return events.filter(Q(name__icontains=query) | Q(name__icontains=folded)) if query else events
