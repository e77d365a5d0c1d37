"""An event as a FIDE Tournament Report File (TRF-16), for other pairing and rating programs
(``records/trf.py`` writes the lines; this module maps the app's rows to them). One writer for
every page, the API and ``manage.py export_trf``; ``services/trf_import.py`` reads files back.

What an exported file holds:

- ``012`` name, ``022`` venue (city), ``042`` / ``052`` dates, ``062`` number of players,
  ``092`` the format in words;
- one ``001`` line per entry: pairing number, sex, title, name, rating (at entry), federation,
  ID (international, else national), birth year, points and rank from the scoring engine
  (ranks leave ties that only lots would break shared: TRF allows shared ranks), then one block
  per round. A game: opponent, colour, result (blank while unknown). A bye: ``0000 - U`` (pairing
  bye), ``H``, ``F``. **An absence** (no board in a paired round: withdrawn, not yet entered,
  absent) is written ``0000 - Z``. A disqualified player's games (Art. 15.6) are written as the
  opponents' forfeit wins when the statute scores them so (``scoring/withdrawals.py:
  disqualified_as_forfeits``); cancelled ones stay as played, the points column saying 0;
- half-point byes requested for the next round, not paired yet, as ``0000 - H`` in that round
  (the in-tournament convention pairing programs read as "not to be paired");
- extension lines: ``XXR`` rounds announced, ``XXC white1|black1`` the initial colour (the
  statute's, or the one drawn by lots), ``BBW BBD BBL BBU`` points when they differ from
  1 / ½ / 0 / 1, ``XXP`` players who must not meet (same club when the statute says so, family
  groups), ``XXW nnnn r`` withdrawals (Art. 21.5; this program's line: TRF has no field for
  them), and the TRF-2026 lines ``192`` pairing system (``FIDE_DUTCH_2025[_BAKU]``), ``202`` the
  statute's tie-break order, ``222`` the time control in seconds. With ``edition=2026`` the
  TRF-2026 records ``142``, ``152``, ``162`` replace ``XXR``, ``XXC``, ``BB?``.

The public file holds the published rounds; the staff's may add a draft round.
"""

from __future__ import annotations

from fractions import Fraction

from django.utils.translation import gettext as _

from records import Bye, Outcome, Pairing, Tournament, trf
from records.trf_fields import points_text
from scoring.points import MatchScoring
from scoring.standings import standings as engine_standings
from scoring.tiebreaks import HeadToHeadAmong
from scoring.withdrawals import disqualified_as_forfeits
from tournaments.adapters.events import (
    counts_fouls,
    foul_counts,
    load_event,
    scoring_format,
    scoring_system,
    tiebreak_order,
)
from tournaments.adapters.swiss import club_groups, family_groups, initial_colour_of
from tournaments.errors import ServiceError
from tournaments.models import Acceleration, Event, Format

FORMAT_NAMES = {
    Format.SWISS: "Swiss system (FIDE Dutch)",
    Format.ROUND_ROBIN: "Round robin",
    Format.DOUBLE_ROUND_ROBIN: "Double round robin",
}
DEFAULT_POINTS = {"BBW": Fraction(1), "BBD": Fraction(1, 2), "BBL": Fraction(0)}


def _check_exportable(event: Event) -> None:
    if event.is_team or event.games_per_match > 1 or not event.format_rules.has_standings \
            or isinstance(scoring_system(event), MatchScoring):
        raise ServiceError(_("TRF-16 files hold individual events of one game per pairing; "
                             "this event cannot be written as one."))


def _with_absences(tournament: Tournament, last_round: int) -> tuple[Pairing, ...]:
    """Every participant without a pairing in a paired round is absent: a zero-point bye."""
    present: dict[int, set[int]] = {}
    for p in tournament.pairings:
        present.setdefault(p.round, set()).update(n for n in (p.first, p.second) if n)
    extra = [Pairing(r, 0, part.number, None, bye=Bye.ZERO_POINT)
             for r in range(1, last_round + 1) for part in tournament.participants
             if part.number not in present.get(r, set())]
    return tournament.pairings + tuple(extra)


