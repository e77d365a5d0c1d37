"""The championship's workbook (Art. 17.3, mixed formats): for each category its overall results
and its team classification, then every stage's own table (standings, or the bracket of a
knockout) as the stage's event exports it.

The figures come from ``selectors/championships.py`` (overall results, team classification) and
from the same selectors as each event's own workbook (``selectors/standings.py``,
``selectors/excel.py``), so the sheets show what the pages show. Only published rounds are read.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from django.utils import timezone
from django.utils.text import slugify
from openpyxl import Workbook

from tournaments.excel import exports
from tournaments.excel import labels as L
from tournaments.excel.styles import (
    CENTER,
    NUMBER,
    Column,
    Heading,
    Sheet,
    new_workbook,
    write,
    xml_text,
)
from tournaments.models import Championship, Event, TeamClassification
from tournaments.selectors.championships import CategoryResults, championship_results
from tournaments.selectors.excel import event_export_data
from tournaments.selectors.standings import event_standings
from tournaments.text import fold

OVERALL_TITLE = L.Text("KẾT QUẢ CHUNG CUỘC — {category}", "OVERALL RESULTS — {category}")
TEAMS_TITLE = L.Text("XẾP HẠNG ĐỒNG ĐỘI — {category}", "TEAM CLASSIFICATION — {category}")
TEAMS_TAB = L.Text("{category} — đồng đội", "{category} — teams")
STAGE_TAB = L.Text("{category} — GĐ{n}{group}", "{category} — S{n}{group}")
STAGE_TITLE = L.Text("{title} — {stage}{group}", "{title} — {stage}{group}")
STAGE_N = L.Text("Giai đoạn {n}", "Stage {n}")
GROUP_N = L.Text(", bảng {g}", ", group {g}")
STAGE = L.Text("Giai đoạn", "Stage")
GROUP = L.Text("Bảng", "Group")
STAGE_PLACE = L.Text("Hạng ở giai đoạn", "Place in stage")
UNIT = L.Text("Đơn vị", "Team")
POINTS_SUM = L.Text("Tổng điểm", "Points")
RANKS_SUM = L.Text("Tổng thứ hạng", "Sum of places")
TIEBREAK_SUM = L.Text("Tổng {name}", "Sum of {name}")
COUNTED = L.Text("Vận động viên tính thành tích", "Players counted")
BEST = L.Text("Hạng cá nhân cao nhất", "Best place")
NOT_RANKED = L.Text("Không xếp hạng (không đủ số VĐV)", "Not ranked (too few players)")
POINTS_NOTE = L.Text(
    "Tổng điểm của {n} VĐV có thành tích cao nhất ở giai đoạn 1; bằng điểm: tổng chỉ số phụ, "
    "rồi hạng cá nhân cao nhất.",
    "Sum of the points of the best {n} players in stage 1; ties: the sums of their tie-breaks, "
    "then the best individual place.")
RANKS_NOTE = L.Text(
    "Tổng thứ hạng chung cuộc của {n} VĐV xếp trên nhất, thấp hơn xếp trên; bằng nhau: hạng cá "
    "nhân cao nhất.",
    "Sum of the overall places of the best {n} players, lower first; ties: the best individual "
    "place.")
FILE_WORD = L.Text("ket-qua", "results")
NO_CATEGORY = L.Text("Chưa có nội dung thi đấu", "No category yet")


def heading(championship: Championship, lang: str, today: datetime.date | None = None) -> Heading:
    """The championship's name, dates, venue and organiser on top of every sheet."""
    details = [L.dates_text(championship.start_date, championship.end_date, lang)]
    details += [text for text in (championship.venue, championship.organiser) if text]
    return Heading(championship.name, " · ".join(details), today or timezone.localdate(), lang)


def _stage_name(row, lang: str) -> str:
    stage = row.stage
    return stage.name or STAGE_N(lang, n=stage.number)


def overall_sheet(results: CategoryResults, lang: str) -> Sheet:
    """The category's overall places: the furthest stage each player reached and their place
    there (``selectors/championships.py: category_results``)."""
    team = results.category.participant_kind == "team"
    columns = [Column(L.RANK(lang), CENTER), Column(L.TEAM(lang) if team else L.NAME(lang))]
    if not team:
        columns += [Column(L.CLUB(lang)), Column(L.PROVINCE(lang))]
    columns += [Column(STAGE(lang)), Column(GROUP(lang), CENTER),
                Column(STAGE_PLACE(lang), CENTER)]
    rows = []
    for row in results.rows:
        line = [row.label if row.shared else row.place, row.entry.name]
        if not team:
            player = row.entry.player
            line += [player.club, player.province]
        there = row.line
        line += [_stage_name(row, lang), there.group,
                 there.label if there.rank_to > there.rank else there.rank]
        rows.append(line)
    name = results.category.name
    return Sheet(name, OVERALL_TITLE(lang, category=name), columns, rows or [[L.EMPTY(lang)]])


