"""Art. 20.3 b: the chief arbiter assigns the arbiters. Here: each arbiter in charge of a range
of a round's boards (``BoardAssignment``), which their phone page can show alone
(``selectors/round_page.py``). Ranges of a round do not overlap; an arbiter holds one range
per round."""

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import ARBITER_ROLES, Board, BoardAssignment, Event, EventRole, Round
from tournaments.services._access import event_writer


@event_writer(perm="tournaments.assign_boards", of="round_")
def board_assignment_set(*, round_: Round, actor, event: Event, arbiter, first: int,
                         last: int) -> BoardAssignment:
    """Put ``arbiter`` (one of the event's arbiters) in charge of boards ``first`` to ``last``
    of ``round_``, replacing their range of that round if they had one."""
    if not EventRole.objects.filter(event=event, user=arbiter, role__in=ARBITER_ROLES).exists():
        raise ServiceError(_("%(name)s is not an arbiter of this event."),
                           name=arbiter.get_username())
    boards = Board.objects.filter(round=round_).count()
    if not 1 <= first <= last <= boards:
        raise ServiceError(_("Give a range of boards between 1 and %(n)s, the first no "
                             "higher than the last."), n=boards)
    taken = (BoardAssignment.objects.filter(round=round_, first__lte=last, last__gte=first)
             .exclude(arbiter=arbiter).select_related("arbiter").first())
    if taken is not None:
        raise ServiceError(_("Boards %(first)s–%(last)s of round %(n)s are %(name)s's."),
                           first=taken.first, last=taken.last, n=round_.number,
                           name=taken.arbiter.get_username())
    assignment, _created = BoardAssignment.objects.update_or_create(
        round=round_, arbiter=arbiter,
        defaults={"first": first, "last": last, "assigned_by": actor})
    return assignment


@event_writer(perm="tournaments.assign_boards", of="round_")
def board_assignment_remove(*, round_: Round, actor, event: Event, arbiter) -> None:
    """``arbiter`` is no longer in charge of boards of ``round_``."""
    BoardAssignment.objects.filter(round=round_, arbiter=arbiter).delete()
