"""Messages to the people around an event: every e-mail and Web Push notice sent (or held
back), the browsers that asked for push notices, and the addresses that asked for no more.

``services/notifications.py: notification_send`` is the one way a message is made: it stores a
``Notification`` row per recipient and channel, and a Celery task delivers it after commit,
writing the outcome (sent, or failed with the error) on the row. The rows are the organiser's
log of what was sent to whom (``views/notifications.py``, ``api/notifications.py``).
"""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event


class NotificationKind(models.TextChoices):
    REGISTRATION_DECIDED = "registration_decided", _("Registration decided")
    ROUND_PUBLISHED = "round_published", _("Round published")
    REQUEST_DECIDED = "request_decided", _("Request decided")
    STAFF_INVITED = "staff_invited", _("Staff invited")


class Channel(models.TextChoices):
    EMAIL = "email", _("E-mail")
    PUSH = "push", _("Push notification")


class NotificationStatus(models.TextChoices):
    QUEUED = "queued", _("Waiting")
    SENT = "sent", _("Sent")
    FAILED = "failed", _("Failed")
    # More than NOTIFICATIONS_PER_RECIPIENT_PER_HOUR messages to one recipient in an hour.
    SUPPRESSED_LIMIT = "suppressed_limit", _("Held back: too many this hour")
    SUPPRESSED_UNSUBSCRIBED = "suppressed_unsubscribed", _("Held back: unsubscribed")


SUPPRESSED = (NotificationStatus.SUPPRESSED_LIMIT, NotificationStatus.SUPPRESSED_UNSUBSCRIBED)


class Notification(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="notifications")
    kind = models.CharField(_("kind"), max_length=24, choices=NotificationKind.choices)
    channel = models.CharField(_("channel"), max_length=5, choices=Channel.choices)
    # An e-mail address, or a push subscription's endpoint.
    recipient = models.CharField(_("recipient"), max_length=1000)
    subject = models.CharField(_("subject"), max_length=200)
    body = models.TextField(_("text"))
    # The page the message leads to (a push notice opens it; an e-mail shows it).
    url = models.CharField(_("link"), max_length=500, blank=True)
    status = models.CharField(_("status"), max_length=24, choices=NotificationStatus.choices,
                              default=NotificationStatus.QUEUED)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now, db_index=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        indexes = [models.Index(fields=["recipient", "event", "created_at"],
                                name="notification_recipient_hour")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.recipient} ({self.status})"


class PushSubscription(models.Model):
    """A browser's Web Push subscription (RFC 8030; its keys for RFC 8291's encryption).
    ``subscriber_key`` names whom it is for: the pages that subscribe choose it (a player's
    private page: the entry's key, ``subscriber_key_of``), and ``notification_send(push_key=)``
    reaches every subscription with that key."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="push_subscriptions")
    subscriber_key = models.CharField(_("subscriber"), max_length=100, db_index=True)
    endpoint = models.URLField(_("endpoint"), max_length=1000)
    p256dh = models.CharField(_("public key"), max_length=200)
    auth = models.CharField(_("authentication secret"), max_length=100)
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")
        constraints = [models.UniqueConstraint(fields=["subscriber_key", "endpoint"],
                                               name="push_subscription_unique")]

    def __str__(self) -> str:
        return f"{self.subscriber_key}: {self.endpoint[:60]}"


def subscriber_key_of(entry) -> str:
    """The push subscriber key of an entry: what its private page subscribes a browser with,
    and what a round's notices are sent to."""
    return f"entry-{entry.pk}"


class Unsubscribe(models.Model):
    """An address that asked for no more messages: of one event, or (``event`` empty) of every
    event. ``token`` is the signed link it came through (``services/notifications.py``)."""

    address = models.EmailField(_("address"))
    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True,
                              related_name="unsubscribes")
    token = models.CharField(_("token"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"), default=timezone.now)

    class Meta:
        verbose_name = _("unsubscribe")
        verbose_name_plural = _("unsubscribes")
        constraints = [models.UniqueConstraint(fields=["address", "event"],
                                               name="unsubscribe_unique")]

    def __str__(self) -> str:
        return self.address
