"""Messages to the people around an event, by e-mail and Web Push.

``notification_send`` is the one entry point: it stores a ``Notification`` row per recipient
and channel (``models/notifications.py``) and, once the caller's transaction commits, queues
``tournaments.tasks.notification_deliver`` with the row's id (a rolled-back write sends
nothing). A row is stored held back, and never queued, when its address asked for no more
messages of the event (``Unsubscribe``) or when the recipient already had
``NOTIFICATIONS_PER_RECIPIENT_PER_HOUR`` messages of the event in the last hour.

``notification_deliver`` (called by the task) sends one row: an e-mail through Django's mail
framework (the console here, SMTP in production), with the signed unsubscribe link in its text
and in its ``List-Unsubscribe`` header (RFC 8058: a mail program's one-click button posts to
it); a push notice through pywebpush (RFC 8291's aes128gcm encryption, signed with the
installation's VAPID key, RFC 8292). It writes the outcome on the row: sent, or the error and
the attempt, the last of which marks it failed; the task retries with a growing delay.

``round_pairings_send`` is the first notice: when a round is published (Art. 20: the chief
arbiter publishes the draw), each player with an e-mail address or a subscribed browser gets
the board, the opponent, the colour, the time and the place.
"""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from tournaments.errors import ServiceError
from tournaments.models import (
    Channel,
    Entry,
    Event,
    Notification,
    NotificationKind,
    NotificationStatus,
    PushSubscription,
    Round,
    Unsubscribe,
    subscriber_key_of,
)
from tournaments.models.notifications import SUPPRESSED
from tournaments.services.jobs import task_send

DELIVER_TASK = "tournaments.tasks.notification_deliver"
UNSUBSCRIBE_SALT = "tournaments.notifications.unsubscribe"
# A push notice waits this long at the push service for a browser that is offline.
PUSH_TTL_SECONDS = 24 * 60 * 60
# The push service says the subscription is gone (RFC 8030 §7.3): never try it again.
GONE = (404, 410)


class DeliveryFailed(Exception):
    """The mail server or the push service refused a message (or could not be reached); the
    row holds the error, and the task tries again unless this was the last attempt."""


def notification_send(*, event: Event | None, kind: NotificationKind, email: str | None = None,
                      push_key: str | None = None, subject: str, body: str,
                      url: str | None = None) -> list[Notification]:
    """Store the message for ``email`` and for every browser subscribed as ``push_key``, and
    have each delivered once the caller's transaction commits. Returns the rows stored, held
    back ones included."""
    now = timezone.now()
    recipients = []
    if email:
        recipients.append((Channel.EMAIL, email.strip()))
    if push_key:
        recipients += [(Channel.PUSH, endpoint) for endpoint in PushSubscription.objects.filter(
            subscriber_key=push_key).order_by("pk").values_list("endpoint", flat=True)]
    rows = []
    with transaction.atomic():
        for channel, recipient in recipients:
            row = Notification.objects.create(
                event=event, kind=kind, channel=channel, recipient=recipient,
                subject=subject[:200], body=body, url=url or "", created_at=now,
                status=_status(event=event, channel=channel, recipient=recipient, now=now))
            rows.append(row)
            if row.status == NotificationStatus.QUEUED:
                transaction.on_commit(
                    lambda pk=row.pk: task_send(name=DELIVER_TASK, args=(pk,),
                                                task_id=str(uuid.uuid4())), robust=True)
    return rows


def _status(*, event: Event | None, channel: str, recipient: str, now) -> NotificationStatus:
    """Held back for an address that unsubscribed (from this event or from all), or for a
    recipient over the hourly limit of this event's messages; else queued."""
    if channel == Channel.EMAIL and Unsubscribe.objects.filter(
            Q(event=event) | Q(event__isnull=True), address__iexact=recipient).exists():
        return NotificationStatus.SUPPRESSED_UNSUBSCRIBED
    recent = Notification.objects.filter(
        recipient=recipient, created_at__gt=now - timedelta(hours=1)).exclude(status__in=SUPPRESSED)
    recent = recent.filter(event=event) if event is not None else recent.filter(event__isnull=True)
    if recent.count() >= settings.NOTIFICATIONS_PER_RECIPIENT_PER_HOUR:
        return NotificationStatus.SUPPRESSED_LIMIT
    return NotificationStatus.QUEUED


