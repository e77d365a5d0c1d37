"""A real Celery worker, on the Redis server of this machine, runs jobs end to end: it builds a
whole-event workbook, and it pairs the next round of a large Swiss event, its stages read by
another connection while the pairing's transaction runs.

The worker and the code that queues the jobs must share a database, so these tests do not use
the test database: they create a throwaway PostgreSQL database, migrate it, start
``celery -A config worker`` with ``CELERY_BROKER_URL`` set, start each job exactly as the pages
do (``services.jobs.export_start``, ``services.formats.round_start``: job row, then the task
after commit), wait for the job, check what it made and drop the database.

They need PostgreSQL and ``redis-server`` (``workers.py``): the broker is a Redis server of the
test's own on a free port (``private_redis``), so no other test run's worker takes these tasks.
"""

import os
import sys
from pathlib import Path

import pytest

from tests.tournaments.builders import open_workbook, sheet_rows
from tests.tournaments.tasks.workers import Worker, database_create, database_drop, scenario

# Run in a `manage.py shell` against the throwaway database, with the broker set: the task goes
# to the worker. Each prints the job as JSON once it has ended.
EXPORT = r"""
import datetime, json, time
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.conf import settings
from django_celery_results.models import TaskResult
from tournaments.models import Job, Player
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_create
from tournaments.services.jobs import export_start
from tournaments.services.results import result_record
from tournaments.services.roundrobin import round_robin_schedule

assert not settings.CELERY_TASK_ALWAYS_EAGER, "the broker must be set"
user = get_user_model().objects.create_user("btc-worker", password="x")
group, _ = Group.objects.get_or_create(name="Organisers")
group.permissions.add(Permission.objects.get(codename="add_event"))
user.groups.add(group)
user = get_user_model().objects.get(pk=user.pk)
event = event_create(actor=user, name="Giải Cờ Tướng thử worker", format="rr",
                     start_date=datetime.date(2026, 11, 20))
names = ["Nguyễn Thị Ánh Tuyết", "Đặng Hữu Trang", "Trần Văn Ninh", "Lại Lý Huynh"]
for i, name in enumerate(names):
    entry_register(event=event, actor=user,
                   player=Player.objects.create(full_name=name, rating=2300 - i))
numbers_draw(event=event, actor=user, method="rating")
for round_ in round_robin_schedule(event=event, actor=user, publish=True):
    for board in round_.boards.exclude(black=None):
        result_record(board=board, result="1-0", actor=user, expected_version=board.version)
job = export_start(event=event, actor=user, table="event", lang="vi")
deadline = time.monotonic() + 90
while time.monotonic() < deadline:
    job.refresh_from_db()
    if job.status in ("done", "failed"):
        break
    time.sleep(0.2)
# The job ends in the task's transaction; the worker records the task's end just after.
while time.monotonic() < deadline:
    task = TaskResult.objects.filter(task_id=job.task_id).first()
    if task is not None and task.status in ("SUCCESS", "FAILURE"):
        break
    time.sleep(0.1)
print("JOB=" + json.dumps({
    "status": job.status, "error": job.error, "done": job.done, "total": job.total,
    "path": job.file.path if job.file else "", "filename": job.filename,
    "task_state": task.status if task else None,
}))
"""

