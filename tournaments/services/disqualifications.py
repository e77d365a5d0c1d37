"""Disqualification as its own act (Art. 15.6, 16.1 d–e, 16.2; ``models/entries.py``).

The chief arbiter decides it with its reason (``tournaments.disqualify``). Points voided take
effect at once; striking the player from the list and the results takes effect when the head
of the organising committee approves it (``tournaments.approve_striking``), a second person.
In force, the entry is no longer paired and the scoring engine voids its games
(``scoring/withdrawals.py``) as the statute says (``Event.voided_games``).
"""

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import Disqualification, Entry, EntryStatus, Event, RoundStatus, Sanction
from tournaments.services._access import event_writer
from tournaments.services.formats import FormatFlow

REASON_MAX_LENGTH = Disqualification._meta.get_field("reason").max_length


@event_writer(perm="tournaments.disqualify", of="entry")
def entry_disqualify(*, entry: Entry, actor, sanction: str, reason: str, event: Event,
                     now=None) -> Disqualification:
    """Disqualify ``entry`` (the chief arbiter, Art. 16.2) for ``reason``: its points voided
    (Art. 15.6) at once, or, once approved, struck from the list and the results."""
    if sanction not in Sanction.values:
        raise ServiceError(_("Choose the sanction: points voided or struck from the list."))
    reason = reason.strip()
    if not reason:
        raise ServiceError(_("Give the reason for the disqualification (Art. 16.2)."))
    if len(reason) > REASON_MAX_LENGTH:
        raise ServiceError(_("The reason is too long: %(n)s characters at most."),
                           n=REASON_MAX_LENGTH)
    if Disqualification.objects.filter(entry=entry).exists():
        raise ServiceError(_("%(entry)s has already been disqualified."), entry=entry.name)
    act = Disqualification.objects.create(
        entry=entry, sanction=sanction, reason=reason,
        after_round=_last_published(event),
        decided_by=actor, decided_at=now or timezone.now(),
    )
    if act.in_force:
        _apply(act, event=event, actor=actor)
    return act


@event_writer(perm="tournaments.approve_striking", of="disqualification")
def disqualification_approve(*, disqualification: Disqualification, actor, event: Event,
                             now=None) -> Disqualification:
    """The head of the organising committee's approval of striking a player from the list and
    the results (Art. 16.2): the act takes effect now."""
    act = disqualification
    if not act.needs_approval:
        raise ServiceError(_("Voiding the points needs no second approval."))
    if act.approved_at is not None:
        raise ServiceError(_("This disqualification has already been approved."))
    if act.decided_by_id == actor.pk:
        raise ServiceError(_("The head of the organising committee approves it, not the "
                             "chief arbiter who decided it (Art. 16.2)."))
    act.approved_by = actor
    act.approved_at = now or timezone.now()
    act.save(update_fields=["approved_by", "approved_at"])
    _apply(act, event=event, actor=actor)
    return act


def _last_published(event: Event) -> int:
    """The round the act follows: the last one published (later drafts are drawn again)."""
    last = event.rounds_set.exclude(status=RoundStatus.DRAFT).aggregate(n=Max("number"))["n"]
    return last or 0


def _apply(act: Disqualification, *, event: Event, actor) -> None:
    """In force: the entry leaves the draw after the round it was disqualified in."""
    entry = act.entry
    entry.status = EntryStatus.WITHDRAWN
    entry.withdrawn_after_round = act.after_round
    entry.withdrawal_reason = act.reason
    entry.save(update_fields=["status", "withdrawn_after_round", "withdrawal_reason"])
    FormatFlow.of(event).after_withdrawal(event=event, actor=actor)
