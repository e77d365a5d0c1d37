"""The embedded default (a SQLite file, ``make serve``): several arbiters entering results at
the same moment all get through. Without ``BEGIN IMMEDIATE`` SQLite refuses at once ("database is
locked") a transaction that read and then wants to write while another one writes."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
import datetime, threading
import django
django.setup()
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import OperationalError, connection
call_command("migrate", verbosity=0)
from tournaments.models import Board, Player
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_create
from tournaments.services.results import result_record
from tournaments.services.roundrobin import round_robin_schedule

user = get_user_model().objects.create(username="btc", is_superuser=True)
event = event_create(actor=user, name="Giải", start_date=datetime.date(2026, 1, 1), format="rr")
for i in range(10):
    entry_register(event=event, actor=user, player=Player.objects.create(full_name=f"P {i}"))
numbers_draw(event=event, actor=user, method="rating")
rounds = round_robin_schedule(event=event, actor=user, publish=True)
boards = [b.pk for r in rounds for b in r.boards.all()]
errors = []

def arbiter(mine):
    for pk in mine:
        for result in ("1-0", "1/2-1/2"):
            try:
                board = Board.objects.get(pk=pk)
                result_record(board=board, result=result, actor=user,
                              expected_version=board.version)
            except OperationalError as error:
                errors.append(str(error))
    connection.close()

threads = [threading.Thread(target=arbiter, args=(boards[k::4],)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(boards), len(errors), sorted(set(errors)))
"""


def test_arbiters_writing_at_once_on_the_embedded_sqlite_file(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL",
                                                            "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(DJANGO_SETTINGS_MODULE="config.settings",
               DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    boards, errors, messages = done.stdout.split(" ", 2)
    assert int(boards) == 45 and int(errors) == 0, messages
