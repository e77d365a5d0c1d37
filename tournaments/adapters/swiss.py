"""Model rows ⇄ the Dutch engine (FIDE C.04.3): what the statute and the entries say about
pairing a Swiss round, by pairing number. Read by the Swiss service to pair a round and by the
checker (``selectors/swiss.py``) to check one.

- points: the statute's (Art. 21.1 or custom), in match events the match points;
- entries who must not meet: the same club (statute ``forbid_same_club``) or an explicit group;
- entries not paired in the round: requested byes, withdrawals (Art. 21.5.2: unless the statute
  reads it as keeping them in the draw, ``FormatRules.keeps_withdrawn_in_draw``), late entries,
  those left out for not checking in (``Round.left_out``);
- the colour of the top player in round 1: the statute's, or drawn by lots.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from decimal import Decimal
from fractions import Fraction

from pairings.colours import infer_initial_colour
from pairings.dutch import DutchOptions, ForbiddenPairs, PointValues
from pairings.dutch_explain import RoundExplanation
from records import Colour, Outcome, Tournament
from scoring.formats import Format as ScoringFormat
from scoring.points import MatchScoring
from scoring.withdrawals import apply_withdrawals
from tournaments.adapters.events import EventRecord, pairing_tournament, scoring_system
from tournaments.models import Acceleration, Entry, EntryStatus, Event, InitialColour
from tournaments.text import fold


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
    # Art. 21.5.2, the statute's second reading: withdrawn players paired as the others are,
    # whoever meets them winning by forfeit; left over, they are absent (no point).
    withdrawn_in_draw: frozenset[int] = frozenset()
    # Championships: qualified for the next stage while the others play on; not paired, no
    # forfeit (Entry.moved_on_after_round).
    moved_on: frozenset[int] = frozenset()
    # Not checked in when the check-in closed (``Round.left_out``): not paired, no forfeit.
    left_out: frozenset[int] = frozenset()

    @property
    def unavailable(self) -> frozenset[int]:
        return (self.requested_byes | self.withdrawn | self.not_joined | self.moved_on
                | self.left_out)

    @property
    def forbidden(self) -> tuple[tuple[int, ...], ...]:
        return self.club_groups + self.family_groups


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


def _withdrawn_in_draw(earlier: Tournament, round_number: int) -> tuple[Tournament, set[int]]:
    """Art. 21.5.2, read as keeping a withdrawn player in the draw: the rounds they were paired
    in after withdrawing count as forfeit wins for their opponents (as the standings score
    them, ``scoring/withdrawals.py``), and the engine reads them as still playing. A
    disqualified player (Art. 16) is never kept."""
    kept = {p.number for p in earlier.participants if p.withdrawn_after is not None
            and p.disqualified is None and p.withdrawn_after < round_number}
    if not kept:
        return earlier, kept
    only_kept = tuple(p if p.number in kept else replace(p, withdrawn_after=None,
                                                          disqualified=None)
                      for p in earlier.participants)
    forfeited = apply_withdrawals(replace(earlier, participants=only_kept), ScoringFormat.SWISS)
    participants = tuple(replace(p, withdrawn_after=None) if p.number in kept else p
                         for p in earlier.participants)
    return replace(forfeited, participants=participants), kept


def swiss_setup(record: EventRecord, round_number: int,
                left_out: Iterable[int] = ()) -> SwissSetup:
    """The engine's view of round ``round_number``: earlier rounds and the statute's options;
    ``left_out``: the pairing numbers of those left out for not checking in."""
    event = record.event
    system = scoring_system(event)
    earlier = Tournament(
        participants=record.tournament.participants,
        pairings=tuple(p for p in record.tournament.pairings if p.round < round_number),
        rounds=record.tournament.rounds, name=record.tournament.name)
    in_draw: set[int] = set()
    if event.format_rules.keeps_withdrawn_in_draw(event.swiss_withdrawal):
        earlier, in_draw = _withdrawn_in_draw(earlier, round_number)
    requested, withdrawn, not_joined, moved_on = set(), set(), set(), set()
    for number, entry in record.entries.items():
        if entry.moved_on_after_round is not None and entry.moved_on_after_round < round_number:
            moved_on.add(number)
        elif number in in_draw:
            continue
        elif entry.status == EntryStatus.WITHDRAWN and (entry.withdrawn_after_round or 0) < \
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
        moved_on=frozenset(moved_on),
        withdrawn_in_draw=frozenset(in_draw),
        left_out=frozenset(left_out) - requested - withdrawn - not_joined - moved_on,
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


def explanation_data(explanation: RoundExplanation) -> dict:
    """The engine's explanation of a round (C.04.3 Art. 2-5) as ``Round.explanation`` stores
    it: the same fields as JSON values (lists, not tuples); a bracket's score as an exact
    decimal string ("2.5")."""
    data = asdict(explanation)
    for bracket in data["brackets"]:
        score = bracket["score"]
        bracket["score"] = None if score is None else str(
            Decimal(score.numerator) / Decimal(score.denominator))
    return json.loads(json.dumps(data))
