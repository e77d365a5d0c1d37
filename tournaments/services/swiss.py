"""Swiss events (appendix §1, Art. 21.4; FIDE Dutch system, C.04.3): pair the next round as a draft.

``swiss_pair_next`` is the one writer: it locks the event, numbers the entries before round 1
(C.04.2 initial order: rating, title, name), draws the initial colour by lots when the statute
says so (seed and colour recorded on the event, the seed also on round 1), builds the engine's
options from the statute, calls ``pairings.dutch.pair_round`` and stores the round as a draft.

How a round is stored (the same everywhere: pages, TRF, standings):

- a game: a board with White and Black;
- the pairing-allocated bye (C.04.1 Art. 3): a bye board of kind ``U``, worth the statute's
  ``points_bye``;
- a requested half-point bye: a bye board of kind ``H`` (after the PAB);
- withdrawn players (Art. 21.5.2: not paired after their withdrawal), late entries before their
  first round, and absences: **no board**. The scoring engine reads a missing round as an
  absence worth nothing, exactly like a zero-point bye (C.07 §16: a voluntarily unplayed round),
  and the TRF export writes it as ``0000 - Z``.

Late entries get the next free pairing numbers (in C.04.2 order among themselves), so numbers
already published never change.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from pairings.dutch import DutchOptions, ForbiddenPairs, PointValues, pair_round
from pairings.dutch_cli import infer_initial_colour
from pairings.swiss_state import DutchError
from pairings.swiss_state import NoValidPairing as EngineNoValidPairing
from records import Colour, Outcome, Tournament
from scoring.points import MatchScoring
from tournaments.adapters import EventRecord, load_event, pairing_tournament, scoring_system
from tournaments.errors import NoValidPairing, ServiceError
from tournaments.models import (
    Acceleration,
    ByeKind,
    Entry,
    EntryStatus,
    Event,
    InitialColour,
    PairingMethod,
    Round,
    RoundStatus,
)
from tournaments.services._access import lock_event, require
from tournaments.services.entries import rating_order_key
from tournaments.services.roundrobin import create_match_games
from tournaments.services.rounds import BoardSpec, next_round_number, round_store
from tournaments.text import fold

Progress = Callable[[str], None]


@dataclass(frozen=True)
class SwissSetup:
    """What the statute and the entries say about pairing round ``round``, by pairing number."""

    round: int
    tournament: Tournament  # earlier rounds, matches reduced to one result each
    initial_colour: Colour
    points: PointValues
    baku: bool
    club_groups: tuple[tuple[int, ...], ...]
    family_groups: tuple[tuple[int, ...], ...]
    requested_byes: frozenset[int]
    withdrawn: frozenset[int]
    not_joined: frozenset[int]

    @property
    def unavailable(self) -> frozenset[int]:
        return self.requested_byes | self.withdrawn | self.not_joined

    @property
    def forbidden(self) -> tuple[tuple[int, ...], ...]:
        return self.club_groups + self.family_groups


# --- reading the statute ---------------------------------------------------------------------


def pairing_points(event: Event) -> PointValues:
    """Points for pairing: the statute's (Art. 21.1 or custom) with the PAB's value; in match
    events (two-game matches, teams) the match points."""
    system = scoring_system(event)
    scale = system.match if isinstance(system, MatchScoring) else system
    return PointValues(win=Fraction(scale.win), draw=Fraction(scale.draw),
                       loss=Fraction(scale.loss), pab=scale.value(Outcome.PAIRING_BYE))


def _club(entry: Entry) -> str:
    club = entry.player.club if entry.player_id else entry.team.club
    return fold(club or "").strip().casefold()


def club_groups(record: EventRecord) -> tuple[tuple[int, ...], ...]:
    """Statute ``forbid_same_club``: entries of one club (accents and case ignored) form a
    group that must not meet."""
    if not record.event.forbid_same_club:
        return ()
    clubs: dict[str, list[int]] = {}
    for number, entry in sorted(record.entries.items()):
        key = _club(entry)
        if key:
            clubs.setdefault(key, []).append(number)
    return tuple(tuple(g) for _k, g in sorted(clubs.items(), key=lambda kv: kv[1]) if len(g) > 1)


def family_groups(record: EventRecord) -> tuple[tuple[int, ...], ...]:
    """The event's explicit groups (family, TRF XXP lines), by pairing number."""
    by_id = {entry.pk: number for number, entry in record.entries.items()}
    out = []
    for group in record.event.forbidden_groups or []:
        numbers = tuple(sorted(by_id[i] for i in group if i in by_id))
        if len(numbers) > 1:
            out.append(numbers)
    return tuple(sorted(set(out)))


