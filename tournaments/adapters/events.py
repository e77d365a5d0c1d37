"""An event as the engines see it.

``load_event`` reads an event's entries, rounds, boards and games in a fixed number of queries
and returns an ``EventRecord``: the engine's ``Tournament`` plus the maps back to entries.
``scoring_system``, ``tiebreak_order`` and ``scoring_format`` turn the statute into the scoring
engine's options.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from records import Bye, Game, Pairing, Participant, Result, Sanction, Tournament, VoidedGames
from scoring.formats import Format as ScoringFormat
from scoring.points import (
    LAW_GAME,
    MatchScoring,
    Primary,
    ScoringSystem,
    System,
    score_event,
)
from scoring.points import Kind as SheetKind
from scoring.presets import LAW_TEAMS
from scoring.ratings import REGULATIONS, Regulation
from scoring.standings import resolve_order
from tournaments.models import (
    Board,
    Entry,
    Event,
    Foul,
    Round,
    RoundStatus,
    TeamScoring,
)
from tournaments.models import Game as GameRow
from tournaments.models import (
    ScoringSystem as StatuteScoring,
)


@dataclass(frozen=True)
class EventRecord:
    """An event as the engines see it, and the way back to the rows."""

    event: Event
    tournament: Tournament
    entries: dict[int, Entry]  # by pairing number
    numbers: dict[int, int]  # entry id -> pairing number
    rounds: list[Round]

    def entry(self, number: int) -> Entry:
        return self.entries[number]


def participant_numbers(entries: list[Entry]) -> dict[int, int]:
    """Pairing numbers: the entry's table number; entries without one (a Swiss event before
    its first pairing) follow, in registration order."""
    numbers = {e.pk: e.number for e in entries if e.number}
    free = max(numbers.values(), default=0)
    for e in entries:
        if e.pk not in numbers:
            free += 1
            numbers[e.pk] = free
    return numbers


def _participant(entry: Entry, number: int, voided_games: VoidedGames) -> Participant:
    player = entry.player
    return Participant(
        number=number,
        name=entry.name,
        rating=entry.rating,
        title=player.title if player else "",
        federation=player.federation if player else "",
        club=(player.club if player else entry.team.club) or "",
        sex={"M": "m", "F": "w"}.get(player.gender, "") if player else "",
        birth_year=player.birth_year if player else None,
        external_id=(player.fide_id or player.national_id or "") if player else "",
        withdrawn_after=entry.withdrawn_after_round,
        joined_round=entry.joined_round,
        disqualified=_sanction(entry),
        voided_games=voided_games,
    )


def _sanction(entry: Entry) -> Sanction | None:
    """Art. 16.1 d–e: the entry's disqualification once in force (``models/entries.py``)."""
    act = getattr(entry, "disqualification", None)
    return Sanction(act.sanction) if act is not None and act.in_force else None


_RESULTS = {r.value: r for r in Result}
_BOARD_FIELDS = ("pk", "round__number", "number", "white_id", "black_id", "bye", "result")
_GAME_FIELDS = ("board_id", "white_first", "result", "level")


def _pairing(board: tuple, numbers: dict[int, int], games: list[tuple]) -> Pairing:
    _pk, rnd, number, white_id, black_id, bye, result = board
    first = numbers[white_id]
    if black_id is None:
        return Pairing(rnd, number, first, None, bye=Bye(bye or Bye.ZERO_POINT))
    second = numbers[black_id]
    if not games:
        return Pairing(rnd, number, first, second, (Game(True, _RESULTS.get(result)),))
    if result and all(not g[2] for g in games):
        # A whole match ruled at once (an absent side, Art. 21.2) is written on the board,
        # from the first-named entry's side: each game gets it from White's side.
        ruling = _RESULTS[result]
        engine_games = tuple(Game(w, ruling if w else ruling.flipped, lvl)
                             for _b, w, _r, lvl in games)
    else:
        engine_games = tuple(Game(w, _RESULTS.get(r), lvl) for _b, w, r, lvl in games)
    return Pairing(rnd, number, first, second, engine_games)


def load_event(event: Event, *, public_only: bool = False,
               rounds: list[Round] | None = None) -> EventRecord:
    """Entries, rounds, boards and games of ``event`` in four queries (boards and games as
    plain rows: a 2,000-player event has tens of thousands). ``public_only`` leaves out draft
    rounds (what the public may see). ``rounds``: the rounds to read, in number order, when
    the caller has read them already (a page's list of rounds): three queries."""
    entries = list(event.entries.select_related("player", "team", "disqualification")
                   .order_by("number", "pk"))
    if rounds is None:
        rounds_qs = event.rounds_set.order_by("number")
        if public_only:
            rounds_qs = rounds_qs.exclude(status=RoundStatus.DRAFT)
        rounds = list(rounds_qs)
    boards, games_by_board = _boards_and_games([r.pk for r in rounds])
    return _record(event, entries, rounds, boards, games_by_board)


