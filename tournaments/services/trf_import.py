"""A FIDE Tournament Report File (TRF-16 or TRF-2026) read into a new event, so events move in
from other pairing programs (``records/trf.py`` reads the lines; ``selectors/trf.py`` writes them).

Import reads the file's bytes in whatever encoding its program wrote (``records/trf_fields.py``)
and first gives a preview (:func:`trf_preview`: players, rounds, results, and the warnings: a
points column that disagrees with the results, a bye written as a draw, tie-break codes of the
``202`` line not known here, a start or end date that is not a date); nothing is stored until
:func:`trf_import`, which creates a new event (a draft) with its players (matched by ID, then by
name and birth year, else created), entries (withdrawn ones withdrawn), rounds (method
"imported"; closed when every result is in), boards and results. A ``Z`` or blank round is an
absence: no board. Requested byes of a round after the last paired one come back as requested
byes. A malformed file is refused with the reader's message naming the line, and nothing is
written.

Round trip: export → import → export gives the same bytes for the events the export writes,
withdrawals included (``XXW``). Not carried (TRF has no place for them): clubs (their groups are,
as ``XXP``), the seed of the lots.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from simple_history.utils import bulk_create_with_history

from records import Bye, Pairing, Tournament, trf, trf_checks, trf_extensions
from records.trf_fields import points_text
from scoring.tiebreaks import REGISTRY, Spec, TiebreakError
from tournaments.errors import ServiceError
from tournaments.models import (
    FORMAT_RULES,
    Acceleration,
    Board,
    Entry,
    EntryStatus,
    Event,
    Format,
    Job,
    JobKind,
    PairingMethod,
    Player,
    Round,
    RoundStatus,
    ScoringSystem,
    Title,
)
from tournaments.selectors.trf import DEFAULT_POINTS, FORMAT_NAMES
from tournaments.services.events import event_create
from tournaments.services.jobs import job_create, job_dispatch


class TrfImportError(ServiceError):
    default_message = "%(error)s"


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
    rules = FORMAT_RULES[fmt]
    if info.get("022", "").strip():
        values["venue"] = info["022"].strip()[:200]
    end = _date(info.get("052", ""))
    if end:
        values["end_date"] = end
    if rules.rounds_announced:
        values["rounds"] = trf_extensions.rounds_announced(doc) or None
    colour = trf_extensions.colour_of_first_board(doc)
    if colour is not None:
        values["initial_colour"] = colour.value
    points = {**DEFAULT_POINTS, **trf_extensions.point_system(doc)}
    if (points["BBW"], points["BBD"], points["BBL"]) != tuple(DEFAULT_POINTS.values()):
        # Art. 19.5, 21.1: other points only in a friendly event.
        values.update(scoring=ScoringSystem.CUSTOM, official=False)
        values.update(points_win=_decimal(points["BBW"]), points_draw=_decimal(points["BBD"]),
                      points_loss=_decimal(points["BBL"]))
    bye = "points_rest" if rules.bye_is_rest else "points_bye"  # appendix §5: the rest
    values[bye] = _decimal(points.get("BBU", points["BBW"]))
    if (trf_extensions.pairing_system(doc) or "").upper().endswith("_BAKU"):
        values["acceleration"] = Acceleration.BAKU
    for order in _lines(doc, "202"):
        codes = [c.strip() for c in order.split(",") if c.strip()]
        values["tiebreaks"] = [c for c in codes if c != "PTS" and _known_tiebreak(c)]
    for control in _lines(doc, "222"):
        match = re.fullmatch(r"(\d+)(?:\+(\d+))?", control)
        if match:
            values["time_base_minutes"] = int(match.group(1)) // 60
            values["time_increment_seconds"] = int(match.group(2) or 0)
    return values


def _known_tiebreak(code: str) -> bool:
    try:
        return Spec.parse(code).code in REGISTRY
    except TiebreakError:
        return False


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


_TITLES = {t.value for t in Title if t.value}
_SEX = {"m": "M", "w": "F", "f": "F"}


def _player(participant, actor) -> Player:
    """The register's player for a TRF line: by ID, then by name and birth year, else new
    (added by ``actor``)."""
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
        title=title if title in _TITLES else "", created_by=actor)


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


_READER_WARNINGS = {
    "points": gettext_lazy("Player %(number)s: the points column says %(written)s, the results "
                           "give %(results)s."),
    "bye_as_draw": gettext_lazy("Round %(round)s: player %(number)s has no opponent and a draw: "
                                "read as a half-point bye."),
}


@dataclass(frozen=True)
class PreviewRound:
    number: int
    games: int
    results: int
    byes: int


@dataclass(frozen=True)
class TrfPreview:
    """What a TRF file would become, before anything is stored: the event's name, start and
    statute, its players (``points``: the file's column, ``earned``: what the results give) and
    rounds, and the warnings to read before importing."""

    document: trf.TrfDocument
    format: str
    name: str
    start_date: datetime.date
    statute: dict
    warnings: tuple[str, ...]

    @property
    def participants(self):
        return self.document.tournament.participants

    def players(self) -> list[dict]:
        earned = trf_checks.results_points(self.document)
        totals = self.document.totals
        return [{"number": p.number, "name": p.name, "rating": p.rating,
                 "federation": p.federation, "points": totals.get(p.number, ""),
                 "earned": points_text(earned[p.number]), "withdrawn_after": p.withdrawn_after}
                for p in self.participants]

    def rounds(self) -> list[PreviewRound]:
        last, by_round = _round_kinds(self.document.tournament)
        out = []
        for number in range(1, last + 1):
            pairings = by_round.get(number, [])
            games = [p for p in pairings if p.second is not None]
            out.append(PreviewRound(number, len(games), sum(p.result is not None for p in games),
                                    len(pairings) - len(games)))
        return out


def trf_preview(*, data: bytes, format: str = Format.SWISS, name: str = "",
                today: datetime.date | None = None) -> TrfPreview:
    """Read a TRF file and say what importing it would store; stores nothing. A file that
    cannot be read is refused (:class:`TrfImportError`, the line and the reason)."""
    if format not in FORMAT_NAMES:
        raise ServiceError(_("A TRF file can be imported as a Swiss or a round robin."))
    try:
        doc = trf.read_bytes(data)
        statute = _statute(doc, format)
        trf_extensions.forbidden_groups(doc)
    except trf.TrfError as error:
        raise TrfImportError(error=_("This is not a valid TRF file: %(error)s") % {
            "error": str(error)}) from error
    for number in (p.number for p in doc.tournament.participants):
        if not 1 <= number <= 9999:
            raise TrfImportError(error=_("Start number %(n)s is out of range.") % {"n": number})
    info = dict(doc.info)
    warnings = [_("Line %(line)s: %(warning)s") % {
        "line": w.line, "warning": _READER_WARNINGS[w.kind] % w.values} for w in doc.warnings]
    warnings += _statute_warnings(doc)
    if statute.get("official") is False:
        warnings.append(_("The file's points (BBW, BBD, BBL) are not the law's win 1, draw ½, "
                          "loss 0 (Art. 21.1): the event is imported as a friendly event, whose "
                          "pages say its scoring differs from the law."))
    start = _date(info.get("042", ""))
    if start is None:
        start = today or timezone.localdate()
        if info.get("042", "").strip():
            warnings.append(_("The start date (042) %(text)s is not a date: the event starts on "
                              "%(date)s; change it in the statute.") % {
                "text": info["042"].strip(), "date": start.isoformat()})
    title = (name or info.get("012", "").strip() or _("Imported event"))[:200]
    return TrfPreview(doc, format, title, start, statute, tuple(warnings))


def _statute_warnings(doc: trf.TrfDocument) -> list[str]:
    """What the statute lines say that this program cannot take, reported rather than dropped:
    tie-break codes it does not know, an end date that is not a date."""
    out = []
    for order in _lines(doc, "202"):
        unknown = [c.strip() for c in order.split(",")
                   if c.strip() and c.strip() != "PTS" and not _known_tiebreak(c.strip())]
        if unknown:
            out.append(_("The tie-breaks (202) %(codes)s are not known here and are left out of "
                         "the statute.") % {"codes": ", ".join(unknown)})
    end = dict(doc.info).get("052", "").strip()
    if end and _date(end) is None:
        out.append(_("The end date (052) %(text)s is not a date and is left out.") % {
            "text": end})
    return out


def trf_job_check(*, data: bytes) -> bool:
    """Whether importing ``data`` is long work, for a background job (``IMPORT_JOB_MIN_BYTES``):
    the players are matched one by one with the register."""
    return len(data) > settings.IMPORT_JOB_MIN_BYTES


@transaction.atomic
def trf_import_start(*, actor, data: bytes, format: str = Format.SWISS, name: str = "",
                     lang: str | None = None) -> Job:
    """Keep a large TRF file on a job and queue its import (``tasks.py: trf_import_run``);
    the job's result names the new event."""
    if actor is None or not actor.has_perm("tournaments.add_event"):
        raise PermissionDenied(_("Only organisers can create events."))
    if format not in FORMAT_NAMES:
        raise ServiceError(_("A TRF file can be imported as a Swiss or a round robin."))
    if len(data) > MAX_TRF_BYTES:
        raise ServiceError(_("The file is too large for a TRF file."))
    job = job_create(kind=JobKind.TRF, user=actor, lang=lang,
                     params={"format": format, "name": name[:200]})
    job.file.save(f"{job.pk}-import.trf", ContentFile(data), save=True)
    job_dispatch(job=job, task_name="tournaments.tasks.trf_import_run")
    return job


@transaction.atomic
def trf_import(*, data: bytes, actor, format: str = Format.SWISS, name: str = "",
               today: datetime.date | None = None,
               progress: Callable[[int, int], None] | None = None) -> Event:
    """A new event (draft) from a TRF file, as :func:`trf_preview` shows it; nothing is
    written if it is refused. ``progress``: told of the players and rounds stored."""
    preview = trf_preview(data=data, format=format, name=name, today=today)
    doc, statute = preview.document, preview.statute
    tournament = doc.tournament
    forbidden = trf_extensions.forbidden_groups(doc)
    event = event_create(actor=actor, name=preview.name, start_date=preview.start_date,
                         **statute)
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
    steps = len(tournament.participants) + last
    for done, participant in enumerate(tournament.participants):
        if progress:
            progress(done, steps)
        player = _player(participant, actor)
        if Entry.objects.filter(event=event, player=player).exists():
            raise TrfImportError(error=_("%(name)s appears twice in the file.") % {
                "name": player.full_name})
        withdrawn = participant.withdrawn_after
        entries[participant.number] = Entry.objects.create(
            event=event, player=player, number=participant.number, rating=participant.rating,
            joined_round=first_round.get(participant.number, last + 1) if last else 1,
            requested_byes=sorted(requested.get(participant.number, [])),
            status=EntryStatus.ACTIVE if withdrawn is None else EntryStatus.WITHDRAWN,
            withdrawn_after_round=withdrawn)
    now = timezone.now()
    for r in range(1, last + 1):
        if progress:
            progress(len(entries) + r - 1, steps)
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
    if progress:
        progress(steps, steps)
    return event


MAX_TRF_BYTES = 2_000_000


def trf_upload_read(*, upload) -> bytes:
    """The bytes of an uploaded TRF file (the reader finds their encoding); refused past
    MAX_TRF_BYTES."""
    if upload.size > MAX_TRF_BYTES:
        raise ServiceError(_("The file is too large for a TRF file."))
    return upload.read()