def swiss_setup(record: EventRecord, round_number: int) -> SwissSetup:
    """The engine's view of round ``round_number``: earlier rounds and the statute's options."""
    event = record.event
    system = scoring_system(event)
    earlier = Tournament(
        participants=record.tournament.participants,
        pairings=tuple(p for p in record.tournament.pairings if p.round < round_number),
        rounds=record.tournament.rounds, name=record.tournament.name)
    requested, withdrawn, not_joined = set(), set(), set()
    for number, entry in record.entries.items():
        if entry.status == EntryStatus.WITHDRAWN and (entry.withdrawn_after_round or 0) < \
                round_number:
            withdrawn.add(number)
        elif entry.joined_round > round_number:
            not_joined.add(number)
        elif round_number in (entry.requested_byes or []):
            requested.add(number)
    return SwissSetup(
        round=round_number,
        tournament=pairing_tournament(earlier, system),
        initial_colour=initial_colour_of(event, record.tournament) or Colour.WHITE,
        points=pairing_points(event),
        baku=event.acceleration == Acceleration.BAKU,
        club_groups=club_groups(record),
        family_groups=family_groups(record),
        requested_byes=frozenset(requested),
        withdrawn=frozenset(withdrawn),
        not_joined=frozenset(not_joined),
    )


def initial_colour_of(event: Event, tournament: Tournament) -> Colour | None:
    """The colour of the top player in round 1: the statute's, or the one drawn by lots; for an
    event whose first round came from elsewhere (a TRF file without it), read from round 1 as
    bbpPairings does. None before it is drawn."""
    if event.initial_colour in (InitialColour.WHITE, InitialColour.BLACK):
        return Colour(event.initial_colour)
    if event.initial_colour_drawn:
        return Colour(event.initial_colour_drawn)
    return infer_initial_colour(tournament)


def dutch_options(event: Event, setup: SwissSetup, *, with_clubs: bool = True) -> DutchOptions:
    """The engine's options from the statute."""
    groups = setup.forbidden if with_clubs else setup.family_groups
    return DutchOptions(
        edition=event.dutch_edition,
        initial_colour=setup.initial_colour,
        points=setup.points,
        acceleration="baku" if setup.baku else None,
        forbidden_pairs=tuple(ForbiddenPairs(g) for g in groups),
        unavailable=setup.unavailable,
        total_rounds=event.rounds or None,
    )


# --- before round 1 ---------------------------------------------------------------------------


def _assign_numbers(event: Event, round_number: int) -> None:
    """C.04.2: before round 1 every entry gets its pairing number in the initial order (rating,
    title, name), unless the organisers numbered them by hand; later, late entries get the next
    free numbers in the same order among themselves."""
    entries = list(event.entries.select_related("player", "team"))
    if round_number == 1:
        numbered = sorted(e.number for e in entries if e.number)
        if event.numbers_method == "manual" and numbered == list(range(1, len(entries) + 1)):
            return
        order = sorted(entries, key=rating_order_key)
        Entry.objects.filter(event=event).update(number=None)
        for number, entry in enumerate(order, start=1):
            entry.number = number
        Entry.objects.bulk_update(order, ["number"])
        event.numbers_method = "rating"
        event.numbers_seed = None
        event.save(update_fields=["numbers_method", "numbers_seed", "updated_at"])
        return
    late = sorted((e for e in entries if not e.number), key=rating_order_key)
    if late:
        top = event.entries.aggregate(n=Max("number"))["n"] or 0
        for number, entry in enumerate(late, start=top + 1):
            entry.number = number
        Entry.objects.bulk_update(late, ["number"])


def _draw_initial_colour(event: Event, seed: int | None) -> int | None:
    """Statute "by lots": draw the colour of the top player once, record it with its seed.
    Returns the seed to record on round 1 (None when the statute fixes the colour)."""
    if event.initial_colour != InitialColour.LOTS:
        return None
    if not event.initial_colour_drawn:
        seed = secrets.randbits(48) if seed is None else seed
        drawn = Colour.WHITE if random.Random(seed).randrange(2) == 0 else Colour.BLACK
        event.initial_colour_drawn = drawn.value
        event.initial_colour_seed = seed
        event.save(update_fields=["initial_colour_drawn", "initial_colour_seed", "updated_at"])
    return event.initial_colour_seed


# --- pairing ----------------------------------------------------------------------------------


def _check_can_pair(event: Event, number: int) -> None:
    if not event.is_swiss:
        raise ServiceError(_("This event is not a Swiss."))
    if event.rounds and number > event.rounds:
        raise ServiceError(_("All %(n)s rounds announced by the statute are paired."),
                           n=event.rounds)
    previous = event.rounds_set.filter(number=number - 1).first()
    if previous is not None and previous.status != RoundStatus.COMPLETED:
        raise ServiceError(_("Close round %(n)s (every result entered) before pairing the next "
                             "one."), n=previous.number)


