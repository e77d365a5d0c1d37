"""The bracket of a knockout event as pages and the API show it, and its final placings.

Four queries whatever the size (rounds, entries, boards, games); the bracket and the state come
from ``pairings.knockout.resolve`` over the stored boards (``adapters/knockout.py``), each match's
score from ``pairings.minimatch``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pairings.knockout import Bracket, LoserOf, Match, MatchState, Seed, WinnerOf
from pairings.minimatch import MiniMatchError, MiniMatchRules
from records import FORFEITS, Result
from tournaments.adapters.knockout import (
    KnockoutStatuteError,
    board_fits,
    board_match,
    bracket_for,
    bracket_winners,
    minimatch_rules,
    team_board_match,
)
from tournaments.models import (
    Board,
    Entry,
    Event,
    Game,
    GameKind,
    Round,
    RoundStatus,
    TeamKnockoutDecider,
)
from tournaments.text import points_text
from tournaments.tiebreak_labels import chain_words


@dataclass(frozen=True)
class SideView:
    """One line of a match: the entry once known, else where it comes from."""

    entry: Entry | None
    seed: int | None
    label: str
    won: bool = False
    lost: bool = False


@dataclass(frozen=True)
class GameLine:
    number: int
    level: int
    kind: str
    white: Entry
    black: Entry
    result: str
    game: Game


@dataclass(frozen=True)
class MatchView:
    """A match of the bracket. ``home`` is the upper line (the better seed in round 1; the
    bracket A player in the final); ``stage`` is the event's round it is played in."""

    code: str
    bracket: str
    title: str
    stage: int
    home: SideView
    away: SideView
    status: str
    board: Board | None
    games: tuple[GameLine, ...]
    score: str
    note: str
    winner_to: str | None
    loser_to: str | None
    is_bye: bool = False

    @property
    def sides(self) -> tuple[SideView, SideView]:
        return self.home, self.away

    @property
    def anchor(self) -> str:
        """The match's HTML id: "match-A1-2" for A1.2."""
        return "match-" + self.code.replace(".", "-")


@dataclass(frozen=True)
class ByeView:
    """A top seed's bye into round 2 (appendix §2): shown in round 1, never a match."""

    side: SideView
    is_bye: bool = True


@dataclass(frozen=True)
class Column:
    title: str
    stage: int | None
    items: tuple[MatchView | ByeView, ...]


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    columns: tuple[Column, ...]


@dataclass(frozen=True)
class PlacingRow:
    place: int
    place_to: int
    seed: int
    entry: Entry

    @property
    def label(self) -> str:
        return f"{self.place}–{self.place_to}" if self.place_to > self.place else str(self.place)

    @property
    def shared(self) -> bool:
        return self.place_to > self.place


@dataclass(frozen=True)
class BracketView:
    event: Event
    started: bool
    double: bool
    entrants: int
    byes: tuple[SideView, ...]
    matches: tuple[MatchView, ...]
    sections: tuple[Section, ...]
    placings: tuple[PlacingRow, ...]
    champion: Entry | None
    finished: bool
    tie_rule: str = ""


def _level_name(kind: str) -> str:
    names = {"regular": _("tie-break games"), "rapid": _("rapid"), "blitz": _("blitz"),
             "armageddon": _("deciding game"), "lots": _("lots")}
    return names[kind]


def _points(game_points: int) -> str:
    """Game points (win 2, draw 1) as the score a reader expects (win 1, draw ½)."""
    return points_text(Fraction(game_points, 2), halves=True)


def _not_started(event: Event) -> BracketView:
    return BracketView(event, False, False, 0, (), (), (), (), None, False)


