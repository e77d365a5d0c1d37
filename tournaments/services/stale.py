"""The refusal of a result or line-up typed over a version that is no longer the board's."""

from django.utils.translation import gettext as _

from tournaments.errors import StaleResult


def stale_result(obj) -> StaleResult:
    """``StaleResult`` for a board or game changed since the arbiter's page showed it (Art. 20:
    nothing is overwritten): what is stored now, its version, and who made the last change,
    from the object's history, so the page shows the stored value and names the colleague."""
    last = obj.history.select_related("history_user").first()
    user = last.history_user if last is not None else None
    return StaleResult(current=obj.get_result_display() or _("no result"), stored=obj.result,
                       version=obj.version, who=user.get_username() if user else _("Someone else"))
