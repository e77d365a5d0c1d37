"""Domain errors. Each carries a message for the person who caused it, translated at the edge
(views and the API show ``str(error)`` in the user's language)."""

from django.utils.translation import gettext_lazy as _


class ServiceError(Exception):
    """A request the rules or the event's state do not allow; nothing was changed."""

    default_message = _("This action is not possible.")

    def __init__(self, message=None, **params):
        self.message = message or self.default_message
        self.params = params
        super().__init__(str(self))

    def __str__(self) -> str:
        return str(self.message) % self.params if self.params else str(self.message)


class StaleResult(ServiceError):
    default_message = _(
        "Someone else changed this board's result meanwhile (now: %(current)s). "
        "Nothing was saved; check the board and enter the result again if needed."
    )


class RoundNotClosed(ServiceError):
    default_message = _("Round %(number)s still has boards without a result.")


class NoValidPairing(ServiceError):
    default_message = _("No pairing satisfies the rules: %(reason)s")
