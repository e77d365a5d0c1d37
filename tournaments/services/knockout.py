"""Knockout events: single and double elimination (appendix §2, §3).

The bracket is ``pairings.knockout``'s, rebuilt from the statute and the seeds
(``Entry.number``); each match is a ``Board`` with ``bracket`` and ``match_code``, stored in the
round of its stage (A and B run in parallel in the same round). Who won a match is decided by
``pairings.minimatch`` from its games (``Game.level``, ``Game.kind``), or by a ruling on the
board (a forfeit, a walkover after a withdrawal).

- ``bracket_start`` seeds the entries and stores round 1: its matches, and the byes of the top seeds
  as bye boards (a bye is never a match, but the round and the bracket show it). Matches that
  are ready at once (two byes meeting in round 2) are stored too.
- ``bracket_advance`` brings the stored boards in line with the bracket after every result, ruling
  and withdrawal, in the caller's transaction: it stores each match as soon as both its players
  are known (the decider only when it is needed), records walkovers for withdrawn entries, and
  drops boards a corrected result made wrong (refusing if they already have results).
- ``bracket_board_decide`` is the results services' hook: it decides a board from its games with the
  mini-match engine, creating the next tie-break games as a level is reached, then advances.

Colours (Art. 4.2.2): lots decide who has White in each match's first game, from the round's
recorded seed; the board names that entry first; colours then alternate game after game,
tie-break games included.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from pairings.knockout import Bracket, KnockoutError, seeds_by_lots
from pairings.minimatch import MiniMatchError, MiniMatchRules
from records import FORFEITS, Result
from tournaments.adapters.knockout import (
    GAME_RESULTS,
    KnockoutStatuteError,
    board_fits,
    board_match,
    bracket_for,
    bracket_winners,
    decided_before,
    derived_seed,
    first_white_lot,
    games_through,
    level_of,
    minimatch_rules,
    team_board_match,
)
from tournaments.errors import ServiceError, StaleResult
from tournaments.models import (
    Board,
    ByeKind,
    Entry,
    EntryStatus,
    Event,
    Game,
    GameKind,
    PairingMethod,
    Round,
    RoundStatus,
    Seeding,
    rating_order_key,
)
from tournaments.services._access import event_lock, event_writer, right_require
from tournaments.services._history import history_note, versioned_save
from tournaments.services.notifications import round_pairings_send
from tournaments.services.rounds import BoardSpec, match_games_store, round_store

KNOCKOUT_REASON = "knockout"


def _rules(event: Event) -> MiniMatchRules:
    try:
        return minimatch_rules(event)
    except KnockoutStatuteError as error:
        raise ServiceError(_("The statute's tie-break games cannot decide a match: %(error)s"),
                           error=str(error)) from None


def _bracket(event: Event, entrants: int) -> Bracket:
    try:
        return bracket_for(event, entrants)
    except KnockoutError:
        if event.seed_passes and not event.format_rules.losers_bracket:
            raise ServiceError(_(
                "With %(n)s entries, %(passes)s seeds cannot skip %(skip)s round(s): the "
                "others would not fill the rounds before them (appendix §2). Change the "
                "statute's seeds given a pass."), n=entrants, passes=event.seed_passes,
                skip=event.seed_pass_rounds) from None
        raise ServiceError(_("A match for third place needs at least 4 entries.")) from None


def _seed_order(event: Event, entries: list[Entry], method: str, seed: int) -> list[Entry]:
    """Entries strongest first: by rating (then title and name, as the initial ranking of
    C.04.2), in the organisers' list (the table numbers they gave), or by lots (recorded seed)."""
    if method == Seeding.RATING:
        return sorted(entries, key=rating_order_key)
    if method == Seeding.LIST:
        if any(e.number is None for e in entries):
            raise ServiceError(_("Seeding by the organisers' list: give every entry its number "
                                 "first (Entries page), 1 for the top seed."))
        return sorted(entries, key=lambda e: e.number)
    if method == Seeding.LOTS:
        drawn = seeds_by_lots([e.pk for e in entries], seed)
        return sorted(entries, key=lambda e: drawn[e.pk])
    raise ServiceError(_("Unknown seeding method."))


