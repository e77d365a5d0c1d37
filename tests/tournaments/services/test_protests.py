"""Written protests and appeals (Art. 15.5, 15.6, 19.2, 20.3 e, m; services/protests.py),
worked by hand on a 4-player round robin whose round 1 was played (both White players won)."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from django.db.models import Max

from tests.tournaments.builders import UserFactory, rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import Board, Protest
from tournaments.selectors.protests import event_protests, round_public_protests
from tournaments.services.events import role_assign
from tournaments.services.protests import (
    appeal_decide,
    protest_appeal,
    protest_decide,
    protest_file,
)

pytestmark = pytest.mark.django_db
MINUTE = datetime.timedelta(minutes=1)


@pytest.fixture
def played(make_event, organiser, chief_arbiter):
    """Round 1 played; the statute gives 30 minutes to protest in writing (Art. 15.6)."""
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played", protest_minutes=30)


def _over(board):
    """When board's game ended: its result recorded."""
    return Board.history.filter(id=board.pk).exclude(result="").aggregate(
        at=Max("history_date"))["at"]


def _file(ctx, actor, **kw):
    board = ctx["board"]
    arguments = {"round_": board.round, "entry": board.black, "filer": "player",
                 "subject": "result", "board": board, "text": "Đối thủ hết giờ trước khi "
                 "tôi bị chiếu hết"}
    arguments.update(kw)
    return protest_file(actor=actor, **arguments)


def test_a_player_protests_a_result_within_the_statutes_minutes(played, arbiter):
    board = played["board"]
    over = _over(board)
    protest = _file(played, arbiter, filed_at=over + 30 * MINUTE, now=over + 40 * MINUTE)
    protest.refresh_from_db()
    assert (protest.entry, protest.board, protest.filed_at, protest.recorded_by,
            protest.decision) == (board.black, board, over + 30 * MINUTE, arbiter, "")
    # The 31st minute is too late (Art. 15.6, the statute's 30 minutes).
    with pytest.raises(ServiceError, match="30 minutes"):
        _file(played, arbiter, filed_at=over + 31 * MINUTE, now=over + 40 * MINUTE)
    # Before the game ended: not yet a written protest.
    with pytest.raises(ServiceError, match="after the game"):
        _file(played, arbiter, filed_at=over - MINUTE, now=over + 40 * MINUTE)
    assert Protest.objects.count() == 1


def test_no_limit_when_the_statute_sets_none(played, arbiter):
    event = played["event"]
    event.protest_minutes = None
    event.save(update_fields=["protest_minutes"])
    over = _over(played["board"])
    assert _file(played, arbiter, filed_at=over + 600 * MINUTE, now=over + 601 * MINUTE).pk


def test_who_may_protest_what(played, arbiter):
    board = played["board"]
    # Art. 15.5 a, d: a team leader does not protest a ruling inside the game...
    with pytest.raises(ServiceError, match="15.5"):
        _file(played, arbiter, filer="leader", filer_name="Lê Văn Đội", subject="ruling")
    # ... and is named.
    with pytest.raises(ServiceError, match="name"):
        _file(played, arbiter, filer="leader", subject="draw", board=None)
    # A player protests their own game only.
    other = next(e for e in played["entries"] if e.pk not in (board.white_id, board.black_id))
    with pytest.raises(ServiceError, match="does not play"):
        _file(played, arbiter, entry=other)
    # A ruling needs its game.
    with pytest.raises(ServiceError, match="board"):
        _file(played, arbiter, subject="ruling", board=None)
    with pytest.raises(ServiceError, match="what the protest says"):
        _file(played, arbiter, text="   ")
    # Art. 15.5 d: the team leader protests the draw of the round.
    protest = _file(played, arbiter, filer="leader", filer_name=" Lê Văn Đội ", subject="draw",
                    board=None, entry=other)
    assert (protest.filer_name, protest.board) == ("Lê Văn Đội", None)