def notification_deliver(*, notification_id: int, last: bool) -> Notification | None:
    """Send a queued message and write the outcome on its row; ``last``: no retry follows, so
    a failure marks it failed. Raises ``DeliveryFailed`` after writing a failure, for the task
    to retry. A row no longer queued (sent, failed, deleted with its event) is left alone."""
    row = Notification.objects.filter(pk=notification_id, status=NotificationStatus.QUEUED,
                                      ).select_related("event").first()
    if row is None:
        return None
    queued = Notification.objects.filter(pk=row.pk, status=NotificationStatus.QUEUED)
    try:
        if row.channel == Channel.EMAIL:
            _email(row)
        else:
            _push(row)
    except _Gone as exc:
        queued.update(status=NotificationStatus.FAILED, attempts=row.attempts + 1,
                      last_error=str(exc))
        return row
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"[:2000]
        queued.update(status=NotificationStatus.FAILED if last else NotificationStatus.QUEUED,
                      attempts=row.attempts + 1, last_error=error)
        raise DeliveryFailed(error) from exc
    queued.update(status=NotificationStatus.SENT, attempts=row.attempts + 1,
                  sent_at=timezone.now())
    return row


class _Gone(Exception):
    """The browser's subscription ended: the push service answered 404 or 410."""


def _email(row: Notification) -> None:
    link = _unsubscribe_url(address=row.recipient, event=row.event)
    footer = "\n".join(_both(lambda: _("No more e-mails about this event: %(link)s")
                             % {"link": link}))
    text = "\n\n".join(part for part in (row.body, row.url, "-- \n" + footer) if part)
    EmailMessage(subject=row.subject, body=text, to=[row.recipient],
                 headers={"List-Unsubscribe": f"<{link}>",
                          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}).send()


def _push(row: Notification) -> None:
    subscription = PushSubscription.objects.filter(endpoint=row.recipient).first()
    if subscription is None:
        raise _Gone(_("The browser's subscription was removed."))
    try:
        webpush(subscription_info={"endpoint": subscription.endpoint,
                                   "keys": {"p256dh": subscription.p256dh,
                                            "auth": subscription.auth}},
                data=json.dumps({"title": row.subject, "body": row.body, "url": row.url},
                                ensure_ascii=False),
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                content_encoding="aes128gcm", ttl=PUSH_TTL_SECONDS,
                timeout=settings.EMAIL_TIMEOUT)
    except WebPushException as exc:
        if exc.response is not None and exc.response.status_code in GONE:
            PushSubscription.objects.filter(endpoint=row.recipient).delete()
            raise _Gone(f"{exc.response.status_code}: "
                        + _("the browser's subscription ended; it was removed.")) from exc
        raise


def _both(text) -> list[str]:
    """``text()`` in Vietnamese, then in English: a message's reader chose no language."""
    out = []
    for lang in ("vi", "en"):
        with translation.override(lang):
            out.append(text())
    return out


# --- unsubscribing ----------------------------------------------------------------------------


def _unsubscribe_token(*, address: str, event: Event | None) -> str:
    """The signed token of an address's unsubscribe link (for one event, or for all)."""
    return signing.dumps({"a": address, "e": event.pk if event else None}, salt=UNSUBSCRIBE_SALT)


def _unsubscribe_url(*, address: str, event: Event | None) -> str:
    token = _unsubscribe_token(address=address, event=event)
    return settings.SITE_URL.rstrip("/") + reverse("tournaments:unsubscribe", args=[token])