@event_writer(perm="tournaments.pair_round")
def bracket_start(*, event: Event, actor, method: str | None = None,
             seed: int | None = None) -> list[Round]:
    """Seed the active entries and store the bracket's first matches as draft rounds.

    ``method`` is the statute's seeding unless given (rating, list or lots); ``seed`` (random
    unless given) is recorded: it drew the seeds when seeding by lots (``Event.numbers_seed``)
    and round 1's colours (``Round.seed``); later rounds derive theirs from it. The seeds are
    the entries' numbers, fixed once round 1 is published (the arbiter may delete the draft
    rounds and start again before that).
    """
    if not event.format_rules.has_bracket:
        raise ServiceError(_("This event is not a knockout."))
    if event.rounds_set.exists():
        raise ServiceError(_("The bracket of this event is already drawn."))
    method = method or event.seeding
    entries = list(event.entries.filter(status=EntryStatus.ACTIVE)
                   .select_related("player", "team").order_by("pk"))
    if len(entries) < 2:
        raise ServiceError(_("A knockout needs at least two entries."))
    if not event.is_team:  # a team match is decided by the statute's team rule instead
        _rules(event)
    bracket = _bracket(event, len(entries))
    seed = secrets.randbits(48) if seed is None else seed
    order = _seed_order(event, entries, method, seed)
    Entry.objects.filter(event=event).update(number=None)
    for number, entry in enumerate(order, start=1):
        entry.number = number
    Entry.objects.bulk_update(order, ["number"])
    event.numbers_method = method
    event.numbers_seed = seed if method == Seeding.LOTS else None
    event.save(update_fields=["numbers_method", "numbers_seed", "updated_at"])

    by_seed = {e.number: e.pk for e in order}
    first = [m for m in bracket.matches if m.stage == 1]
    specs = []
    for number, match in enumerate(first, start=1):
        home, away = by_seed[match.home.seed], by_seed[match.away.seed]
        white, black = (home, away) if first_white_lot(seed, match.code) == "home" else (away, home)
        specs.append(BoardSpec(number, white, black, bracket=match.bracket,
                               match_code=match.code))
    # Appendix §2: the top seeds go straight to round 2; the round shows their byes.
    specs += [BoardSpec(len(first) + i, by_seed[s], None, bye=ByeKind.PAIRING_ALLOCATED,
                        bracket="A") for i, s in enumerate(bracket.byes, start=1)]
    round_store(event=event, number=1, boards=specs, method=PairingMethod.KNOCKOUT, seed=seed,
                actor=actor)
    bracket_advance(event=event, actor=actor)
    return list(event.rounds_set.order_by("number"))


# --- advancing ------------------------------------------------------------------------------


class _Stored:
    """The event's seeds, rounds and knockout boards as stored now."""

    def __init__(self, event: Event):
        entries = list(event.entries.all())
        self.seeds = {e.pk: e.number for e in entries if e.number}
        self.by_seed = {n: pk for pk, n in self.seeds.items()}
        self.withdrawn = {e.pk for e in entries if e.status == EntryStatus.WITHDRAWN}
        self.rounds = {r.number: r for r in event.rounds_set.all()}
        boards = (Board.objects.filter(round__event=event).exclude(match_code="")
                  .select_related("round"))
        self.boards = {b.match_code: b for b in boards}


@event_writer(perm=None)
def bracket_advance(*, event: Event, actor) -> None:
    """Bring the stored boards in line with the bracket (see the module's docstring).

    Repeats until nothing changes: a walkover can make the next match ready, whose player may
    have withdrawn too.
    """
    if not event.format_rules.has_bracket:
        return
    while _advance_once(event, actor):
        pass