def event_bracket(event: Event, *, staff: bool) -> BracketView:
    """The whole bracket with every match, its games and score, byes and placings.

    The public sees it once round 1 is published, and only the boards of published rounds;
    the people who run the event see drafts too.
    """
    rounds = list(event.rounds_set.order_by("number"))
    first = next((r for r in rounds if r.number == 1), None)
    if first is None or (not staff and first.status == RoundStatus.DRAFT):
        return _not_started(event)
    visible = {r.pk for r in rounds if staff or r.status != RoundStatus.DRAFT}
    entries = list(event.entries.select_related("player", "team"))
    seeds = {e.pk: e.number for e in entries if e.number}
    by_seed = {e.number: e for e in entries if e.number}
    by_id = {e.pk: e for e in entries}
    boards = list(Board.objects.filter(round_id__in=visible).exclude(match_code="")
                  .select_related("round"))
    games: dict[int, list[Game]] = {}
    for game in Game.objects.filter(board__in=[b.pk for b in boards]).order_by("number"):
        games.setdefault(game.board_id, []).append(game)
    by_code = {b.match_code: b for b in boards}
    try:
        bracket = bracket_for(event, len(seeds))
        rules = minimatch_rules(event)
    except (KnockoutStatuteError, ValueError):
        return _not_started(event)
    _winners, state = bracket_winners(bracket, by_code, seeds)
    states = {s.code: s for s in state.matches}
    titles = _titles(bracket)
    matches = []
    for match in bracket.matches:
        ms = states[match.code]
        board = by_code.get(match.code)
        if board is not None and not board_fits(board, ms, seeds):
            board = None
        board_games = games.get(board.pk, []) if board else []
        matches.append(_match_view(event, match, ms, board, board_games, rules, by_seed, by_id,
                                   titles[match.code]))
    bye_sides = tuple(SideView(by_seed[s], s, "") for s in bracket.byes)
    placings = tuple(PlacingRow(p.place, p.place_to, p.seed, by_seed[p.seed])
                     for p in state.placings)
    champion = by_seed[state.champion] if state.champion else None
    return BracketView(
        event=event, started=True, double=bracket.double, entrants=bracket.entrants,
        byes=bye_sides, matches=tuple(matches),
        sections=_sections(bracket, matches, bye_sides), placings=placings,
        champion=champion, finished=state.finished, tie_rule=tie_rule(event),
    )


def tie_rule(event: Event) -> str:
    """How a level match is decided, in words (appendix §2): the statute's chain of tie-break
    games, or for teams the statute's decider (appendix §4's board 1 first by default)."""
    if event.is_team:
        return str(TeamKnockoutDecider(event.team_knockout_decider).label)
    return chain_words(event.tiebreak_games or [])


def bracket_boards_annotate_scores(round_: Round, boards: list[Board]) -> None:
    """Give every knockout match of a round its game score level by level from the first-named
    entry's side (``board.match_score``, e.g. "1–1 · 1½–½ (rapid)") and how it was decided
    (``board.match_note``), for the arbiter's round page; boards and games as
    ``selectors/rounds.py`` loads them (games prefetched), no query per board."""
    try:
        rules = minimatch_rules(round_.event)
    except (KnockoutStatuteError, ValueError):
        return
    for board in boards:
        board.round = round_  # read for the lots' seed: the round in hand, not a query each
        games = list(board.games.all())
        if board.match_code and board.black_id is not None and games:
            board.match_score, board.match_note = _score(board, games, rules, True)


def _side(slot, seat: int | None, by_seed, won: bool, lost: bool) -> SideView:
    if seat is not None:
        return SideView(by_seed[seat], seat, "", won, lost)
    if isinstance(slot, WinnerOf):
        return SideView(None, None, _("Winner of %(code)s") % {"code": slot.code})
    if isinstance(slot, LoserOf):
        return SideView(None, None, _("Loser of %(code)s") % {"code": slot.code})
    assert isinstance(slot, Seed)
    return SideView(by_seed.get(slot.seed), slot.seed, "")


