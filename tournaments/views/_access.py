"""Who may open a staff page of an event (``tournaments/access.py``, shared with the API)."""

from tournaments import access
from tournaments.models import Event


def event_for(request, slug, perm="tournaments.enter_result") -> Event:
    """The event, if the user has ``perm`` in it. An event the user may not even see (a draft
    run by others) is not found, exactly like an unknown slug: a stranger learns nothing of it;
    a visible one says whose right the page is."""
    return access.event_for(request.user, perm, slug=slug)


def staff_perms(user, event) -> dict[str, bool]:
    """The rights the staff pages show buttons for."""
    return {name: user.has_perm(f"tournaments.{name}", event)
            for name in ("change_event", "pair_round", "enter_result", "correct_result",
                         "record_foul", "draw_numbers", "withdraw_entry", "record_moves",
                         "assign_boards", "disqualify", "approve_striking", "file_protest",
                         "decide_protest", "decide_appeal", "read_protests", "decide_request",
                         "grant_bye", "adjourn_game", "read_fees", "check_in", "close_event",
                         "relay_boards", "relay_moves")}
