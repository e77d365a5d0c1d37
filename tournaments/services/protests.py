"""Written protests and appeals (Art. 15.5, 15.6, 19.2, 20.3 e, m; ``models/protests.py``).

- ``protest_file``: the staff record a protest handed in writing (Art. 15.6: after the game) by
  a player about their game or round, or by a team leader or coach about matters outside the
  game (Art. 15.5 d), within the statute's minutes (``Event.protest_minutes``).
- ``protest_decide``: the chief arbiter or the organising committee upholds or rejects it, with
  the reasons (Art. 15.6, 20.3 e).
- ``protest_appeal``: the decision appealed in writing, within the same minutes of it.
- ``appeal_decide``: the appeals committee (Art. 19.2, ``Role.APPEALS``) decides, someone other
  than who decided the protest.

Players have no accounts here: the staff record the paper they hand in, through a page or the
API, as they record a result from the signed score sheet.
"""

import datetime

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import ServiceError
from tournaments.models import (
    Board,
    Entry,
    Event,
    Game,
    Protest,
    ProtestDecision,
    ProtestFiler,
    ProtestSubject,
    Round,
    RoundStatus,
)
from tournaments.models.protests import TEXT_MAX_LENGTH
from tournaments.services._access import event_writer


def _text(text: str, empty: str) -> str:
    text = (text or "").strip()
    if not text:
        raise ServiceError(empty)
    if len(text) > TEXT_MAX_LENGTH:
        raise ServiceError(_("The text is too long: %(n)s characters at most."),
                           n=TEXT_MAX_LENGTH)
    return text


def _handed_in(at, now) -> datetime.datetime:
    if at is None:
        return now
    if at > now:
        raise ServiceError(_("A protest cannot be handed in later than now."))
    return at


def _board_over_at(board: Board) -> datetime.datetime | None:
    """When the game ended: its result recorded last (the board's, or its games' in a match)."""
    board_at = Board.history.filter(id=board.pk).exclude(result="").aggregate(
        at=Max("history_date"))["at"]
    games_at = Game.history.filter(board_id=board.pk).exclude(result="").aggregate(
        at=Max("history_date"))["at"]
    times = [t for t in (board_at, games_at) if t is not None]
    return max(times) if times and board.result else None


def _deadline_from(*, round_: Round, board: Board | None, subject: str):
    """The moment the statute's minutes run from (Art. 15.6): the game's end for a protest about
    a game, the round's publication for its draw, the round's close otherwise."""
    if board is not None:
        over = _board_over_at(board)
        if over is None:
            raise ServiceError(_("The game on board %(n)s is not over: a written protest comes "
                                 "after the game (Art. 15.6)."), n=board.number)
        return over
    if subject == ProtestSubject.DRAW:
        return round_.published_at
    return round_.completed_at


def _in_time(*, event: Event, start, at, what) -> None:
    minutes = event.protest_minutes
    if minutes is None or start is None:
        return
    if at > start + datetime.timedelta(minutes=minutes):
        raise ServiceError(_("Too late: the statute allows %(n)s minutes after %(what)s to hand "
                             "it in writing (Art. 15.6)."), n=minutes, what=what)