def unsubscribe_read(*, token: str) -> tuple[str, Event | None]:
    """The address and the event a token names; a forged or damaged one is refused."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise ServiceError(_("This unsubscribe link is not valid.")) from None
    event = Event.objects.filter(pk=data.get("e")).first() if data.get("e") else None
    return data["a"], event


def unsubscribe_record(*, token: str) -> Unsubscribe:
    """Record that the token's address wants no more messages of its event (of every event
    for a message about none); asked again, the same row."""
    address, event = unsubscribe_read(token=token)
    row, _created = Unsubscribe.objects.get_or_create(address=address, event=event,
                                                      defaults={"token": token})
    return row


# --- push subscriptions -----------------------------------------------------------------------


def push_subscription_add(*, event: Event | None, subscriber_key: str, endpoint: str,
                          p256dh: str, auth: str) -> PushSubscription:
    """Keep a browser's subscription (its endpoint and keys, as ``PushManager.subscribe``
    gives them) for ``subscriber_key``; subscribing again updates the keys."""
    row, _created = PushSubscription.objects.update_or_create(
        subscriber_key=subscriber_key, endpoint=endpoint,
        defaults={"event": event, "p256dh": p256dh, "auth": auth})
    return row


def push_subscription_remove(*, subscriber_key: str, endpoint: str) -> int:
    """Forget a browser's subscription; returns how many were removed (0 or 1)."""
    removed, _by_model = PushSubscription.objects.filter(subscriber_key=subscriber_key,
                                                         endpoint=endpoint).delete()
    return removed


# --- a round published ------------------------------------------------------------------------


def round_pairings_send(*, round_: Round, boards=None) -> list[Notification]:
    """A round was published (Art. 20): tell each player of an individual event, by e-mail
    and on their subscribed browsers, their board, opponent, colour, time and place; only
    ``boards`` when given (a knockout's match added to a round already published). Team
    events name teams on the boards, not players: they get none yet."""
    event = round_.event
    if event.is_team:
        return []
    entries = {e.pk: e for e in Entry.objects.filter(event=event).select_related("player")}
    keys = set(PushSubscription.objects.filter(
        subscriber_key__in=[subscriber_key_of(e) for e in entries.values()])
        .values_list("subscriber_key", flat=True))
    url = settings.SITE_URL.rstrip("/") + reverse("tournaments:round",
                                                  args=[event.slug, round_.number])
    match = event.games_per_match > 1
    sent = []
    for board in boards if boards is not None else round_.boards.order_by("number"):
        sides = [(board.white_id, board.black_id, True)]
        if not board.is_bye:
            sides.append((board.black_id, board.white_id, False))
        for entry_id, opponent_id, white in sides:
            entry = entries[entry_id]
            key = subscriber_key_of(entry)
            if not entry.player.email and key not in keys:
                continue
            opponent = entries[opponent_id] if opponent_id else None
            subject, body = _pairing_text(round_=round_, board=board, opponent=opponent,
                                          white=white, match=match or bool(board.match_code))
            sent += notification_send(event=event, kind=NotificationKind.ROUND_PUBLISHED,
                                      email=entry.player.email or None,
                                      push_key=key if key in keys else None,
                                      subject=subject, body=body, url=url)
    return sent


def _pairing_text(*, round_: Round, board, opponent: Entry | None, white: bool,
                  match: bool) -> tuple[str, str]:
    """The subject and text of one player's notice, in Vietnamese then English."""
    event = round_.event
    starts = round_.starts_at

    def subject() -> str:
        return _("%(event)s, round %(round)s: board %(board)s") % {
            "event": event.name, "round": round_.number, "board": board.number}

    def body() -> str:
        if opponent is None:
            lines = [_("You have a bye in round %(round)s of %(event)s.")
                     % {"round": round_.number, "event": event.name}]
        else:
            colour = (_("White") if white else _("Black")) if not match else (
                _("White in the first game") if white else _("Black in the first game"))
            lines = [_("Round %(round)s of %(event)s is published.")
                     % {"round": round_.number, "event": event.name},
                     _("Board: %(board)s") % {"board": board.number},
                     _("Opponent: %(name)s") % {"name": opponent.name},
                     _("Your colour: %(colour)s") % {"colour": colour}]
        when = (date_format(timezone.localtime(starts), "DATETIME_FORMAT") if starts
                else _("not announced yet"))
        lines += [_("Starts: %(time)s") % {"time": when},
                  _("Place: %(venue)s") % {"venue": event.venue or _("not announced yet")}]
        return "\n".join(lines)

    return " · ".join(dict.fromkeys(_both(subject))), "\n\n".join(_both(body))
