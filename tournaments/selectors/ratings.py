"""Ratings as pages, the API and the federation's sheet read them: the published
lists, a player's rating history, and an event's rating report after any round, computed on
read by ``scoring/ratings.py`` from the stored results under the statute's regulation.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from scoring.ratings import RatingRow, rating_report
from tournaments.adapters.events import EventRecord, load_event, rating_regulation
from tournaments.models import (
    Entry,
    Event,
    Player,
    RatingApplication,
    RatingChange,
    RatingList,
    RatingListRow,
    RoundStatus,
    Visibility,
)
from tournaments.text import NumberStyle, number_text, points_text


@dataclass(frozen=True)
class ReportRow:
    """One player's line of the report, the engine's row with the entry and its texts."""

    entry: Entry
    row: RatingRow

    @property
    def score(self) -> str:
        return points_text(self.row.score)

    @property
    def expected(self) -> str:
        return number_text(self.row.expected, style=NumberStyle.HUNDREDTHS)

    @property
    def change(self) -> str:
        if self.row.rating is None:
            return ""
        return number_text(self.row.change, style=NumberStyle.SIGNED)


@dataclass(frozen=True)
class RatingReport:
    event: Event
    after_round: int
    rows: tuple[ReportRow, ...]
    application: RatingApplication | None  # the changes applied to a list, if they are


def rating_list_latest() -> RatingList | None:
    return RatingList.objects.order_by("-list_date", "-id").first()


def rating_lists():
    return RatingList.objects.all()


def rating_list_rows(rating_list: RatingList):
    return rating_list.rows.select_related("player")


def public_player(pk: int) -> Player | None:
    """A player whose rating history anyone may read: on a published list, or entered in a
    public event (as the public pages show them)."""
    return (Player.objects.filter(pk=pk)
            .filter(Q(rating_rows__isnull=False)
                    | Q(entries__event__visibility=Visibility.PUBLIC)).distinct().first())


def player_rating_history(player: Player) -> dict:
    """The player's rating on every list, newest first, and the events applied to them."""
    rows = (RatingListRow.objects.filter(player=player).select_related("rating_list")
            .order_by("-rating_list__list_date", "-rating_list_id"))
    changes = (RatingChange.objects.filter(player=player)
               .select_related("application__event", "application__rating_list")
               .order_by("-application__applied_at"))
    return {"rows": list(rows), "changes": list(changes)}


def played_rounds(record: EventRecord, after_round: int | None) -> int:
    last = max((r.number for r in record.rounds if r.status != RoundStatus.DRAFT), default=0)
    return last if after_round is None else max(0, min(after_round, last))


def event_report(event: Event, *, after_round: int | None = None,
                 record: EventRecord | None = None) -> RatingReport:
    """Each player's rated games, score, expected score, change and new rating after
    ``after_round`` (default: the last published round). Team events are not rated here."""
    record = record or load_event(event, public_only=True)
    rounds = played_rounds(record, after_round)
    return RatingReport(event, rounds, _rows(event, record, rounds),
                        rating_application_active(event))


def _rows(event: Event, record: EventRecord, rounds: int,
          only: int | None = None) -> tuple[ReportRow, ...]:
    """The report's rows (``only``: that pairing number's alone)."""
    if not event.rated or event.is_team:
        return ()
    year = event.start_date.year if event.start_date else None
    table = rating_report(record.tournament, rating_regulation(event), year=year,
                          after_round=rounds, only=only)
    return tuple(ReportRow(record.entries[r.number], r) for r in table)


def rating_application_active(event: Event) -> RatingApplication | None:
    return (event.rating_applications.filter(reverted_at__isnull=True)
            .select_related("rating_list", "applied_by").first())


def rating_changes(event: Event, record: EventRecord, after_round: int) -> dict[int, str]:
    """"Rtg+/-" by pairing number, for the standings; empty when the event is not rated."""
    return {r.row.number: r.change for r in _rows(event, record, after_round)}


def entry_rating(event: Event, entry: Entry, *,
                 record: EventRecord | None = None) -> ReportRow | None:
    """The entry's line of the report after the last published round (its page's "Rtg+/-");
    ``record``: the event's public rounds, already read."""
    if not event.rated or event.is_team:
        return None
    record = record or load_event(event, public_only=True)
    number = record.numbers.get(entry.pk)
    if number is None:
        return None
    rows = _rows(event, record, played_rounds(record, None), only=number)
    return next((r for r in rows if r.entry.pk == entry.pk), None)
