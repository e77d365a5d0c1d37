"""A player's own requests, from their private page (``/p/<token>/``, no account): a
requested half-point bye, or a withdrawal with its reason. Each is a ``PlayerRequest`` the
arbiters approve or reject; an approval is applied by the services the staff use themselves
(``services/swiss.py: bye_request`` within the statute's limits, ``services/entries.py:
entry_withdraw``, Art. 21.5), never by a copy of them.

The private link is the right: whoever holds it speaks for that entry only (the token finds
the entry, ``selectors/player_page.py: entry_by_token``). The staff make a new link when one
is lost or given to the wrong person (``entry_token_renew``): the old one stops working.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import (
    REQUEST_TEXT_MAX_LENGTH,
    Entry,
    Event,
    NotificationKind,
    PlayerRequest,
    RequestKind,
    RequestStatus,
    private_token_new,
    subscriber_key_of,
)
from tournaments.selectors.player_page import entry_bye_requests_pending
from tournaments.selectors.rounds import event_next_round_number
from tournaments.services._access import event_lock, event_writer, right_require
from tournaments.services.entries import entry_withdraw
from tournaments.services.notifications import notification_send
from tournaments.services.swiss import bye_request


def _text_check(text: str) -> str:
    text = text.strip()
    if len(text) > REQUEST_TEXT_MAX_LENGTH:
        raise ServiceError(_("Write %(n)s characters at most."), n=REQUEST_TEXT_MAX_LENGTH)
    return text


def _bye_check(event: Event, entry: Entry, round_number: int) -> None:
    """A half-point bye may be asked for a round not paired yet, once, within the statute's
    limits, counting the byes already granted and those waiting for the arbiters."""
    if not event.format_rules.pairs_by_score:
        raise ServiceError(_("Requested byes exist only in Swiss events."))
    if round_number < event_next_round_number(event):
        raise ServiceError(_("Round %(n)s is already paired: a bye can be asked only for a "
                             "round not paired yet."), n=round_number)
    if event.rounds and round_number > event.rounds:
        raise ServiceError(_("The event has only %(n)s rounds."), n=event.rounds)
    granted = set(entry.requested_byes or [])
    pending = entry_bye_requests_pending(entry)
    if round_number in granted or round_number in pending:
        raise ServiceError(_("You have already asked for a bye in round %(n)s."), n=round_number)
    refusal = event.bye_refusal(round_number=round_number, taken=len(granted | pending))
    if refusal:
        raise ServiceError(refusal)


def _withdrawal_round(event: Event, entry: Entry) -> int:
    """The first round a withdrawal asked now leaves out: the next round to be paired
    (Art. 21.5: the player withdraws after the round before it)."""
    if PlayerRequest.objects.filter(entry=entry, kind=RequestKind.WITHDRAWAL,
                                    status=RequestStatus.PENDING).exists():
        raise ServiceError(_("Your withdrawal is already waiting for the arbiters."))
    number = event_next_round_number(event)
    if event.rounds and number > event.rounds:
        raise ServiceError(_("Every round of the event is paired: speak to the chief arbiter "
                             "to withdraw."))
    return number


@transaction.atomic
def player_request_create(*, entry: Entry, kind: str, round_number: int | None = None,
                          reason: str = "") -> PlayerRequest:
    """The player behind a private link asks for a half-point bye in ``round_number`` or to
    withdraw (``reason`` required) from the next round; the request waits for the arbiters.
    Refused with the reason (nothing stored) when the entry has withdrawn, the round is paired
    or past the statute's limits. The event is locked: two taps never make two requests past
    the limit."""
    event = event_lock(event=entry.event_id)
    entry.refresh_from_db()
    if not entry.is_active:
        raise ServiceError(_("You have withdrawn from this event."))
    reason = _text_check(reason)
    if kind == RequestKind.BYE:
        if round_number is None:
            raise ServiceError(_("Choose the round of the bye."))
        _bye_check(event, entry, round_number)
    elif kind == RequestKind.WITHDRAWAL:
        if not reason:
            raise ServiceError(_("Say why you withdraw: the arbiters read it."))
        round_number = _withdrawal_round(event, entry)
    else:
        raise ServiceError(_("A request is a half-point bye or a withdrawal."))
    return PlayerRequest.objects.create(entry=entry, kind=kind, round=round_number,
                                        reason=reason, created_at=timezone.now())


def _apply(player_request: PlayerRequest, actor) -> None:
    """An approved request, through the services the staff use: the bye within the statute's
    limits (``bye_request``), the withdrawal after the round before the one asked
    (``entry_withdraw``, Art. 21.5), or the last round paired if that is earlier. The player's
    reason stays on the request: the entry's own reason is a disqualification's (Art. 20.3)."""
    entry = player_request.entry
    if player_request.kind == RequestKind.BYE:
        bye_request(entry=entry, actor=actor, round_number=player_request.round)
        return
    entry.refresh_from_db()
    if not entry.is_active:
        raise ServiceError(_("%(name)s has already withdrawn: reject the request."),
                           name=entry.name)
    last = event_next_round_number(player_request.event) - 1
    entry_withdraw(entry=entry, actor=actor,
                   after_round=max(0, min(player_request.round - 1, last)))


@transaction.atomic
def player_request_decide(*, player_request: PlayerRequest, actor, approve: bool,
                          answer: str = "") -> PlayerRequest:
    """The chief arbiter (or an organiser) approves or rejects a pending request, with an
    ``answer`` the player reads on their page. An approval is applied at once by the staff's
    own services, which lock the event and refuse what they would refuse the staff (a round
    paired meanwhile, the statute's limits); a rejection locks the event itself."""
    right_require(actor=actor, perm="tournaments.decide_request", event=player_request.event)
    answer = _text_check(answer)
    if approve:
        _apply(player_request, actor)
    else:
        event_lock(event=player_request.event)
    row = PlayerRequest.objects.select_for_update().select_related("entry__event").get(
        pk=player_request.pk)
    if not row.is_pending:
        raise ServiceError(_("This request was already decided."))
    row.status = RequestStatus.APPROVED if approve else RequestStatus.REJECTED
    row.answer = answer
    row.decided_by = actor
    row.decided_at = timezone.now()
    row.save(update_fields=["status", "answer", "decided_by", "decided_at"])
    _decision_notify(row)
    return row


def _decision_notify(row: PlayerRequest) -> None:
    """Tell the player the decision (``request_decided``), by e-mail when the register has
    their address and on the browsers subscribed from their private page, in Vietnamese then
    English. The link is the entry's public page: a message never carries the private link
    (messages are kept in the organisers' log and in backups)."""
    entry = row.entry
    event = entry.event
    texts = []
    for language in ("vi", "en"):
        with translation.override(language):
            what = (_("half-point bye in round %(n)s") if row.is_bye
                    else _("withdrawal from round %(n)s")) % {"n": row.round}
            verdict = (_("The arbiters approved your request: %(what)s.") if
                       row.status == RequestStatus.APPROVED else
                       _("The arbiters rejected your request: %(what)s.")) % {"what": what}
            answer = (_("Their answer: %(answer)s") % {"answer": row.answer}
                      if row.answer else "")
            texts.append((_("%(event)s: your request") % {"event": event.name},
                          "\n".join(part for part in (verdict, answer) if part)))
    url = settings.SITE_URL.rstrip("/") + reverse("tournaments:entry",
                                                  args=[event.slug, entry.pk])
    email = entry.player.email if entry.player_id else ""
    notification_send(event=event, kind=NotificationKind.REQUEST_DECIDED,
                      email=email or None, push_key=subscriber_key_of(entry),
                      subject=" · ".join(dict.fromkeys(t[0] for t in texts)),
                      body="\n\n".join(t[1] for t in texts), url=url)


@event_writer(perm="tournaments.decide_request", of="entry")
def entry_token_renew(*, entry: Entry, actor, event: Event) -> Entry:
    """A new private link for the entry (one lost, or given to the wrong person): the old
    link stops working at once."""
    entry.private_token = private_token_new()
    entry.save(update_fields=["private_token"])
    return entry
