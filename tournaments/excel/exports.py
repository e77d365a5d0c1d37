"""One function per table: each builds a :class:`~tournaments.excel.styles.Sheet` (plain rows of
values) from what the selectors read; ``styles.write`` lays it out.

Names and clubs are printed as stored (with their diacritics); results as the law writes them
(``1-0``, ``½-½``, ``0-0``, ``+/-`` forfeits, ``X`` cancelled games of Art. 21.5.1); points as
numbers, so the federation's own sheets can add them up.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.utils import timezone

from records import Bye, Kind, Result
from tournaments.excel import labels as L
from tournaments.excel.styles import CENTER, NUMBER, SELF, X_CELL, Column, Sheet
from tournaments.models import Board, Entry, EntryStatus, Foul, Game, RoundStatus
from tournaments.selectors.excel import ExportData
from tournaments.text import points_text

# Result codes as printed, White's (or the first-named side's) result first: as the law writes
# them, the draw with its ½.
RESULT_TEXT = {**{result: result.value for result in Result}, Result.DRAW: "½-½"}
# A side's points in the sums printed: a forfeit counts as a win, a cancelled game as nothing.
_KIND_POINTS = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0)}


def _sides(code: str) -> tuple[Fraction, Fraction]:
    """The points of White (the first-named side) and of Black for a result code."""
    result = Result(code)
    return (_KIND_POINTS[result.outcome_for(True).kind],
            _KIND_POINTS[result.outcome_for(False).kind])


def number(text: str | None):
    """A points or tie-break value as a number when it is one ("12,5" or "12.5" -> 12.5, a
    number cell Excel writes in its reader's language), else the text (board-by-board sums
    "3/2/1", "-")."""
    if text is None or text == "":
        return None
    try:
        value = Decimal(str(text).replace(",", "."))
    except InvalidOperation:
        return text
    return int(value) if value == value.to_integral_value() else value


def x_style(_row: int, _col: int, value: object) -> str | None:
    """Art. 21.5.1: cancelled games stand out (red X)."""
    return X_CELL if value == RESULT_TEXT[Result.CANCELLED] else None


# --- players --------------------------------------------------------------------------------


def _status(entry: Entry, lang: str) -> str:
    if entry.status == EntryStatus.WITHDRAWN:
        if entry.withdrawn_after_round is not None:
            return L.WITHDRAWN(lang, n=entry.withdrawn_after_round)
        return L.WITHDRAWN_BEFORE(lang)
    if entry.joined_round > 1:
        return L.LATE_ENTRY(lang, n=entry.joined_round)
    return ""


def players_sheet(data: ExportData, lang: str, *, public: bool = False) -> Sheet:
    """The list of entries: players (individual events) or teams with their rosters.
    ``public`` leaves out the federation IDs."""
    if data.event.is_team:
        return _teams_sheet(data, lang)
    columns = [Column(L.ROW(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.NAME(lang)), Column(L.GENDER(lang), CENTER),
               Column(L.BIRTH_YEAR(lang), CENTER), Column(L.TITLE(lang), CENTER),
               Column(L.RATING(lang), NUMBER), Column(L.CLUB(lang)),
               Column(L.PROVINCE(lang)), Column(L.FEDERATION(lang), CENTER)]
    if not public:
        columns += [Column(L.NATIONAL_ID(lang), CENTER), Column(L.FIDE_ID(lang), CENTER)]
    columns.append(Column(L.STATUS(lang)))
    rows = []
    for i, entry in enumerate(data.entries, start=1):
        p = entry.player
        gender = L.GENDERS.get(p.gender)
        row = [i, entry.number, p.full_name, gender(lang) if gender else "", p.birth_year,
               p.title or "", entry.rating, p.club, p.province, p.federation]
        if not public:
            row += [p.national_id or "", p.fide_id or ""]
        row.append(_status(entry, lang))
        rows.append(row)
    return Sheet(L.PLAYERS_TAB(lang), L.PLAYERS_TITLE(lang), columns, rows,
                 landscape=not public)


def _teams_sheet(data: ExportData, lang: str) -> Sheet:
    columns = [Column(L.NUMBER(lang), CENTER), Column(L.TEAM(lang)),
               Column(L.TEAM_BOARD(lang), CENTER, min_width=8), Column(L.NAME(lang)),
               Column(L.BIRTH_YEAR(lang), CENTER), Column(L.TITLE(lang), CENTER),
               Column(L.RATING(lang), NUMBER), Column(L.RESERVE(lang), CENTER),
               Column(L.STATUS(lang))]
    rows = []
    for entry in data.entries:
        roster = data.members.get(entry.pk, [])
        if not roster:
            rows.append([entry.number, entry.team.name, None, "", None, "", entry.rating, "",
                         _status(entry, lang)])
        for k, m in enumerate(roster):
            first = k == 0
            rows.append([entry.number if first else None, entry.team.name if first else "",
                         m.board_order, m.player.full_name, m.player.birth_year,
                         m.player.title or "", m.player.rating,
                         L.YES(lang) if m.is_reserve else "",
                         _status(entry, lang) if first else ""])
    return Sheet(L.PLAYERS_TAB(lang), L.TEAMS_TITLE(lang), columns, rows)


# --- pairings and results -------------------------------------------------------------------


def _club(entry: Entry) -> str:
    if entry.player_id:
        return entry.player.club or entry.player.province
    return entry.team.club or entry.team.province


def _bye_text(data: ExportData, board: Board, lang: str) -> str:
    if data.event.format_rules.bye_is_rest and board.bye in (Bye.PAIRING_ALLOCATED, ""):
        return L.REST(lang)
    return L.BYES.get(board.bye, L.BYES[Bye.ZERO_POINT])(lang)


def _round_title(data: ExportData, number: int, title: L.Text, lang: str) -> str:
    text = title(lang, n=number)
    round_ = data.round(number)
    if round_ is not None and round_.status == RoundStatus.DRAFT:
        text = f"{text} — {L.DRAFT(lang)}"
    return text


def pairings_sheet(data: ExportData, number: int, lang: str) -> Sheet:
    """The hall's notice board: board, table numbers, names and clubs of round ``number``."""
    columns = [Column(L.BOARD(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.FIRST_TEAM(lang) if data.event.is_team else L.WHITE(lang)),
               Column(L.CLUB(lang)), Column(L.NUMBER(lang), CENTER),
               Column(L.SECOND_TEAM(lang) if data.event.is_team else L.BLACK(lang)),
               Column(L.CLUB(lang))]
    rows = []
    for board in data.boards.get(number, []):
        white = data.by_id[board.white_id]
        if board.black_id is None:
            rows.append([board.number, white.number, white.name, _club(white), None,
                         _bye_text(data, board, lang), ""])
            continue
        black = data.by_id[board.black_id]
        rows.append([board.number, white.number, white.name, _club(white), black.number,
                     black.name, _club(black)])
    notes = [L.COLOURS_OF_GAME_1(lang)] if data.event.games_per_match > 1 else []
    return Sheet(L.PAIRINGS_TAB(lang, n=number),
                 _round_title(data, number, L.PAIRINGS_TITLE, lang), columns, rows, notes)


def game_text(game: Game) -> str:
    """A game of a match from the first-named side: ``1-0`` when it won."""
    if not game.result:
        return ""
    return RESULT_TEXT[Result(game.result) if game.white_first else Result(game.result).flipped]


def _game_sides(game: Game) -> tuple[Fraction, Fraction]:
    first, second = _sides(game.result)
    return (first, second) if game.white_first else (second, first)


def match_score(board: Board, games: list[Game], lang: str, level: int | None = 0) -> str:
    """A match's score from the first-named side, ``1½-½``; the board's own result when the
    whole match was ruled at once."""
    if board.result and not any(g.result for g in games):
        return RESULT_TEXT.get(board.result, board.result)
    counted = [g for g in games if g.result and (level is None or g.level == level)]
    if not counted:
        return RESULT_TEXT.get(board.result, "")
    first = sum((_game_sides(g)[0] for g in counted), Fraction(0))
    second = sum((_game_sides(g)[1] for g in counted), Fraction(0))
    return (f"{points_text(first, halves=True, language=lang)}-"
            f"{points_text(second, halves=True, language=lang)}")


def results_sheet(data: ExportData, number: int, lang: str) -> Sheet:
    """Results of round ``number``; a match shows each game and the match score."""
    boards = data.boards.get(number, [])
    games_per = max((len([g for g in data.games.get(b.pk, []) if g.level == 0])
                     for b in boards), default=0)
    team = data.event.is_team
    columns = [Column(L.BOARD(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.FIRST_TEAM(lang) if team else L.WHITE(lang)),
               Column(L.RESULT(lang), CENTER, min_width=9),
               Column(L.SECOND_TEAM(lang) if team else L.BLACK(lang)),
               Column(L.NUMBER(lang), CENTER)]
    if games_per and not team:
        columns += [Column(L.GAME_N(lang, n=k), CENTER, min_width=7)
                    for k in range(1, games_per + 1)]
    rows = []
    for board in boards:
        white = data.by_id[board.white_id]
        if board.black_id is None:
            row = [board.number, white.number, white.name, _bye_text(data, board, lang), "",
                   None]
            rows.append(row + [""] * (len(columns) - len(row)))
            continue
        black = data.by_id[board.black_id]
        games = data.games.get(board.pk, [])
        result = match_score(board, games, lang) if games else RESULT_TEXT.get(board.result, "")
        row = [board.number, white.number, white.name, result, black.name, black.number]
        if games_per and not team:
            level0 = [g for g in games if g.level == 0]
            row += [game_text(g) for g in level0] + [""] * (games_per - len(level0))
        rows.append(row)
    notes = []
    if any(r[3] == RESULT_TEXT[Result.CANCELLED] for r in rows):
        notes.append(L.X_NOTE(lang))
    if games_per and not team:
        notes.append(L.COLOURS_OF_GAME_1(lang))
    return Sheet(L.RESULTS_TAB(lang, n=number),
                 _round_title(data, number, L.RESULTS_TITLE, lang), columns, rows, notes,
                 cell_style=x_style)


# --- teams ----------------------------------------------------------------------------------


def _seat(data: ExportData, team: Entry, player, board: int) -> str:
    """Who sat at ``board``: the line-up recorded on the game, else the roster's player of that
    board (appendix §4: board k meets board k)."""
    if player is not None:
        return player.full_name
    roster = [m for m in data.members.get(team.pk, []) if not m.is_reserve]
    return roster[board - 1].player.full_name if 0 < board <= len(roster) else ""


def team_boards_sheet(data: ExportData, lang: str) -> Sheet:
    """Every team match board by board (appendix §4: board k meets board k): who played, the
    result, and the match total."""
    columns = [Column(L.ROUND(lang), CENTER), Column(L.BOARD(lang), CENTER),
               Column(L.TEAM(lang)), Column(L.TEAM_BOARD(lang), CENTER, min_width=8),
               Column(L.WHITE(lang) + " / " + L.BLACK(lang), CENTER, min_width=8),
               Column(L.NAME(lang)), Column(L.RESULT(lang), CENTER, min_width=9),
               Column(L.NAME(lang)), Column(L.TEAM(lang))]
    rows: list[list] = []
    totals: set[int] = set()
    for number in sorted(data.boards):
        for board in data.boards[number]:
            first = data.by_id[board.white_id]
            if board.black_id is None:
                rows.append([number, board.number, first.name, None, "", "",
                             _bye_text(data, board, lang), "", ""])
                continue
            second = data.by_id[board.black_id]
            games = [g for g in data.games.get(board.pk, []) if g.level == 0]
            for game in games:
                colours = (L.WHITE(lang) if game.white_first else L.BLACK(lang))
                rows.append([number, board.number, first.name, game.number, colours,
                             _seat(data, first, game.first_player, game.number),
                             game_text(game),
                             _seat(data, second, game.second_player, game.number),
                             second.name])
            totals.add(len(rows))
            rows.append([number, board.number, first.name, None, "", L.TOTAL(lang),
                         match_score(board, games, lang), "", second.name])
    return Sheet(L.TEAM_BOARDS_TAB(lang), L.TEAM_BOARDS_TITLE(lang), columns, rows,
                 landscape=True, cell_style=x_style, total_rows=frozenset(totals))


# --- knockout -------------------------------------------------------------------------------


def knockout_winner(board: Board, games: list[Game]) -> int | None:
    """The entry that goes through: the board's ruling, else the games level by level (the
    match, then the statute's tie-break games, appendix §2)."""
    if board.black_id is None:
        return board.white_id
    if board.result:
        first, second = _sides(board.result)
        if first != second:
            return board.white_id if first > second else board.black_id
    for level in sorted({g.level for g in games}):
        played = [g for g in games if g.level == level and g.result]
        if not played or len(played) < len([g for g in games if g.level == level]):
            return None
        first = sum((_game_sides(g)[0] for g in played), Fraction(0))
        second = sum((_game_sides(g)[1] for g in played), Fraction(0))
        if first != second:
            return board.white_id if first > second else board.black_id
    return None


def bracket_sheet(data: ExportData, lang: str) -> Sheet:
    """Knockout events (appendix §2, §3): every match by round and bracket, its games and who
    went through."""
    columns = [Column(L.ROUND(lang), CENTER), Column(L.BRACKET(lang)),
               Column(L.MATCH_CODE(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.NAME(lang)), Column(L.RESULT(lang), CENTER, min_width=9),
               Column(L.NAME(lang)), Column(L.NUMBER(lang), CENTER),
               Column(L.WINNER(lang))]
    rows = []
    for number in sorted(data.boards):
        for board in data.boards[number]:
            first = data.by_id[board.white_id]
            bracket = L.BRACKETS.get(board.bracket, L.BRACKETS[""])(lang)
            if board.black_id is None:
                rows.append([number, bracket, board.match_code, first.number, first.name,
                             _bye_text(data, board, lang), "", None, first.name])
                continue
            second = data.by_id[board.black_id]
            games = data.games.get(board.pk, [])
            score = match_score(board, games, lang, level=None) if games \
                else RESULT_TEXT.get(board.result, "")
            winner = knockout_winner(board, games)
            rows.append([number, bracket, board.match_code, first.number, first.name, score,
                         second.name, second.number,
                         data.by_id[winner].name if winner else ""])
    return Sheet(L.BRACKET_TAB(lang), L.BRACKET_TITLE(lang), columns, rows, landscape=True,
                 cell_style=x_style)


# --- standings and crosstable (from the standings selectors, as the pages show them) --------


def _criterion_heading(criterion, lang: str) -> str:
    """Vietnamese sheets use the law's terms (``Hệ số`` for the coefficient); English ones the
    heading the standings page shows."""
    return criterion.heading if lang == L.EN else L.tiebreak_heading(criterion.code, lang)


def standings_sheet(view, lang: str) -> Sheet:
    """The standings with every tie-break column of the statute, in its order (Art. 21.3,
    21.4); ``view`` is what ``selectors.standings.event_standings`` gives the page."""
    team = view.event.is_team
    columns = [Column(L.RANK(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.TEAM(lang) if team else L.NAME(lang))]
    if not team:
        columns += [Column(L.RATING(lang), NUMBER), Column(L.CLUB(lang))]
    if view.is_match:
        columns += [Column(L.MATCH_POINTS(lang), NUMBER), Column(L.GAME_POINTS(lang), NUMBER)]
    else:
        columns.append(Column(L.POINTS(lang), NUMBER))
    headings = [_criterion_heading(c, lang) for c in view.criteria]
    columns += [Column(h, NUMBER, min_width=7) for h in headings]
    rows = []
    for row in view.rows:
        entry = row.entry
        line = [f"{row.rank}=" if row.shared else row.rank, row.number, entry.name]
        if not team:
            line += [entry.rating, _club(entry)]
        if view.is_match:
            line += [number(row.match_points), number(row.game_points)]
        else:
            line.append(number(row.points))
        line += [number(v) for v in row.values]
        rows.append(line)
    for entry in view.withdrawn:  # Art. 21.5.1: after the ranking, not ranked
        rows.append(["–", entry.number, entry.name]
                    + ([] if team else [entry.rating, _club(entry)]))
    order = ", ".join(headings)
    notes = [L.TIEBREAK_ORDER(lang, order=order)] if order else []
    if view.withdrawn:
        names = ", ".join(f"{e.number}. {e.name}" for e in view.withdrawn)
        notes.append(L.WITHDRAWN_APART(lang, names=names))
    return Sheet(L.STANDINGS_TAB(lang), L.STANDINGS_TITLE(lang, n=view.after_round), columns,
                 rows, notes, landscape=len(view.criteria) > 4)


def crosstable_sheet(view, lang: str) -> Sheet:
    """The crosstable (*bảng điểm*): round robin, a column per opponent in rank order, headed by
    their table number (the diagonal greyed); Swiss, a column per round (opponent's table
    number, colour, result). Cancelled games print as X (Art. 21.5.1), red."""
    team = view.event.is_team
    columns = [Column(L.RANK(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.TEAM(lang) if team else L.NAME(lang))]
    for col in view.columns:
        header = col if view.round_robin else L.ROUND_N(lang, n=col)
        columns.append(Column(header, CENTER, min_width=4 if view.round_robin else 6))
    columns.append(Column(L.POINTS(lang), NUMBER))
    rows = []
    css: dict[tuple[int, int], str] = {}
    for r, row in enumerate(view.rows):
        line = [row.rank, row.number, row.entry.name]
        for c, cell in enumerate(row.cells):
            if cell.css:
                css[(r, 3 + c)] = cell.css
            line.append(cell.text)
        line.append(number(row.points))
        rows.append(line)

    def style(r: int, c: int, value: object) -> str | None:
        # The page's marks: "self" the diagonal, "x-cell" a cancelled game (Art. 21.5).
        return {"self": SELF, "x-cell": X_CELL}.get(css.get((r, c), ""))

    return Sheet(L.CROSSTABLE_TAB(lang), L.CROSSTABLE_TITLE(lang, n=view.after_round), columns,
                 rows, [L.CROSS_LEGEND(lang)], landscape=True, freeze_columns=3,
                 cell_style=style)


# --- penalties ------------------------------------------------------------------------------


def fouls_sheet(fouls: list[Foul], lang: str, *, public: bool = False) -> Sheet:
    """The penalties recorded during play (chapter 5), by round and board; the arbiter's note
    and name only in the staff's workbook."""
    columns = [Column(L.ROUND(lang), CENTER), Column(L.BOARD(lang), CENTER),
               Column(L.GAME(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.PENALISED(lang)), Column(L.PENALTY(lang)), Column(L.ARTICLE(lang))]
    if not public:
        columns += [Column(L.NOTE(lang)), Column(L.RECORDED_BY(lang))]
    rows = []
    for foul in fouls:
        row = [foul.board.round.number, foul.board.number, foul.game.number if foul.game else None,
               foul.entry.number, foul.entry.name, L.FOUL_KINDS[foul.kind](lang),
               L.article_text(foul.article, lang)]
        if not public:
            row += [foul.note, foul.recorded_by.get_username() if foul.recorded_by else ""]
        rows.append(row)
    return Sheet(L.FOULS_TAB(lang), L.FOULS_TITLE(lang), columns, rows)


def ranked_sheet(rows, lang: str, *, tab: L.Text, title: str, notes: list[str]) -> Sheet:
    """A list from the final ranking (Art. 19.4: selected players, a classification reached):
    the place, the table number, the name, the titles the player holds and the points."""
    columns = [Column(L.RANK(lang), CENTER), Column(L.NUMBER(lang), CENTER),
               Column(L.NAME(lang)), Column(L.TITLES_HELD(lang)), Column(L.POINTS(lang), NUMBER)]
    return Sheet(tab(lang), title, columns,
                 [[r.place, r.entry.number, r.entry.name, _titles(r.titles, lang),
                   number(r.points)] for r in rows],
                 notes=notes)


def prizes_sheet(prizes, lang: str, *, public: bool = False) -> Sheet:
    """The statute's prize winners (``selectors/prizes.py``): category, place, table number,
    name, club, item, and for the staff the amount in đồng (a number, to add up)."""
    columns = [Column(L.PRIZE(lang)), Column(L.PLACE(lang), CENTER),
               Column(L.NUMBER(lang), CENTER), Column(L.NAME(lang)), Column(L.CLUB(lang)),
               Column(L.ITEM(lang))]
    if not public:
        columns.append(Column(L.AMOUNT(lang), NUMBER))
    rows = [[line.category, line.label, line.number, line.name, line.club, line.item,
             *([] if public else [line.amount])] for line in prizes.lines]
    notes = [] if prizes.final else [L.PRIZES_PROVISIONAL(lang)]
    if not public:
        notes.append(L.PRIZES_TOTAL(lang, total=f"{prizes.total:,}".replace(",", ".")))
    return Sheet(L.PRIZES_TAB(lang), L.PRIZES_TITLE(lang, n=prizes.after_round), columns, rows,
                 notes=notes)


def _titles(titles, lang: str) -> str:
    """The titles held, in the sheet's language, with the dates awarded."""
    return ", ".join(
        f"{t.kind.name_en if lang == L.EN and t.kind.name_en else t.kind.name} "
        f"({t.awarded_on:%d/%m/%Y})" for t in titles)


def protests_sheet(protests, lang: str) -> Sheet:
    """The written protests and their decisions (Art. 15.6, 19.2, 20.3 e), for the staff."""
    columns = [Column(L.ROUND(lang), CENTER), Column(L.BOARD(lang), CENTER),
               Column(L.NAME(lang)), Column(L.FILER(lang)), Column(L.SUBJECT(lang)),
               Column(L.PROTEST_TEXT(lang)), Column(L.FILED_AT(lang)),
               Column(L.DECISION(lang)), Column(L.REASONS(lang)), Column(L.APPEAL(lang)),
               Column(L.REASONS(lang))]
    rows = [[p.round.number, p.board.number if p.board else None, p.entry.name,
             L.PROTEST_FILERS[p.filer](lang) + (f" ({p.filer_name})" if p.filer_name else ""),
             L.PROTEST_SUBJECTS[p.subject](lang), p.text,
             timezone.localtime(p.filed_at).strftime("%d/%m/%Y %H:%M"),
             L.DECISIONS[p.decision](lang), p.decision_reason,
             L.DECISIONS[p.appeal_decision](lang), p.appeal_reason] for p in protests]
    return Sheet(L.PROTESTS_TAB(lang), L.PROTESTS_TITLE(lang), columns, rows)
