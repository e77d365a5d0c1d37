"""What each format DOES, and the one way to start the next round, whatever the format.

``round_start`` is what the dashboard's button, the knockout's "start the bracket" form and
``POST /api/events/<id>/rounds/`` call: it checks the right once, asks whether the pairing goes
to a worker (the format's threshold, ``FormatRules.background_from``), and either stores the
round(s) at once or starts a pairing job (``services/jobs.py: pairing_start``: a ``Job`` row in
the caller's transaction, ``tournaments.tasks.round_pair`` sent once it commits), which calls
``round_pair`` in the worker. The answer is a ``RoundStart``: the stored rounds, or the job to
follow.

A format's flow (``FORMATS``, by ``Event.format``; team events use their format's flow) says
what it does; what it IS (ranked or a bracket, checked, late entries, ...) is
``models/formats.py: FormatRules``, which the services, pages and exports ask instead of the
format:

- round robin, single or double (appendix §5): pairs every round at once from the Berger tables;
- Swiss (FIDE C.04.3 Dutch system): pairs the next round; in a worker from
  ``SWISS_ASYNC_MIN_ENTRIES`` entries (100 by default); after a withdrawal its draft rounds are
  checked again;
- knockout, single or double elimination (appendix §2, §3): pairs the bracket's first round,
  seeded as the statute says unless the arbiter chose otherwise; after a result the match is
  decided and the bracket advances; after a withdrawal its matches are lost by walkover.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Board, Event, Format, Job, Round
from tournaments.rules import in_background
from tournaments.services._access import right_require
from tournaments.services.jobs import pairing_start
from tournaments.services.knockout import bracket_advance, bracket_board_decide, bracket_start
from tournaments.services.round_checks import drafts_check_schedule
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.swiss import Progress, swiss_round_pair


@dataclass(frozen=True)
class RoundStart:
    """What starting the next round gave: the stored draft rounds, or the pairing job (already
    ended when it ran in-process: no broker, no enclosing transaction)."""

    rounds: tuple[Round, ...] = ()
    job: Job | None = None


def _nothing_decided(*, board: Board, actor, reason: str, by_game: bool) -> bool:
    return False


def _nothing(*, event: Event, actor) -> None:
    return None


@dataclass(frozen=True)
class FormatFlow:
    """What a format does: how it stores its next round(s), and what follows a result and a
    withdrawal, in the caller's transaction."""

    pair: Callable[..., list[Round]]
    #: A board's result, or one game of it (``by_game``), changed (``services/results.py``):
    #: True when the format decided the board itself, so the caller leaves its result alone.
    after_result: Callable[..., bool] = _nothing_decided
    #: An entry withdrew or was disqualified (``services/entries.py: entry_withdraw``).
    after_withdrawal: Callable[..., None] = _nothing

    @staticmethod
    def of(event: Event) -> FormatFlow:
        """The flow of ``event``'s format; the services call its hooks instead of asking the
        format."""
        flow = FORMATS.get(event.format)
        if flow is None:
            raise ServiceError(_("Drawing rounds for this format is not available yet."))
        return flow


def _round_robin(*, event: Event, actor, seeding: str | None, progress: Progress | None):
    return round_robin_schedule(event=event, actor=actor)


def _swiss(*, event: Event, actor, seeding: str | None, progress: Progress | None):
    return [swiss_round_pair(event=event, actor=actor, progress=progress)]


def _swiss_withdrawal(*, event: Event, actor) -> None:
    drafts_check_schedule(event=event)  # a withdrawn player is no longer paired (Art. 21.5.2)


def _knockout(*, event: Event, actor, seeding: str | None, progress: Progress | None):
    return bracket_start(event=event, actor=actor, method=seeding)


def _knockout_result(*, board: Board, actor, reason: str, by_game: bool) -> bool:
    bracket_board_decide(board=board, actor=actor, reason=reason, by_game=by_game)
    return True


def _knockout_withdrawal(*, event: Event, actor) -> None:
    bracket_advance(event=event, actor=actor)  # its pending and future matches: walkovers


ROUND_ROBIN = FormatFlow(_round_robin)
KNOCKOUT = FormatFlow(_knockout, after_result=_knockout_result,
                      after_withdrawal=_knockout_withdrawal)
FORMATS: dict[str, FormatFlow] = {
    Format.ROUND_ROBIN: ROUND_ROBIN,
    Format.DOUBLE_ROUND_ROBIN: ROUND_ROBIN,
    Format.SWISS: FormatFlow(_swiss, after_withdrawal=_swiss_withdrawal),
    Format.SINGLE_ELIMINATION: KNOCKOUT,
    Format.DOUBLE_ELIMINATION: KNOCKOUT,
}


def round_start(*, event: Event, actor, seeding: str | None = None) -> RoundStart:
    """Start the next round of ``event``: the one entry point of every format. ``seeding``
    (knockout) overrides the statute's."""
    right_require(actor=actor, perm="tournaments.pair_round", event=event)
    flow = FormatFlow.of(event)
    if in_background(event):
        job = pairing_start(event=event, actor=actor)
        job.refresh_from_db()  # how it ended, when it ran in-process at commit
        return RoundStart(job=job)
    rounds = flow.pair(event=event, actor=actor, seeding=seeding, progress=None)
    return RoundStart(rounds=tuple(rounds))


def round_pair(*, event: Event, actor, progress: Progress | None = None) -> list[Round]:
    """What the worker runs for ``round_start``: the format's pairing, stored in one
    transaction; ``progress`` is told each stage."""
    return FormatFlow.of(event).pair(event=event, actor=actor, seeding=None, progress=progress)
