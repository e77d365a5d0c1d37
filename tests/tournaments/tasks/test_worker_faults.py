"""Faults under real workers (``services/jobs.py``, ``tasks.py``): the broker stopped while a job
is made, a worker killed (SIGKILL) in the middle of a pairing, a running pairing cancelled.

Everything is real: a throwaway PostgreSQL database, a Redis broker of the test's own, stopped
and started again on its port, a ``celery worker`` process killed by its id; the jobs are made
as the pages make them (``round_start``, ``export_start``) and read as the user reads them (the
job's page, the API). What each test asserts is what the user sees and what the database holds.
Two workers share the queue, so one is left when the other is killed. A worker's heartbeat is
1 s and a job is stale after 2 s (10 s and 60 s in production).
"""

import json
import os
import sys

import pytest

from tests.conftest import RedisServer
from tests.tournaments.tasks.workers import (
    Worker,
    database_create,
    database_drop,
    scenario,
)

pytestmark = [pytest.mark.services, pytest.mark.xdist_group("worker-faults"),
              pytest.mark.skipif(not sys.platform.startswith("linux"),
                                 reason="runs on Linux (CI) only")]

# A superuser and a public Swiss event of 30 players, large enough to be paired by a worker.
SWISS = r"""
import datetime, json, os, time
import psycopg
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django_celery_results.models import TaskResult
from tournaments.models import Entry, Job, Player, Round
from tournaments.services.entries import entry_register
from tournaments.services.events import event_create
from tournaments.services.formats import round_start

assert not settings.CELERY_TASK_ALWAYS_EAGER, "the broker must be set"
settings.SWISS_ASYNC_MIN_ENTRIES = 20
user = get_user_model().objects.create_user(os.environ["ACTOR"], password="x",
                                            is_superuser=True)
event = event_create(actor=user, name="Giải Thụy Sĩ " + os.environ["ACTOR"], format="swiss",
                     rounds=5, start_date=datetime.date(2026, 11, 20))
for i in range(30):
    entry_register(event=event, actor=user,
                   player=Player.objects.create(full_name=f"Đấu thủ {i + 1}", rating=2300 - i))
browser = Client(HTTP_HOST="localhost")
browser.force_login(user)


def pairing_held():
    # Another connection holds the entries: the pairing reports its first stage, then waits
    # inside its transaction (nothing of the round committed) until the holder lets go.
    holder = psycopg.connect(os.environ["DATABASE_URL"])
    holder.execute("SELECT id FROM tournaments_entry WHERE event_id = %s FOR UPDATE",
                   [event.pk])
    job = round_start(event=event, actor=user).job
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not job.stage:
        time.sleep(0.1)
        job.refresh_from_db()
    assert job.stage == "numbers" and job.status == "running", (job.status, job.stage)
    return holder, job


def stored():
    return {"rounds": Round.objects.filter(event=event).count(),
            "numbered": Entry.objects.filter(event=event, number__isnull=False).count()}
"""

KILLED = SWISS + r"""
import signal
from tournaments.services.jobs import jobs_recover
holder, job = pairing_held()
# Longer than a heartbeat goes stale: the worker is alive, blocked in a step, and beating.
time.sleep(settings.JOB_STALE_SECONDS + 1.5)
recovered = jobs_recover()
job.refresh_from_db()
alive = {"status": job.status, "attempts": job.attempts, "recovered": recovered}
# The worker that runs it (its name, as the result backend recorded it): killed.
runner = TaskResult.objects.get(task_id=job.task_id).worker.split("@")[0]
os.kill(json.loads(os.environ["WORKERS"])[runner], signal.SIGKILL)
holder.rollback()
holder.close()
time.sleep(settings.JOB_STALE_SECONDS + 1)
job.refresh_from_db()
print("JOB=" + json.dumps({"job": job.pk, "alive": alive, "status": job.status, "killed": runner,
                           "attempts": job.attempts, **stored()}))
"""

RECOVERED = r"""
import json, os, time
from django.contrib.auth import get_user_model
from django.test import Client
from tournaments.models import Job, Round

job = Job.objects.get(pk=int(os.environ["JOB_ID"]))
browser = Client(HTTP_HOST="localhost")
browser.force_login(job.user)
page = browser.get(f"/manage/jobs/{job.pk}/")  # read by the arbiter who waits for it
seen = Job.objects.get(pk=job.pk)
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    job.refresh_from_db()
    if job.status in ("done", "failed"):
        break
    time.sleep(0.2)
rounds = Round.objects.filter(event=job.event)
print("JOB=" + json.dumps({
    "page": page.status_code, "seen": {"status": seen.status, "attempts": seen.attempts},
    "status": job.status, "error": job.error, "attempts": job.attempts, "result": job.result,
    "rounds": [[r.number, r.pk, r.boards.count()] for r in rounds]}))
"""

CANCELLED = SWISS + r"""
holder, job = pairing_held()
answer = browser.post(f"/api/jobs/{job.pk}/cancel/")
holder.rollback()
holder.close()
deadline = time.monotonic() + 60
task = None
while time.monotonic() < deadline:
    task = TaskResult.objects.filter(task_id=job.task_id, status="SUCCESS").first()
    if task:
        break
    time.sleep(0.2)
job.refresh_from_db()
page = browser.get(f"/manage/jobs/{job.pk}/").content.decode()
print("JOB=" + json.dumps({"answer": answer.status_code, "answered": answer.json()["status"],
                           "status": job.status, "task": task.status if task else None,
                           "page_says": 'data-status="cancelled"' in page, **stored()}))
"""