def load_events(events: list[Event], *, public_only: bool = False) -> dict[int, EventRecord]:
    """``load_event`` of several events at once, by event id, in four queries whatever their
    number (a player's career reads every event he entered)."""
    by_pk = {event.pk: event for event in events}
    if not by_pk:
        return {}
    entries: dict[int, list[Entry]] = {pk: [] for pk in by_pk}
    for entry in (Entry.objects.filter(event_id__in=by_pk)
                  .select_related("player", "team", "disqualification")
                  .order_by("event_id", "number", "pk")):
        entry.event = by_pk[entry.event_id]  # as the event's own manager hands it: no query
        entries[entry.event_id].append(entry)
    rounds_qs = Round.objects.filter(event_id__in=by_pk).order_by("event_id", "number")
    if public_only:
        rounds_qs = rounds_qs.exclude(status=RoundStatus.DRAFT)
    rounds: dict[int, list[Round]] = {pk: [] for pk in by_pk}
    for round_ in rounds_qs:
        round_.event = by_pk[round_.event_id]
        rounds[round_.event_id].append(round_)
    event_of_round = {r.pk: pk for pk, rs in rounds.items() for r in rs}
    boards, games_by_board = _boards_and_games(list(event_of_round), with_round=True)
    boards_by_event: dict[int, list[tuple]] = {pk: [] for pk in by_pk}
    for round_id, *board in boards:
        boards_by_event[event_of_round[round_id]].append(tuple(board))
    return {pk: _record(event, entries[pk], rounds[pk], boards_by_event[pk], games_by_board)
            for pk, event in by_pk.items()}


def _boards_and_games(round_ids: list[int], *, with_round: bool = False):
    """The boards of the rounds as plain rows in (round, board) order (``with_round``: each
    row led by its round's id), and their games by board (two queries)."""
    fields = ("round_id", *_BOARD_FIELDS) if with_round else _BOARD_FIELDS
    boards = list(Board.objects.filter(round_id__in=round_ids)
                  .order_by("round__number", "number").values_list(*fields))
    games_by_board: dict[int, list[tuple]] = {}
    for game in (GameRow.objects.filter(board__round_id__in=round_ids)
                 .order_by("board_id", "number").values_list(*_GAME_FIELDS)):
        games_by_board.setdefault(game[0], []).append(game)
    return boards, games_by_board


def _record(event: Event, entries: list[Entry], rounds: list[Round], boards: list[tuple],
            games_by_board: dict[int, list[tuple]]) -> EventRecord:
    numbers = participant_numbers(entries)
    pairings = tuple(_pairing(b, numbers, games_by_board.get(b[0], [])) for b in boards)
    tournament = Tournament(
        participants=tuple(_participant(e, numbers[e.pk], VoidedGames(event.voided_games))
                           for e in entries),
        pairings=pairings,
        rounds=event.format_rules.planned_rounds(announced=event.rounds, entries=len(entries)),
        name=event.name,
    )
    return EventRecord(event, tournament, {numbers[e.pk]: e for e in entries}, numbers, rounds)


def record_with_round(record: EventRecord, round_: Round, boards: list[Board],
                      games: list[GameRow]) -> EventRecord:
    """``record`` with ``round_`` added, a round its reader has just stored in the same
    transaction (``boards`` and the ``games`` of its matches, no result yet): what
    ``load_event`` would read now, without reading the event again (the Swiss pairing hands
    the record it paired from to the round's check)."""
    games_by_board: dict[int, list[tuple]] = {}
    for game in sorted(games, key=lambda g: (g.board_id, g.number)):
        games_by_board.setdefault(game.board_id, []).append(
            (game.board_id, game.white_first, game.result, game.level))
    added = tuple(
        _pairing((b.pk, round_.number, b.number, b.white_id, b.black_id, b.bye, b.result),
                 record.numbers, games_by_board.get(b.pk, []))
        for b in sorted(boards, key=lambda b: b.number))
    tournament = replace(record.tournament, pairings=record.tournament.pairings + added)
    return replace(record, tournament=tournament, rounds=[*record.rounds, round_])


def counts_fouls(order) -> bool:
    """Whether a tie-break order names ``FOUL`` (only then are the fouls read)."""
    return any(code.split("/")[0].split(":")[0].upper() == "FOUL" for code in order)


