"""The format registry and the one way to start the next round, whatever the format.

``round_start`` is what the dashboard's button, the knockout's "start the bracket" form and
``POST /api/events/<id>/rounds/`` call: it checks the right once, asks the event's format
whether the pairing goes to a worker, and either stores the round(s) at once or starts a
pairing job (``services/jobs.py: pairing_start``: a ``Job`` row in the caller's transaction,
``tournaments.tasks.round_pair`` sent once it commits), which calls ``round_pair`` in the
worker. The answer is a ``RoundStart``: the stored rounds, or the job to follow.

A format (``FORMATS``, by ``Event.format``; team events use their format's flow) says:

- round robin, single or double (appendix §5): every round at once from the Berger tables;
- Swiss (FIDE C.04.3 Dutch system): the next round; by a worker from
  ``SWISS_ASYNC_MIN_ENTRIES`` entries (100 by default);
- knockout, single or double elimination (appendix §2, §3): the bracket's first round, seeded as
  the statute says unless the arbiter chose otherwise; later matches follow from the results.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Event, Format, Job, Round
from tournaments.services._access import require
from tournaments.services.jobs import pairing_start
from tournaments.services.knockout import bracket_start
from tournaments.services.round_checks import in_background
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.swiss import Progress, swiss_round_pair


@dataclass(frozen=True)
class RoundStart:
    """What starting the next round gave: the stored draft rounds, or the pairing job (already
    ended when it ran in-process: no broker, no enclosing transaction)."""

    rounds: tuple[Round, ...] = ()
    job: Job | None = None


@dataclass(frozen=True)
class FormatFlow:
    """How a format stores its next round(s), and whether a worker does it."""

    pair: Callable[..., list[Round]]
    in_background: Callable[[Event], bool] = lambda event: False


def _round_robin(*, event: Event, actor, seeding: str | None, progress: Progress | None):
    return round_robin_schedule(event=event, actor=actor)


def _swiss(*, event: Event, actor, seeding: str | None, progress: Progress | None):
    return [swiss_round_pair(event=event, actor=actor, progress=progress)]


def _knockout(*, event: Event, actor, seeding: str | None, progress: Progress | None):
    return bracket_start(event=event, actor=actor, method=seeding)


ROUND_ROBIN = FormatFlow(_round_robin)
KNOCKOUT = FormatFlow(_knockout)
FORMATS: dict[str, FormatFlow] = {
    Format.ROUND_ROBIN: ROUND_ROBIN,
    Format.DOUBLE_ROUND_ROBIN: ROUND_ROBIN,
    Format.SWISS: FormatFlow(_swiss, in_background),
    Format.SINGLE_ELIMINATION: KNOCKOUT,
    Format.DOUBLE_ELIMINATION: KNOCKOUT,
}


def _flow(event: Event) -> FormatFlow:
    flow = FORMATS.get(event.format)
    if flow is None:
        raise ServiceError(_("Drawing rounds for this format is not available yet."))
    return flow


def round_start(*, event: Event, actor, seeding: str | None = None) -> RoundStart:
    """Start the next round of ``event``: the one entry point of every format. ``seeding``
    (knockout) overrides the statute's."""
    require(actor, "tournaments.pair_round", event)
    flow = _flow(event)
    if flow.in_background(event):
        job = pairing_start(event=event, actor=actor)
        job.refresh_from_db()  # how it ended, when it ran in-process at commit
        return RoundStart(job=job)
    rounds = flow.pair(event=event, actor=actor, seeding=seeding, progress=None)
    return RoundStart(rounds=tuple(rounds))


def round_pair(*, event: Event, actor, progress: Progress | None = None) -> list[Round]:
    """What the worker runs for ``round_start``: the format's pairing, stored in one
    transaction; ``progress`` is told each stage."""
    return _flow(event).pair(event=event, actor=actor, seeding=None, progress=progress)
