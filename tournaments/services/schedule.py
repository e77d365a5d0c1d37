"""Moving a single round's start (the statute's schedule fills in the others:
``Event.round_planned_start``). The organisers set the schedule (Art. 19: the organising
committee sets the statute); each change is kept (``RoundTimeChange``) with who made it and
why."""

from datetime import datetime

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Event, Round, RoundTimeChange
from tournaments.services._access import event_writer, reason_check

# The years a round may start in: a mistyped year (0202) is refused, not shown in a time zone's
# offset of that age (Asia/Ho_Chi_Minh's +07:06:30 before 1911, no time an RFC 3339 reader takes).
FIRST_YEAR, LAST_YEAR = 2000, 2100


@event_writer(perm="tournaments.change_event", of="round_")
def round_schedule_set(*, round_: Round, actor, event: Event, starts_at: datetime | None,
                       reason: str = "") -> Round:
    """Round ``round_`` starts at ``starts_at`` (None: back to the statute's schedule)."""
    reason_check(reason=reason)
    if starts_at is not None and not FIRST_YEAR <= starts_at.year <= LAST_YEAR:
        raise ServiceError(_("A round starts between the years %(first)s and %(last)s: check "
                             "the year."), first=FIRST_YEAR, last=LAST_YEAR)
    round_ = Round.objects.select_related("event").select_for_update(of=("self",)).get(
        pk=round_.pk)
    if round_.scheduled_at == starts_at:
        return round_
    RoundTimeChange.objects.create(round=round_, changed_by=actor, before=round_.scheduled_at,
                                   after=starts_at, reason=reason)
    round_.scheduled_at = starts_at
    round_.save(update_fields=["scheduled_at"])
    return round_
