"""The stored check of a Swiss round (FIDE C.04.3; the chief arbiter publishes knowingly,
C.04.3 Art. 1.10): the engine's checker runs when the round is paired or one of its boards
changes, and the round keeps its findings (``Round.findings``), so the review page and the API
read them instead of pairing the round again on every request.

Large events (``SWISS_ASYNC_MIN_ENTRIES`` entries, 100 by default) are checked by a worker, as
they are paired by one: after a change the round reads as "being checked" (``findings`` None)
until ``tournaments.tasks.round_check`` has stored the new findings. What else the check reads
(the statute, players kept apart, withdrawals, corrected results of closed rounds) has the
services that change it check the drafts again (``drafts_check_schedule``); the page's "Check
again" does it by hand.
"""

import uuid

from django.db import transaction
from django.utils import timezone

from pairings.dutch import RoundPairing
from tournaments.adapters.events import EventRecord
from tournaments.models import Event, Round, RoundStatus
from tournaments.rules import in_background
from tournaments.selectors.swiss import round_check_data
from tournaments.services._access import right_require
from tournaments.services.jobs import task_send

ROUND_CHECK_TASK = "tournaments.tasks.round_check"


def round_check_store(*, round_: Round, expected: RoundPairing | None = None,
                      record: EventRecord | None = None) -> Round:
    """Check the round now and store the findings; in the caller's transaction (pairing, board
    changes) or in the worker's. The round's row is locked meanwhile, so a change made during
    a worker's check waits for it and is checked after. ``expected``: the engine's pairing of
    the round the caller has just stored, so the check does not pair it a second time;
    ``record``: the event the caller read to pair it, this round included, so the check does
    not read the event a second time."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    round_.findings = round_check_data(round_, expected, record=record)
    round_.checked_at = timezone.now()
    round_.save(update_fields=["findings", "checked_at"])
    return round_


def round_check_schedule(*, round_: Round) -> None:
    """A round of a checked format changed: check it now, or mark it unchecked and have a
    worker check it once the change is committed."""
    event = round_.event
    if not event.format_rules.rounds_checked:
        return
    if not in_background(event):
        round_check_store(round_=round_)
        return
    Round.objects.filter(pk=round_.pk).update(findings=None, checked_at=None)
    round_id = round_.pk
    # The change is stored whatever the broker says: a check it could not take is logged and
    # the round shows as unchecked until the arbiter has it checked again.
    transaction.on_commit(lambda: task_send(name=ROUND_CHECK_TASK, args=(round_id,),
                                            task_id=str(uuid.uuid4())), robust=True)


def drafts_check_schedule(*, event: Event) -> None:
    """Something the check reads changed (the statute, players kept apart, a withdrawal, a
    corrected result of a closed round): check the event's draft rounds again."""
    if not event.format_rules.rounds_checked:
        return
    for round_ in event.rounds_set.filter(status=RoundStatus.DRAFT).select_related("event"):
        round_check_schedule(round_=round_)


@transaction.atomic
def round_check_refresh(*, round_: Round, actor) -> None:
    """The arbiter has the round checked again (e.g. a round restored from a backup, or after
    a correction in an earlier round)."""
    right_require(actor=actor, perm="tournaments.pair_round", event=round_.event)
    round_check_schedule(round_=round_)