def _forbidden_groups(record) -> list[tuple[int, ...]]:
    groups = set(club_groups(record)) | set(family_groups(record))
    return sorted(groups)


def _point_values(event: Event) -> dict[str, Fraction]:
    """``BB?`` lines where the statute differs from 1 / ½ / 0, and ``BBU`` where the pairing bye
    is not worth a win (pairing programs read a missing ``BBU`` as a win's points)."""
    system = scoring_system(event)
    values = {"BBW": Fraction(system.win), "BBD": Fraction(system.draw),
              "BBL": Fraction(system.loss)}
    out = {k: v for k, v in values.items() if v != DEFAULT_POINTS[k]}
    pab = system.value(Outcome.PAIRING_BYE)
    if pab != values["BBW"]:
        out["BBU"] = pab
    return out


def trf_export(event: Event, *, include_drafts: bool = False, edition: int = 2016) -> str:
    """The event as a TRF-16 file. ``include_drafts``: the staff's file, with a draft round's
    pairings (to compare with another program); the public file leaves drafts out.
    ``edition=2026``: rounds, initial colour and points as TRF-2026 records (142, 152, 162)."""
    _check_exportable(event)
    record = load_event(event, public_only=not include_drafts)
    tournament = record.tournament
    last = tournament.rounds_paired
    # Art. 15.6: a disqualified player's games written as the opponents' forfeit wins.
    written = disqualified_as_forfeits(tournament)
    pairings = _with_absences(written, last)
    upcoming = last + 1
    rules = event.format_rules
    if rules.pairs_by_score and (not event.rounds or upcoming <= event.rounds):
        pairings += tuple(Pairing(upcoming, 0, number, None, bye=Bye.HALF_POINT)
                          for number, entry in sorted(record.entries.items())
                          if upcoming in (entry.requested_byes or []))
    system = scoring_system(event)
    order = tuple(c for c in tiebreak_order(event) if c != "LOT")
    # The ranks of the 001 lines are the pages' ranks: FOUL counts the recorded penalties.
    fouls = foul_counts(record, last) if counts_fouls(order) else None
    table = engine_standings(tournament, system, order, after_round=last,
                             fmt=scoring_format(event), start_date=event.start_date,
                             fouls=fouls, h2h_among=HeadToHeadAmong(event.h2h_among))
    totals = {r.number: points_text(Fraction(r.points)) for r in table.rows}
    # Art. 21.5.1: withdrawn with all games cancelled: 0 points and no rank.
    totals.update({n: points_text(Fraction(0)) for n in table.withdrawn})
    ranks = {r.number: r.rank for r in table.rows}
    info = [("012", event.name), ("022", event.venue),
            ("042", event.start_date.strftime("%Y/%m/%d")),
            ("052", event.end_date.strftime("%Y/%m/%d") if event.end_date else ""),
            ("062", str(len(record.entries))),
            ("092", FORMAT_NAMES.get(event.format, ""))]
    others = []
    if rules.pairs_by_score:
        baku = "_BAKU" if event.acceleration == Acceleration.BAKU else ""
        others.append(f"192 FIDE_DUTCH_{event.dutch_edition}{baku}")
    if event.tiebreaks:
        others.append("202 " + ",".join(tiebreak_order(event)))
    seconds = event.time_base_minutes * 60
    others.append(f"222 {seconds}+{event.time_increment_seconds}"
                  if event.time_increment_seconds else f"222 {seconds}")
    others += ["XXP " + " ".join(str(n) for n in group)
               for group in _forbidden_groups(record)]
    doc = trf.TrfDocument(
        tournament=Tournament(tournament.participants, pairings, tournament.rounds,
                              tournament.name),
        info=tuple((code, text) for code, text in info if text),
        initial_colour=initial_colour_of(event, tournament) if rules.pairs_by_score else None,
        point_values=_point_values(event),
        totals=totals, ranks=ranks, other_lines=tuple(others))
    try:
        return trf.write(doc, edition=edition)
    except trf.TrfError as error:
        raise ServiceError(_("This event cannot be written as a TRF file: %(error)s"),
                           error=str(error)) from error
