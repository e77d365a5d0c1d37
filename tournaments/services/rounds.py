"""The life of a round: stored as a draft, published, closed, or deleted while a draft.

Format services (round robin, Swiss, knockout, teams) compute the boards with the engines and
store them through ``round_store``, which stores the round whole: its boards, the games of each
match, the default line-ups of team matches and, for a format whose rounds are checked (a
Swiss: ``FormatRules.rounds_checked``), the checker's findings.
"""

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from pairings.dutch import RoundPairing
from tournaments.adapters.events import EventRecord, record_with_round
from tournaments.errors import RoundNotClosed, ServiceError
from tournaments.models import Board, Entry, Event, Game, Round, RoundStatus
from tournaments.selectors.rounds import round_open_board_numbers
from tournaments.services._access import event_writer
from tournaments.services._checks import pairs_check
from tournaments.services._lineup_rules import default_lineups_apply
from tournaments.services.notifications import round_pairings_send
from tournaments.services.round_checks import round_check_store


@dataclass(frozen=True)
class BoardSpec:
    """A board to store: entries by id; ``black`` None for a bye of kind ``bye``."""

    number: int
    white: int
    black: int | None
    bye: str = ""
    bracket: str = ""
    match_code: str = ""


def round_store(
    *, event: Event, number: int, boards: list[BoardSpec], method: str, seed: int | None, actor,
    explanation: dict | None = None, expected: RoundPairing | None = None,
    record: EventRecord | None = None, left_out: list[int] | None = None,
) -> Round:
    """Persist a paired round as a draft, whole: its boards, the games of each match, the
    default line-ups of team matches, for a checked format (a Swiss) the checker's findings,
    and the engine's ``explanation`` of its pairing (``adapters/swiss.py: explanation_data``).
    Call inside the format service's transaction, with the event locked. ``expected``: the
    engine's pairing these boards come from, when it was made with the statute's options
    (the checker's): the check compares with it instead of pairing the round again.
    ``record``: the event as the caller read it under the lock to pair the round (load
    once): its entries are the ones the boards may name, and the check reads it, with this
    round added, instead of reading the event again. ``left_out``: the pairing numbers of the
    entries left out for not checking in (a Swiss round)."""
    entry_ids = (set(record.numbers) if record is not None else
                 set(Entry.objects.filter(event=event).values_list("pk", flat=True)))
    pairs_check(entry_ids=entry_ids, pairs=[(spec.white, spec.black) for spec in boards])
    round_ = Round.objects.create(event=event, number=number, method=method, seed=seed,
                                  paired_by=actor, paired_at=timezone.now(),
                                  explanation=explanation, left_out=left_out or [])
    stored = bulk_create_with_history(
        [Board(round=round_, number=s.number, white_id=s.white, black_id=s.black, bye=s.bye,
               bracket=s.bracket, match_code=s.match_code) for s in boards],
        Board, default_user=actor, default_change_reason=PAIRED,
    )
    games = match_games_store(event=event, boards=stored, actor=actor)
    if event.format_rules.rounds_checked:  # in the worker already when the event is large
        round_ = round_check_store(
            round_=round_, expected=expected,
            record=None if record is None else record_with_round(record, round_, stored, games))
    return round_


PAIRED = "paired"


def _match_games(event: Event, board: Board) -> list[Game]:
    """The games of a board that is a match.

    Two-game (or longer) matches and knockout matches: colours alternate game by game, the
    first-named entry White in game 1 (Art. 4.2.2). Team matches: board k of one team meets
    board k of the other; the first-named team has White on board 1, Black on board 2, and so on
    (appendix §4).
    """
    if board.is_bye:
        return []
    count = event.team_boards if event.is_team else event.games_per_match
    if count < 2 and not event.is_team and not board.match_code:
        return []
    return [Game(board=board, number=k, white_first=k % 2 == 1) for k in range(1, count + 1)]


def match_games_store(*, event: Event, boards: list[Board], actor, reason: str = PAIRED,
                      games: list[Game] = ()) -> list[Game]:
    """Store the games of new match boards (and ``games`` given, a team knockout's extra
    match), team matches with their default line-ups; returns the games stored."""
    games = [*games, *(g for b in boards for g in _match_games(event, b))]
    # team matches: board k = the roster's k-th player
    default_lineups_apply(event=event, games=games)
    if games:
        bulk_create_with_history(games, Game, default_user=actor, default_change_reason=reason)
    return games


@event_writer(perm="tournaments.pair_round", of="round_")
def round_publish(*, round_: Round, actor, event: Event) -> Round:
    """Make a draft round's pairings public (Art. 20: the chief arbiter publishes the draw)
    and send each player their pairing (``services/notifications.py``).
    An official Swiss event publishes none before its statute names the tie-break order
    (Art. 21.4: ``Event.tiebreak_order_missing``)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.DRAFT:
        raise ServiceError(_("Round %(n)s is already published."), n=round_.number)
    earlier = event.rounds_set.filter(number__lt=round_.number, status=RoundStatus.DRAFT)
    if earlier.exists():
        raise ServiceError(_("Publish the earlier rounds first."))
    if event.tiebreak_order_missing:
        raise ServiceError(_(
            "Art. 21.4: an official Swiss event ranks by points, then the coefficient (hệ số), "
            "and the law names none for the Swiss system. Choose the tie-break order in the "
            "statute before publishing round %(n)s."), n=round_.number)
    round_.status = RoundStatus.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    # The players learn their board, opponent, colour, time and place once this commits.
    round_pairings_send(round_=round_)
    return round_


@event_writer(perm="tournaments.pair_round", of="round_")
def round_delete(*, round_: Round, actor, event: Event) -> None:
    """Delete a draft round so it can be paired again; only the last round."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.DRAFT:
        raise ServiceError(_("Only a draft round can be deleted; round %(n)s is published."),
                           n=round_.number)
    if event.rounds_set.filter(number__gt=round_.number).exists():
        raise ServiceError(_("Delete the later rounds first."))
    round_.delete()


@event_writer(perm="tournaments.pair_round", of="round_")
def round_complete(*, round_: Round, actor, event: Event) -> Round:
    """Close the round once every board has its result. The round's row is locked before its
    boards are read, as a result's writer locks it (``results._lock_round``)."""
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Only a published round can be closed."))
    waiting = round_open_board_numbers(round_)
    if waiting:  # which boards, so the arbiter sees what keeps the round open
        raise RoundNotClosed(number=round_.number, boards=", ".join(map(str, waiting)))
    round_.status = RoundStatus.COMPLETED
    round_.completed_at = timezone.now()
    round_.save(update_fields=["status", "completed_at"])
    return round_