def _engine_pair(event: Event, setup: SwissSetup):
    """Call the Dutch engine. Same-club separation yields if it is what makes the round
    impossible (the statute: "never at the cost of a pairing"); the checker then reports the
    club pairs that meet."""
    attempts = [True, False] if setup.club_groups else [True]
    for with_clubs in attempts:
        try:
            return pair_round(setup.tournament, setup.round,
                              dutch_options(event, setup, with_clubs=with_clubs))
        except EngineNoValidPairing as error:
            failure = error
        except DutchError as error:
            if event.dutch_edition != "2025":
                raise ServiceError(_("The pairing engine applies the 2025 Dutch rules only: "
                                     "change the statute's Swiss rules.")) from error
            raise ServiceError(_("The pairing engine refused: %(reason)s"),
                               reason=str(error)) from error
    raise NoValidPairing(reason=str(failure)) from failure


@transaction.atomic
def swiss_pair_next(*, event: Event, actor, seed: int | None = None,
                    progress: Progress | None = None) -> Round:
    """Pair the next round of a Swiss event and store it as a draft (appendix §1).

    ``seed`` fixes the lots of the initial colour (tests, demo); ``progress`` is told each step
    (the Celery task reports it)."""
    require(actor, "tournaments.pair_round", event)
    event = lock_event(event)
    number = next_round_number(event)
    _check_can_pair(event, number)
    step = progress or (lambda _stage: None)
    step("numbers")
    _assign_numbers(event, number)
    round_seed = _draw_initial_colour(event, seed) if number == 1 else None
    step("loading")
    record = load_event(event)
    setup = swiss_setup(record, number)
    available = len(record.entries) - len(setup.unavailable)
    if available < 2 and not setup.requested_byes:
        raise ServiceError(_("At least two players must be available to pair a round."))
    step("pairing")
    pairing = _engine_pair(event, setup)
    step("storing")
    entry_id = {n: e.pk for n, e in record.entries.items()}
    specs = [BoardSpec(i, entry_id[w], entry_id[b])
             for i, (w, b) in enumerate(pairing.boards, start=1)]
    if pairing.bye is not None:
        specs.append(BoardSpec(len(specs) + 1, entry_id[pairing.bye], None,
                               bye=ByeKind.PAIRING_ALLOCATED))
    for n in sorted(setup.requested_byes):
        specs.append(BoardSpec(len(specs) + 1, entry_id[n], None, bye=ByeKind.HALF_POINT))
    round_ = round_store(event=event, number=number, boards=specs, method=PairingMethod.DUTCH,
                         seed=round_seed, actor=actor)
    create_match_games(event, list(round_.boards.all()), actor)
    return round_


# --- requested byes ---------------------------------------------------------------------------


@transaction.atomic
def bye_request(*, entry: Entry, actor, round_number: int, cancel: bool = False) -> Entry:
    """A player asks for a half-point bye in a round not paired yet (as the statute allows);
    ``cancel`` withdraws the request."""
    event = entry.event
    require(actor, "tournaments.change_event", event)
    lock_event(event)
    if not event.is_swiss:
        raise ServiceError(_("Requested byes exist only in Swiss events."))
    entry.refresh_from_db()
    if round_number < next_round_number(event):
        raise ServiceError(_("Round %(n)s is already paired: delete the draft to change its "
                             "byes."), n=round_number)
    if event.rounds and round_number > event.rounds:
        raise ServiceError(_("The event has only %(n)s rounds."), n=event.rounds)
    byes = set(entry.requested_byes or [])
    if cancel:
        byes.discard(round_number)
    else:
        byes.add(round_number)
    entry.requested_byes = sorted(byes)
    entry.save(update_fields=["requested_byes"])
    return entry


@transaction.atomic
def forbidden_group_set(*, event: Event, actor, groups: list[list[int]]) -> Event:
    """The groups of entries (ids) who must not meet (family; as the statute allows)."""
    require(actor, "tournaments.change_event", event)
    event = lock_event(event)
    ids = set(event.entries.values_list("pk", flat=True))
    clean = []
    for group in groups:
        members = sorted(set(group))
        if any(i not in ids for i in members):
            raise ServiceError(_("An entry of the group does not belong to this event."))
        if len(members) > 1:
            clean.append(members)
    event.forbidden_groups = clean
    event.save(update_fields=["forbidden_groups", "updated_at"])
    return event
