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

    @classmethod
    def of(cls, row) -> "StaleResult":
        """The refusal for a board or game changed since the arbiter's page showed it (Art. 20:
        nothing is overwritten): what is stored now, its version, and who made the last change,
        from the row's history, so the page shows the stored value and names the colleague."""
        last = row.history.select_related("history_user").first()
        user = last.history_user if last is not None else None
        return cls(current=row.get_result_display() or _("no result"), stored=row.result,
                   version=row.version, who=user.get_username() if user else _("Someone else"))


class RoundNotClosed(ServiceError):
    default_message = _("Round %(number)s still has boards without a result: %(boards)s.")


class NoValidPairing(ServiceError):
    default_message = _("No pairing satisfies the rules: %(reason)s")


class StaleCheckIn(StaleResult):
    """A check-in (or check-out) sent by a device that read the list before someone else
    changed that player's check-in: nothing was saved; ``stored`` says what is stored now
    ("in" or "out") and ``version`` the version of that change."""

    default_message = _(
        "%(who)s changed this player's check-in meanwhile (now: %(current)s). "
        "Nothing was saved; check the list and tap again if needed."
    )


class EventClosed(ServiceError):
    """A write to a closed (archived) event (``services/_access.py: event_lock``): nothing was
    changed. The API answers it as every refusal (400); a page that does not catch it is
    answered by ``middleware.ClosedEvents`` (the message, back to the page)."""
