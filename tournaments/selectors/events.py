"""Events as pages and the API list them: which ones a user sees, who runs one, its entries."""

import datetime

from django.db.models import (
    Count,
    Exists,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
)
from django.db.models.functions import Coalesce
from django.db.models.lookups import StartsWith

from tournaments.models import (
    AddressKind,
    Board,
    Entry,
    Event,
    EventClosing,
    EventRole,
    OrganisationRole,
    Visibility,
)
from tournaments.selectors.addresses import address_free
from tournaments.text import fold, search_words

# Statute fields an organiser may set through event_create / event_update.
STATUTE_FIELDS = frozenset(
    f.name for f in Event._meta.get_fields()
    if getattr(f, "editable", False) and f.name not in {"id", "created_by", "created_at",
                                                      "updated_at"}
)


def event_slug_free(name: str) -> str:
    """The first free address for a new event, made from its name: never one another event
    had (``selectors/addresses.py: address_free``)."""
    return address_free(AddressKind.EVENT, name)


def public_events() -> QuerySet[Event]:
    return Event.objects.filter(visibility=Visibility.PUBLIC).annotate(
        entry_count=Count("entries", distinct=True)
    )


def public_events_listed() -> QuerySet[Event]:
    """Public events as lists show them (the home, the archive): each with its
    ``entry_count`` counted for the rows read only (a subquery, where ``public_events``
    counts every event's entries before a page is cut)."""
    counts = (Entry.objects.filter(event=OuterRef("pk")).order_by().values("event")
              .annotate(n=Count("pk")).values("n"))
    return Event.objects.filter(visibility=Visibility.PUBLIC).annotate(
        entry_count=Coalesce(Subquery(counts, output_field=IntegerField()), 0))


def finished_filter(today: datetime.date) -> Q:
    """Events (or championships) finished by ``today``: after the end date, or the start date
    when there is none."""
    return Q(end_date__lt=today) | Q(end_date__isnull=True, start_date__lt=today)


def events_run_by(user) -> QuerySet[Event]:
    """Events the user organises or arbitrates, or holds under an organisation they administer
    (all events for a superuser)."""
    events = Event.objects.all()
    if not user.is_superuser:
        ids = EventRole.objects.filter(user=user).values("event_id")
        under = Exists(OrganisationRole.objects.filter(
            StartsWith(OuterRef("organisation__path"), F("organisation__path")), user=user))
        events = events.filter(Q(pk__in=ids) | Q(created_by=user) | under)
    return events.annotate(entry_count=Count("entries", distinct=True))


def events_visible(user, *, search: str = "") -> QuerySet[Event]:
    """Public events and, for a signed-in user, the events the user runs (drafts too), newest
    first; ``search``: words of the name, diacritics ignored (``events_search``)."""
    events = public_events()
    if user.is_authenticated:
        events = (events | events_run_by(user)).distinct()
    return events_search(search, events).order_by("-start_date", "name")


def user_runs_events(user) -> bool:
    """Whether the user organises or arbitrates some event (one query)."""
    return events_run_by(user).exists()


def event_roles(event: Event) -> QuerySet[EventRole]:
    """Who runs the event: its roles with their people, by role."""
    return EventRole.objects.filter(event=event).select_related("user").order_by("role", "pk")


def event_entries(event: Event) -> QuerySet[Entry]:
    """An event's entries by table number, with their players, teams and team rosters."""
    return (event.entries.select_related("player", "team").prefetch_related("members__player")
            .order_by("number", "pk"))


def event_entry(event: Event, pk: int | None) -> Entry | None:
    """The event's entry of this id, or None."""
    return event.entries.filter(pk=pk).first() if pk else None


def event_entry_ids(event: Event) -> list[int]:
    """The ids of the event's entries."""
    return list(event.entries.values_list("pk", flat=True))


def event_entry_count(event: Event) -> int:
    """How many entries the event has (one query)."""
    return event.entries.count()


def event_player_ids(event: Event) -> set[int]:
    """The register players entered in the event on their own (not on a team's roster)."""
    return set(event.entries.values_list("player_id", flat=True))


def event_has_player(event: Event, player) -> bool:
    """Whether ``player`` is entered in the event, alone or on a team's roster."""
    return event.entries.filter(Q(player=player) | Q(members__player=player)).exists()


def entries_with_event() -> QuerySet[Entry]:
    """Entries to find by id, each with its event (the rights are the event's), its player
    or its team."""
    return Entry.objects.select_related("event", "player", "team")


def entries_with_roster() -> QuerySet[Entry]:
    """Entries to find by id and show whole: ``entries_with_event`` and the team's roster."""
    return entries_with_event().prefetch_related("members__player")


def event_if_visible(user, slug: str | None = None, *, pk: int | None = None) -> Event | None:
    """The event of that address (or id) if the user may see it: public, or run by the user
    (``tournaments.view_event``)."""
    event = Event.objects.filter(**({"slug": slug} if pk is None else {"pk": pk})).first()
    if event is None or not user.has_perm("tournaments.view_event", event):
        return None
    return event


def events_search(query: str, events: QuerySet) -> QuerySet:
    """Events (or championships) whose name has every word of ``query``, diacritics ignored
    ("da nang" finds "Cúp Đà Nẵng"): in the events' folded name (``Event.name_folded``);
    championships' names are folded in memory (they are few, and have no folded column)."""
    words = search_words(query)
    if not words:
        return events
    if events.model is Event:
        for word in words:
            events = events.filter(name_folded__contains=word)
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


def event_closings(event: Event) -> list[EventClosing]:
    """The event's closings and reopenings, oldest first, with who made them
    (``services/closing.py``)."""
    return list(EventClosing.objects.filter(event=event).select_related("by")
                .order_by("at", "pk"))
