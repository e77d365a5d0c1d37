"""Background jobs (``services/jobs.py``): no task is sent before the transaction that asked for
it commits, so a rolled-back transaction sends nothing; a job's progress (a pairing's stages)
is written so the pages read it while the work's own transaction runs."""

import ast
import threading
from pathlib import Path

import pytest
from celery.app.task import Task
from django.db import connection, transaction
from django.test import override_settings

from tests.tournaments.builders import swiss_event
from tournaments.models import Job, JobKind, JobStage
from tournaments.services.formats import round_start
from tournaments.services.jobs import Progress, export_start, job_create
from tournaments.services.round_checks import round_check_refresh
from tournaments.services.swiss import swiss_round_pair

APP = Path(__file__).resolve().parents[3] / "tournaments"


class _RolledBack(Exception):
    pass


@pytest.fixture
def sent(monkeypatch):
    """The names of the tasks sent, whichever way (nothing runs)."""
    names = []
    monkeypatch.setattr(Task, "apply_async", lambda task, *a, **k: names.append(task.name))
    return names


def _ask_for_every_kind_of_task(event, organiser, chief, draft):
    round_start(event=event, actor=chief)  # a pairing job: the event is large
    export_start(event=event, actor=organiser, table="players")  # any other job
    round_check_refresh(round_=draft, actor=chief)  # the check of a large event's round


@pytest.mark.django_db
@override_settings(SWISS_ASYNC_MIN_ENTRIES=4)
def test_a_rolled_back_transaction_sends_no_task(make_event, organiser, chief_arbiter, sent,
                                                 django_capture_on_commit_callbacks):
    event = swiss_event(make_event, organiser, 6)
    draft = swiss_round_pair(event=event, actor=chief_arbiter)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(_RolledBack), transaction.atomic():
            _ask_for_every_kind_of_task(event, organiser, chief_arbiter, draft)
            raise _RolledBack
    assert sent == [] and callbacks == []
    assert not Job.objects.exists()


@pytest.mark.django_db
@override_settings(SWISS_ASYNC_MIN_ENTRIES=4)
def test_every_task_is_sent_once_its_transaction_commits(make_event, organiser, chief_arbiter,
                                                         sent,
                                                         django_capture_on_commit_callbacks):
    event = swiss_event(make_event, organiser, 6)
    draft = swiss_round_pair(event=event, actor=chief_arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            _ask_for_every_kind_of_task(event, organiser, chief_arbiter, draft)
        assert sent == []  # a savepoint here: sent when the outermost transaction commits
    assert sent == ["tournaments.tasks.round_pair", "tournaments.tasks.export_build",
                    "tournaments.tasks.round_check"]


def _enclosing_functions(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def test_tasks_are_sent_only_from_on_commit_callbacks():
    """Every call of ``task_send`` is in a function handed to ``transaction.on_commit`` (a
    lambda, or a function named in the call), or in ``services/jobs.py: _send``, which only
    such a function and ``jobs_recover`` (jobs committed earlier, whose task the broker could
    not take) call; nothing else sends a task: a new call site that sends at once fails here."""
    sites = []
    for path in sorted(APP.rglob("*.py")):
        text = path.read_text()
        if "apply_async" in text or ".delay(" in text:
            assert path == APP / "services" / "jobs.py", path  # task_send alone sends
        tree = ast.parse(text)
        parents = _enclosing_functions(tree)
        committed = {arg for call in ast.walk(tree) if isinstance(call, ast.Call)
                     and getattr(call.func, "attr", None) == "on_commit" for arg in call.args}
        named = {arg.id for arg in committed if isinstance(arg, ast.Name)}
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", None) == "task_send"):
                continue
            function = parents[call]
            while not isinstance(function, ast.Lambda | ast.FunctionDef):
                function = parents[function]
            name = getattr(function, "name", None)
            if name == "_send" and path.name == "jobs.py":
                callers = {_caller(parents, c) for c in ast.walk(tree) if isinstance(c, ast.Call)
                           and getattr(c.func, "id", None) == "_send"}
                assert {getattr(f, "name", f) for f in callers - committed} - named == {
                    "jobs_recover"}
            else:
                assert function in committed or name in named, (
                    f"{path.relative_to(APP)}:{call.lineno} sends a task before the commit")
            sites.append(path.name)
    assert sorted(sites) == ["jobs.py", "notifications.py", "round_checks.py"]


def _caller(parents, call: ast.AST) -> ast.AST:
    function = parents[call]
    while not isinstance(function, ast.Lambda | ast.FunctionDef):
        function = parents[function]
    return function


@pytest.mark.django_db
def test_a_new_stage_is_written_at_once_other_progress_at_intervals(organiser):
    job = job_create(kind=JobKind.EXPORT, user=organiser)
    progress = Progress(job.pk, interval=60)
    progress(1, 100)
    progress(2, 100)  # within the interval: not written
    job.refresh_from_db()
    assert (job.done, job.total) == (1, 100)
    progress(1, 4, stage=JobStage.NUMBERS)
    progress(2, 4, stage=JobStage.LOADING)  # a new stage: written whatever the interval
    job.refresh_from_db()
    assert (job.done, job.total, job.stage) == (2, 4, JobStage.LOADING)


def _read_elsewhere(job_id: int) -> tuple:
    """The job as another connection (a page) reads it."""
    seen = []

    def read():
        seen.append(Job.objects.values_list("stage", "done").get(pk=job_id))
        connection.close()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    return seen[0]


@pytest.mark.django_db(transaction=True)
def test_progress_is_seen_while_the_work_s_transaction_runs(organiser):
    """A pairing, an import's writing and a restore report their progress from inside their
    own transaction: on PostgreSQL another connection sees it at once; a row that transaction
    holds is skipped rather than waited for (the transaction waits for the write). SQLite has
    one writer at a time: there the progress shows at the commit."""
    if not connection.features.has_select_for_update_skip_locked:
        pytest.skip("SQLite: one writer at a time, the progress shows at the commit")
    job = job_create(kind=JobKind.PAIRING, user=organiser)
    with transaction.atomic():
        Progress(job.pk)(1, 4, stage=JobStage.NUMBERS)
        assert _read_elsewhere(job.pk) == (JobStage.NUMBERS, 1)
        Job.objects.select_for_update().get(pk=job.pk)
        Progress(job.pk)(2, 4, stage=JobStage.LOADING)  # skipped, not a deadlock
        assert _read_elsewhere(job.pk) == (JobStage.NUMBERS, 1)
