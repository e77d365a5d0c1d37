"""Penalties recorded during play (chapter 5, Art. 22–24; services/fouls.py) and the fewer-fouls
tie-break (FOUL) fed from them (adapters/events.py: foul_counts)."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import Foul
from tournaments.selectors.fouls import board_fouls, event_fouls, round_fouls
from tournaments.selectors.standings import event_standings
from tournaments.services.fouls import foul_record, foul_remove

pytestmark = pytest.mark.django_db
NOW = datetime.datetime(2026, 11, 21, 9, 30, tzinfo=datetime.UTC)


@pytest.fixture
def played(make_event, organiser, chief_arbiter):
    """A 4-player round robin, round 1 played: both White players won (1 point each)."""
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played",
                       tiebreaks=["FOUL"])


def _boards(ctx):
    return list(ctx["round1"].boards.order_by("number"))


def test_chapter_5_penalty_kept_with_article_who_and_when(played, arbiter):
    board = _boards(played)[0]
    foul = foul_record(event=played["event"], board=board, entry_id=board.black_id,
                       kind="time", article="23.3", note="  đuổi bắt mãi Xe  ",
                       actor=arbiter, now=NOW)
    foul.refresh_from_db()
    assert (foul.entry_id, foul.kind, foul.article, foul.note) == (
        board.black_id, "time", "23.3", "đuổi bắt mãi Xe")
    assert (foul.recorded_by, foul.recorded_at) == (arbiter, NOW)
    assert board_fouls(board) == [foul] == round_fouls(played["round1"])
    assert foul.get_article_display() == "Art. 23 point 3: perpetual chase of one piece"


def test_a_penalty_on_a_game_of_another_event_is_refused(played, make_event, organiser,
                                                         chief_arbiter, arbiter):
    other = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    board = other["board"]
    with pytest.raises(ServiceError, match="is not a board of"):
        foul_record(event=played["event"], board=board, entry_id=board.white_id,
                    kind="warning", article="23.1", actor=arbiter)
    assert not Foul.objects.exists()


@pytest.mark.parametrize("who", ["organiser", "stranger"])
def test_art_20_only_arbiters_record_penalties(played, who, organiser, stranger):
    board = _boards(played)[0]
    actor = {"organiser": organiser, "stranger": stranger}[who]
    with pytest.raises(PermissionDenied):
        foul_record(event=played["event"], board=board, entry_id=board.white_id,
                    kind="warning", article="23.1", actor=actor)
    assert not Foul.objects.exists()


@pytest.mark.parametrize(("change", "message"), [
    ({"entry_id": 0}, "must be one of the two"),
    ({"kind": "fine"}, "Unknown penalty"),
    ({"article": "7.1"}, "article that was applied"),
    ({"note": "x" * 301}, "too long"),
])
def test_bad_penalty_is_refused_and_nothing_written(played, chief_arbiter, change, message):
    board = _boards(played)[0]
    args = {"entry_id": board.white_id, "kind": "warning", "article": "23.1", **change}
    with pytest.raises(ServiceError, match=message):
        foul_record(event=played["event"], board=board, actor=chief_arbiter, **args)
    assert not Foul.objects.exists()


def test_no_penalty_in_a_draft_round(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    board = ctx["round1"].boards.filter(black__isnull=False).first()
    with pytest.raises(ServiceError, match="draft"):
        foul_record(event=ctx["event"], board=board, entry_id=board.white_id, kind="warning",
                    article="23.1", actor=chief_arbiter)


def test_penalty_removed_by_an_arbiter_only(played, arbiter, organiser):
    board = _boards(played)[0]
    foul = foul_record(event=played["event"], board=board, entry_id=board.white_id,
                       kind="warning", article="22", actor=arbiter)
    with pytest.raises(PermissionDenied):
        foul_remove(event=played["event"], foul=foul, actor=organiser)
    foul_remove(event=played["event"], foul=foul, actor=arbiter)
    assert event_fouls(played["event"], staff=True) == []


def _first(ctx):
    rows = event_standings(ctx["event"]).rows
    return [(r.rank, r.entry.pk) for r in rows[:2]]


def test_foul_fewer_fouls_ranks_higher(played, arbiter):
    """Both winners of round 1 have 1 point; a loss by rule recorded against the winner of board
    1 puts the winner of board 2 first (CXA 2011 art. 14: fewer fouls)."""
    one, two = _boards(played)
    assert [rank for rank, _entry in _first(played)] == [1, 1]
    foul_record(event=played["event"], board=one, entry_id=one.white_id, kind="loss",
                article="23.1", actor=arbiter)
    assert _first(played) == [(1, two.white_id), (2, one.white_id)]
    row = event_standings(played["event"]).rows[1]
    assert row.values == ("1",)  # one foul shown in the FOUL column


def test_foul_counts_only_the_kinds_the_statute_names(played, arbiter):
    """Statute ``foul_kinds`` = losses by rule: a warning does not count, a loss does."""
    event = played["event"]
    event.foul_kinds = ["loss"]
    event.save(update_fields=["foul_kinds"])
    one, two = _boards(played)
    foul_record(event=event, board=one, entry_id=one.white_id, kind="warning", article="23.1",
                actor=arbiter)
    assert [rank for rank, _entry in _first(played)] == [1, 1]
    foul_record(event=event, board=two, entry_id=two.white_id, kind="loss", article="23.3",
                actor=arbiter)
    assert _first(played) == [(1, one.white_id), (2, two.white_id)]


def test_trf_ranks_are_the_pages_ranks(played, arbiter):
    """The TRF file's ranks (001 lines) count the penalties as the standings do."""
    from records import trf
    from tournaments.selectors.trf import trf_export

    one, two = _boards(played)
    foul_record(event=played["event"], board=one, entry_id=one.white_id, kind="loss",
                article="23.1", actor=arbiter)
    ranks = trf.read(trf_export(played["event"])).ranks
    assert (ranks[two.white.number], ranks[one.white.number]) == (1, 2)
