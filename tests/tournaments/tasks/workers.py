"""Real Celery workers for the tests that need one: a throwaway PostgreSQL database, migrated,
shared by the worker and the ``manage.py shell`` scenarios that queue the jobs; a worker
started (and killed) by its process id; a Redis broker that can be stopped and started again on
its port.

They need PostgreSQL on 127.0.0.1:5432 (user postgres, trust), which CI starts
(``.ci/services``), and ``redis-server``. If either is missing the tests fail, they do not skip.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PG = "postgres://postgres@127.0.0.1:5432"


def manage(env, *args, timeout=180):
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def admin_sql(sql: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def database_create(name: str, broker: str, media: Path, **extra) -> dict:
    """A new database, migrated; returns the environment of the processes that use it."""
    admin_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    admin_sql(f'CREATE DATABASE "{name}"')
    env = {k: v for k, v in os.environ.items()
           if k not in {"DATABASE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND",
                        "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(DATABASE_URL=f"{PG}/{name}", CELERY_BROKER_URL=broker, MEDIA_ROOT=str(media),
               DJANGO_SETTINGS_MODULE="config.settings", **extra)
    manage(env, "migrate", "--noinput")
    return env


def database_drop(name: str) -> None:
    admin_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Worker:
    """``celery -A config worker`` (one process: ``--pool solo``) on the environment's broker
    and database, logging to ``log``."""

    def __init__(self, env: dict, log: Path, name: str):
        self.env, self.log, self.name = env, log, name
        self.process = None

    def start(self) -> "Worker":
        """Start it and wait until it is ready; it purges its queue as it starts (``--purge``):
        queue nothing before."""
        return self.spawn().ready()

    def spawn(self) -> "Worker":
        self._ready_before = self.log.read_text().count(" ready.") if self.log.exists() else 0
        with open(self.log, "a") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo",
                 "--loglevel", "info", "--purge", "--without-gossip", "--without-mingle",
                 "--without-heartbeat", "--hostname", f"{self.name}@%h"],
                cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        return self

    def ready(self) -> "Worker":
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the worker stopped:\n{self.tail()}"
            if self.log.read_text().count(" ready.") > self._ready_before:
                return self
            time.sleep(0.2)
        raise AssertionError(f"the worker did not start:\n{self.tail()}")

    def tail(self) -> str:
        return self.log.read_text()[-3000:]

    def kill(self) -> None:
        """SIGKILL: no warm shutdown, nothing acknowledged or given back."""
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()




def scenario(env: dict, code: str, **extra) -> dict:
    """Run ``code`` in ``manage.py shell`` on the environment; it prints ``JOB=<json>``."""
    out = manage({**env, **extra}, "shell", "-c", code)
    return json.loads(next(line for line in out.splitlines() if line.startswith("JOB="))[4:])
