"""FIDE Tournament Report File (TRF-16) export and import of an event, so events move in and out
of other pairing programs and pairings can be checked against them (``records/trf.py`` reads and
writes the lines; this module maps them to the app's rows).

What an exported file holds:

- ``012`` name, ``022`` venue (city), ``042`` / ``052`` dates, ``062`` number of players,
  ``092`` the format in words;
- one ``001`` line per entry: pairing number, sex, title, name, rating (at entry), federation,
  ID (international, else national), birth year, points and rank from the scoring engine
  (ranks leave ties that only lots would break shared: TRF allows shared ranks), then one block
  per round. A game: opponent, colour, result (blank while unknown). A bye: ``0000 - U`` (pairing
  bye), ``H``, ``F``. **An absence** (no board in a paired round: withdrawn, not yet entered,
  absent) is written ``0000 - Z``;
- half-point byes requested for the next round, not paired yet, as ``0000 - H`` in that round
  (the in-tournament convention pairing programs read as "not to be paired");
- extension lines: ``XXR`` rounds announced, ``XXC white1|black1`` the initial colour (the
  statute's, or the one drawn by lots), ``BBW BBD BBL BBU`` points when they differ from
  1 / ½ / 0 / 1, ``XXP`` players who must not meet (same club when the statute says so, family
  groups), and the TRF-2026 lines ``192`` pairing system (``FIDE_DUTCH_2025[_BAKU]``),
  ``202`` the statute's tie-break order, ``222`` the time control in seconds.

Import creates a new event (a draft) with its players (matched by ID, then by name and birth
year, else created), entries, rounds (method "imported"; closed when every result is in),
boards and results. A ``Z`` or blank round is an absence: no board. Requested byes of a round
after the last paired one come back as requested byes. A malformed file is refused with the
reader's message naming the line, and nothing is written.

Round trip: export → import → export gives the same bytes for the events this module writes.
Not carried (TRF-16 has no place for them): clubs (their groups are, as ``XXP``), withdrawals
(the rounds after one are ``Z``), the seed of the lots.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from records import Bye, Outcome, Pairing, Tournament, trf
from scoring.points import MatchScoring
from scoring.standings import standings as engine_standings
from scoring.tiebreaks import REGISTRY, Spec, TiebreakError
from tournaments.adapters import (
    load_event,
    scoring_format,
    scoring_system,
    tiebreak_order,
)
from tournaments.errors import ServiceError
from tournaments.models import (
    Acceleration,
    Board,
    Entry,
    Event,
    Format,
    PairingMethod,
    Player,
    Round,
    RoundStatus,
    ScoringSystem,
    Title,
)
from tournaments.services.events import event_create
from tournaments.services.swiss import club_groups, family_groups, initial_colour_of

FORMAT_NAMES = {
    Format.SWISS: "Swiss system (FIDE Dutch)",
    Format.ROUND_ROBIN: "Round robin",
    Format.DOUBLE_ROUND_ROBIN: "Double round robin",
}
_DEFAULT_POINTS = {"BBW": Fraction(1), "BBD": Fraction(1, 2), "BBL": Fraction(0)}


class TrfImportError(ServiceError):
    default_message = "%(error)s"


# --- export -----------------------------------------------------------------------------------


def _check_exportable(event: Event) -> None:
    if event.is_team or event.games_per_match > 1 or event.is_knockout \
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
    out = {k: v for k, v in values.items() if v != _DEFAULT_POINTS[k]}
    pab = system.value(Outcome.PAIRING_BYE)
    if pab != values["BBW"]:
        out["BBU"] = pab
    return out


def trf_export(event: Event, *, include_drafts: bool = False) -> str:
    """The event as a TRF-16 file. ``include_drafts``: the staff's file, with a draft round's
    pairings (to compare with another program); the public file leaves drafts out."""
    _check_exportable(event)
    record = load_event(event, public_only=not include_drafts)
    tournament = record.tournament
    last = tournament.rounds_paired
    pairings = _with_absences(tournament, last)
    upcoming = last + 1
    if event.is_swiss and (not event.rounds or upcoming <= event.rounds):
        pairings += tuple(Pairing(upcoming, 0, number, None, bye=Bye.HALF_POINT)
                          for number, entry in sorted(record.entries.items())
                          if upcoming in (entry.requested_byes or []))
    system = scoring_system(event)
    order = tuple(c for c in tiebreak_order(event) if c != "LOT")
    table = engine_standings(tournament, system, order, after_round=last,
                             fmt=scoring_format(event), start_date=event.start_date)
    totals = {r.number: trf.trf_points(Fraction(r.points)) for r in table.rows}
    ranks = {r.number: r.rank for r in table.rows}
    info = [("012", event.name), ("022", event.venue),
            ("042", event.start_date.strftime("%Y/%m/%d")),
            ("052", event.end_date.strftime("%Y/%m/%d") if event.end_date else ""),
            ("062", str(len(record.entries))),
            ("092", FORMAT_NAMES.get(event.format, ""))]
    others = []
    if event.is_swiss:
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
        initial_colour=initial_colour_of(event, tournament) if event.is_swiss else None,
        point_values=_point_values(event),
        totals=totals, ranks=ranks, other_lines=tuple(others))
    try:
        return trf.write(doc)
    except trf.TrfError as error:
        raise ServiceError(_("This event cannot be written as a TRF file: %(error)s"),
                           error=str(error)) from error


# --- import -----------------------------------------------------------------------------------


_DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%y/%m/%d")


def _date(text: str) -> datetime.date | None:
    text = text.strip()
    for fmt in _DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def _lines(doc: trf.TrfDocument, code: str) -> list[str]:
    return [line[4:].strip() for line in doc.other_lines if line[:3] == code]


def _statute(doc: trf.TrfDocument, fmt: str) -> dict:
    """The statute fields a TRF file tells (TRF-16 extensions and their TRF-2026 equivalents:
    ``XXR``/``142``, ``XXC``/``152``, ``BB?``/``162``, ``192``, ``202``, ``222``)."""
    info = dict(doc.info)
    values: dict = {"format": fmt}
    if info.get("022", "").strip():
        values["venue"] = info["022"].strip()[:200]
    end = _date(info.get("052", ""))
    if end:
        values["end_date"] = end
    if fmt == Format.SWISS:
        values["rounds"] = trf.rounds_announced(doc) or None
    colour = trf.colour_of_first_board(doc)
    if colour is not None:
        values["initial_colour"] = colour.value
    points = {**_DEFAULT_POINTS, **trf.point_system(doc)}
    if (points["BBW"], points["BBD"], points["BBL"]) != tuple(_DEFAULT_POINTS.values()):
        values["scoring"] = ScoringSystem.CUSTOM
        values.update(points_win=_decimal(points["BBW"]), points_draw=_decimal(points["BBD"]),
                      points_loss=_decimal(points["BBL"]))
    bye = "points_bye" if fmt == Format.SWISS else "points_rest"  # appendix §5: the rest
    values[bye] = _decimal(points.get("BBU", points["BBW"]))
    if (trf.pairing_system(doc) or "").upper().endswith("_BAKU"):
        values["acceleration"] = Acceleration.BAKU
    for order in _lines(doc, "202"):
        codes = []
        for code in (c.strip() for c in order.split(",")):
            try:
                if Spec.parse(code).code in REGISTRY:
                    codes.append(code)
            except TiebreakError:
                continue
        values["tiebreaks"] = [c for c in codes if c != "PTS"]
    for control in _lines(doc, "222"):
        match = re.fullmatch(r"(\d+)(?:\+(\d+))?", control)
        if match:
            values["time_base_minutes"] = int(match.group(1)) // 60
            values["time_increment_seconds"] = int(match.group(2) or 0)
    return values


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


_TITLES = {t.value for t in Title if t.value}
_SEX = {"m": "M", "w": "F", "f": "F"}


def _player(participant) -> Player:
    """The register's player for a TRF line: by ID, then by name and birth year, else new."""
    ext = participant.external_id.strip()
    if ext:
        found = Player.objects.filter(Q(fide_id=ext) | Q(national_id=ext)).first()
        if found:
            return found
    name = " ".join(participant.name.split())
    if participant.birth_year:
        same = list(Player.objects.filter(full_name=name, birth_year=participant.birth_year)[:2])
        if len(same) == 1:
            return same[0]
    title = participant.title.upper()
    return Player.objects.create(
        full_name=name or f"#{participant.number}", gender=_SEX.get(participant.sex, ""),
        birth_year=participant.birth_year, federation=participant.federation[:3],
        fide_id=ext or None, rating=participant.rating,
        title=title if title in _TITLES else "")