def foul_counts(record: EventRecord, after_round: int) -> dict[int, int]:
    """Fouls per pairing number for ``FOUL`` (fewer fouls, CXA 2011 art. 14): those recorded in
    the rounds read (``record.rounds``) up to ``after_round``, of the kinds the statute counts
    (``Event.foul_kinds``; none named: every kind). One query."""
    fouls = Foul.objects.filter(board__round__in=[r.pk for r in record.rounds
                                                  if r.number <= after_round])
    if record.event.foul_kinds:
        fouls = fouls.filter(kind__in=record.event.foul_kinds)
    counts: dict[int, int] = {}
    for entry_id in fouls.values_list("entry_id", flat=True):
        number = record.numbers[entry_id]
        counts[number] = counts.get(number, 0) + 1
    return counts


def _fraction(value) -> Fraction:
    return Fraction(str(value))


def scoring_system(event: Event) -> System:
    """The statute's points (Art. 21.1, 21.2; appendix §4 for teams)."""
    bye = _fraction(event.points_rest if event.format_rules.bye_is_rest else event.points_bye)
    if event.is_team:
        # Appendix §4: board points 1 / ½ / 0; match points as the statute says. A bye (the
        # rest of an odd round robin, a Swiss pairing bye) is worth the statute's points on
        # every board, and that fraction of a match win.
        primary = Primary.MATCH if event.team_scoring == TeamScoring.MATCH_POINTS else Primary.GAME
        win = Fraction(event.team_match_points_win)
        match = ScoringSystem(win, Fraction(event.team_match_points_draw), Fraction(0),
                              pairing_bye=win * bye)
        # A team's wins count matches, not boards (C.07 §7.1).
        return MatchScoring(game=ScoringSystem(pairing_bye=bye), match=match, primary=primary,
                            games=event.team_boards, wins_in_games=False)
    if event.scoring == StatuteScoring.TWO_GAME_MATCH:
        return MatchScoring(games=event.games_per_match)
    if event.scoring == StatuteScoring.CUSTOM:
        return ScoringSystem(_fraction(event.points_win), _fraction(event.points_draw),
                             _fraction(event.points_loss), pairing_bye=bye)
    return ScoringSystem(pairing_bye=bye) if bye != 1 else LAW_GAME


def tiebreak_order(event: Event) -> tuple[str, ...]:
    """The statute's order; empty means the law's default for the format (Art. 21.2, 21.3, 21.4,
    appendix §4)."""
    if event.tiebreaks:
        return resolve_order(event.tiebreaks)
    rules = event.format_rules
    if event.is_team:
        # Match points first: board points second (the statute's usual wording), then board
        # by board.
        if event.team_scoring == TeamScoring.MATCH_POINTS:
            return ("PTS", "GPTS", *LAW_TEAMS[1:])
        return LAW_TEAMS
    if event.scoring == StatuteScoring.TWO_GAME_MATCH:
        # Art. 21.2: match points, then game points, then the format's criteria.
        return rules.law_tiebreaks_matches
    return rules.law_tiebreaks


def scoring_format(event: Event) -> ScoringFormat:
    return event.format_rules.scoring_format


def pairing_tournament(tournament: Tournament, system: System) -> Tournament:
    """The record as a pairing engine reads it: every match (two-game match, Art. 21.2; team
    match, appendix §4) becomes one game with the match's result from the match points, the
    first-named entry as White (the colour it has in game 1 / on board 1). Single games stay as
    they are. Generic over the format: the Swiss engine sees team match results this way."""
    if not any(len(p.games) > 1 for p in tournament.pairings):
        return tournament
    sheet = score_event(tournament, system)
    loss = system.match.loss if isinstance(system, MatchScoring) else system.loss
    unit = sheet.unit
    pairings = []
    for p in tournament.pairings:
        if p.second is None or len(p.games) < 2:
            pairings.append(p)
            continue
        mine = sheet.entries[p.first][p.round - 1]
        theirs = sheet.entries[p.second][p.round - 1]
        kinds = {mine.kind, theirs.kind}
        if SheetKind.PENDING in kinds:
            result = None
        elif kinds == {SheetKind.CANCELLED}:
            result = Result.CANCELLED
        elif SheetKind.GAME not in kinds:
            result = {(SheetKind.FORFEIT_WIN, SheetKind.FORFEIT_LOSS): Result.WHITE_WINS_FORFEIT,
                      (SheetKind.FORFEIT_LOSS, SheetKind.FORFEIT_WIN): Result.BLACK_WINS_FORFEIT,
                      }.get((mine.kind, theirs.kind), Result.DOUBLE_FORFEIT)
        elif mine.mp != theirs.mp:
            result = Result.WHITE_WINS if mine.mp > theirs.mp else Result.BLACK_WINS
        else:
            result = Result.BOTH_LOSE if Fraction(mine.mp, unit) == loss else Result.DRAW
        pairings.append(replace(p, games=(Game(True, result),)))
    return replace(tournament, pairings=tuple(pairings))


def rating_regulation(event: Event) -> Regulation:
    """The statute's rating rules as the engine's: its K table and its cap."""
    return replace(REGULATIONS[event.rating_table], cap=event.rating_cap)
