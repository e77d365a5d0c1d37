"""A message delivered by a real Celery worker (``tasks.py: notification_deliver``): queued
after the commit, sent to a real SMTP server (aiosmtpd, on a free loopback port); with the
server stopped, retried by the worker with the doubling delay (``NOTIFICATIONS_RETRY_BACKOFF``
0.2 s here, so 0.2 s then 0.4 s), then failed with the error on its row.

Like the other worker tests (``workers.py``): a throwaway PostgreSQL database, a Redis broker
of the test's own, ``celery -A config worker`` started and stopped by its process id.
"""

import email
import email.policy
import os
import socket
import sys

import pytest
from aiosmtpd.controller import Controller

from tests.tournaments.tasks.workers import Worker, database_create, database_drop, scenario

pytestmark = [pytest.mark.services, pytest.mark.xdist_group("mail-worker"),
              pytest.mark.skipif(not sys.platform.startswith("linux"),
                                 reason="runs on Linux (CI) only")]

SEND = r"""
import json, time
from django.conf import settings
from django.db import transaction
from tournaments.models import Notification
from tournaments.services.notifications import notification_send

assert not settings.CELERY_TASK_ALWAYS_EAGER, "the broker must be set"
with transaction.atomic():
    row, = notification_send(event=None, kind="staff_invited", email="trongtai@example.vn",
                             subject="Mời làm trọng tài", body="Giải Mở rộng 2026")
    queued = Notification.objects.get(pk=row.pk).status
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    row.refresh_from_db()
    if row.status in ("sent", "failed"):
        break
    time.sleep(0.1)
print("JOB=" + json.dumps({"queued": queued, "status": row.status, "attempts": row.attempts,
                           "error": row.last_error, "sent": bool(row.sent_at)}))
"""


class Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook)
        self.messages.append(email.message_from_bytes(envelope.content,
                                                      policy=email.policy.default))
        return "250 OK"


@pytest.fixture(scope="module")
def mail_worker(tmp_path_factory, private_redis):
    broker, _ = private_redis
    tmp_path = tmp_path_factory.mktemp("mail-worker")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    database = f"cotuong_mail_worker_{os.getpid()}"
    running = None
    servers = {"smtp": smtp}
    try:
        env = database_create(
            database, broker, tmp_path / "media",
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
            EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(port), EMAIL_TIMEOUT="5",
            NOTIFICATIONS_MAX_RETRIES="2", NOTIFICATIONS_RETRY_BACKOFF="0.2")
        running = Worker(env, tmp_path / "worker.log", f"mail-{database}").start()
        servers = {"smtp": smtp, "new": lambda: Controller(inbox, hostname="127.0.0.1",
                                                           port=port)}
        yield {"env": env, "inbox": inbox, "servers": servers, "log": running.log}
    finally:
        if running is not None:
            running.stop()
        servers["smtp"].stop()
        database_drop(database)


def test_the_worker_sends_the_message_after_the_commit(mail_worker):
    row = scenario(mail_worker["env"], SEND)
    assert row["queued"] == "queued"  # sent after the commit: the worker had nothing yet
    assert (row["status"], row["attempts"], row["sent"]) == ("sent", 1, True), \
        mail_worker["log"].read_text()[-3000:]
    message, = mail_worker["inbox"].messages
    assert message["To"] == "trongtai@example.vn"
    assert message["Subject"].strip() == "Mời làm trọng tài"
    assert "Giải Mở rộng 2026" in message.get_body(("plain",)).get_content()


def test_with_the_smtp_server_down_the_worker_retries_then_fails_the_row(mail_worker):
    servers = mail_worker["servers"]
    servers["smtp"].stop()
    try:
        row = scenario(mail_worker["env"], SEND)
    finally:  # a stopped server's loop is closed: a new one on the same port
        servers["smtp"] = servers["new"]()
        servers["smtp"].start()
    log = mail_worker["log"].read_text()
    assert (row["status"], row["attempts"], row["sent"]) == ("failed", 3, False), log[-3000:]
    assert row["error"].startswith("ConnectionRefusedError")
    # The worker's own retries, with the doubling delay.
    assert "Retry in 0.2s" in log and "Retry in 0.4s" in log