def _match_view(event: Event, match: Match, ms: MatchState, board: Board | None,
                games: list[Game], rules: MiniMatchRules, by_seed, by_id,
                title: str) -> MatchView:
    home = _side(match.home, ms.home, by_seed, ms.winner is not None and ms.winner == ms.home,
                 ms.loser is not None and ms.loser == ms.home)
    away = _side(match.away, ms.away, by_seed, ms.winner is not None and ms.winner == ms.away,
                 ms.loser is not None and ms.loser == ms.away)
    lines: tuple[GameLine, ...] = ()
    score = note = ""
    if board is not None:
        white, black = by_id[board.white_id], by_id[board.black_id]
        lines = tuple(
            GameLine(g.number, g.level, _game_label(event, g), white if g.white_first else black,
                     black if g.white_first else white, g.get_result_display(), g)
            for g in games)
        home_first = ms.home == white.number
        score, note = (_team_score(event, board, games, home_first) if event.is_team
                       else _score(board, games, rules, home_first))
    if ms.status == "void":
        note = _("not needed: the bracket A player won the final")
    elif match.bracket == "D" and ms.status == "waiting":
        note = _("played only if the bracket B player wins the final (appendix §3)")
    return MatchView(match.code, match.bracket, title, match.stage, home, away, ms.status,
                     board, lines, score, note, match.winner_to, match.loser_to)


def _game_label(event: Event, game: Game) -> str:
    """A game's name on the bracket page: its kind and number; for a team match its board (in
    the extra team match, the board again from 1)."""
    if event.is_team:
        board = (game.number - 1) % event.team_boards + 1
        if game.level:
            return _("extra team match, board %(n)s") % {"n": board}
        return _("board %(n)s") % {"n": board}
    kind = GameKind(game.kind).label if game.kind in GameKind.values else game.kind
    return f"{kind} {game.number}"


def _score(board: Board, games: list[Game], rules: MiniMatchRules,
           home_first: bool) -> tuple[str, str]:
    """The match score level by level, from the upper line's side, and how it was decided."""
    if board.result in FORFEITS:
        note = (_("both forfeited") if board.result == Result.DOUBLE_FORFEIT
                else _("won by walkover (forfeit)"))
        return "", note
    try:
        counted = board_match(rules, board, games)
    except MiniMatchError:
        return "", ""
    if counted.needs_ruling:
        return "", _("both lost the deciding game: the chief arbiter rules")
    parts = []
    for level in counted.state.levels:
        if level.games_played == 0 and level.kind != "lots":
            continue
        first, second = (level.home, level.away) if home_first else (level.away, level.home)
        if level.kind == "lots":
            continue
        text = f"{_points(first)}–{_points(second)}"
        if level.level > 0:
            text += f" ({_level_name(level.kind)})"
        parts.append(text)
    note = ""
    state = counted.state
    if state.winner is not None and rules.levels[state.decided_at].kind == "lots":
        note = _("decided by lots")
    elif (state.winner is not None and rules.levels[state.decided_at].kind == GameKind.ARMAGEDDON
          and state.levels[-1].home == state.levels[-1].away):
        note = _("deciding game drawn: Black wins")
    return " · ".join(parts), note


TEAM_NOTES = {
    "boards": gettext_lazy("level on board points: decided board 1 first (appendix §4)"),
    "extra": gettext_lazy("level on board points: decided by the extra team match"),
    "extra_boards": gettext_lazy("level after the extra team match too: decided board 1 first"),
    "lots": gettext_lazy("level on every board: decided by lots"),
}