BROKER_DOWN = r"""
import datetime, json, os
from django.conf import settings
from django.contrib.auth import get_user_model
from tournaments.models import Event, Player
from tournaments.services.entries import entry_register
from tournaments.services.events import event_create
from tournaments.services.jobs import export_start

assert not settings.CELERY_TASK_ALWAYS_EAGER, "the broker must be set"
user = get_user_model().objects.create_user("btc-broker", password="x", is_superuser=True)
event = event_create(actor=user, name="Giải khi hàng đợi vắng", format="rr",
                     start_date=datetime.date(2026, 11, 20))
for name in ["Nguyễn Thị Ánh Tuyết", "Đặng Hữu Trang", "Trần Văn Ninh", "Lại Lý Huynh"]:
    entry_register(event=event, actor=user, player=Player.objects.create(full_name=name))
import time
began = time.monotonic()
job = export_start(event=event, actor=user, table="players", lang="vi")
seconds = time.monotonic() - began
job.refresh_from_db()
print("JOB=" + json.dumps({"job": job.pk, "status": job.status, "seconds": seconds,
                           "dispatched": job.dispatched_at is not None,
                           "entries": event.entries.count()}))
"""

BROKER_BACK = r"""
import json, os, time
from django.test import Client
from tournaments.models import Job

job = Job.objects.get(pk=int(os.environ["JOB_ID"]))
time.sleep(max(0.0, 5.5 - (time.time() - job.created_at.timestamp())))  # the dispatch grace
browser = Client(HTTP_HOST="localhost")
browser.force_login(job.user)
seen = browser.get(f"/api/jobs/{job.pk}/").json()  # the API reads it, and sends it
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    job.refresh_from_db()
    if job.status in ("done", "failed"):
        break
    time.sleep(0.2)
print("JOB=" + json.dumps({"seen": seen["dispatched"], "status": job.status,
                           "error": job.error, "file": bool(job.file)}))
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A broker, a throwaway database and two workers on it; the tests stop and start them."""
    folder = tmp_path_factory.mktemp("faults")
    broker = RedisServer(folder)
    database = f"cotuong_faults_test_{os.getpid()}"
    workers = []
    try:
        env = database_create(database, broker.url, folder / "media", JOB_HEARTBEAT_SECONDS="1",
                              JOB_STALE_SECONDS="2")
        workers = [Worker(env, folder / f"worker-{n}.log", f"faults-{n}-{database}").spawn()
                   for n in "ab"]
        for worker in workers:
            worker.ready()
        yield {"env": env, "broker": broker, "workers": workers}
    finally:
        for worker in workers:
            worker.stop()
        broker.stop()
        database_drop(database)


def _logs(site) -> str:
    return "\n".join(worker.tail() for worker in site["workers"])


def test_the_broker_stopped_a_job_is_stored_waiting_and_sent_when_it_returns(site):
    broker = site["broker"]
    broker.kill()
    made = scenario(site["env"], BROKER_DOWN)
    # The write is stored, the job waits, not dispatched (the page says so).
    assert made["entries"] == 4 and made["status"] == "queued" and not made["dispatched"]
    assert made["seconds"] < 5  # the refused send costs the request about a second, no more
    print(f"export_start with the broker down: {made['seconds']:.2f} s")
    broker.start()
    back = scenario(site["env"], BROKER_BACK, JOB_ID=str(made["job"]))
    assert back["seen"] is True
    assert back["status"] == "done" and back["file"], (back, _logs(site))


def test_a_worker_killed_mid_pairing_the_job_is_run_again_and_stores_one_round(site):
    workers = {worker.name: worker for worker in site["workers"]}
    killed = scenario(site["env"], KILLED, ACTOR="btc-killed", WORKERS=json.dumps(
        {name: worker.process.pid for name, worker in workers.items()}))
    workers[killed["killed"]].process.wait()
    # Alive and blocked in a long step, its heartbeat kept it running; killed, nothing of the
    # round was stored and the job is still "running" until someone looks.
    assert killed["alive"] == {"status": "running", "attempts": 1,
                               "recovered": {"sent": 0, "retried": 0, "failed": 0}}
    assert killed["status"] == "running" and killed["rounds"] == 0 and killed["numbered"] == 0
    # The other worker takes it again once the arbiter's page has read it.
    recovered = scenario(site["env"], RECOVERED, JOB_ID=str(killed["job"]))
    assert recovered["page"] == 200
    # Reading the job's page dealt with it: queued again (or already taken by the new worker).
    assert recovered["seen"] != {"status": "running", "attempts": 1}
    assert recovered["status"] == "done", (recovered, _logs(site))
    assert recovered["attempts"] == 2
    (number, pk, boards), = recovered["rounds"]  # one round, stored once
    assert (number, boards) == (1, 15) and recovered["result"] == {"round": 1, "round_id": pk}


def test_a_running_pairing_cancelled_stops_at_its_next_step_and_stores_nothing(site):
    done = scenario(site["env"], CANCELLED, ACTOR="btc-cancel")
    assert done["answer"] == 200 and done["answered"] == "cancelled"
    assert done["task"] == "SUCCESS", (done, _logs(site))  # the worker went on
    assert done["status"] == "cancelled" and done["page_says"]
    assert done["rounds"] == 0 and done["numbered"] == 0  # the numbering rolled back too
