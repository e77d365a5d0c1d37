"""Disqualification as its own act (Art. 15.6, 16.1 d–e, 16.2; services/disqualifications.py):
the chief arbiter decides it with its reason; striking needs the head of the organising
committee's approval and takes effect then; the standings follow (scoring/withdrawals.py)."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import Disqualification, EntryStatus
from tournaments.selectors.standings import event_standings
from tournaments.services.disqualifications import disqualification_approve, entry_disqualify
from tournaments.services.events import role_assign

pytestmark = pytest.mark.django_db
NOW = datetime.datetime(2026, 11, 21, 9, 30, tzinfo=datetime.UTC)


@pytest.fixture
def played(make_event, organiser, chief_arbiter):
    """A 4-player round robin, round 1 played: both White players won."""
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played")


def _winner_and_loser(ctx):
    board = ctx["board"]
    return board.white, board.black


def _points(event):
    table = event_standings(event)
    return {r.entry.pk: r.points for r in table.rows}, [e.pk for e in table.withdrawn]


def test_points_voided_by_the_chief_at_once(played, chief_arbiter):
    winner, loser = _winner_and_loser(played)
    act = entry_disqualify(entry=winner, sanction="voided", reason="  dùng máy tính  ",
                           actor=chief_arbiter, now=NOW)
    act.refresh_from_db()
    winner.refresh_from_db()
    assert (act.reason, act.after_round, act.decided_by, act.decided_at, act.in_force) == (
        "dùng máy tính", 1, chief_arbiter, NOW, True)
    assert (winner.status, winner.withdrawn_after_round) == (EntryStatus.WITHDRAWN, 1)
    points, apart = _points(played["event"])
    # Art. 15.6: the win is voided; the opponent wins it by forfeit (the statute's default).
    assert (points[winner.pk], points[loser.pk], apart) == ("0", "1", [])


def test_struck_takes_effect_at_the_second_approval(played, chief_arbiter, organiser):
    event = played["event"]
    event.voided_games = "cancelled"
    event.save(update_fields=["voided_games"])
    winner, loser = _winner_and_loser(played)
    act = entry_disqualify(entry=winner, sanction="struck", reason="bán độ",
                           actor=chief_arbiter, now=NOW)
    assert not act.in_force
    points, apart = _points(event)
    assert (points[winner.pk], apart) == ("1", [])  # one approval: nothing changes yet
    with pytest.raises(PermissionDenied):  # the chief alone cannot strike
        disqualification_approve(disqualification=act, actor=chief_arbiter)
    disqualification_approve(disqualification=act, actor=organiser, now=NOW)
    act.refresh_from_db()
    assert (act.approved_by, act.approved_at, act.in_force) == (organiser, NOW, True)
    points, apart = _points(event)
    # Struck: not ranked, listed apart; the game cancelled for both sides (the statute's choice).
    assert winner.pk not in points and apart == [winner.pk]
    assert points[loser.pk] == "0"
    with pytest.raises(ServiceError):
        disqualification_approve(disqualification=act, actor=organiser)


def test_two_approvals_are_two_people(played, chief_arbiter, organiser):
    # An organiser who is also the deputy chief arbiter (the chief's rights) still needs a
    # second person (Art. 16.2).
    role_assign(event=played["event"], actor=organiser, user=organiser, role="deputy")
    winner, _loser = _winner_and_loser(played)
    act = entry_disqualify(entry=winner, sanction="struck", reason="x", actor=organiser)
    with pytest.raises(ServiceError):
        disqualification_approve(disqualification=act, actor=organiser)
    act.refresh_from_db()
    assert act.approved_at is None


def test_rights_and_refusals_change_nothing(played, arbiter, organiser, chief_arbiter):
    winner, _loser = _winner_and_loser(played)
    with pytest.raises(PermissionDenied):  # Art. 16.2: the chief arbiter disqualifies
        entry_disqualify(entry=winner, sanction="voided", reason="x", actor=arbiter)
    with pytest.raises(PermissionDenied):
        entry_disqualify(entry=winner, sanction="voided", reason="x", actor=organiser)
    with pytest.raises(ServiceError):
        entry_disqualify(entry=winner, sanction="voided", reason="   ", actor=chief_arbiter)
    with pytest.raises(ServiceError):
        entry_disqualify(entry=winner, sanction="banned", reason="x", actor=chief_arbiter)
    assert not Disqualification.objects.exists()
    winner.refresh_from_db()
    assert winner.status == EntryStatus.ACTIVE
    act = entry_disqualify(entry=winner, sanction="struck", reason="x", actor=chief_arbiter)
    with pytest.raises(PermissionDenied):  # the head of the organising committee approves
        disqualification_approve(disqualification=act, actor=arbiter)
    with pytest.raises(ServiceError):
        entry_disqualify(entry=winner, sanction="voided", reason="y", actor=chief_arbiter)


def test_the_trf_file_writes_the_voided_win_as_the_opponents_forfeit(played, chief_arbiter):
    """Art. 15.6 in the exported TRF: the disqualified White's win of round 1 is written as
    Black's forfeit win (``-`` / ``+``), agreeing with the points column (0 and 1)."""
    from records import Result, trf
    from tournaments.selectors.trf import trf_export

    winner, loser = _winner_and_loser(played)
    entry_disqualify(entry=winner, sanction="voided", reason="dùng máy tính",
                     actor=chief_arbiter, now=NOW)
    document = trf.read(trf_export(played["event"]))
    game = next(p for p in document.tournament.pairings
                if p.round == 1 and {p.first, p.second} == {winner.number, loser.number})
    assert game.white == winner.number and game.result is Result.BLACK_WINS_FORFEIT
    assert (document.totals[winner.number], document.totals[loser.number]) == ("0.0", "1.0")
    assert not [w for w in document.warnings if w.kind == "points"]