def _number(value: object):
    """A sum as a number cell (a fraction of half points as 2.5); None stays empty."""
    if value is None:
        return None
    return exports.number(str(Decimal(value.numerator) / Decimal(value.denominator))
                          if isinstance(value, Fraction) else str(value))


def teams_sheet(results: CategoryResults, lang: str) -> Sheet:
    """The team classification from the individual results: best N players' points (with the
    sums of their tie-breaks) or the sum of their overall places."""
    category = results.category
    by_points = results.classification == TeamClassification.POINTS
    criteria = results.team_criteria
    width = len(criteria)
    columns = [Column(L.RANK(lang), CENTER), Column(UNIT(lang)),
               Column((POINTS_SUM if by_points else RANKS_SUM)(lang), NUMBER)]
    columns += [Column(TIEBREAK_SUM(lang, name=L.tiebreak_heading(code, lang)), NUMBER)
                for code in criteria]
    columns += [Column(BEST(lang), CENTER), Column(COUNTED(lang))]
    rows = []
    for t in results.teams:
        rank = t.rank if t.rank is not None else "–"
        sums = [_number(v) for v in t.tiebreaks[:width]]
        sums += [None] * (width - len(sums))
        total = _number(t.total)
        rows.append([rank, t.team, total, *sums, t.best, ", ".join(t.counted)])
    note = (POINTS_NOTE if by_points else RANKS_NOTE)(lang, n=category.team_best_n)
    notes = [note]
    if any(t.rank is None for t in results.teams):
        notes.append("–: " + NOT_RANKED(lang))
    return Sheet(TEAMS_TAB(lang, category=category.name),
                 TEAMS_TITLE(lang, category=category.name), columns, rows, notes)


def stage_sheet(event: Event, lang: str) -> Sheet:
    """A stage's own table as its event's workbook has it: the standings, or a knockout's
    bracket; renamed for the category, the stage and the group."""
    stage = event.stage
    if event.format_rules.has_standings:
        sheet = exports.standings_sheet(event_standings(event), lang)
    else:
        sheet = exports.bracket_sheet(event_export_data(event, drafts=False), lang)
    group = event.group_label
    category = stage.category.name
    sheet.tab = STAGE_TAB(lang, category=category, n=stage.number,
                          group=f" {group}" if group else "")
    sheet.title = STAGE_TITLE(lang, title=sheet.title,
                              stage=stage.name or STAGE_N(lang, n=stage.number),
                              group=GROUP_N(lang, g=group) if group else "")
    return sheet


def build(championship: Championship, *, lang: str,
          progress: Callable[[int, int], None] | None = None,
          today: datetime.date | None = None) -> Workbook:
    """The whole championship: per category its overall results, its team classification
    (when the statute asks for one), then each stage's table, group by group; without any
    category yet, a sheet that says so."""
    lang = L.language(lang)
    everything = championship_results(championship)
    wb = new_workbook()
    wb.properties.title = xml_text(championship.name)
    wb.properties.creator = "Cờ Tướng"
    top = heading(championship, lang, today)
    jobs: list[Callable[[], Sheet]] = []
    for results in everything:
        jobs.append(lambda r=results: overall_sheet(r, lang))
        if results.teams:
            jobs.append(lambda r=results: teams_sheet(r, lang))
        events = Event.objects.filter(stage__category=results.category).select_related(
            "stage__category").order_by("stage__number", "group_label", "pk")
        jobs += [lambda e=event: stage_sheet(e, lang) for event in events]
    if not jobs:  # a championship without categories yet: one sheet that says so
        jobs.append(lambda: Sheet(NO_CATEGORY(lang), NO_CATEGORY(lang), [Column(L.NAME(lang))],
                                  [[L.EMPTY(lang)]]))
    for i, job in enumerate(jobs):
        write(wb, job(), top)
        if progress:
            progress(i + 1, len(jobs))
    return wb


def filename(championship: Championship, lang: str) -> str:
    """``giai-vo-dich-2026-ket-qua.xlsx``: ASCII, as every browser and mail program keeps it."""
    return f"{championship.slug}-{slugify(fold(FILE_WORD(L.language(lang))))}.xlsx"
