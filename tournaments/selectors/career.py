"""A player across events, as the public pages and the API read it: every public event the
player entered (alone, or on a team's roster) with the rank, points, performance and rating
change there, a rating graph, the titles and classifications held, the recorded games; and two
players' games against each other (head-to-head).

Queries are bounded whatever the number of events: the entries (one query), the team rosters
(one), the titles (one), the rating list rows (one), the recorded games (one), and each event's
line read from the shared cache, keyed by the event's version (``tournaments/versions.py``:
any write to the event moves it), in one round trip. The lines the cache does not hold are
computed together and stored: every such event read at once (``adapters/events.py:
load_events``, four queries) and the player's games there (one), then each event's standings
computed from what was read (the entry's row alone, ``standings.entry_standing``, and its
rating report once), as its player card (``selectors/player_card.py``) says them. A
cold page is ten queries (one more for each event whose statute breaks ties by fouls, which
reads its fouls), whatever the number of events; the standings' computation, once per event
and version, is what still grows with them.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Q
from django.utils.translation import get_language

from records import Result
from scoring.crosstable import MARKS
from tournaments.adapters.events import load_events
from tournaments.models import (
    Board,
    Entry,
    Event,
    Game,
    GameMoves,
    Player,
    PlayerTitle,
    RatingListRow,
    RoundStatus,
    TeamMember,
    TitleKind,
    Visibility,
)
from tournaments.selectors.player_card import games_performance
from tournaments.selectors.players import player_search
from tournaments.selectors.ratings import entry_rating
from tournaments.selectors.standings import entry_standing, event_ranking
from tournaments.text import points_text

# How long a line of an event stays in the cache when nothing is written to the event (a write
# makes it unreachable at once: its key has the event's version).
LINE_SECONDS = 7 * 24 * 3600
# The graph's drawing area, in SVG user units.
GRAPH_WIDTH, GRAPH_HEIGHT, GRAPH_PAD = 600, 200, 30
# A game's score from one side, over the board or not (forfeits count as the law scores them,
# Art. 21.1); cancelled games and byes do not count in a head-to-head.
_SCORE = {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1),
          "-": Fraction(0)}


@dataclass(frozen=True)
class CareerEvent:
    """One event of the player: the entry (the team's, for a roster), rank, points,
    performance and rating change there."""

    event: Event
    entry: Entry
    team: str  # the team's name when the player played on a roster, else ""
    rank: int | None
    shared: bool
    points: str
    performance: int | None
    rating: int | None  # the rating at entry
    change: str  # "+7,4", "" when the event is not rated
    change_value: float | None

    @property
    def rating_after(self) -> int | None:
        if self.rating is None or self.change_value is None:
            return None
        return round(self.rating + self.change_value)


@dataclass(frozen=True)
class GraphPoint:
    on: datetime.date
    rating: int
    label: str
    x: float = 0
    y: float = 0


@dataclass(frozen=True)
class RatingGraph:
    points: tuple[GraphPoint, ...]
    low: int
    high: int
    width: int = GRAPH_WIDTH
    height: int = GRAPH_HEIGHT

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


@dataclass(frozen=True)
class RecordedGame:
    event: Event
    round: int
    board_id: int
    game: int | None  # the game's number in its match; None for a board's single game
    opponent: str
    colour: str  # "w" or "b"
    result: str  # from the player's side


@dataclass(frozen=True)
class Career:
    player: Player
    events: tuple[CareerEvent, ...]
    titles: tuple[PlayerTitle, ...]
    graph: RatingGraph | None
    games: tuple[RecordedGame, ...]


def player_public_by_id(pk: int) -> Player | None:
    """The player whose career anyone may read: entered in a public event (alone or on a
    roster), on a published rating list, or holding a title of the federation's list."""
    public = Q(entries__event__visibility=Visibility.PUBLIC) | Q(
        team_memberships__entry__event__visibility=Visibility.PUBLIC) | Q(
        rating_rows__isnull=False) | Q(titles__isnull=False)
    return Player.objects.filter(pk=pk).filter(public).distinct().first()


def player_titles(player: Player) -> list[PlayerTitle]:
    """The titles and classifications the player holds, strongest first."""
    return list(PlayerTitle.objects.filter(player=player).select_related("kind")
                .order_by("kind__order", "-awarded_on", "pk"))


def player_career(player: Player) -> Career:
    """Everything the career page shows (see the module's docstring for the queries)."""
    public = Q(event__visibility=Visibility.PUBLIC)
    alone = list(Entry.objects.filter(public, player=player).select_related("event", "player"))
    rosters = list(TeamMember.objects.filter(player=player,
                                             entry__event__visibility=Visibility.PUBLIC)
                   .select_related("entry__event", "entry__team"))
    entries = [(e, "") for e in alone] + [(m.entry, m.entry.team.name) for m in rosters]
    entries.sort(key=lambda pair: (pair[0].event.start_date, pair[0].event.pk))
    events = _lines(entries)
    return Career(player=player, events=events, titles=tuple(player_titles(player)),
                  graph=_graph(player, events), games=tuple(_recorded(player)))


def _key(entry: Entry) -> str:
    event = entry.event
    return f"career-line:{event.pk}:{event.version}:{entry.pk}:{get_language() or ''}"


def _lines(entries: list[tuple[Entry, str]]) -> tuple[CareerEvent, ...]:
    """Each entry's line, from the cache in one round trip; the missing ones computed together
    (``_computed``) and stored."""
    keys = [_key(entry) for entry, _team in entries]
    found = cache.get_many(keys) if keys else {}
    missing = {key: entry for key, (entry, _team) in zip(keys, entries, strict=True)
               if key not in found}
    computed = _computed(list(missing.values()))
    computed = {key: computed[entry.pk] for key, entry in missing.items()}
    if computed:
        cache.set_many(computed, timeout=LINE_SECONDS)
    lines = []
    for key, (entry, team) in zip(keys, entries, strict=True):
        rank, shared, points, performance, change, change_value = found.get(key) or computed[key]
        lines.append(CareerEvent(entry.event, entry, team, rank, shared, points, performance,
                                 entry.rating, change, change_value))
    return tuple(lines)


def _computed(entries: list[Entry]) -> dict[int, tuple]:
    """By entry id, (rank, shared, points, performance, change text, change value) of each
    entry now, as its player card (``selectors/player_card.py``) or its team's standings row
    says: every event read at once (``load_events``: four queries), the individual entries'
    games in one more; then each event's standings computed from what was read."""
    if not entries:
        return {}
    records = load_events(list({e.event.pk: e.event for e in entries}.values()),
                          public_only=True)
    games = _games([e for e in entries if e.player_id is not None])
    out = {}
    for entry in entries:
        event, record = entry.event, records[entry.event.pk]
        own = (entry_standing(event, entry, event_ranking(event, record=record))
               if event.format_rules.has_standings else None)
        rank, shared, points = own or (None, False, "")
        if entry.player_id is None:
            out[entry.pk] = (rank, shared, points, None, "", None)
            continue
        single = event.games_per_match == 1 and not event.format_rules.has_bracket
        rating = entry_rating(event, entry, record=record)
        row = rating.row if rating and rating.row.rating is not None else None
        out[entry.pk] = (rank, shared, points,
                         games_performance(games.get(entry.pk, [])) if single else None,
                         rating.change if row else "", float(row.change) if row else None)
    return out


def _games(entries: list[Entry]) -> dict[int, list[tuple[int | None, str]]]:
    """Each entry's games in published rounds as (the opponent's rating, the result from its
    side), byes left out, as ``entry_games`` reads them for the player card (one query)."""
    ids = {e.pk for e in entries}
    if not ids:
        return {}
    out: dict[int, list[tuple[int | None, str]]] = {}
    for white, black, result, white_rating, black_rating in (
            Board.objects.filter(Q(white__in=ids) | Q(black__in=ids), black__isnull=False)
            .exclude(round__status=RoundStatus.DRAFT)
            .values_list("white_id", "black_id", "result", "white__rating", "black__rating")):
        for own, first, rating in ((white, True, black_rating), (black, False, white_rating)):
            if own in ids:
                mark = MARKS[Result(result).outcome_for(first)] if result else ""
                out.setdefault(own, []).append((rating, mark))
    return out


def _graph(player: Player, events: tuple[CareerEvent, ...]) -> RatingGraph | None:
    """The player's rating over time: each published list's rating, and each rated event's
    rating after it (at the event's last day), in date order."""
    points = [GraphPoint(row.rating_list.list_date, row.rating, str(row.rating_list.name))
              for row in RatingListRow.objects.filter(player=player, rating__gt=0)
              .select_related("rating_list")]
    points += [GraphPoint(line.event.end_date or line.event.start_date, line.rating_after,
                          line.event.name)
               for line in events if line.rating_after]
    points.sort(key=lambda p: p.on)
    if not points:
        return None
    low = min(p.rating for p in points)
    high = max(p.rating for p in points)
    span = max(high - low, 1)
    first, last = points[0].on, points[-1].on
    days = max((last - first).days, 1)
    inner_w, inner_h = GRAPH_WIDTH - 2 * GRAPH_PAD, GRAPH_HEIGHT - 2 * GRAPH_PAD
    placed = tuple(GraphPoint(
        p.on, p.rating, p.label,
        GRAPH_PAD + (inner_w * (p.on - first).days / days if len(points) > 1 else inner_w / 2),
        GRAPH_PAD + inner_h * (high - p.rating) / span if high != low else GRAPH_HEIGHT / 2)
        for p in points)
    return RatingGraph(placed, low, high)


def _published_boards():
    return (Board.objects.filter(round__event__visibility=Visibility.PUBLIC)
            .exclude(round__status=RoundStatus.DRAFT))


def _recorded(player: Player) -> list[RecordedGame]:
    """The player's games whose moves are recorded (Art. 11), in public events' published
    rounds: a board's single game of an individual event, or the player's game of a match."""
    mine = Q(board__white__player=player) | Q(board__black__player=player) | Q(
        game__first_player=player) | Q(game__second_player=player)
    records = (GameMoves.objects.filter(mine)
               .filter(board__round__event__visibility=Visibility.PUBLIC)
               .exclude(board__round__status=RoundStatus.DRAFT)
               .select_related("board__round__event", "board__white__player",
                               "board__black__player", "game__first_player",
                               "game__second_player")
               .order_by("-board__round__event__start_date", "board__round__number",
                         "board__number", "pk"))
    out = []
    for record in records:
        board, game = record.board, record.game
        if game is not None and game.first_player_id:
            first = game.first_player_id == player.pk
            white = first == game.white_first
            opponent = game.second_player if first else game.first_player
            result = game.result
        else:  # an individual board: its single game, or a game of its match
            first = board.white is not None and board.white.player_id == player.pk
            white = first if game is None else first == game.white_first
            other = board.black if first else board.white
            opponent = other.player if other is not None else None
            result = board.result if game is None else game.result
        mark = MARKS[Result(result).outcome_for(white)] if result else ""
        out.append(RecordedGame(board.round.event, board.round.number, board.pk,
                                game.number if game is not None else None,
                                opponent.full_name if opponent else "", "w" if white else "b",
                                mark))
    return out


@dataclass(frozen=True)
class Meeting:
    """One game between the two players, from the first player's side."""

    event: Event
    round: int
    board_id: int
    game: int | None
    colour: str
    result: str
    recorded: bool


@dataclass(frozen=True)
class HeadToHead:
    first: Player
    second: Player
    meetings: tuple[Meeting, ...]
    wins: int
    draws: int
    losses: int
    score: str  # the first player's points, "3½"
    other_score: str

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def players_head_to_head(first: Player, second: Player) -> HeadToHead:
    """Every game between the two players in public events' published rounds (individual
    boards, and the games of team matches they played against each other), oldest first, with
    the score from the first player's side. Two queries."""
    boards = (_published_boards().filter(
        Q(white__player=first, black__player=second) | Q(white__player=second,
                                                         black__player=first))
        .select_related("round__event", "white").prefetch_related("move_records"))
    meetings = []
    for board in boards:
        white = board.white.player_id == first.pk
        recorded = any(r.game_id is None for r in board.move_records.all())
        meetings.append(Meeting(board.round.event, board.round.number, board.pk, None,
                                "w" if white else "b", _mark(board.result, white), recorded))
    games = (Game.objects.filter(
        Q(first_player=first, second_player=second) | Q(first_player=second,
                                                        second_player=first),
        board__round__event__visibility=Visibility.PUBLIC)
        .exclude(board__round__status=RoundStatus.DRAFT)
        .select_related("board__round__event").prefetch_related("move_records"))
    for game in games:
        white = (game.first_player_id == first.pk) == game.white_first
        meetings.append(Meeting(game.board.round.event, game.board.round.number, game.board_id,
                                game.number, "w" if white else "b", _mark(game.result, white),
                                bool(game.move_records.all())))
    meetings.sort(key=lambda m: (m.event.start_date, m.event.pk, m.round, m.game or 0))
    counted = [m for m in meetings if m.result in _SCORE]
    wins = sum(1 for m in counted if _SCORE[m.result] == 1)
    draws = sum(1 for m in counted if _SCORE[m.result] == Fraction(1, 2))
    losses = len(counted) - wins - draws
    mine = sum((_SCORE[m.result] for m in counted), Fraction(0))
    theirs = Fraction(len(counted)) - mine
    return HeadToHead(first, second, tuple(meetings), wins, draws, losses,
                      points_text(mine, halves=True), points_text(theirs, halves=True))


def _mark(result: str, white: bool) -> str:
    return MARKS[Result(result).outcome_for(white)] if result else ""


def player_opponents(player: Player, search: str = "", limit: int = 30) -> list[Player]:
    """The players ``player`` met over the board in public events, by name (the career page's
    head-to-head picker); ``search`` narrows them as the register's search does."""
    # Each side asked on its own, from the player's entries: an OR over the two sides' players
    # makes PostgreSQL read every board of the archive (200 ms over 315,000 boards).
    boards = _published_boards().order_by()
    mine = Entry.objects.filter(player=player).values("pk")
    met = set(boards.filter(white__in=mine).values_list("black__player", flat=True).union(
        boards.filter(black__in=mine).values_list("white__player", flat=True)))
    met.discard(None)
    met.discard(player.pk)
    opponents = Player.objects.filter(pk__in=met)
    if search:
        opponents = opponents.filter(pk__in=player_search(search, limit=200).values("pk"))
    return list(opponents.order_by("sort_key", "pk")[:limit])


@dataclass(frozen=True)
class TitleChange:
    """One recorded award or revocation of a title: who, when, what, why."""

    at: datetime.datetime
    user: str
    action: str  # "+" awarded, "-" revoked, "~" changed
    title: str
    awarded_on: datetime.date
    reason: str


def player_title_history(player: Player) -> list[TitleChange]:
    """The awards and revocations of the player's titles, newest first (one query); a merged
    duplicate's follow the player kept."""
    records = (PlayerTitle.history.filter(player_id=player.pk)
               .select_related("history_user").order_by("-history_date", "-history_id"))
    kinds = {k.pk: k for k in _kinds()}
    out = []
    for record in records:
        user = record.history_user
        kind = kinds.get(record.kind_id)
        out.append(TitleChange(record.history_date,
                               (user.get_full_name() or user.get_username()) if user else "",
                               record.history_type, kind.label if kind else "",
                               record.awarded_on, record.history_change_reason or ""))
    return out


def _kinds():
    return title_kinds()


def title_kinds() -> list[TitleKind]:
    """The federation's list of titles and classifications, strongest first."""
    return list(TitleKind.objects.order_by("order", "code"))


def player_merge_candidates(player: Player, search: str) -> list[Player]:
    """Players of the register ``search`` finds, but ``player``: the duplicates to pick."""
    if not search.strip():
        return []
    return [p for p in player_search(search, limit=21) if p.pk != player.pk][:20]
