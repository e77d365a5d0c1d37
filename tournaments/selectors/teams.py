"""Team events as the pages and the API read them (appendix §4): individual results per board
for the board prizes, a team's page (roster and matches board by board), and the score of each
match in board points.

Everything is read in a fixed number of queries and computed by the scoring engine
(``scoring/teams.py: board_results``; the scoresheet for board and match points).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

from records import Result, Tournament
from scoring.crosstable import MARKS
from scoring.points import LAW_GAME, score_event
from scoring.teams import BoardRecord, Lineup, board_results
from scoring.withdrawals import apply_withdrawals
from tournaments.adapters.events import EventRecord, load_event, scoring_format, scoring_system
from tournaments.models import Board, Entry, Event, Game, Player, RoundStatus, TeamMember
from tournaments.text import NumberStyle, number_text, points_text


def _percent(value: Fraction | None) -> str:
    """A score fraction as a percentage (``number_text``): ``66,7%``."""
    return number_text(value, style=NumberStyle.PERCENT)


# --- loading -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Seat:
    round: int
    board_id: int
    first: int  # entry ids
    second: int | None
    number: int  # the board of the team match
    first_player: int | None
    second_player: int | None


def _rounds_counted(record: EventRecord, after_round: int | None, staff: bool) -> int:
    shown = [r.number for r in record.rounds if staff or r.status != RoundStatus.DRAFT]
    last = max(shown, default=0)
    return last if after_round is None else max(0, min(after_round, last))


def _seats(event: Event, rounds: int, *, staff: bool) -> list[_Seat]:
    games = Game.objects.filter(board__round__event=event, level=0,
                                board__round__number__lte=rounds)
    if not staff:
        games = games.exclude(board__round__status=RoundStatus.DRAFT)
    rows = games.values_list("board__round__number", "board_id", "board__white_id",
                             "board__black_id", "number", "first_player_id", "second_player_id")
    return [_Seat(*row) for row in rows]


def _lineups(seats: Iterable[_Seat], numbers: dict[int, int]) -> list[Lineup]:
    out = []
    for s in seats:
        if s.first_player is not None:
            out.append(Lineup(s.round, numbers[s.first], s.number, s.first_player))
        if s.second_player is not None and s.second is not None:
            out.append(Lineup(s.round, numbers[s.second], s.number, s.second_player))
    return out


def _until(tournament: Tournament, rounds: int) -> Tournament:
    return Tournament(tournament.participants,
                      tuple(p for p in tournament.pairings if p.round <= rounds),
                      tournament.rounds, tournament.name)


def _board_records(event: Event, record: EventRecord, seats: list[_Seat], rounds: int
                   ) -> tuple[tuple[BoardRecord, ...], dict[int, Player]]:
    player_ids = {p for s in seats for p in (s.first_player, s.second_player) if p is not None}
    players = {p.pk: p for p in Player.objects.filter(pk__in=player_ids)}
    tournament = apply_withdrawals(_until(record.tournament, rounds), scoring_format(event))
    ratings = {pk: p.rating for pk, p in players.items()}
    records = board_results(tournament, _lineups(seats, record.numbers), scoring_system(event),
                            ratings)
    return records, players


# --- board prizes --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardResultRow:
    rank: int
    shared: bool
    player: Player
    team: Entry
    reserve: bool
    points: str
    games: int
    played: int
    percentage: str
    opponents_rating: int | None
    performance: int | None


@dataclass(frozen=True)
class BoardTable:
    board: int
    rows: tuple[BoardResultRow, ...]


@dataclass(frozen=True)
class BoardResultsView:
    event: Event
    after_round: int
    boards: tuple[BoardTable, ...]


def event_board_results(event: Event, *, after_round: int | None = None) -> BoardResultsView:
    """Each board's players, best first (percentage, then points): score, games, percentage,
    average rating of the opponents met over the board and performance (FIDE B.02 dp), for the
    board prizes. A player who played two boards has a line on each."""
    record = load_event(event, public_only=True)
    rounds = _rounds_counted(record, after_round, staff=False)
    seats = _seats(event, rounds, staff=False)
    records, players = _board_records(event, record, seats, rounds)
    reserves = set(TeamMember.objects.filter(entry__event=event, is_reserve=True)
                   .values_list("player_id", flat=True))
    by_board: dict[int, list[BoardRecord]] = defaultdict(list)
    for r in records:
        by_board[r.board].append(r)
    tables = []
    for board in sorted(by_board):
        rows = by_board[board]
        keys = [(r.percentage or 0, r.points) for r in rows]
        out = []
        for i, r in enumerate(rows):
            rank = keys.index(keys[i]) + 1
            out.append(BoardResultRow(
                rank=rank, shared=keys.count(keys[i]) > 1, player=players[r.player],
                team=record.entries[r.team], reserve=r.player in reserves,
                points=points_text(r.points, halves=True), games=r.games, played=r.played,
                percentage=_percent(r.percentage), opponents_rating=r.opponents_rating,
                performance=r.performance,
            ))
        tables.append(BoardTable(board, tuple(out)))
    return BoardResultsView(event, rounds, tuple(tables))


# --- a team's page -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardGame:
    """One board of a team match from the team's side."""

    board: int
    player: Player | None
    opponent: Player | None
    colour: str  # "w" or "b": the team's player on this board
    mark: str  # "1", "½", "0", "+", "-", "X"; "" while not played


