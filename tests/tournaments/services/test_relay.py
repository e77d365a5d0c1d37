"""The live relay (services/relay.py, selectors/relay.py; docs/live.md "Relay"): moves entered
one ply at a time, checked by ``xiangqi`` (Art. 4.3, 6, 7.1) and kept as the score sheet
(Art. 11, source "relay"); idempotent by ply; undo of the last ply only; the rights of
recorders and arbiters; the statute's delay for the public, by plies and by minutes; the live
feed's messages; the event's version untouched."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import rr_scenario
from tests.tournaments.relay_games import relay_game
from tournaments import live
from tournaments.errors import ServiceError
from tournaments.models import Event, EventRole, GameMoves, RelayedBoard, Role
from tournaments.selectors.game_records import board_recorded_slots
from tournaments.selectors.relay import relay_state, relay_visible, slots_public
from tournaments.services.relay import (
    RelayRefused,
    relay_board_remove,
    relay_board_set,
    relay_move,
    relay_undo,
)

pytestmark = pytest.mark.django_db
T0 = datetime.datetime(2026, 11, 28, 9, 0, tzinfo=datetime.UTC)
MIN = datetime.timedelta(minutes=1)
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9"]  # P2-5 M8.7 M2.3 X9-8


def _recorder(event, name="ghi"):
    user = get_user_model().objects.create_user(name, password="x")
    EventRole.objects.create(event=event, user=user, role=Role.RECORDER)
    return user


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    ctx["recorder"] = _recorder(ctx["event"])
    relay_board_set(round_=ctx["round1"], actor=chief_arbiter, number=ctx["board"].number,
                    recorder=ctx["recorder"])
    return ctx


def _play(ctx, moves, actor=None, start=1, now=T0, step=MIN):
    for i, move in enumerate(moves):
        relay_move(event=ctx["event"], board=ctx["board"], ply=start + i, move=move,
                   actor=actor or ctx["recorder"], now=now + i * step)


def _stored(ctx) -> list[str]:
    record = GameMoves.objects.filter(board=ctx["board"]).first()
    return record.iccs if record else []


def test_legal_moves_are_the_score_sheet_with_when_each_ply_was_entered(ctx):
    _play(ctx, OPENING)
    record = GameMoves.objects.get(board=ctx["board"])
    assert record.iccs == OPENING
    assert (record.source, record.entered_by, record.game) == ("relay", ctx["recorder"], None)
    assert record.ply_times == [(T0 + i * MIN).isoformat() for i in range(4)]
    state = relay_state(ctx["board"], staff=True, legal=True)
    assert state.written == ["P2-5", "M8.7", "M2.3", "X9-8"]  # Art. 11.2a
    assert len(state.legal["b0"]) == 2 and "a3" in state.legal  # Red's horse, Red's pawn


def test_a_40_move_game_is_stored_whole(ctx):
    game = relay_game(40)
    _play(ctx, game, step=datetime.timedelta(seconds=20))
    assert _stored(ctx) == game


@pytest.mark.parametrize(("moves", "bad", "why"), [
    ([], "b0b2", "no piece can make this move"),  # a horse moves like a horse (Art. 4.3e)
    ([], "h9h7", "no piece can make this move"),  # Black's piece on Red's turn
    # a cannon moves to an empty point only along an open line (Art. 4.3d)
    (["h2e2", "h9g7"], "e2e5", "no piece can make this move"),
    # an advisor on e1 would screen Black's cannon on e3 against the general (Art. 6)
    (["h2e2", "h7e7", "e2e6", "e7e3"], "d0e1", "leaves the general in check"),
    ([], "zz99", "not a move from one point to another"),
])
def test_an_illegal_move_is_refused_and_nothing_stored(ctx, moves, bad, why):
    _play(ctx, moves)
    with pytest.raises(RelayRefused) as refused:
        relay_move(event=ctx["event"], board=ctx["board"], ply=len(moves) + 1, move=bad,
                   actor=ctx["recorder"])
    assert refused.value.fields == {"reason": "illegal", "stored": len(moves)}
    assert why in str(refused.value) and f"Move {len(moves) + 1}" in str(refused.value)
    assert _stored(ctx) == moves


def test_the_same_move_at_a_stored_ply_is_stored_once(ctx):
    _play(ctx, OPENING[:2])
    answer = relay_move(event=ctx["event"], board=ctx["board"], ply=2, move="h9g7",
                        actor=ctx["recorder"])
    assert not answer.changed and answer.state.ply == 2
    assert _stored(ctx) == OPENING[:2]


def test_a_gap_and_a_conflict_are_refused(ctx):
    _play(ctx, OPENING[:2])
    with pytest.raises(RelayRefused) as gap:
        relay_move(event=ctx["event"], board=ctx["board"], ply=4, move="i9h9",
                   actor=ctx["recorder"])
    assert gap.value.fields == {"reason": "gap", "stored": 2}
    assert "the next is move 3" in str(gap.value)
    with pytest.raises(RelayRefused) as conflict:
        relay_move(event=ctx["event"], board=ctx["board"], ply=2, move="b9c7",
                   actor=ctx["recorder"])
    assert conflict.value.fields == {"reason": "conflict", "stored": 2}
    assert _stored(ctx) == OPENING[:2]


def test_undo_takes_back_the_last_ply_only_and_once(ctx):
    _play(ctx, OPENING)
    with pytest.raises(RelayRefused) as earlier:
        relay_undo(event=ctx["event"], board=ctx["board"], ply=3, actor=ctx["recorder"])
    assert earlier.value.fields["reason"] == "undo"
    with pytest.raises(RelayRefused):  # ply 4 is another move than the one named
        relay_undo(event=ctx["event"], board=ctx["board"], ply=4, move="h0g2",
                   actor=ctx["recorder"])
    answer = relay_undo(event=ctx["event"], board=ctx["board"], ply=4, move="i9h9",
                        actor=ctx["recorder"])
    assert answer.changed and _stored(ctx) == OPENING[:3]
    again = relay_undo(event=ctx["event"], board=ctx["board"], ply=4, move="i9h9",
                       actor=ctx["recorder"])  # resent by the outbox: nothing more
    assert not again.changed and _stored(ctx) == OPENING[:3]
    record = GameMoves.objects.get(board=ctx["board"])
    assert len(record.ply_times) == 3
    for ply in (3, 2, 1):
        relay_undo(event=ctx["event"], board=ctx["board"], ply=ply, actor=ctx["recorder"])
    assert not GameMoves.objects.filter(board=ctx["board"]).exists()


def test_rights_the_boards_recorder_and_the_arbiters_only(ctx, arbiter, stranger,
                                                          chief_arbiter):
    event, round1 = ctx["event"], ctx["round1"]
    other_board = round1.boards.exclude(pk=ctx["board"].pk).filter(black__isnull=False)[0]
    other = _recorder(event, "other")
    relay_board_set(round_=round1, actor=chief_arbiter, number=other_board.number,
                    recorder=other)
    with pytest.raises(ServiceError, match="recorded by someone else"):
        relay_move(event=event, board=ctx["board"], ply=1, move="h2e2", actor=other)
    with pytest.raises(PermissionDenied):
        relay_move(event=event, board=ctx["board"], ply=1, move="h2e2", actor=stranger)
    _play(ctx, OPENING[:1], actor=arbiter)  # any arbiter of the event
    _play(ctx, OPENING[1:2], actor=chief_arbiter, start=2)
    assert _stored(ctx) == OPENING[:2]
    with pytest.raises(PermissionDenied):  # choosing the boards is the chief arbiter's
        relay_board_set(round_=round1, actor=ctx["recorder"], number=1)
    unrelayed = round1.boards.exclude(pk__in=[ctx["board"].pk, other_board.pk])
    unrelayed = unrelayed.filter(black__isnull=False).first()
    if unrelayed is not None:
        with pytest.raises(ServiceError, match="is not relayed"):
            relay_move(event=event, board=unrelayed, ply=1, move="h2e2", actor=arbiter)


def test_the_recorder_must_be_a_recorder_or_arbiter(ctx, chief_arbiter, stranger):
    with pytest.raises(ServiceError, match="neither a recorder nor an arbiter"):
        relay_board_set(round_=ctx["round1"], actor=chief_arbiter,
                        number=ctx["board"].number, recorder=stranger)
    relay_board_remove(round_=ctx["round1"], actor=chief_arbiter, number=ctx["board"].number)
    assert not RelayedBoard.objects.exists()


def test_a_relayed_move_leaves_the_events_version(ctx):
    version = Event.objects.get(pk=ctx["event"].pk).version
    _play(ctx, OPENING)
    assert Event.objects.get(pk=ctx["event"].pk).version == version


# -- the statute's delay (a statute option, docs/live.md) ----------------------------------------

def _times(n):
    return [(T0 + i * MIN).isoformat() for i in range(n)]


@pytest.mark.parametrize(("plies", "minutes", "now", "shown", "next_at"), [
    (0, 0, T0, 10, None),  # no delay
    (3, 0, T0, 7, None),  # the last 3 plies held back
    (12, 0, T0, 0, None),  # more held back than played
    # plies entered at 9:00, 9:01, ... 9:09; 5 minutes: at 9:07 those of 9:00-9:02 are public,
    # the fourth (9:03) at 9:08
    (0, 5, T0 + 7 * MIN, 3, T0 + 8 * MIN),
    (0, 5, T0 + 30 * MIN, 10, None),
    (4, 5, T0 + 7 * MIN, 3, T0 + 8 * MIN),  # both: the stricter holds
    (8, 5, T0 + 7 * MIN, 2, None),  # the plies rule holds: no time makes the third public
])
def test_the_public_delay_by_plies_and_by_minutes(plies, minutes, now, shown, next_at):
    assert relay_visible(total=10, times=_times(10), result="", plies=plies, minutes=minutes,
                         now=now, staff=False) == (shown, next_at)


def test_the_staff_and_a_finished_game_see_every_move():
    assert relay_visible(total=10, times=_times(10), result="", plies=4, minutes=5, now=T0,
                         staff=True) == (10, None)
    assert relay_visible(total=10, times=_times(10), result="1-0", plies=4, minutes=5,
                         now=T0, staff=False) == (10, None)


def test_moves_typed_before_the_relay_count_as_old():
    # 4 plies, only the last two with a time: the first two are public at once
    times = [(T0 + 8 * MIN).isoformat(), (T0 + 9 * MIN).isoformat()]
    assert relay_visible(total=4, times=times, result="", plies=0, minutes=5,
                         now=T0 + 10 * MIN, staff=False) == (2, T0 + 13 * MIN)


def test_the_public_reads_cut_the_game_and_the_feed_says_what_each_audience_sees(
        ctx, django_capture_on_commit_callbacks):
    Event.objects.filter(pk=ctx["event"].pk).update(relay_delay_plies=2)
    ctx["board"].round.event.refresh_from_db()
    line = live.MemoryFeed()
    live._feed = line
    try:
        with django_capture_on_commit_callbacks(execute=True):
            _play(ctx, OPENING, now=datetime.datetime.now(datetime.UTC) - 10 * MIN)
        staff = [m.data for m in line.read(ctx["event"].pk, "staff", after="0") if m.kind ==
                 "move"]
        public = [m.data for m in line.read(ctx["event"].pk, "public", after="0")
                  if m.kind == "move"]
    finally:
        live._feed = None
    assert [(m["ply"], m["from"], m["moves"]) for m in staff] == [
        (1, 0, ["h2e2"]), (2, 1, ["h9g7"]), (3, 2, ["h0g2"]), (4, 3, ["i9h9"])]
    assert staff[-1]["written"] == ["X9-8"] and staff[-1]["result"] is None
    assert staff[-1]["fens"] == [relay_state(ctx["board"], staff=True).fens[-1]]
    assert [(m["ply"], m["from"], m["moves"]) for m in public] == [
        (0, 0, []), (0, 0, []), (1, 0, ["h2e2"]), (2, 1, ["h9g7"])]
    slot = slots_public(board_recorded_slots(ctx["board"]), staff=False)[0]
    assert slot.record.iccs == OPENING[:2]
    assert slots_public(board_recorded_slots(ctx["board"]), staff=True)[0].record.iccs == \
        OPENING