def test_the_draw_is_protested_from_the_rounds_publication(played, arbiter):
    round_ = played["board"].round
    published = round_.published_at
    _file(played, arbiter, subject="draw", board=None, filed_at=published + 30 * MINUTE,
          now=published + 31 * MINUTE)
    with pytest.raises(ServiceError, match="Too late"):
        _file(played, arbiter, subject="draw", board=None, filed_at=published + 31 * MINUTE,
              now=published + 32 * MINUTE)


def test_decision_appeal_and_the_committees_decision(played, organiser, chief_arbiter, arbiter):
    committee = UserFactory(username="hoidong")
    role_assign(event=played["event"], actor=organiser, user=committee, role="appeals")
    over = _over(played["board"])
    protest = _file(played, arbiter, filed_at=over + MINUTE, now=over + 2 * MINUTE)
    # The arbiter records; the chief arbiter decides (Art. 15.6, 20.3 e).
    with pytest.raises(PermissionDenied):
        protest_decide(protest=protest, actor=arbiter, decision="rejected", reason="x")
    with pytest.raises(ServiceError, match="reasons"):
        protest_decide(protest=protest, actor=chief_arbiter, decision="rejected", reason=" ")
    decided_at = over + 10 * MINUTE
    protest_decide(protest=protest, actor=chief_arbiter, decision="rejected",
                   reason="Biên bản có chữ ký hai đấu thủ", now=decided_at)
    with pytest.raises(ServiceError, match="already been decided"):
        protest_decide(protest=protest, actor=organiser, decision="upheld", reason="x")
    # Appealed within the 30 minutes of the decision (the 31st is too late).
    with pytest.raises(ServiceError, match="Too late"):
        protest_appeal(protest=protest, actor=arbiter, text="Xin xét lại",
                       appealed_at=decided_at + 31 * MINUTE, now=decided_at + 40 * MINUTE)
    protest_appeal(protest=protest, actor=arbiter, text="Xin xét lại",
                   appealed_at=decided_at + 30 * MINUTE, now=decided_at + 40 * MINUTE)
    # Only the appeals committee decides the appeal (Art. 19.2).
    for refused in (chief_arbiter, organiser, arbiter):
        with pytest.raises(PermissionDenied):
            appeal_decide(protest=protest, actor=refused, decision="upheld", reason="x")
    appeal_decide(protest=protest, actor=committee, decision="upheld",
                  reason="Đồng hồ hỏng", now=decided_at + 50 * MINUTE)
    protest.refresh_from_db()
    assert (protest.decision, protest.appeal_decision, protest.final_decision,
            protest.appeal_decided_by, protest.appeal_decided_at) == (
        "rejected", "upheld", "upheld", committee, decided_at + 50 * MINUTE)


def test_the_public_sees_decided_protests_about_results_and_the_draw(
        played, chief_arbiter, arbiter):
    result = _file(played, arbiter)
    ruling = _file(played, arbiter, subject="ruling", text="Trọng tài bắt lỗi sai")
    round_ = played["board"].round
    assert round_public_protests(round_) == []  # not decided yet
    for protest in (result, ruling):
        protest_decide(protest=protest, actor=chief_arbiter, decision="rejected", reason="Đúng")
    assert round_public_protests(round_) == [result]
    assert event_protests(played["event"], public_only=True) == [result]
    assert event_protests(played["event"]) == [result, ruling]


def test_a_draft_round_is_not_protested(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    entry = ctx["entries"][0]
    with pytest.raises(ServiceError, match="draft"):
        protest_file(round_=ctx["round1"], actor=chief_arbiter, entry=entry, filer="player",
                     subject="draw", text="Bốc thăm sai")


def test_the_secretary_records_but_does_not_decide(played, organiser, chief_arbiter):
    """Art. 20.1, 20.3 i: the arbiters' secretary keeps the records; decisions are not theirs."""
    secretary = UserFactory(username="thuky")
    role_assign(event=played["event"], actor=organiser, user=secretary, role="secretary")
    protest = _file(played, secretary)
    with pytest.raises(PermissionDenied):
        protest_decide(protest=protest, actor=secretary, decision="upheld", reason="x")
