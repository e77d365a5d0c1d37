from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet

from tournaments.models import Board, Event, EventRole, Visibility
from tournaments.text import fold, search_words


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


def visible_event(user, slug: str | None = None, *, pk: int | None = None) -> Event | None:
    """The event of that address (or id) if the user may see it: public, or run by the user
    (``tournaments.view_event``)."""
    event = Event.objects.filter(**({"slug": slug} if pk is None else {"pk": pk})).first()
    if event is None or not user.has_perm("tournaments.view_event", event):
        return None
    return event


def search_events(query: str, events: QuerySet) -> QuerySet:
    """Events (or championships) whose name has every word of ``query``, diacritics ignored
    ("da nang" finds "Cúp Đà Nẵng"). Names are folded in memory: events are few, and have no
    folded column."""
    words = search_words(query)
    if not words:
        return events
    ids = [pk for pk, name in events.values_list("pk", "name")
           if all(word in fold(name) for word in words)]
    return events.filter(pk__in=ids)


def entries_page(event: Event) -> dict:
    """The staff's entries page: the entries, each marked ``paired`` when a board names it (it
    can then only be withdrawn, not removed), the last round drawn (a withdrawal's default), and
    whether table numbers may still be drawn (C.04.2: until round 1 is published; a draft is
    deleted first)."""
    boards = Board.objects.filter(Q(white=OuterRef("pk")) | Q(black=OuterRef("pk")))
    entries = (event.entries.select_related("player", "team")
               .annotate(paired=Exists(boards)).order_by("number", "pk"))
    last = event.rounds_set.aggregate(last=Max("number"))["last"] or 0
    return {"entries": entries, "last_round": last, "numbers_open": last == 0}
