"""An event's rounds as a calendar file (iCalendar, RFC 5545), written with the ``icalendar``
library: one VEVENT per scheduled round, its start in the event's time zone
(``settings.TIME_ZONE``, with its VTIMEZONE), a UID that stays the same for the round whatever
changes (so a calendar that subscribed moves the round rather than adding another), and the
library's escaping of the texts (commas, semicolons, line breaks in names and venues)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils.translation import gettext as _
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from tournaments.models import Event

PRODID = "-//Co Tuong tournaments//rounds//VI"
# A round's length when the statute's clock does not say: half a day's session.
DEFAULT_LENGTH = timedelta(hours=3)


def round_uid(event: Event, number: int, domain: str) -> str:
    """The round's identity for calendars: the event's id (not its address, which the
    organiser may change) and the round's number."""
    return f"event-{event.pk}-round-{number}@{domain}"


def round_length(event: Event) -> timedelta:
    """How long a round lasts at most: both players' base time (Art. 10.1), else
    ``DEFAULT_LENGTH``."""
    minutes = event.time_base_minutes or 0
    return timedelta(minutes=2 * minutes) if minutes else DEFAULT_LENGTH


def rounds_calendar(event: Event, schedule, *, domain: str, url_of, stamp: datetime) -> bytes:
    """The calendar file of ``event``'s ``schedule`` (``selectors/schedule.py: RoundTime``);
    rounds without a time are left out. ``url_of(number)``: the round's public address;
    ``stamp``: when the file is made (DTSTAMP)."""
    zone = ZoneInfo(settings.TIME_ZONE)
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", event.name)
    calendar.add("x-wr-timezone", settings.TIME_ZONE)
    length = round_length(event)
    for slot in schedule:
        if slot.starts_at is None:
            continue
        start = slot.starts_at.astimezone(zone)
        item = CalendarEvent()
        item.add("uid", round_uid(event, slot.number, domain))
        item.add("dtstamp", stamp)
        item.add("dtstart", start)
        item.add("dtend", start + length)
        item.add("summary", _("%(event)s — round %(n)s") % {"event": event.name,
                                                           "n": slot.number})
        if event.venue:
            item.add("location", event.venue)
        item.add("url", url_of(slot.number))
        calendar.add_component(item)
    calendar.add_missing_timezones()
    return calendar.to_ical()


def event_uid(event: Event, domain: str) -> str:
    """The event's identity in a calendar feed: its id, whatever its address becomes."""
    return f"event-{event.pk}@{domain}"


def events_calendar(events, *, name: str, domain: str, url_of, stamp: datetime) -> bytes:
    """A calendar feed of ``events`` (the public calendar's, all or one organisation's): one
    all-day VEVENT per event, from its start date to its end date (the start date when it has
    none), with its venue and public address (``url_of(event)``)."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", settings.TIME_ZONE)
    for event in events:
        item = CalendarEvent()
        item.add("uid", event_uid(event, domain))
        item.add("dtstamp", stamp)
        item.add("dtstart", event.start_date)
        item.add("dtend", (event.end_date or event.start_date) + timedelta(days=1))
        item.add("summary", event.name)
        if event.venue:
            item.add("location", event.venue)
        item.add("url", url_of(event))
        calendar.add_component(item)
    return calendar.to_ical()
