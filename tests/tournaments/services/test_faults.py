"""The fault register (models/fouls.py, services/fouls.py): technical faults (Art. 9, 11.3 b,
16.3), conduct faults (Art. 15.7 b) and chapter 5's rulings, each with its article; the third
technical or conduct fault in a game is a loss to confirm (Art. 7.1 n), recorded in one tap
through the results service; in rapid and blitz each technical fault gives the opponent 2 or
1 minutes (the law's provisional rules, point 5)."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import Foul, FoulCategory, fault_consequence
from tournaments.selectors.fouls import faults_losing
from tournaments.services.fouls import foul_loss_confirm, foul_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(make_event, organiser, chief_arbiter):
    """A 4-player round robin, round 1 published, no result yet."""
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published")


def _fault(ctx, arbiter, article, entry_id=None):
    board = ctx["board"]
    return foul_record(event=ctx["event"], board=board, entry_id=entry_id or board.black_id,
                       kind="warning", article=article, actor=arbiter)


def test_each_fault_has_its_category_and_article(published, arbiter):
    touch = _fault(published, arbiter, "9")
    conduct = _fault(published, arbiter, "15.7b")
    chase = _fault(published, arbiter, "23.3")
    assert (touch.category, conduct.category, chase.category) == (
        FoulCategory.TECHNICAL, FoulCategory.CONDUCT, FoulCategory.CHAPTER_5)
    assert touch.get_article_display().startswith("Art. 9")
    # A regular game (90 minutes each): no minutes for the opponent.
    assert touch.opponent_minutes == 0


def test_the_third_technical_fault_is_a_loss_to_confirm(published, arbiter):
    board = published["board"]
    _fault(published, arbiter, "9")
    _fault(published, arbiter, "11.3b")
    _fault(published, arbiter, "15.7b")  # a conduct fault: another count
    _fault(published, arbiter, "23.1")   # chapter 5: not counted
    assert faults_losing(Foul.objects.all(), pace="standard") == set()
    with pytest.raises(ServiceError):
        foul_loss_confirm(event=published["event"], board=board, entry_id=board.black_id,
                          actor=arbiter)
    _fault(published, arbiter, "16.3")  # the third technical fault of Black in the game
    assert faults_losing(Foul.objects.all(), pace="standard") == {(board.black_id, None)}
    foul_loss_confirm(event=published["event"], board=board, entry_id=board.black_id,
                      actor=arbiter)
    board.refresh_from_db()
    assert board.result == "1-0"  # Black loses by rule


def test_the_organiser_cannot_confirm(published, arbiter, organiser):
    board = published["board"]
    for article in ("9", "9", "9"):
        _fault(published, arbiter, article)
    with pytest.raises(PermissionDenied):
        foul_loss_confirm(event=published["event"], board=board, entry_id=board.black_id,
                          actor=organiser)
    board.refresh_from_db()
    assert board.result == ""


@pytest.mark.parametrize(("pace", "minutes", "added"),
                         [("rapid", 25, 2), ("blitz", 5, 1), ("standard", 90, 0)])
def test_rapid_and_blitz_add_minutes_per_technical_fault(make_event, organiser,
                                                         chief_arbiter, arbiter, pace, minutes,
                                                         added):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                      time_base_minutes=minutes, pace=pace)
    assert _fault(ctx, arbiter, "16.3").opponent_minutes == added
    assert _fault(ctx, arbiter, "15.7b").opponent_minutes == 0  # conduct: no minutes


@pytest.fixture
def rapid(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                       time_base_minutes=25, pace="rapid")


def test_rapid_point_10_a_conduct_fault_loses_at_once(rapid, arbiter):
    board = rapid["board"]
    _fault(rapid, arbiter, "15.7b")
    assert faults_losing(Foul.objects.all(), pace="rapid") == {(board.black_id, None)}
    # The same fault in standard play is the first of three (Art. 7.1 n).
    assert faults_losing(Foul.objects.all(), pace="standard") == set()
    foul_loss_confirm(event=rapid["event"], board=board, entry_id=board.black_id,
                      actor=arbiter)
    board.refresh_from_db()
    assert board.result == "1-0"


def test_rapid_point_4_2_an_illegal_move_claimed_wins(rapid, arbiter):
    board = rapid["board"]
    claimed = _fault(rapid, arbiter, "rb4")
    assert claimed.opponent_minutes == 0  # not a technical fault's minutes: the game is over
    assert faults_losing(Foul.objects.all(), pace="rapid") == {(board.black_id, None)}


def test_rapid_point_5_three_technical_faults_lose(rapid, arbiter):
    board = rapid["board"]
    _fault(rapid, arbiter, "9")
    _fault(rapid, arbiter, "11.3b")
    assert faults_losing(Foul.objects.all(), pace="rapid") == set()
    _fault(rapid, arbiter, "16.3")
    assert faults_losing(Foul.objects.all(), pace="rapid") == {(board.black_id, None)}


def test_a_claimed_illegal_move_is_refused_in_standard_play(published, arbiter):
    with pytest.raises(ServiceError, match="4.2"):
        _fault(published, arbiter, "rb4")
    assert not Foul.objects.exists()


@pytest.mark.parametrize(("article", "pace", "words"), [
    ("9", "standard", "Art. 7.1 n"), ("9", "rapid", "2 minutes"), ("9", "blitz", "1 minutes"),
    ("15.7b", "blitz", "point 10"), ("rb4", "rapid", "point 4.2"), ("23.1", "rapid", "")])
def test_each_fault_says_its_consequence(article, pace, words):
    text = fault_consequence(article, pace)
    assert words in text and bool(text) == bool(words)