def _advance_once(event: Event, actor) -> bool:
    stored = _Stored(event)
    if not stored.seeds or 1 not in stored.rounds:
        return False
    bracket = _bracket(event, len(stored.seeds))
    _winners, state = bracket_winners(bracket, stored.boards, stored.seeds)
    states = {s.code: s for s in state.matches}
    changed = _drop_stale(stored, states)
    if changed:
        _drop_empty_rounds(event, stored)
        return True
    for match in bracket.matches:
        ms = states[match.code]
        if ms.status == "ready" and match.code not in stored.boards:
            _store_match(event, actor, bracket, match, ms, stored)
            changed = True
    if changed:
        return True
    for ms in state.matches:
        board = stored.boards.get(ms.code)
        if ms.status == "ready" and board is not None and not board.result and (
                {board.white_id, board.black_id} & stored.withdrawn):
            _walkover(board, stored.withdrawn, actor)
            changed = True
    return changed


def _drop_stale(stored: _Stored, states) -> bool:
    """Delete boards whose players the bracket no longer puts together (a corrected result);
    refuse if such a board already has results."""
    dropped = False
    for code, board in list(stored.boards.items()):
        ms = states.get(code)
        if ms is not None and ms.status in ("ready", "decided") and board_fits(board, ms,
                                                                               stored.seeds):
            continue
        if board.result or board.games.exclude(result="").exists():
            raise ServiceError(_("This change would alter who plays match %(code)s, which "
                                 "already has results: clear the results of match %(code)s "
                                 "first."), code=code)
        board.delete()
        del stored.boards[code]
        dropped = True
    return dropped


def _drop_empty_rounds(event: Event, stored: _Stored) -> None:
    for number in sorted(stored.rounds, reverse=True):
        round_ = stored.rounds[number]
        if number == 1 or round_.boards.exists():
            return
        round_.delete()
        del stored.rounds[number]


def _round_for(event: Event, stage: int, stored: _Stored, actor) -> Round:
    """The round of ``stage``: created on demand, published at once when every earlier round
    is (the bracket leaves nothing to review after round 1); a closed round reopens when a
    match joins it."""
    round_ = stored.rounds.get(stage)
    if round_ is None:
        now = timezone.now()
        publish = all(r.status != RoundStatus.DRAFT for r in stored.rounds.values())
        round_ = Round.objects.create(
            event=event, number=stage, method=PairingMethod.KNOCKOUT,
            seed=derived_seed(stored.rounds[1].seed or 0, "round", stage), paired_by=actor,
            paired_at=now, status=RoundStatus.PUBLISHED if publish else RoundStatus.DRAFT,
            published_at=now if publish else None,
        )
        stored.rounds[stage] = round_
    elif round_.status == RoundStatus.COMPLETED:
        round_.status = RoundStatus.PUBLISHED
        round_.completed_at = None
        round_.save(update_fields=["status", "completed_at"])
    return round_


def _store_match(event: Event, actor, bracket: Bracket, match, ms, stored: _Stored) -> Board:
    """Store a match whose two players are known: the lot gives White in game 1 (the board
    names that player first); board numbers follow the bracket's order within the stage."""
    round_ = _round_for(event, match.stage, stored, actor)
    home, away = stored.by_seed[ms.home], stored.by_seed[ms.away]
    lot = first_white_lot(round_.seed or 0, match.code)
    white, black = (home, away) if lot == "home" else (away, home)
    stage_codes = [m.code for m in bracket.matches if m.stage == match.stage]
    board = Board(round=round_, number=stage_codes.index(match.code) + 1, white_id=white,
                  black_id=black, bracket=match.bracket, match_code=match.code)
    history_note(row=board, actor=actor, reason=KNOCKOUT_REASON)
    board.save()
    match_games_store(event=event, boards=[board], actor=actor, reason=KNOCKOUT_REASON)
    stored.boards[match.code] = board
    if round_.status == RoundStatus.PUBLISHED:  # the two players learn their match at once
        round_pairings_send(round_=round_, boards=[board])
    return board


