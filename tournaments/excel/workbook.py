"""Workbooks: one table, or the whole event with a sheet per table.

``build`` reads the event once (``selectors.excel.event_export_data``; standings and crosstable come
from ``selectors.standings``, exactly as the pages show them), writes one sheet per requested
table and reports its progress sheet by sheet, so a task can show how far it got.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import timezone
from django.utils.text import slugify
from openpyxl import Workbook

from tournaments.excel import exports, labels
from tournaments.excel.ratings import rating_report_sheet
from tournaments.excel.styles import Heading, discard, new_workbook, write, xml_text
from tournaments.models import Event
from tournaments.selectors.closing import event_classified, event_selected
from tournaments.selectors.excel import ExportData, event_export_data
from tournaments.selectors.fouls import event_fouls
from tournaments.selectors.prizes import event_prizes
from tournaments.selectors.protests import event_protests
from tournaments.selectors.ratings import event_report
from tournaments.selectors.standings import (
    Ranking,
    event_crosstable,
    event_ranking,
    event_standings,
)
from tournaments.text import fold

EVENT = "event"
PLAYERS = "players"
PAIRINGS = "pairings"
RESULTS = "results"
STANDINGS = "standings"
CROSSTABLE = "crosstable"
BRACKET = "bracket"
TEAM_BOARDS = "team_boards"
RATINGS = "ratings"
FOULS = "fouls"
# Art. 19.4: the lists announced at the closing ceremony (and, for the staff, the protests).
CLOSING = "closing"
PRIZES = "prizes"  # the statute's prize winners
TABLES = (EVENT, PLAYERS, PAIRINGS, RESULTS, STANDINGS, CROSSTABLE, BRACKET, TEAM_BOARDS,
          RATINGS, FOULS, CLOSING, PRIZES)
ROUND_TABLES = (PAIRINGS, RESULTS)


class ExportError(ValueError):
    """A table that does not exist for this event (a round that is not there, a bracket of a
    round robin)."""


@dataclass(frozen=True, slots=True)
class Table:
    name: str
    round: int | None = None


def event_tables(event: Event, data: ExportData, *, fouls: bool = False) -> list[Table]:
    """The sheets of the whole-event workbook, in print order; the penalties (chapter 5) when
    ``fouls`` (some were recorded)."""
    tables = [Table(PLAYERS)]
    if event.format_rules.has_standings:
        tables += [Table(STANDINGS), Table(CROSSTABLE)]
    else:
        tables.append(Table(BRACKET))
    if event.format_rules.has_standings and event.prize_list:
        tables.append(Table(PRIZES))
    if event.is_team:
        tables.append(Table(TEAM_BOARDS))
    elif event.rated:
        tables.append(Table(RATINGS))
    for round_ in data.rounds:
        tables += [Table(PAIRINGS, round_.number), Table(RESULTS, round_.number)]
    if fouls:
        tables.append(Table(FOULS))
    return tables


def check_table(event: Event, table: Table) -> None:
    if table.name not in TABLES:
        raise ExportError(f"unknown table {table.name!r}")
    if table.name in ROUND_TABLES and not table.round:
        raise ExportError("this table needs a round")
    if table.name == BRACKET and not event.format_rules.has_bracket:
        raise ExportError("only knockout events have a bracket")
    if table.name in (STANDINGS, CROSSTABLE) and not event.format_rules.has_standings:
        raise ExportError("knockout events have a bracket, not standings")
    if table.name == PRIZES and not (event.format_rules.has_standings and event.prize_list):
        raise ExportError("the statute lists no prizes")
    if table.name == TEAM_BOARDS and not event.is_team:
        raise ExportError("only team events have results by board")
    if table.name == RATINGS and (not event.rated or event.is_team):
        raise ExportError("only rated individual events have a rating report")


def heading(event: Event, lang: str, today: datetime.date | None = None) -> Heading:
    details = [labels.dates_text(event.start_date, event.end_date, lang)]
    details += [text for text in (event.venue, event.organiser) if text]
    return Heading(event.name, " · ".join(details), today or timezone.localdate(), lang)


def build(
    event: Event, table: Table, *, lang: str, public: bool = False,
    progress: Callable[[int, int], None] | None = None, today: datetime.date | None = None,
) -> Workbook:
    """The workbook of one table, or of the whole event (``Table("event")``), write-only:
    save it once (``to_bytes``).

    ``public``: what anyone may read (published rounds, no federation IDs); staff exports of a
    single round may show a draft round, marked as such.
    """
    lang = labels.language(lang)
    check_table(event, table)
    drafts = not public and table.name in ROUND_TABLES
    data = event_export_data(event, drafts=drafts)
    fouls = event_fouls(event, staff=not public) if table.name in (EVENT, FOULS) else []
    tables = event_tables(event, data, fouls=bool(fouls)) if table.name == EVENT else [table]
    if table.name == CLOSING:
        tables = [Table(SELECTED), Table(CLASSIFIED)] + ([] if public else [Table(PROTESTS)])
    if table.name in ROUND_TABLES and data.round(table.round) is None:
        raise ExportError(f"round {table.round} is not there")
    wb = new_workbook(write_only=True)
    wb.properties.title = xml_text(event.name)
    wb.properties.creator = "Cờ Tướng"
    top = heading(event, lang, today)
    total = len(tables)
    ranked = _Ranked(event)
    try:
        for i, item in enumerate(tables):
            sheet = (exports.fouls_sheet(fouls, lang, public=public) if item.name == FOULS
                     else _sheet(item, data, lang, public, ranked))
            write(wb, sheet, top)
            if progress:
                progress(i + 1, total)
    except BaseException:
        discard(wb)
        raise
    return wb


class _Ranked:
    """The event ranked once for the standings and the crosstable sheets."""

    def __init__(self, event: Event):
        self.event = event
        self._ranking = None

    @property
    def ranking(self) -> Ranking:
        if self._ranking is None:
            self._ranking = event_ranking(self.event)
        return self._ranking


SELECTED, CLASSIFIED, PROTESTS = "selected", "classified", "protests"  # the closing sheets


def _closing_sheet(event: Event, name: str, lang: str):
    """Art. 19.4: the selected players, the classification reached; the protests (Art. 15.6)."""
    if name == PROTESTS:
        return exports.protests_sheet(event_protests(event), lang)
    if name == SELECTED:
        return exports.ranked_sheet(
            event_selected(event), lang, tab=labels.SELECTED_TAB,
            title=labels.SELECTED_TITLE(lang),
            notes=[labels.SELECTED_RULE(lang, n=event.selected_top)] if event.selected_top
            else [])
    return exports.ranked_sheet(
        event_classified(event), lang, tab=labels.CLASSIFIED_TAB,
        title=labels.CLASSIFIED_TITLE(lang, name=event.classification_name or "—"),
        notes=[labels.CLASSIFIED_REGISTER(lang)])


def _sheet(item: Table, data: ExportData, lang: str, public: bool, ranked: _Ranked):
    event = ranked.event
    if item.name in (SELECTED, CLASSIFIED, PROTESTS):
        return _closing_sheet(event, item.name, lang)
    match item.name:
        case "players":
            return exports.players_sheet(data, lang, public=public)
        case "pairings":
            return exports.pairings_sheet(data, item.round, lang)
        case "results":
            return exports.results_sheet(data, item.round, lang)
        case "standings":
            return exports.standings_sheet(event_standings(event, ranking=ranked.ranking), lang)
        case "crosstable":
            return exports.crosstable_sheet(
                event_crosstable(event, ranking=ranked.ranking), lang)
        case "bracket":
            return exports.bracket_sheet(data, lang)
        case "team_boards":
            return exports.team_boards_sheet(data, lang)
        case "ratings":
            return rating_report_sheet(event_report(event), lang, public=public)
        case "prizes":
            table = event_standings(event, ranking=ranked.ranking)
            return exports.prizes_sheet(event_prizes(event, table=table), lang, public=public)
    raise ExportError(f"unknown table {item.name!r}")


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"  # content type


def to_bytes(wb: Workbook) -> bytes:
    stream = io.BytesIO()
    wb.save(stream)
    return stream.getvalue()


_FILE_WORDS = {
    EVENT: labels.Text("toan-giai", "event"), PLAYERS: labels.PLAYERS_TAB,
    PAIRINGS: labels.PAIRINGS_TAB, RESULTS: labels.RESULTS_TAB, STANDINGS: labels.STANDINGS_TAB,
    CROSSTABLE: labels.CROSSTABLE_TAB, BRACKET: labels.BRACKET_TAB,
    TEAM_BOARDS: labels.TEAM_BOARDS_TAB, RATINGS: labels.RATINGS_TAB, FOULS: labels.FOULS_TAB,
    PRIZES: labels.PRIZES_TAB,
}


def filename(event: Event, table: Table, lang: str) -> str:
    """``giai-xuan-2026-xep-cap-v3.xlsx``: ASCII, so every browser and mail program keeps it."""
    words = _FILE_WORDS[table.name](labels.language(lang), n=table.round or "")
    return f"{event.slug}-{slugify(fold(words))}.xlsx"
