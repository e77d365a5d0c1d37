"""Registering players and teams in an event, withdrawals, and table numbers (*mã số*)."""

import random
import secrets

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

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
from tournaments.services._access import event_writer, require
from tournaments.services.formats import format_flow


def _next_round(event: Event) -> int:
    return (event.rounds_set.aggregate(n=Max("number"))["n"] or 0) + 1


def entries_check_open(event: Event) -> int:
    """The round a new entry joins. Round robin and knockout tables are fixed once drawn."""
    joined = _next_round(event)
    if joined > 1 and not event.format_rules.late_entries:
        raise ServiceError(_("Entries are closed: the tables of this event are already drawn."))
    return joined


@event_writer("tournaments.change_event")
def entry_register(*, event: Event, actor, player: Player, rating: int | None = None) -> Entry:
    """Register a player; after round 1 in a Swiss event this is a late entry (from the next
    round on)."""
    if event.is_team:
        raise ServiceError(_("This is a team event: register teams."))
    if Entry.objects.filter(event=event, player=player).exists():
        raise ServiceError(_("%(player)s is already registered."), player=player.full_name)
    joined = entries_check_open(event)
    return Entry.objects.create(
        event=event, player=player, rating=player.rating if rating is None else rating,
        joined_round=joined,
    )


def roster_check(event: Event, players: list[Player], reserves: list[Player]) -> None:
    """Appendix §4: official events field 3–4 players and 1–2 reserves per team, listed
    strongest first; friendly events any number."""
    everyone = [*players, *reserves]
    if len({p.pk for p in everyone}) != len(everyone):
        raise ServiceError(_("A player appears twice on the roster."))
    if len(players) != event.team_boards:
        raise ServiceError(_("The team needs exactly %(n)s players, one per board."),
                           n=event.team_boards)
    if len(reserves) > event.team_reserves:
        raise ServiceError(_("At most %(n)s reserves."), n=event.team_reserves)
    if event.official and not (3 <= len(players) <= 4 and 1 <= len(reserves) <= 2):
        raise ServiceError(_("Official team events: 3–4 players and 1–2 reserves per team "
                             "(appendix §4)."))
    taken = TeamMember.objects.filter(entry__event=event, player__in=everyone)
    if taken.exists():
        raise ServiceError(_("%(player)s already plays for another team in this event."),
                           player=taken.first().player.full_name)


@event_writer("tournaments.change_event")
def entry_register_team(
    *, event: Event, actor, team: Team, players: list[Player], reserves: list[Player] = ()
) -> Entry:
    """Register a team with its roster in board order (1 = strongest), then reserves."""
    if not event.is_team:
        raise ServiceError(_("This is an individual event: register players."))
    if Entry.objects.filter(event=event, team=team).exists():
        raise ServiceError(_("%(team)s is already registered."), team=team.name)
    reserves = list(reserves)
    roster_check(event, list(players), reserves)
    joined = entries_check_open(event)
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
def entry_register_new_player(*, event: Event, actor, **player_fields) -> Entry:
    """Quick add: a player new to the register, registered in the event at once (all or
    nothing: a refused registration leaves no player behind)."""
    require(actor, "tournaments.change_event", event)
    player = Player.objects.create(**player_fields)
    return entry_register(event=event, actor=actor, player=player)


@event_writer("tournaments.change_event", of="entry")
def entry_remove(*, entry: Entry, actor, event: Event) -> None:
    """Remove an entry that has not been paired yet (a mistake, not a withdrawal)."""
    if Board.objects.filter(Q(white=entry) | Q(black=entry)).exists():
        raise ServiceError(_("This entry has been paired: withdraw it instead."))
    entry.delete()


@event_writer("tournaments.withdraw_entry", of="entry")
def entry_withdraw(*, entry: Entry, actor, after_round: int, reason: str = "",
                   event: Event) -> Entry:
    """Withdraw after ``after_round`` (Art. 21.5), or disqualify with ``reason`` (Art. 20.3:
    the chief arbiter's right; scored as a withdrawal). The scoring engine applies the law's
    consequences (cancelled games or wins for the opponents) when standings are computed."""
    last = _next_round(event) - 1
    if not 0 <= after_round <= max(last, 0):
        raise ServiceError(_("Round %(n)s has not been paired yet."), n=after_round)
    entry.status = EntryStatus.WITHDRAWN
    entry.withdrawn_after_round = after_round
    entry.withdrawal_reason = reason.strip()
    entry.save(update_fields=["status", "withdrawn_after_round", "withdrawal_reason"])
    # A knockout: its pending and future matches are lost by walkover; a Swiss: its drafts are
    # checked again.
    format_flow(entry.event).after_withdrawal(event=entry.event, actor=actor)
    return entry


@event_writer("tournaments.draw_numbers")
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
