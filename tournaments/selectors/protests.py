"""Written protests and appeals (Art. 15.5, 15.6, 19.2; ``models/protests.py``) as the pages and
the API read them."""

from django.db.models import Q, QuerySet
from django.http import Http404

from tournaments.models import PUBLIC_SUBJECTS, Board, Event, Protest, Round, RoundStatus

_RELATED = ("round", "board", "entry__player", "entry__team", "recorded_by", "decided_by",
            "appeal_recorded_by", "appeal_decided_by")


def _protests() -> QuerySet[Protest]:
    return Protest.objects.select_related(*_RELATED).order_by("round__number", "filed_at", "pk")


def event_protests(event: Event, *, public_only: bool = False) -> list[Protest]:
    """The event's protests by round, then as handed in; ``public_only``: those the public
    pages show (decided, about a result or the draw)."""
    protests = _protests().filter(round__event=event)
    if public_only:
        protests = protests.filter(_public())
    return list(protests)


def event_protests_pending(event: Event) -> int:
    """How many of the event's protests wait for a decision: the chief arbiter's or the
    organisers' (Art. 15.6, 20.3 e), or the appeals committee's on an appeal (Art. 19.2)."""
    return Protest.objects.filter(round__event=event).filter(
        Q(decision="") | (Q(appealed_at__isnull=False) & Q(appeal_decision=""))).count()


def round_public_protests(round_: Round) -> list[Protest]:
    """The round's decided protests about a result or its draw, for its public page."""
    return list(_protests().filter(_public(), round=round_))


def protest_of_event(event: Event, pk) -> Protest:
    """One protest of the event; 404 otherwise."""
    protest = _protests().select_related("round__event").filter(round__event=event,
                                                                pk=pk).first()
    if protest is None:
        raise Http404
    return protest


def _public() -> Q:
    return Q(subject__in=PUBLIC_SUBJECTS) & ~Q(decision="")


def protest_found(pk) -> Protest:
    """The protest of this id with its round and event; 404 when there is none."""
    protest = _protests().select_related("round__event").filter(pk=pk).first()
    if protest is None:
        raise Http404
    return protest


def protest_round(event: Event, number: int) -> Round | None:
    """The event's published round of this number (a protest's), or None."""
    return event.rounds_set.exclude(status=RoundStatus.DRAFT).filter(number=number).first()


def protest_board(round_: Round, number: int | None) -> Board | None:
    """The round's board of this number (a protest's game), or None."""
    return None if number is None else round_.boards.filter(number=number).first()