def _round_kinds(tournament: Tournament) -> tuple[int, dict[int, list[Pairing]]]:
    """The last paired round (one with a game or a pairing bye) and the pairings by round.
    Later rounds hold only byes written ahead: requested byes."""
    by_round: dict[int, list[Pairing]] = {}
    for p in tournament.pairings:
        by_round.setdefault(p.round, []).append(p)
    last = max((r for r, ps in by_round.items()
                if any(p.second is not None or p.bye is Bye.PAIRING_ALLOCATED for p in ps)),
               default=0)
    return last, by_round


@transaction.atomic
def trf_import(*, text: str, actor, format: str = Format.SWISS, name: str = "",
               today: datetime.date | None = None) -> Event:
    """A new event (draft) from the text of a TRF-16 file; nothing is written if it is refused."""
    if format not in FORMAT_NAMES:
        raise ServiceError(_("A TRF file can be imported as a Swiss or a round robin."))
    try:
        doc = trf.read(text)
        statute = _statute(doc, format)
        forbidden = trf.forbidden_groups(doc)
    except trf.TrfError as error:
        raise TrfImportError(error=_("This is not a valid TRF file: %(error)s") % {
            "error": str(error)}) from error
    tournament = doc.tournament
    info = dict(doc.info)
    start = _date(info.get("042", "")) or today or timezone.localdate()
    title = (name or info.get("012", "").strip() or _("Imported event"))[:200]
    for number in (p.number for p in tournament.participants):
        if not 1 <= number <= 9999:
            raise TrfImportError(error=_("Start number %(n)s is out of range.") % {"n": number})
    event = event_create(actor=actor, name=title, start_date=start, **statute)
    last, by_round = _round_kinds(tournament)
    first_round: dict[int, int] = {}
    for p in tournament.pairings:
        if p.round <= last and not (p.second is None and p.bye is Bye.ZERO_POINT):
            for n in (p.first, p.second):
                if n is not None:
                    first_round[n] = min(first_round.get(n, p.round), p.round)
    requested: dict[int, list[int]] = {}
    for r, ps in by_round.items():
        if r > last:
            for p in ps:
                if p.second is None and p.bye is Bye.HALF_POINT:
                    requested.setdefault(p.first, []).append(r)
    entries: dict[int, Entry] = {}
    for participant in tournament.participants:
        player = _player(participant)
        if Entry.objects.filter(event=event, player=player).exists():
            raise TrfImportError(error=_("%(name)s appears twice in the file.") % {
                "name": player.full_name})
        entries[participant.number] = Entry.objects.create(
            event=event, player=player, number=participant.number, rating=participant.rating,
            joined_round=first_round.get(participant.number, last + 1) if last else 1,
            requested_byes=sorted(requested.get(participant.number, [])))
    now = timezone.now()
    for r in range(1, last + 1):
        pairings = sorted(by_round.get(r, []), key=lambda p: (p.second is None, p.board))
        games = [p for p in pairings if p.second is not None]
        complete = all(p.result is not None for p in games)
        round_ = Round.objects.create(
            event=event, number=r, method=PairingMethod.IMPORTED, paired_by=actor,
            paired_at=now, published_at=now,
            status=RoundStatus.COMPLETED if complete else RoundStatus.PUBLISHED,
            completed_at=now if complete else None)
        boards = []
        for p in pairings:
            if p.second is None:
                if p.bye is Bye.ZERO_POINT:
                    continue
                boards.append(Board(round=round_, number=len(boards) + 1,
                                    white=entries[p.first], bye=p.bye.value))
            else:
                boards.append(Board(round=round_, number=len(boards) + 1,
                                    white=entries[p.white], black=entries[p.black],
                                    result=p.result.value if p.result else ""))
        bulk_create_with_history(boards, Board, default_user=actor,
                                 default_change_reason="imported from TRF")
    # XXP / 260: players kept apart (a 260 line's round range is not kept: every round).
    groups = [sorted(entries[n].pk for n in group.players if n in entries)
              for group in forbidden]
    event.numbers_method = "manual"
    event.forbidden_groups = [g for g in groups if len(g) > 1]
    event.save(update_fields=["numbers_method", "forbidden_groups", "updated_at"])
    return event
