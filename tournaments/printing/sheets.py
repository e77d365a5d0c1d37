"""What each print sheet of an event holds, who may print it, and the data it shows.

One table, ``SHEETS``, names the sheets; ``sheet_context`` gathers a sheet's data through the
selectors, for the print page (``views/printing.py``) and for a PDF built in the background
(``tasks.py: pdf_build``) alike. The public may print what the public pages show (published
rounds); score sheets and certificates are the staff's (they are filled in and signed at the
hall, Art. 11.1 b), and so are the slips of the players' private links.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Event, RoundStatus
from tournaments.printing.qr import qr_svg
from tournaments.selectors.closing import (
    event_classified,
    event_final_ranking,
    event_final_report,
    event_selected,
)
from tournaments.selectors.knockout import event_bracket
from tournaments.selectors.player_page import entries_with_links
from tournaments.selectors.prizes import event_prizes
from tournaments.selectors.rounds import round_boards, rounds_visible
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.selectors.teams import team_boards_annotate_scores
from tournaments.text import name_sort_key

# A score sheet has room for this many moves of each side (Art. 11.1: both sides' moves).
SCORESHEET_MOVES = 60
# Certificates: the first places of the standings, unless the staff ask for more.
CERTIFICATES_DEFAULT = 3
CERTIFICATES_MAX = 50


class SheetError(Exception):
    """A sheet this event does not have, or a round that cannot be printed; the message says
    why in the user's language."""


class SheetRefused(SheetError):
    """A sheet of the staff's (score sheets, certificates) asked for by someone else."""


@dataclass(frozen=True)
class Sheet:
    key: str
    label: str
    per_round: bool = False
    staff_only: bool = False
    landscape: bool = False
    # A sheet for the notice board: it carries the QR code of the event's public page.
    wall: bool = True
    # "team" (team events only), "bracket" (a format with a bracket), "ranked" (one with
    # standings): ``fits`` asks the event's ``format_rules``.
    needs: str = ""
    # The provisional rules for rapid and blitz, point 1: no score sheet is required, so in a
    # rapid or blitz event (the statute's ``pace``) the sheet is offered as optional.
    optional_in_quick_play: bool = False

    @property
    def template(self) -> str:
        return f"tournaments/print/{self.key.replace('-', '_')}.html"


SHEETS: dict[str, Sheet] = {s.key: s for s in (
    Sheet("pairings", gettext_lazy("Pairings by board"), per_round=True),
    Sheet("pairings-alpha", gettext_lazy("Pairings by name"), per_round=True),
    Sheet("scoresheets", gettext_lazy("Score sheets"), per_round=True, staff_only=True,
          wall=False, optional_in_quick_play=True),
    Sheet("results", gettext_lazy("Results"), per_round=True),
    Sheet("lineups", gettext_lazy("Team line-ups"), per_round=True, needs="team"),
    Sheet("standings", gettext_lazy("Standings"), needs="ranked"),
    Sheet("crosstable", gettext_lazy("Crosstable"), landscape=True, needs="ranked"),
    Sheet("bracket", gettext_lazy("Bracket"), landscape=True, needs="bracket"),
    Sheet("certificates", gettext_lazy("Certificates"), staff_only=True, landscape=True,
          wall=False),
    # The statute's prizes (``selectors/prizes.py``): the list read out at the prize-giving,
    # and the receipts each winner signs for the money (the staff's: money is never public).
    Sheet("prizes", gettext_lazy("Prize-giving list"), staff_only=True, wall=False,
          needs="prizes"),
    Sheet("prize-receipts", gettext_lazy("Prize receipts"), staff_only=True, wall=False,
          needs="prizes"),
    # Art. 19.4: announced at the closing ceremony; Art. 20.3 l: the chief arbiter's report.
    Sheet("selected", gettext_lazy("Selected for higher events")),
    Sheet("classified", gettext_lazy("Classifications reached")),
    Sheet("report", gettext_lazy("Chief arbiter's final report"), staff_only=True, wall=False),
    # One slip per entry with its private link and the link's QR code, cut and handed out at
    # the hall: the staff's, as the links are (docs/security.md, "Private links").
    Sheet("slips", gettext_lazy("Players' private links"), staff_only=True, wall=False),
)}