def _walkover(board: Board, withdrawn: set[int], actor) -> None:
    """A withdrawn entry loses its match by walkover (both withdrawn: both forfeit, and the
    better seed goes through as a formality); the games not played are dropped."""
    white_out, black_out = board.white_id in withdrawn, board.black_id in withdrawn
    board.result = (Result.DOUBLE_FORFEIT if white_out and black_out
                    else Result.BLACK_WINS_FORFEIT if white_out else Result.WHITE_WINS_FORFEIT)
    versioned_save(row=board, actor=actor, reason="walkover: withdrawn", fields=["result"])
    for game in board.games.filter(result=""):
        game.delete()


# --- results hook ---------------------------------------------------------------------------


def bracket_board_decide(*, board: Board, actor, reason: str = "", by_game: bool = False) -> Board:
    """Called by the results services, in their transaction, after a game of a knockout board
    (``by_game``) or the board itself (a ruling, or clearing one) changed.

    A board's result is its match's: the mini-match engine decides it from the games, creating
    the next level's tie-break games when a level ends tied, dropping games a corrected result
    made unnecessary; a ruling (forfeit) decides whatever the games say. Then the bracket
    advances.
    """
    event = event_lock(event=board.round.event)
    if not by_game and board.result and board.result not in FORFEITS:
        raise ServiceError(_("Board %(n)s is a knockout match: enter the result of each game "
                             "(a whole match can only be ruled a forfeit)."), n=board.number)
    if not by_game and board.result == Result.DOUBLE_FORFEIT:
        raise ServiceError(_("In a knockout one side must go through: rule a forfeit for one "
                             "of the two (+/− or −/+)."))
    if by_game:
        board.refresh_from_db(fields=["result", "version"])
        if board.result in FORFEITS:
            raise ServiceError(_("Match %(code)s was decided by a ruling (forfeit or walkover): "
                                 "clear the ruling before entering its games."),
                               code=board.match_code)
    old = board.result
    games_changed = (_decide_team_board(event, board, actor) if event.is_team
                     else _decide_board(board, _rules(event), actor))
    if by_game or board.result != old or games_changed:
        versioned_save(row=board, actor=actor, reason=reason, fields=["result"])
    round_ = board.round
    if not board.result and round_.status == RoundStatus.COMPLETED:
        # A correction reopened the match (or gave it tie-break games): the round reopens.
        round_.status = RoundStatus.PUBLISHED
        round_.completed_at = None
        round_.save(update_fields=["status", "completed_at"])
    bracket_advance(event=event, actor=actor)
    return board


def _decide_board(board: Board, rules: MiniMatchRules, actor) -> bool:
    """Set the board's result from its games; create or drop games to match the engine's state.
    Returns whether games were created or deleted."""
    games = list(board.games.order_by("number"))
    if board.result in FORFEITS:
        blank = [g for g in games if not g.result]
        for game in blank:
            game.delete()
        return bool(blank)
    if any(g.result and g.result not in GAME_RESULTS for g in games):
        raise ServiceError(_("A knockout game cannot be cancelled (X): enter who won, or rule "
                             "the whole match a forfeit."))
    try:
        match = board_match(rules, board, games)
    except MiniMatchError:
        played = [g for g in games if g.result]
        number = decided_before(rules, board, played)
        raise ServiceError(_("Game %(n)s has a result, but the match was decided before it: "
                             "clear the later games first."), n=number or len(played)) from None
    later = games[len(match.played):]
    state = match.state
    if match.needs_ruling or state.winner is not None:
        # Decided (or waiting for the chief arbiter's ruling, Art. 20.3 c): no more games.
        entered = [g for g in later if g.result]
        if entered and not match.needs_ruling:
            raise ServiceError(_("Game %(n)s has a result, but the match was decided before it: "
                                 "clear the later games first."), n=entered[0].number)
        board.result = ("" if match.needs_ruling else Result.WHITE_WINS if state.winner == "home"
                        else Result.BLACK_WINS)
        return _drop_games([g for g in later if not g.result])
    board.result = ""
    needed = games_through(rules, state.next_level)
    extra = [g for g in later if g.number > needed]
    if any(g.result for g in extra):
        raise ServiceError(_("Game %(n)s has a result, but the match does not reach it: clear "
                             "it first."), n=next(g.number for g in extra if g.result))
    changed = _drop_games(extra)
    have = {g.number for g in games if g.number <= needed}
    new = []
    for number in range(1, needed + 1):
        if number not in have:
            level = level_of(rules, number)
            new.append(Game(board=board, number=number, level=level,
                            kind=rules.levels[level].kind, white_first=number % 2 == 1))
    if new:
        bulk_create_with_history(new, Game, default_user=actor,
                                 default_change_reason="tie-break")
    return changed or bool(new)