@dataclass(frozen=True)
class TeamMatch:
    round: int
    table: int  # the match's board number in the round
    opponent: Entry | None
    bye: str  # the bye's label when there is no opponent
    colour: str  # "w" / "b": the colour of the team's board 1
    score: str  # "2½–1½" from the team's side, "" while not started
    board_points: str
    match_points: str
    games: tuple[BoardGame, ...]


@dataclass(frozen=True)
class MemberRow:
    member: TeamMember
    boards: str  # the boards the player played, "1" or "2, 4"
    games: int
    points: str
    percentage: str


@dataclass(frozen=True)
class TeamView:
    entry: Entry
    members: tuple[MemberRow, ...]
    matches: tuple[TeamMatch, ...]


def team_view(entry: Entry, *, staff: bool) -> TeamView:
    """A team's roster with each player's score, and its matches board by board."""
    event = entry.event
    record = load_event(event, public_only=not staff)
    rounds = _rounds_counted(record, None, staff)
    number = record.numbers[entry.pk]
    seats = _seats(event, rounds, staff=staff)
    records, players = _board_records(event, record, seats, rounds)
    tournament = apply_withdrawals(_until(record.tournament, rounds), scoring_format(event))
    system = scoring_system(event)
    sheet = score_event(tournament, system, after_round=rounds)
    members = list(entry.members.select_related("player").order_by("board_order"))
    mine = [r for r in records if r.team == number]
    member_rows = []
    for m in members:
        rs = [r for r in mine if r.player == m.player_id]
        games = sum(r.games for r in rs)
        points = sum((r.points for r in rs), Fraction(0))
        member_rows.append(MemberRow(
            member=m, boards=", ".join(str(r.board) for r in sorted(rs, key=lambda r: r.board)),
            games=games, points=points_text(points, halves=True) if games else "",
            percentage=_percent(points / games) if games else ""))
    seats_by_board: dict[tuple[int, int], _Seat] = {(s.board_id, s.number): s for s in seats}
    boards = {(b.round.number, b.number): b for b in Board.objects.filter(
        Q(white=entry) | Q(black=entry), round__event=event, round__number__lte=rounds,
    ).select_related("round")}
    matches = []
    for pairing in tournament.pairings:
        if number not in (pairing.first, pairing.second):
            continue
        board = boards.get((pairing.round, pairing.board))
        if board is None:  # a draft round hidden from the public
            continue
        if pairing.second is None:
            matches.append(TeamMatch(pairing.round, pairing.board, None,
                                     board.get_bye_display(), "", "", "", "", ()))
            continue
        first = pairing.first == number
        opponent = record.entries[pairing.second if first else pairing.first]
        games = []
        mine_pts = theirs = Fraction(0)
        started = False
        for k, game in enumerate(pairing.games, start=1):
            seat = seats_by_board.get((board.pk, k))
            player_id = (seat.first_player if first else seat.second_player) if seat else None
            opp_id = (seat.second_player if first else seat.first_player) if seat else None
            mark = ""
            if game.result is not None:
                started = True
                outcome = game.result.outcome_for(game.white_first == first)
                mark = MARKS[outcome]
                mine_pts += LAW_GAME.value(outcome)
                theirs += LAW_GAME.value(game.result.outcome_for(game.white_first != first))
            games.append(BoardGame(k, players.get(player_id), players.get(opp_id),
                                   "w" if game.white_first == first else "b", mark))
        entry_round = sheet.entries[number][pairing.round - 1]
        complete = all(g.result is not None for g in pairing.games)
        matches.append(TeamMatch(
            round=pairing.round, table=pairing.board, opponent=opponent, bye="",
            colour="w" if pairing.games and pairing.games[0].white_first == first else "b",
            score=_match_score(mine_pts, theirs) if started else "",
            board_points=points_text(Fraction(entry_round.gp, sheet.unit)) if complete else "",
            match_points=points_text(Fraction(entry_round.mp, sheet.unit)) if complete else "",
            games=tuple(games),
        ))
    matches.sort(key=lambda m: m.round)
    return TeamView(entry, tuple(member_rows), tuple(matches))