def fits(event: Event, sheet: Sheet) -> bool:
    """Whether ``event`` has this sheet at all (a bracket only for a knockout, ...)."""
    rules = event.format_rules
    return {"team": event.is_team, "bracket": rules.has_bracket,
            "ranked": rules.has_standings,
            "prizes": rules.has_standings and bool(event.prize_list)}.get(sheet.needs, True)


def sheets_for(event: Event, *, staff: bool) -> list[Sheet]:
    """The sheets ``event`` offers to the public, or to its staff."""
    return [s for s in SHEETS.values() if fits(event, s) and (staff or not s.staff_only)]


def sheet_for(event: Event, key: str, *, staff: bool) -> Sheet:
    sheet = SHEETS.get(key)
    if sheet is None or not fits(event, sheet):
        raise SheetError(_("This event has no such sheet to print."))
    if sheet.staff_only and not staff:
        raise SheetRefused(_("Only the people who run this event can print this sheet."))
    return sheet


def _round(event: Event, number: int | None, *, staff: bool):
    rounds = rounds_visible(event, staff=staff)
    if number is None and rounds:
        number = rounds[-1].number
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        raise SheetError(_("Round %(n)s cannot be printed: it has not been paired and "
                           "published yet.") % {"n": number if number is not None else 1})
    return round_


def by_name(boards) -> list[dict]:
    """Every entry of the round with its board and colour, in alphabetical order as Vietnamese
    lists are (the given name first, ``text.name_sort_key``)."""
    rows = []
    for board in boards:
        for entry, opponent, white in ((board.white, board.black, True),
                                       (board.black, board.white, False)):
            if entry is not None:
                rows.append({"entry": entry, "opponent": opponent, "white": white,
                             "board": board})
    return sorted(rows, key=lambda row: (name_sort_key(row["entry"].name), row["entry"].pk))


def _score_sheets(boards) -> list[dict]:
    """One sheet per game to be played (Art. 11): each game of a match, its players and who
    has White; a bye has none."""
    sheets = []
    for board in boards:
        if board.black_id is None:
            continue
        games = list(board.games.all())
        if not games:
            sheets.append({"board": board, "game": None, "white": board.white.name,
                           "black": board.black.name,
                           "white_no": board.white.number, "black_no": board.black.number})
        for game in games:
            sheets.append({"board": board, "game": game, **_game_sides(board, game)})
    return sheets


def _game_sides(board, game) -> dict:
    """Who has White and Black in one game of a match: colours alternate (appendix §2), so the
    board's first-named has White when ``white_first``; a player in a two-game match keeps
    their number, a team's player is named with the team (appendix §4)."""
    if game.first_player_id or game.second_player_id:
        first = str(game.first_player or board.white.name)
        second = str(game.second_player or board.black.name)
        white, black = (first, second) if game.white_first else (second, first)
        return {"white": white, "black": black}
    white, black = (board.white, board.black) if game.white_first else (board.black, board.white)
    return {"white": white.name, "black": black.name,
            "white_no": white.number, "black_no": black.number}


def _round_data(event: Event, sheet: Sheet, number: int | None, staff: bool) -> dict:
    round_ = _round(event, number, staff=staff)
    boards = round_boards(round_)
    if event.is_team:
        team_boards_annotate_scores(boards)
    data = {"round": round_, "boards": boards, "draft": round_.status == RoundStatus.DRAFT}
    if sheet.key == "pairings-alpha":
        data["by_name"] = by_name(boards)
    elif sheet.key == "scoresheets":
        data["sheets"] = _score_sheets(boards)
        half = SCORESHEET_MOVES // 2
        data["move_columns"] = (range(1, half + 1), range(half + 1, SCORESHEET_MOVES + 1))
    return data


def _certificates(event: Event, top: int | None) -> dict:
    """The prize winners, ranks 1 to ``top``: from the standings (a shared rank gives each
    its certificate), or from a knockout's placings (appendix §2, §3: "3–4" for the losers of
    the semi-finals without a match for third place)."""
    top = min(max(top or CERTIFICATES_DEFAULT, 1), CERTIFICATES_MAX)
    if event.prize_list and event.format_rules.has_standings:
        return _prize_certificates(event)
    if not event.format_rules.has_standings:
        placings = event_bracket(event, staff=False).placings
        return {"winners": [{"entry": p.entry, "rank": p.label, "shared": p.place_to > p.place,
                             "points": ""} for p in placings if p.place <= top]}
    table = event_standings(event)
    if not table.after_round:  # no round played: nobody has a rank yet
        return {"winners": []}
    return {"winners": [{"entry": row.entry, "rank": str(row.rank), "shared": row.shared,
                         "points": _ranking_points(table, row)}
                        for row in table.rows if row.rank <= top]}