def _team_score(event: Event, board: Board, games: list[Game],
                home_first: bool) -> tuple[str, str]:
    """A team match's score in board points from the upper line's side (the extra match's in
    brackets), and how a level match was decided (the statute's team decider)."""
    if board.result in FORFEITS:
        note = (_("both forfeited") if board.result == Result.DOUBLE_FORFEIT
                else _("won by walkover (forfeit)"))
        return "", note
    try:
        state = team_board_match(event, board, games)
    except MiniMatchError:
        return "", ""
    parts = []
    for score in state.scores:
        first, second = (score.home, score.away) if home_first else (score.away, score.home)
        text = f"{_points(first)}–{_points(second)}"
        parts.append(text if score.level == 0 else f"{text} ({_('extra team match')})")
    note = str(TEAM_NOTES.get(state.decided_by, "")) if state.winner is not None else ""
    if state.needs_extra:
        note = _("level on board points: the extra team match decides")
    return " · ".join(parts), note


def _titles(bracket: Bracket) -> dict[str, str]:
    """Names of the matches' rounds as players say them."""
    titles = {}
    a_last = max(m.round for m in bracket.matches if m.bracket == "A")
    b_last = max((m.round for m in bracket.matches if m.bracket == "B"), default=0)
    for m in bracket.matches:
        if m.bracket == "A" and not bracket.double:
            back = a_last - m.round
            # Named by how far from the final, never "Round n": the event's rounds have
            # those names, and a bracket round need not be the event's round of that number.
            titles[m.code] = ([_("Final"), _("Semi-finals"), _("Quarter-finals")][back]
                              if back < 3 else _("1/%(n)s finals") % {"n": 2 ** back})
        elif m.bracket == "A":
            titles[m.code] = (_("Bracket A final") if m.round == a_last
                              else _("Bracket A, stage %(n)s") % {"n": m.round})
        elif m.bracket == "B":
            titles[m.code] = (_("Bracket B final") if m.round == b_last
                              else _("Bracket B, stage %(n)s") % {"n": m.round})
        elif m.bracket == "F":
            titles[m.code] = _("Final")
        elif m.bracket == "D":
            titles[m.code] = _("Deciding match")
        else:
            titles[m.code] = _("Match for third place")
    return titles


def _sections(bracket: Bracket, matches: list[MatchView],
              byes: tuple[SideView, ...]) -> tuple[Section, ...]:
    """Columns per round of each bracket; round 1 interleaves the byes in bracket order."""
    def columns(name: str, extra: tuple[str, ...] = ()) -> tuple[Column, ...]:
        cols: dict[int, list[MatchView]] = {}
        for m in matches:
            if m.bracket == name:
                cols.setdefault(int(m.code[1:].split(".")[0]), []).append(m)
        out = []
        last = max(cols, default=0)
        for rnd, items in sorted(cols.items()):
            if rnd == 1 and name == "A" and byes:
                items = _with_byes(bracket, items, byes)
            if rnd == last:
                items = items + [m for m in matches if m.bracket in extra]
            head = next(m for m in items if isinstance(m, MatchView))
            title = head.title
            if bracket.double:  # the section names the bracket already
                title = _("Final") if rnd == last else _("Stage %(n)s") % {"n": rnd}
            out.append(Column(title, head.stage, tuple(items)))
        return tuple(out)

    if not bracket.double:
        return (Section("A", "", columns("A", ("3",))),)
    final = tuple(m for m in matches if m.bracket in ("F", "D"))
    return (
        Section("A", _("Bracket A (winners)"), columns("A")),
        Section("B", _("Bracket B (losers)"), columns("B")),
        Section("F", _("Final"), (Column(_("Final and deciding match"), final[0].stage, final),)),
    )


def _with_byes(bracket: Bracket, items: list[MatchView], byes: tuple[SideView, ...]) -> list:
    """Round 1 down the bracket's lines: a match, or a bye where one line is empty (two empty
    lines: a seed's section given a longer pass, appendix §2)."""
    by_seed = {b.seed: b for b in byes}
    pending = iter(items)
    out: list = []
    for i in range(0, len(bracket.lines), 2):
        pair = [s for s in bracket.lines[i:i + 2] if s is not None]
        if len(pair) == 2:
            out.append(next(pending))
        elif pair:
            out.append(ByeView(by_seed[pair[0]]))
    return out