# --- match scores on the round pages -------------------------------------------------------------


def team_boards_annotate_scores(boards: Iterable[Board]) -> None:
    """Give every team match its score in board points from the first-named team's side
    (``board.team_score``, e.g. "2½–1½"; a team knockout's level match adds its result, "2–2
    (1-0)"), counting the boards with a result so far; boards and games as
    ``selectors/rounds.py`` loads them (games prefetched)."""
    for board in boards:
        games = [g for g in board.games.all() if g.result]
        if board.black_id is None or not any(g.level == 0 for g in games):
            board.team_score = ""
            continue
        first = second = Fraction(0)
        for g in games:
            result = Result(g.result)
            mine, theirs = result.outcome_for(g.white_first), result.outcome_for(not g.white_first)
            if g.level == 0:  # a team knockout's extra match is read, not counted, here
                first += LAW_GAME.value(mine)
                second += LAW_GAME.value(theirs)
            # Each board read left to right, as the match is: the first-named team's player
            # first, whatever colour they had (the result code is White's).
            g.side_marks = _side_marks(MARKS[mine], MARKS[theirs])
        board.team_score = _match_score(first, second)
        if board.bracket and board.result and first == second:
            # A team knockout's level match went through the statute's decider (appendix §2):
            # the match's result says which team goes on.
            board.team_score += f" ({board.get_result_display()})"


def boards_annotate_rosters(boards: Iterable[Board]) -> None:
    """Give every team match its two rosters (``board.roster_first``, ``board.roster_second``:
    team members in board order, reserves last) for the line-up form; one query."""
    boards = [b for b in boards if b.black_id is not None]
    entry_ids = {e for b in boards for e in (b.white_id, b.black_id)}
    members: dict[int, list[TeamMember]] = defaultdict(list)
    for m in (TeamMember.objects.filter(entry_id__in=entry_ids).select_related("player")
              .order_by("entry_id", "board_order")):
        members[m.entry_id].append(m)
    for b in boards:
        b.roster_first = members[b.white_id]
        b.roster_second = members[b.black_id]


def _match_score(first: Fraction, second: Fraction) -> str:
    """A team match in board points, the first side's first: ``2½–1½``."""
    return f"{points_text(first, halves=True)}–{points_text(second, halves=True)}"


def _side_marks(mine: str, theirs: str) -> str:
    """``1–0``, ``½–½`` for games played; ``+/−``, ``−/−`` for forfeits, as result codes
    print them."""
    if mine in "+-X" or theirs in "+-X":
        return f"{mine}/{theirs}".replace("-", "−")
    return f"{mine}–{theirs}"


def team_players_taken(event: Event, *, except_entry: Entry | None = None) -> dict[int, str]:
    """Players already on a team of the event (player id -> team name), but ``except_entry``'s
    (appendix §4: a player plays for one team)."""
    members = TeamMember.objects.filter(entry__event=event).select_related("entry__team")
    if except_entry is not None:
        members = members.exclude(entry=except_entry)
    return {m.player_id: m.entry.team.name for m in members}


def team_roster_players(entry: Entry) -> tuple[list[Player], list[Player]]:
    """A team's roster: its players in board order, then its reserves (appendix §4)."""
    members = list(entry.members.select_related("player").order_by("board_order"))
    return ([m.player for m in members if not m.is_reserve],
            [m.player for m in members if m.is_reserve])