@event_writer(perm="tournaments.file_protest", of="round_")
def protest_file(*, round_: Round, actor, event: Event, entry: Entry, filer: str, subject: str,
                 text: str, board: Board | None = None, filer_name: str = "",
                 filed_at=None, now=None) -> Protest:
    """Record a written protest handed in at ``filed_at`` (now by default) by ``entry``'s player
    or team leader about ``round_`` (and its game ``board``)."""
    now = now or timezone.now()
    if round_.event_id != event.pk or entry.event_id != event.pk:
        raise ServiceError(_("That round or entry is not of this event."))
    if round_.status == RoundStatus.DRAFT:
        raise ServiceError(_("Round %(n)s is a draft: there is nothing to protest yet."),
                           n=round_.number)
    if filer not in ProtestFiler.values:
        raise ServiceError(_("Say who hands the protest in: the player or the team leader."))
    if subject not in ProtestSubject.values:
        raise ServiceError(_("Say what the protest is about: a result, the draw or an "
                             "arbiter's ruling."))
    filer_name = (filer_name or "").strip()
    if filer == ProtestFiler.LEADER:
        if subject == ProtestSubject.RULING:
            raise ServiceError(_("A team leader or coach protests only matters outside the "
                                 "game, such as the draw or the results; a ruling in a game is "
                                 "the player's to protest (Art. 15.5 a, d)."))
        if not filer_name:
            raise ServiceError(_("Give the name of the team leader or coach."))
    if len(filer_name) > Protest._meta.get_field("filer_name").max_length:
        raise ServiceError(_("The name is too long."))
    if board is not None:
        if board.round_id != round_.pk:
            raise ServiceError(_("Board %(n)s is not a board of round %(r)s."),
                               n=board.number, r=round_.number)
        if entry.pk not in (board.white_id, board.black_id):
            raise ServiceError(_("%(entry)s does not play on board %(n)s."), entry=entry.name,
                               n=board.number)
    elif subject == ProtestSubject.RULING or (
            subject == ProtestSubject.RESULT and filer == ProtestFiler.PLAYER):
        raise ServiceError(_("Choose the board of the game the protest is about."))
    text = _text(text, _("Write what the protest says."))
    at = _handed_in(filed_at, now)
    start = _deadline_from(round_=round_, board=board, subject=subject)
    if start is not None and at < start:
        raise ServiceError(_("A written protest comes after the game (Art. 15.6)."))
    _in_time(event=event, start=start,
             at=at, what=_("the game") if board is not None else _("the round"))
    return Protest.objects.create(round=round_, board=board, entry=entry, filer=filer,
                                  filer_name=filer_name, subject=subject, text=text,
                                  filed_at=at, recorded_by=actor)


def _decision(decision: str, reason: str) -> str:
    if decision not in ProtestDecision.values:
        raise ServiceError(_("Choose the decision: upheld or rejected."))
    return _text(reason, _("Give the reasons for the decision."))


@event_writer(perm="tournaments.decide_protest", of="protest")
def protest_decide(*, protest: Protest, actor, event: Event, decision: str, reason: str,
                   now=None) -> Protest:
    """The chief arbiter's (or the organising committee's) decision, with its reasons (Art.
    15.6, 20.3 e); final on technical matters unless appealed (Art. 20.3 m)."""
    protest = Protest.objects.select_for_update().get(pk=protest.pk)
    if protest.decision:
        raise ServiceError(_("This protest has already been decided."))
    protest.decision_reason = _decision(decision, reason)
    protest.decision = decision
    protest.decided_by = actor
    protest.decided_at = now or timezone.now()
    protest.save(update_fields=["decision", "decision_reason", "decided_by", "decided_at"])
    return protest


@event_writer(perm="tournaments.file_protest", of="protest")
def protest_appeal(*, protest: Protest, actor, event: Event, text: str, appealed_at=None,
                   now=None) -> Protest:
    """Record the written appeal of a protest's decision to the appeals committee (Art. 19.2),
    handed in within the statute's minutes of the decision."""
    now = now or timezone.now()
    protest = Protest.objects.select_for_update().get(pk=protest.pk)
    if not protest.decision:
        raise ServiceError(_("Only a decided protest can be appealed."))
    if protest.appealed_at is not None:
        raise ServiceError(_("This decision has already been appealed."))
    text = _text(text, _("Write what the appeal says."))
    at = _handed_in(appealed_at, now)
    if at < protest.decided_at:
        raise ServiceError(_("An appeal comes after the decision."))
    _in_time(event=event, start=protest.decided_at, at=at, what=_("the decision"))
    protest.appeal_text = text
    protest.appealed_at = at
    protest.appeal_recorded_by = actor
    protest.save(update_fields=["appeal_text", "appealed_at", "appeal_recorded_by"])
    return protest


@event_writer(perm="tournaments.decide_appeal", of="protest")
def appeal_decide(*, protest: Protest, actor, event: Event, decision: str, reason: str,
                  now=None) -> Protest:
    """The appeals committee's decision (Art. 19.2), by someone who did not decide the protest."""
    protest = Protest.objects.select_for_update().get(pk=protest.pk)
    if protest.appealed_at is None:
        raise ServiceError(_("This protest's decision has not been appealed."))
    if protest.appeal_decision:
        raise ServiceError(_("The appeals committee has already decided."))
    if protest.decided_by_id == actor.pk:
        raise ServiceError(_("Who decided the protest does not decide its appeal."))
    protest.appeal_reason = _decision(decision, reason)
    protest.appeal_decision = decision
    protest.appeal_decided_by = actor
    protest.appeal_decided_at = now or timezone.now()
    protest.save(update_fields=["appeal_decision", "appeal_reason", "appeal_decided_by",
                                "appeal_decided_at"])
    return protest
