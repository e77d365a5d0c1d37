"""The messages of an event, for its organisers' log (``views/notifications.py``, the API)."""

from django.db.models import QuerySet

from tournaments.models import Event, Notification


def event_notifications(event: Event) -> QuerySet[Notification]:
    """Every message of the event, newest first (one query; paged by the caller)."""
    return Notification.objects.filter(event=event).order_by("-created_at", "-id")
