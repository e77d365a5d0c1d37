"""One entry point starts the next round of every format (``services/formats.py``): the
format registry, the right checked once, the round stored whole (boards, match games, default
line-ups) or the background job."""

import re
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied
from django.test import override_settings
from django.utils import translation

from tests.tournaments.builders import roster, swiss_event, team_event
from tournaments.errors import ServiceError
from tournaments.models import Format, Game, JobKind, JobStatus, Round
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.formats import FORMATS, round_start

pytestmark = pytest.mark.django_db


def test_every_format_has_its_flow():
    assert set(FORMATS) == set(Format.values)


def _numbered(make_event, organiser, named_players, n, **statute):
    event = make_event(**statute)
    for player in named_players[:n]:
        entry_register(event=event, actor=organiser, player=player)
    numbers_draw(event=event, actor=organiser, method="rating")
    return event


def test_round_robin_stores_every_round_of_the_berger_table(make_event, organiser,
                                                             chief_arbiter, named_players):
    """Appendix §5: four entries play three rounds of two boards."""
    event = _numbered(make_event, organiser, named_players, 4, format="rr")
    started = round_start(event=event, actor=chief_arbiter)
    assert started.job is None
    assert [r.number for r in started.rounds] == [1, 2, 3]
    assert [r.boards.count() for r in started.rounds] == [2, 2, 2]


def test_two_game_matches_are_stored_with_their_games(make_event, organiser, chief_arbiter,
                                                      named_players):
    """Art. 4.2.2: the first-named entry White in game 1, Black in game 2."""
    event = _numbered(make_event, organiser, named_players, 4, format="rr", games_per_match=2)
    (first, *_rest) = round_start(event=event, actor=chief_arbiter).rounds
    games = Game.objects.filter(board__round=first).order_by("board__number", "number")
    assert [(g.number, g.white_first) for g in games] == [(1, True), (2, False)] * 2


def test_a_knockout_starts_its_bracket_with_the_arbiters_seeding(make_event, organiser,
                                                                 chief_arbiter, named_players):
    event = _numbered(make_event, organiser, named_players, 4, format="ko")
    (round_1,) = round_start(event=event, actor=chief_arbiter, seeding="rating").rounds
    boards = list(round_1.boards.order_by("number"))
    assert [b.match_code for b in boards] == ["A1.1", "A1.2"]
    assert all(b.games.count() == event.games_per_match for b in boards)
    with pytest.raises(ServiceError, match="already drawn"):
        round_start(event=event, actor=chief_arbiter)


def test_the_right_is_checked_once_before_anything_is_stored(make_event, organiser, arbiter,
                                                             named_players):
    """Art. 20: the chief arbiter makes the draw; an arbiter may not."""
    event = _numbered(make_event, organiser, named_players, 4, format="rr")
    with pytest.raises(PermissionDenied):
        round_start(event=event, actor=arbiter)
    assert not Round.objects.filter(event=event).exists()


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_a_large_swiss_is_a_pairing_job_sent_once_committed(
        make_event, organiser, chief_arbiter, monkeypatch, django_capture_on_commit_callbacks):
    """The job row in the caller's transaction, its task (by name, the job's id only) after the
    commit: a worker never looks for a job that is not there yet."""
    event = swiss_event(make_event, organiser, 12)
    sent = []
    monkeypatch.setattr("tournaments.services.jobs.task_send",
                        lambda *, name, args, task_id: sent.append((name, args, task_id)))
    with django_capture_on_commit_callbacks(execute=True):
        with translation.override("vi"):  # the worker answers in the user's language
            started = round_start(event=event, actor=chief_arbiter)
        job = started.job
        assert sent == []  # not before the commit
    assert started.rounds == () and (job.kind, job.status) == (JobKind.PAIRING, JobStatus.QUEUED)
    assert (job.event, job.user, job.params) == (event, chief_arbiter, {"lang": "vi"})
    assert sent == [("tournaments.tasks.round_pair", (job.pk,), job.task_id)]
    assert not Round.objects.filter(event=event).exists()


def test_every_task_a_service_queues_by_name_is_registered_with_celery():
    """Services name the tasks they queue (they never import tasks.py): each name must be one
    Celery knows in the web process."""
    from celery import current_app

    services = Path(__file__).resolve().parents[3] / "tournaments" / "services"
    names = {name for path in services.glob("*.py")
             for name in re.findall(r'"(tournaments\.tasks\.\w+)"', path.read_text())}
    assert {"tournaments.tasks.round_pair", "tournaments.tasks.round_check",
            "tournaments.tasks.export_build", "tournaments.tasks.restore_run"} <= names
    assert names <= set(current_app.tasks)


def test_a_team_round_robin_is_stored_whole_with_its_default_line_ups(make_event, organiser,
                                                                     chief_arbiter):
    """Appendix §4: board k of one team meets board k of the other, the first-named team White
    on odd boards; before any line-up is given, board k is the roster's k-th player."""
    event = team_event(make_event, organiser, chief_arbiter, teams=4, boards=4, schedule=False)
    (round_1, *_later) = round_start(event=event, actor=chief_arbiter).rounds
    match = round_1.boards.order_by("number").first()
    games = list(match.games.order_by("number"))
    first, _reserves = roster(match.white)
    second, _reserves = roster(match.black)
    assert [g.white_first for g in games] == [True, False, True, False]
    assert [g.first_player_id for g in games] == [p.pk for p in first]
    assert [g.second_player_id for g in games] == [p.pk for p in second]
