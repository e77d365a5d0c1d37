"""Registering players and teams in an event, withdrawals, and table numbers (*mã số*)."""

import random
import secrets

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.errors import ServiceError
from tournaments.models import (
    Board,
    Entry,
    EntryStatus,
    Event,
    Player,
    RoundStatus,
    Team,
    TeamMember,
    rating_order_key,
)
from tournaments.selectors.rounds import event_next_round_number
from tournaments.services._access import event_writer, right_require
from tournaments.services._checks import entries_open_check, roster_check
from tournaments.services.formats import FormatFlow
from tournaments.services.players import player_create

# The withdrawal round box's own message (the form has ``novalidate``: not the browser's).
WITHDRAWAL_LIMIT = gettext_lazy("Withdrawn after round: give a whole number from 0 to "
                                "%(last)s, the last round drawn.")


@event_writer(perm="tournaments.change_event")
def entry_register(*, event: Event, actor, player: Player, rating: int | None = None) -> Entry:
    """Register a player; after round 1 in a Swiss event this is a late entry (from the next
    round on)."""
    if event.is_team:
        raise ServiceError(_("This is a team event: register teams."))
    if Entry.objects.filter(event=event, player=player).exists():
        raise ServiceError(_("%(player)s is already registered."), player=player.full_name)
    joined = entries_open_check(event=event)
    return Entry.objects.create(
        event=event, player=player, rating=player.rating if rating is None else rating,
        joined_round=joined,
    )


@event_writer(perm="tournaments.change_event")
def entry_team_register(
    *, event: Event, actor, team: Team, players: list[Player], reserves: list[Player] = ()
) -> Entry:
    """Register a team with its roster in board order (1 = strongest), then reserves."""
    if not event.is_team:
        raise ServiceError(_("This is an individual event: register players."))
    if Entry.objects.filter(event=event, team=team).exists():
        raise ServiceError(_("%(team)s is already registered."), team=team.name)
    reserves = list(reserves)
    roster_check(event=event, players=list(players), reserves=reserves)
    joined = entries_open_check(event=event)
    ratings = [p.rating for p in players if p.rating]
    entry = Entry.objects.create(
        event=event, team=team, joined_round=joined,
        rating=sum(ratings) // len(ratings) if ratings else None,
    )
    TeamMember.objects.bulk_create(
        TeamMember(entry=entry, player=p, board_order=i, is_reserve=i > len(players))
        for i, p in enumerate([*players, *reserves], start=1)
    )
    return entry


@transaction.atomic
def entry_new_player_register(*, event: Event, actor, **player_fields) -> Entry:
    """Quick add: a player new to the register, registered in the event at once (all or
    nothing: a refused registration leaves no player behind)."""
    right_require(actor=actor, perm="tournaments.change_event", event=event)
    player = player_create(actor=actor, **player_fields)
    return entry_register(event=event, actor=actor, player=player)


@event_writer(perm="tournaments.change_event", of="entry")
def entry_remove(*, entry: Entry, actor, event: Event) -> None:
    """Remove an entry that has not been paired yet (a mistake, not a withdrawal)."""
    if Board.objects.filter(Q(white=entry) | Q(black=entry)).exists():
        raise ServiceError(_("This entry has been paired: withdraw it instead."))
    entry.delete()


@event_writer(perm="tournaments.withdraw_entry", of="entry")
def entry_withdraw(*, entry: Entry, actor, after_round: int, reason: str = "",
                   event: Event) -> Entry:
    """Withdraw after ``after_round`` (Art. 21.5), or disqualify with ``reason`` (Art. 20.3:
    the chief arbiter's right; scored as a withdrawal). The scoring engine applies the law's
    consequences (cancelled games or wins for the opponents) when standings are computed."""
    last = event_next_round_number(event) - 1
    if not 0 <= after_round <= max(last, 0):
        raise ServiceError(WITHDRAWAL_LIMIT, last=max(last, 0))
    entry.status = EntryStatus.WITHDRAWN
    entry.withdrawn_after_round = after_round
    entry.withdrawal_reason = reason.strip()
    entry.save(update_fields=["status", "withdrawn_after_round", "withdrawal_reason"])
    # A knockout: its pending and future matches are lost by walkover; a Swiss: its drafts are
    # checked again.
    FormatFlow.of(entry.event).after_withdrawal(event=entry.event, actor=actor)
    return entry


@event_writer(perm="tournaments.draw_numbers")
def numbers_draw(
    *, event: Event, actor, method: str, seed: int | None = None,
    numbers: dict[int, int] | None = None,
) -> list[Entry]:
    """Give every active entry its table number (appendix §5): by lots (the seed is recorded so
    the draw can be replayed), by rating (C.04.2 order), or as the organiser assigns them
    (``numbers``: entry id -> number). Fixed once round 1 is published. The organisers or the
    chief arbiter draw them (Art. 20.3)."""
    if event.rounds_set.exclude(status=RoundStatus.DRAFT).exists():
        raise ServiceError(_("Table numbers are fixed once round 1 is published."))
    if event.rounds_set.exists():
        raise ServiceError(_("Delete the draft round before drawing numbers again."))
    entries = list(event.entries.select_related("player", "team").order_by("pk"))
    if method == "lots":
        seed = secrets.randbits(48) if seed is None else seed
        order = entries[:]
        random.Random(seed).shuffle(order)
    elif method == "rating":
        order = sorted(entries, key=rating_order_key)
    elif method == "manual":
        order = _manual_order(entries, numbers or {})
    else:
        raise ServiceError(_("Unknown numbering method."))
    Entry.objects.filter(event=event).update(number=None)
    for number, entry in enumerate(order, start=1):
        entry.number = number
    Entry.objects.bulk_update(order, ["number"])
    event.numbers_method = method
    event.numbers_seed = seed if method == "lots" else None
    event.save(update_fields=["numbers_method", "numbers_seed", "updated_at"])
    return order


def _manual_order(entries: list[Entry], numbers: dict[int, int]) -> list[Entry]:
    by_id = {e.pk: e for e in entries}
    if set(numbers) != set(by_id):
        raise ServiceError(_("Give a number to every entry, and only to entries of this event."))
    if sorted(numbers.values()) != list(range(1, len(entries) + 1)):
        raise ServiceError(_("Numbers must be 1 to %(n)s, each used once."), n=len(entries))
    return sorted(entries, key=lambda e: numbers[e.pk])
