"""What the people who run an event can do next, decided once for the dashboard and the round
pages (``dashboard.py``, ``round_page.py``): the templates offer the step this names, or say
why nothing can be started, and never offer what the services would refuse.

A Swiss round is paired from the scores of the rounds before, once the last one is closed
(C.04.3 Art. 1, ``services/swiss.py``); a draft is published or deleted before the next round
is paired; a round robin is drawn whole (appendix §5); a knockout's later matches come by
themselves (appendix §2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Event, Round, RoundStatus


class Step(StrEnum):
    PAIR = "pair"  # pair (or draw) the next round: the button is offered
    REVIEW = "review"  # a draft waits: review and publish it (or delete it)
    ENTER = "enter"  # the round in play still waits for results
    CLOSE = "close"  # every result is in: close the round
    NONE = "none"  # nothing to start (all rounds paired, a bracket that runs by itself)


@dataclass(frozen=True)
class NextStep:
    """The step offered, the round it is about (``number``: the round to pair, review, enter
    or close) and, when pairing is not offered, why, in the reader's language."""

    step: Step
    number: int | None = None
    reason: str = ""

    @property
    def can_pair(self) -> bool:
        return self.step == Step.PAIR

    @property
    def is_review(self) -> bool:
        return self.step == Step.REVIEW

    @property
    def is_close(self) -> bool:
        return self.step == Step.CLOSE


def event_next_step(event: Event, rounds: list[Round], *, numbered: bool = True) -> NextStep:
    """The next step of ``event`` whose rounds (``event_rounds``, drafts included, with their
    open boards counted) are ``rounds``; ``numbered``: every entry has its table number."""
    rules = event.format_rules
    if rules.has_bracket:
        if rounds:
            return NextStep(Step.NONE, reason=_(
                "Later matches are stored by themselves as results come in."))
        return NextStep(Step.PAIR, 1)
    if rules.pairs_all_rounds_at_once:
        if rounds:
            return NextStep(Step.NONE, reason=_("All rounds are drawn (Berger tables)."))
        if not numbered:
            return NextStep(Step.NONE, reason=_(
                "Draw the table numbers on the Entries page first (appendix §5)."))
        return NextStep(Step.PAIR, 1)
    draft = next((r for r in rounds if r.status == RoundStatus.DRAFT), None)
    if draft is not None:
        return NextStep(Step.REVIEW, draft.number, _(
            "Round %(n)s is a draft: publish it (or delete it) before pairing the next "
            "round.") % {"n": draft.number})
    playing = next((r for r in rounds if r.status == RoundStatus.PUBLISHED), None)
    if playing is not None:
        if playing.open_count:
            return NextStep(Step.ENTER, playing.number, ngettext(
                "Round %(n)s still has %(open)s board without a result: enter it and close "
                "the round before pairing the next.",
                "Round %(n)s still has %(open)s boards without a result: enter them and "
                "close the round before pairing the next.", playing.open_count)
                % {"n": playing.number, "open": playing.open_count})
        return NextStep(Step.CLOSE, playing.number, _(
            "All results of round %(n)s are in: close it before pairing the next round.")
            % {"n": playing.number})
    if event.rounds and len(rounds) >= event.rounds:
        return NextStep(Step.NONE, reason=_(
            "All %(n)s rounds announced by the statute are paired.") % {"n": event.rounds})
    return NextStep(Step.PAIR, rounds[-1].number + 1 if rounds else 1)
