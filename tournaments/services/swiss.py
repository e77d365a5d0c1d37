"""Swiss events (appendix §1, Art. 21.4; FIDE Dutch system, C.04.3): pair the next round as a draft.

``swiss_round_pair`` is the one writer: it locks the event, numbers the entries before round 1
(C.04.2 initial order: rating, title, name), draws the initial colour by lots when the statute
says so (seed and colour recorded on the event, the seed also on round 1), builds the engine's
options from the statute, calls ``pairings.dutch.pair_round`` and stores the round as a draft,
with the engine's explanation of it (``Round.explanation``: why each bracket floated whom, which
colour rule gave each board's colours), so pages and the API never run the engine to tell why.

How a round is stored (the same everywhere: pages, TRF, standings):

- a game: a board with White and Black;
- the pairing-allocated bye (C.04.1 Art. 3): a bye board of kind ``U``, worth the statute's
  ``points_bye``;
- a requested half-point bye: a bye board of kind ``H`` (after the PAB);
- withdrawn players (Art. 21.5.2: not paired after their withdrawal), late entries before their
  first round, players left out for not checking in (``Round.left_out``, the statute's
  check-in, ``services/checkins.py``), and absences: **no board**. The scoring engine reads a
  missing round as an absence worth nothing, exactly like a zero-point bye (C.07 §16: a
  voluntarily unplayed round), and the TRF export writes it as ``0000 - Z``.
  When the statute reads Art. 21.5.2 as keeping a withdrawn player in the draw
  (``swiss_withdrawal``), they are paired as the others, and the board scores as the
  opponent's forfeit win (``scoring/withdrawals.py``); left over, they get a zero-point
  bye, not the pairing bye.

Late entries get the next free pairing numbers (in C.04.2 order among themselves), so numbers
already published never change.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from pairings.dutch import RoundPairing, pair_round
from pairings.swiss_state import DutchError
from pairings.swiss_state import NoValidPairing as EngineNoValidPairing
from records import Colour
from tournaments.adapters.events import load_event
from tournaments.adapters.swiss import SwissSetup, dutch_options, explanation_data, swiss_setup
from tournaments.errors import NoValidPairing, ServiceError
from tournaments.models import (
    ByeKind,
    Entry,
    Event,
    InitialColour,
    JobStage,
    PairingMethod,
    Round,
    RoundStatus,
    rating_order_key,
)
from tournaments.selectors.checkins import entries_left_out
from tournaments.selectors.rounds import event_next_round_number
from tournaments.services._access import event_writer
from tournaments.services.round_checks import drafts_check_schedule
from tournaments.services.rounds import BoardSpec, round_store

# Told each stage of a pairing, in order (``JobStage``): a pairing job shows it on its page.
Progress = Callable[[JobStage], None]


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
    if not event.format_rules.pairs_by_score:
        raise ServiceError(_("This event is not a Swiss."))
    if event.rounds and number > event.rounds:
        raise ServiceError(_("All %(n)s rounds announced by the statute are paired."),
                           n=event.rounds)
    previous = event.rounds_set.filter(number=number - 1).first()
    if previous is not None and previous.status != RoundStatus.COMPLETED:
        raise ServiceError(_("Close round %(n)s (every result entered) before pairing the next "
                             "one."), n=previous.number)


def _engine_pair(event: Event, setup: SwissSetup) -> tuple[RoundPairing, bool]:
    """Call the Dutch engine, with why it pairs as it does (``pairings/dutch_explain.py``,
    stored with the round). Same-club separation yields if it is what makes the round
    impossible (the statute: "never at the cost of a pairing"); the checker then reports the
    club pairs that meet. Returns the pairing and whether it kept the statute's options whole
    (then the checker's own pairing of the round is this one)."""
    attempts = [True, False] if setup.club_groups else [True]
    for with_clubs in attempts:
        try:
            return pair_round(setup.tournament, setup.round,
                              dutch_options(event, setup, with_clubs=with_clubs),
                              explain=True), with_clubs
        except EngineNoValidPairing as error:
            failure = error
        except DutchError as error:
            if event.dutch_edition != "2025":
                raise ServiceError(_("The pairing engine applies the 2025 Dutch rules only: "
                                     "change the statute's Swiss rules.")) from error
            raise ServiceError(_("The pairing engine refused: %(reason)s"),
                               reason=str(error)) from error
    raise NoValidPairing(reason=str(failure)) from failure


@event_writer(perm="tournaments.pair_round")
def swiss_round_pair(*, event: Event, actor, seed: int | None = None,
                    progress: Progress | None = None) -> Round:
    """Pair the next round of a Swiss event and store it as a draft (appendix §1).

    ``seed`` fixes the lots of the initial colour (tests, demo); ``progress`` is told each stage
    (a pairing job reports it on its page)."""
    number = event_next_round_number(event)
    _check_can_pair(event, number)
    step = progress or (lambda _stage: None)
    step(JobStage.NUMBERS)
    _assign_numbers(event, number)
    round_seed = _draw_initial_colour(event, seed) if number == 1 else None
    # Players not checked in when the statute's check-in closed are left out (not paired, no
    # forfeit); the draft names them so the arbiter can check one in and pair again.
    left_out = sorted(e.number for e in entries_left_out(event, number, now=timezone.now()))
    step(JobStage.LOADING)
    record = load_event(event)
    setup = swiss_setup(record, number, left_out)
    available = len(record.entries) - len(setup.unavailable)
    if available < 2 and not setup.requested_byes:
        raise ServiceError(_("At least two players must be available to pair a round."))
    step(JobStage.PAIRING)
    pairing, whole = _engine_pair(event, setup)
    step(JobStage.STORING)
    entry_id = {n: e.pk for n, e in record.entries.items()}
    specs = [BoardSpec(i, entry_id[w], entry_id[b])
             for i, (w, b) in enumerate(pairing.boards, start=1)]
    if pairing.bye is not None:
        # Art. 21.5.2, a withdrawn player kept in the draw and left over: absent, no point.
        kind = (ByeKind.ZERO_POINT if pairing.bye in setup.withdrawn_in_draw
                else ByeKind.PAIRING_ALLOCATED)
        specs.append(BoardSpec(len(specs) + 1, entry_id[pairing.bye], None, bye=kind))
    for n in sorted(setup.requested_byes):
        specs.append(BoardSpec(len(specs) + 1, entry_id[n], None, bye=ByeKind.HALF_POINT))
    return round_store(event=event, number=number, boards=specs, method=PairingMethod.DUTCH,
                       seed=round_seed, actor=actor,
                       explanation=explanation_data(pairing.explanation),
                       expected=pairing if whole else None, record=record,
                       left_out=sorted(setup.left_out))


# --- requested byes ---------------------------------------------------------------------------


@event_writer(perm="tournaments.grant_bye", of="entry")
def bye_request(*, entry: Entry, actor, round_number: int, cancel: bool = False,
                event: Event) -> Entry:
    """A player asks for a half-point bye in a round not paired yet, within the statute's
    limits (``bye_limit``, ``bye_last_round``: the law has none); ``cancel`` withdraws the
    request. The chief arbiter grants it as part of the draw (Art. 20.3), as the organisers
    may; a player's own request comes here once approved (``services/player_requests.py``)."""
    if not event.format_rules.pairs_by_score:
        raise ServiceError(_("Requested byes exist only in Swiss events."))
    entry.refresh_from_db()
    if round_number < event_next_round_number(event):
        raise ServiceError(_("Round %(n)s is already paired: delete the draft to change its "
                             "byes."), n=round_number)
    if event.rounds and round_number > event.rounds:
        raise ServiceError(_("The event has only %(n)s rounds."), n=event.rounds)
    byes = set(entry.requested_byes or [])
    if not cancel and round_number not in byes:
        refusal = event.bye_refusal(round_number=round_number, taken=len(byes))
        if refusal:
            raise ServiceError(refusal)
    if cancel:
        byes.discard(round_number)
    else:
        byes.add(round_number)
    entry.requested_byes = sorted(byes)
    entry.save(update_fields=["requested_byes"])
    return entry


@event_writer(perm="tournaments.change_event")
def forbidden_group_set(*, event: Event, actor, groups: list[list[int]]) -> Event:
    """The groups of entries (ids) who must not meet (family; as the statute allows)."""
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
    drafts_check_schedule(event=event)
    return event