def _decide_team_board(event: Event, board: Board, actor) -> bool:
    """A team knockout match (appendix §2 for teams): the team with more board points wins; a
    level match goes to the statute's decider (``pairings/team_knockout.py``), which may need
    the extra team match: its boards are created then, colours swapped, default line-ups.
    Returns whether games were created or deleted."""
    games = list(board.games.order_by("number"))
    if board.result in FORFEITS:
        return _drop_games([g for g in games if not g.result])
    try:
        state = team_board_match(event, board, games)
    except MiniMatchError:
        raise ServiceError(_("A knockout game cannot be cancelled (X): enter who won, or rule "
                             "the whole match a forfeit.")) from None
    boards = event.team_boards
    extra = [g for g in games if g.number > boards]
    board.result = {"home": Result.WHITE_WINS, "away": Result.BLACK_WINS, None: ""}[state.winner]
    if state.needs_extra:
        if extra:
            return False
        new = [Game(board=board, number=boards + k, level=1, kind=GameKind.REGULAR,
                    white_first=k % 2 == 0) for k in range(1, boards + 1)]
        match_games_store(event=event, boards=[], actor=actor, reason="tie-break", games=new)
        return True
    if len(state.scores) > 1:  # the extra match was played and decided
        return False
    entered = [g for g in extra if g.result]
    if entered:
        raise ServiceError(_("Board %(n)s of the extra team match has a result, but the match "
                             "does not reach it: clear it first."), n=entered[0].number - boards)
    return _drop_games(extra)


def _drop_games(games: list[Game]) -> bool:
    for game in games:
        game.delete()
    return bool(games)


# --- the deciding game's colours ------------------------------------------------------------


ARMAGEDDON_COLOUR_REASON = "deciding game: colours chosen by the higher seed"


@transaction.atomic
def armageddon_colour_choose(*, game: Game, actor, white: int, expected_version: int) -> Game:
    """Record the colours of a deciding game (armageddon) as the higher-placed player chose
    them (Chinese practice; appendix §2 names no deciding game, the statute's chain does):
    ``white`` is the entry that plays White. Allowed while the game has no result; until a
    choice is recorded, colours follow the alternation (Art. 4.2.2)."""
    right_require(actor=actor, perm="tournaments.enter_result", event=game.board.round.event)
    event_lock(event=game.board.round.event)
    game = Game.objects.select_for_update(of=("self",)).select_related("board").get(pk=game.pk)
    board = game.board
    if game.kind != GameKind.ARMAGEDDON:
        raise ServiceError(_("Only the colours of a deciding game are chosen; the other games "
                             "alternate (Art. 4.2.2)."))
    if game.version != expected_version:
        raise StaleResult(current=game.get_result_display() or _("no result"))
    if game.result:
        raise ServiceError(_("The deciding game has a result: clear it before changing its "
                             "colours."))
    if white not in (board.white_id, board.black_id):
        raise ServiceError(_("White must be one of the match's two players."))
    game.white_first = white == board.white_id
    versioned_save(row=game, actor=actor, reason=ARMAGEDDON_COLOUR_REASON, fields=["white_first"])
    return game