def _prize_certificates(event: Event) -> dict:
    """One certificate per prize of the statute's list, naming the prize and its place."""
    prizes = event_prizes(event)
    return {"winners": [{"name": line.name, "rank": line.label, "shared": False, "points": "",
                         "prize": f"{line.category} {line.place or ''}".strip(),
                         "item": line.item} for line in prizes.lines],
            "provisional": not prizes.final}


def _ranking_points(table, row) -> str:
    """The points the entry is ranked by, with their name: match points in two-game matches
    (Art. 21.2) and in teams ranked by matches, board points in teams ranked by the sum of
    their players' points (appendix §4), otherwise plain points (Art. 21.1)."""
    if not (table.team or table.is_match):
        return f"{row.points} {_('points')}"
    if table.primary == "gp":
        return f"{row.game_points} {_('board points') if table.team else _('game points')}"
    return f"{row.match_points} {_('match points')}"


def sheet_context(event: Event, sheet: Sheet, *, staff: bool, public_url: str,
                  number: int | None = None, after: int | None = None,
                  top: int | None = None) -> dict:
    """Everything ``sheet``'s template shows. ``public_url`` is the event's public page (the
    QR code of a wall sheet); ``number`` the round (the last one by default), ``after`` the
    round the standings and crosstable stop at, ``top`` how many certificates."""
    ctx = {"event": event, "rules": event.format_rules, "sheet": sheet, "public_url": public_url,
           "qr": qr_svg(public_url) if sheet.wall else ""}
    if sheet.per_round:
        ctx.update(_round_data(event, sheet, number, staff))
    elif sheet.key == "standings":
        ctx["table"] = event_standings(event, after_round=after)
    elif sheet.key == "crosstable":
        ctx["cross"] = event_crosstable(event, after_round=after)
    elif sheet.key == "bracket":
        ctx["bracket"] = event_bracket(event, staff=staff)
    elif sheet.key == "certificates":
        ctx.update(_certificates(event, top))
    elif sheet.key in ("prizes", "prize-receipts"):
        ctx["prizes"] = event_prizes(event, after_round=after)
    elif sheet.key in ("selected", "classified"):
        ranking = event_final_ranking(event)
        ctx["ranked"] = (event_selected if sheet.key == "selected" else event_classified)(
            event, ranking)
    elif sheet.key == "report":
        ctx["report"] = event_final_report(event)
    elif sheet.key == "slips":
        ctx["slips"] = _slips(event, public_url)
    return ctx


def _slips(event: Event, public_url: str) -> list[dict]:
    """Each entry's private link, on the site the event's page is on, and its QR code."""
    slips = []
    for entry in entries_with_links(event):
        url = urljoin(public_url, reverse("tournaments:player_page",
                                          kwargs={"token": entry.private_token}))
        slips.append({"entry": entry, "url": url, "qr": qr_svg(url)})
    return slips


# What a full page (a score sheet, a certificate) costs the renderer, in table lines: about
# 0.3 s against 0.03 s a line (benchmarks/bench_print.py).
PAGE_LINES = 10


def sheet_size(ctx: dict) -> int:
    """About how many table lines the sheet prints, a full page counted ``PAGE_LINES``: what
    decides whether its PDF is built in the background (``settings.PDF_ASYNC_MIN_ROWS``)."""
    if "sheets" in ctx:
        return len(ctx["sheets"]) * PAGE_LINES
    if "winners" in ctx:
        return len(ctx["winners"]) * PAGE_LINES
    if "ranked" in ctx:
        return len(ctx["ranked"])
    if "report" in ctx:
        report = ctx["report"]
        return (len(report.entries) + len(report.ranking) + len(report.rounds)
                + len(report.protests) + len(report.fouls))
    if "slips" in ctx:  # eight to a page
        return len(ctx["slips"]) * PAGE_LINES // 8
    if "cross" in ctx:
        cross = ctx["cross"]
        return len(cross.rows) * max(1, len(cross.columns) // 10)
    if "table" in ctx:
        return len(ctx["table"].rows)
    if "prizes" in ctx:
        return len(ctx["prizes"].lines)
    return len(ctx.get("boards", ()))
