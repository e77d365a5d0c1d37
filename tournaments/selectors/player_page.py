"""A player's own page, reached by the private link the staff hand out (``/p/<token>/``, no
account; docs/security.md, "Private links"): the next board with the opponent, colour, time and
place, the results so far with the games' pages, rank and points (the public card,
``selectors/player_card.py``), the requests sent to the arbiters and what may still be asked
(a half-point bye within the statute's limits, a withdrawal)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import QuerySet

from tournaments.models import (
    PRIVATE_TOKEN_LENGTH,
    CheckIn,
    Entry,
    Event,
    PlayerRequest,
    RequestKind,
    RequestStatus,
    RoundStatus,
)
from tournaments.selectors.checkins import checkin_round_number, entry_expected
from tournaments.selectors.player_card import PlayerCard, player_card
from tournaments.selectors.rounds import EntryGame, event_next_round_number


def entry_by_token(token: str) -> Entry | None:
    """The entry whose private link holds ``token``, with its event and player; None for any
    other string (a wrong or renewed link: the page answers 404, as for nothing at all)."""
    if not token or len(token) > PRIVATE_TOKEN_LENGTH:
        return None
    return (Entry.objects.select_related("event", "player", "team")
            .filter(private_token=token).first())


def entry_bye_requests_pending(entry: Entry) -> set[int]:
    """The rounds of the half-point byes the entry asked for that wait for the arbiters."""
    return set(PlayerRequest.objects.filter(entry=entry, kind=RequestKind.BYE,
                                            status=RequestStatus.PENDING)
               .values_list("round", flat=True))


def entry_requests(entry: Entry) -> list[PlayerRequest]:
    """The entry's requests, newest first."""
    return list(entry.requests.all())


@dataclass(frozen=True)
class NextRound:
    """The round the player plays next: ``game`` their board in it once it is published
    (None: not paired yet, or published without them), its start and the event's venue."""

    number: int
    starts_at: datetime | None
    paired: bool
    game: EntryGame | None = None


@dataclass(frozen=True)
class SelfCheckIn:
    """The check-in the statute asks of the player for round ``number`` (once for the event,
    or before every round, ``Event.check_in``): done or not, and whether the player may still
    do it themselves ("I am here": until ``closes_at``, the statute's minutes before the
    round's start; without a start time, until the round is paired)."""

    number: int
    checked_in: bool
    open: bool
    closes_at: datetime | None


@dataclass(frozen=True)
class PlayerPage:
    entry: Entry
    event: Event
    card: PlayerCard
    next: NextRound | None  # None: every round played (or the entry withdrawn)
    requests: tuple[PlayerRequest, ...]
    bye_rounds: tuple[int, ...]  # the rounds a half-point bye may still be asked for
    bye_refusal: str  # why none may (the statute's limit reached), when that is why
    can_withdraw: bool
    check_in: SelfCheckIn | None  # None: no check-in asked of this player now

    def context(self) -> dict:
        return {"entry": self.entry, "event": self.event, "card": self.card,
                "next": self.next, "requests": self.requests, "bye_rounds": self.bye_rounds,
                "bye_refusal": self.bye_refusal, "can_withdraw": self.can_withdraw,
                "check_in": self.check_in}


def _next_round(event: Event, entry: Entry, games: list[EntryGame]) -> NextRound | None:
    """The first published round still in play, with the entry's board in it; otherwise the
    next round to be published, at the statute's time (a draft is the staff's: the public
    schedule shows it so too, ``selectors/schedule.py: public_schedule``)."""
    shown = list(event.rounds_set.exclude(status=RoundStatus.DRAFT).order_by("number")
                 .values_list("number", "status"))
    in_play = [number for number, status in shown if status == RoundStatus.PUBLISHED]
    if in_play:
        number = in_play[0]
        game = next((g for g in games if g.round == number), None)
        starts = game.starts_at if game else event.round_planned_start(number)
        return NextRound(number, starts, paired=True, game=game)
    number = (shown[-1][0] if shown else 0) + 1
    if not entry.is_active or (event.rounds and number > event.rounds):
        return None
    return NextRound(number, event.round_planned_start(number), paired=False)


def entry_self_check_in_state(entry: Entry, *, now: datetime) -> SelfCheckIn | None:
    """The player's own check-in for the round the arbiters' list is for
    (``selectors/checkins.py``), as the check-in list reads it; None when the statute asks
    none or the player is not expected at that round (withdrawn, on a requested bye)."""
    event = entry.event
    if not event.check_in:
        return None
    number = checkin_round_number(event)
    if not entry_expected(entry, number):
        return None
    round_ = event.rounds_set.filter(number=number).only("scheduled_at").first()
    starts_at = (round_.scheduled_at if round_ is not None else None) or \
        event.round_planned_start(number)
    closes_at = None if starts_at is None else \
        starts_at - timedelta(minutes=event.check_in_closes_minutes)
    still_open = now < closes_at if closes_at is not None else round_ is None
    row = CheckIn.objects.filter(entry=entry, round_number=event.check_in_round(number)).first()
    return SelfCheckIn(number, checked_in=row is not None and row.is_in, open=still_open,
                       closes_at=closes_at)


def player_page(entry: Entry, *, now: datetime) -> PlayerPage:
    """Everything the private page shows, read once; ``now`` decides whether the check-in is
    still open."""
    event = entry.event
    card = player_card(event, entry, staff=False)
    requests = entry_requests(entry)
    pending = {r.round for r in requests
               if r.kind == RequestKind.BYE and r.status == RequestStatus.PENDING}
    withdrawing = any(r.kind == RequestKind.WITHDRAWAL and r.status == RequestStatus.PENDING
                      for r in requests)
    next_round = _next_round(event, entry, [c.game for c in card.games])
    bye_rounds: tuple[int, ...] = ()
    refusal = ""
    if event.format_rules.pairs_by_score and entry.is_active:
        first = event_next_round_number(event)
        last = event.rounds or first
        taken = set(entry.requested_byes or []) | pending
        refusal = event.bye_refusal(round_number=first, taken=len(taken))
        bye_rounds = tuple(n for n in range(first, last + 1) if n not in taken
                           and not event.bye_refusal(round_number=n, taken=len(taken)))
    return PlayerPage(
        entry=entry, event=event, card=card, next=next_round, requests=tuple(requests),
        bye_rounds=bye_rounds, bye_refusal="" if bye_rounds else str(refusal),
        can_withdraw=entry.is_active and not withdrawing and next_round is not None,
        check_in=entry_self_check_in_state(entry, now=now),
    )


def event_player_requests(event: Event) -> list[PlayerRequest]:
    """The requests of an event's players for its arbiters: pending first (oldest first, as
    they came), then the decided ones, newest first."""
    rows = list(PlayerRequest.objects.filter(entry__event=event)
                .select_related("entry__player", "entry__team", "decided_by"))
    pending = sorted((r for r in rows if r.is_pending), key=lambda r: (r.created_at, r.pk))
    return pending + [r for r in rows if not r.is_pending]


def player_requests_with_event() -> QuerySet[PlayerRequest]:
    """The requests with their entry and event (one query for the row a URL names)."""
    return PlayerRequest.objects.select_related("entry__event", "entry__player", "entry__team")


def entries_with_links(event: Event) -> list[Entry]:
    """The event's entries with their private links, in number order (the slips)."""
    return list(event.entries.select_related("player", "team").order_by("number", "pk"))
