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
    """A result typed over a version that is no longer the board's (or game's). It carries what
    is stored now (``stored``: the result code, ``version``) so a page shows the stored value,
    not the one it had, and who changed it last (``who``)."""

    default_message = _(
        "%(who)s changed this board's result meanwhile (now: %(current)s). "
        "Nothing was saved; check the board and enter the result again if needed."
    )

    def __init__(self, message=None, *, stored: str = "", version: int = 0, **params):
        self.stored = stored
        self.version = version
        params.setdefault("who", _("Someone else"))
        super().__init__(message, **params)


class RoundNotClosed(ServiceError):
    default_message = _("Round %(number)s still has boards without a result: %(boards)s.")


class NoValidPairing(ServiceError):
    default_message = _("No pairing satisfies the rules: %(reason)s")