# Another connection holds the event's entries, so the pairing waits inside its transaction just
# after reporting its first stage (numbering the entries comes next): the stage must be read
# then, before anything of the pairing is committed.
PAIRING = r"""
import datetime, json, os, time
import psycopg
from django.conf import settings
from django.contrib.auth import get_user_model
from django_celery_results.models import TaskResult
from tournaments.models import Player, Round
from tournaments.services.entries import entry_register
from tournaments.services.events import event_create
from tournaments.services.formats import round_start

assert not settings.CELERY_TASK_ALWAYS_EAGER, "the broker must be set"
settings.SWISS_ASYNC_MIN_ENTRIES = 20
user = get_user_model().objects.create_user("btc-pairing", password="x", is_superuser=True)
event = event_create(actor=user, name="Giải Thụy Sĩ thử worker", format="swiss", rounds=5,
                     start_date=datetime.date(2026, 11, 20))
for i in range(30):
    entry_register(event=event, actor=user,
                   player=Player.objects.create(full_name=f"Đấu thủ {i + 1}", rating=2300 - i))
holder = psycopg.connect(os.environ["DATABASE_URL"])
holder.execute("SELECT id FROM tournaments_entry WHERE event_id = %s FOR UPDATE", [event.pk])
job = round_start(event=event, actor=user).job
queued = job.status
midway = None
deadline = time.monotonic() + 90
while time.monotonic() < deadline:
    job.refresh_from_db()
    if job.stage:
        midway = {"status": job.status, "stage": job.stage, "done": job.done,
                  "total": job.total, "rounds": Round.objects.filter(event=event).count()}
        break
    time.sleep(0.1)
holder.rollback()
holder.close()
while time.monotonic() < deadline:
    job.refresh_from_db()
    if job.status in ("done", "failed"):
        break
    time.sleep(0.2)
# The job ends in the task's transaction; the worker records the task's end just after.
while time.monotonic() < deadline:
    task = TaskResult.objects.filter(task_id=job.task_id).first()
    if task is not None and task.status in ("SUCCESS", "FAILURE"):
        break
    time.sleep(0.1)
round_1 = Round.objects.filter(event=event, number=1).first()
print("JOB=" + json.dumps({
    "queued": queued, "midway": midway, "status": job.status, "error": job.error,
    "stage": job.stage, "result": job.result, "task_state": task.status if task else None,
    "round": round_1 and {"id": round_1.pk, "boards": round_1.boards.count()},
}))
"""


# Both tests on one xdist worker: the database and the Celery worker are made once.
pytestmark = pytest.mark.xdist_group("real-worker")


@pytest.fixture(scope="module")
def worker(tmp_path_factory, private_redis):
    """A throwaway database, migrated, and a worker on it: the environment to run a scenario
    in (``manage.py shell``)."""
    broker, _ = private_redis
    tmp_path = tmp_path_factory.mktemp("worker")
    database = f"cotuong_worker_test_{os.getpid()}"
    running = None
    try:
        env = database_create(database, broker, tmp_path / "media")
        running = Worker(env, tmp_path / "worker.log", f"test-{database}").start()
        yield {"env": env, "media": tmp_path / "media", "log": running.log}
    finally:
        if running is not None:
            running.stop()
        database_drop(database)


def _scenario(worker, code: str) -> dict:
    return scenario(worker["env"], code)


ON_LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"),
                              reason="runs on Linux (CI) only")


@pytest.mark.services
@ON_LINUX
def test_a_real_worker_completes_an_export(worker):
    job = _scenario(worker, EXPORT)
    assert job["status"] == "done", (job, worker["log"].read_text()[-3000:])
    assert job["task_state"] == "SUCCESS"  # the worker recorded it in the result backend
    assert job["done"] == job["total"] == 9  # progress: players, standings, crosstable, 3 × 2
    path = Path(job["path"])
    assert path.is_relative_to(worker["media"] / "exports")
    wb = open_workbook(path.read_bytes())
    assert wb.sheetnames[:3] == ["Danh sách", "Xếp hạng", "Bảng điểm"]
    standings = sheet_rows(wb["Xếp hạng"])
    # Every game won by White... the table shows the names as typed, and 6 points in all.
    assert {r[2] for r in standings} == {"Nguyễn Thị Ánh Tuyết", "Đặng Hữu Trang",
                                          "Trần Văn Ninh", "Lại Lý Huynh"}
    assert sum(r[5] for r in standings) == 6
    assert "Executing" not in job["error"]


@pytest.mark.services
@ON_LINUX
def test_a_real_worker_pairs_a_large_swiss_round(worker):
    """The pairing job is queued when ``round_start`` answers; while the worker's pairing
    waits inside its transaction (nothing of the round committed), another connection reads
    its first stage; then the round is stored and the job names it."""
    job = _scenario(worker, PAIRING)
    assert job["status"] == "done", (job, worker["log"].read_text()[-3000:])
    assert job["queued"] == "queued"  # sent after the commit: no worker had it yet
    assert job["midway"] == {"status": "running", "stage": "numbers", "done": 1, "total": 4,
                             "rounds": 0}
    assert job["result"] == {"round": 1, "round_id": job["round"]["id"]}
    assert job["round"]["boards"] == 15 and job["stage"] == "storing"
    assert job["task_state"] == "SUCCESS"
