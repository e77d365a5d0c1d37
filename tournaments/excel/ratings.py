"""The event's rating report as a sheet for the federation: each player's rated
games, score, expected score, K, change and new rating, as ``selectors.ratings.event_report``
gives the page; ``styles.write`` lays it out like every other sheet. The federation IDs are on
the staff's sheet only (``public``: without them)."""

from __future__ import annotations

from tournaments.excel import labels as L
from tournaments.excel.exports import number
from tournaments.excel.styles import CENTER, NUMBER, Column, Sheet


def rating_report_sheet(report, lang: str, *, public: bool = False) -> Sheet:
    ids = [] if public else [Column(L.NATIONAL_ID(lang))]
    columns = [Column(L.NUMBER(lang), CENTER), Column(L.NAME(lang)), *ids,
               Column(L.RATING(lang), NUMBER),
               Column(L.K_FACTOR(lang), NUMBER), Column(L.RATED_GAMES(lang), NUMBER),
               Column(L.POINTS(lang), NUMBER), Column(L.EXPECTED(lang), NUMBER),
               Column(L.RATING_CHANGE(lang), NUMBER), Column(L.NEW_RATING(lang), NUMBER)]
    rows = []
    for line in report.rows:
        player = line.entry.player
        ident = [] if public else [(player.national_id or "") if player else ""]
        rows.append([line.row.number, line.entry.name, *ident, line.row.rating, line.row.k,
                     line.row.games, number(line.score), number(line.expected),
                     number(line.change), line.row.new_rating])
    event = report.event
    cap = event.rating_cap if event.rating_cap is not None else "—"
    notes = [L.RATING_RULES(lang, table=event.get_rating_table_display(), cap=cap)]
    return Sheet(L.RATINGS_TAB(lang), L.RATINGS_TITLE(lang, n=report.after_round), columns,
                 rows, notes, landscape=True)
