"""Messages to the players, delivered for real: e-mail to an SMTP server (aiosmtpd) and Web
Push to a push endpoint, both started here on a free loopback port, which read what arrives as
a mail program and a browser would (the push payload decrypted with the subscription's private
key, RFC 8291 aes128gcm; its VAPID signature checked, RFC 8292)."""

import base64
import datetime
import email
import email.policy
import json
import os
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tests.tournaments.builders import PlayerFactory, client_for
from tournaments.models import (
    Notification,
    NotificationKind,
    NotificationStatus,
    PushSubscription,
    Round,
    Unsubscribe,
    subscriber_key_of,
)
from tournaments.services.notifications import (
    notification_send,
    push_subscription_add,
)
from tournaments.services.rounds import round_publish

pytestmark = pytest.mark.django_db


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    """What the SMTP server received, as parsed messages."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook)
        self.messages.append(email.message_from_bytes(envelope.content,
                                                      policy=email.policy.default))
        return "250 OK"

    def to(self, address):
        return [m for m in self.messages if m["To"] == address]


@pytest.fixture
def smtp(settings):
    """A real SMTP server on a free loopback port, the mail settings pointing at it."""
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.SITE_URL = "https://giai.example"
    yield inbox
    controller.stop()


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def publish(event, number, chief, django_capture_on_commit_callbacks):
    round_ = Round.objects.get(event=event, number=number)
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(round_=round_, actor=chief)
    return round_


def test_art_20_a_published_round_mails_each_player_board_opponent_colour_time_place(
        swiss_event, chief_arbiter, smtp, django_capture_on_commit_callbacks):
    """Round 3 of the six-player Swiss (conftest: ``swiss_event``) pairs, by rating, 2350 v 2300
    on board 1, 2250 v 2200 on board 2, 2150 v 2100 on board 3. Ánh Tuyết (2350) and Ngọc
    Hương (2100) gave an address; the others get nothing."""
    entries = {e.player.full_name: e for e in swiss_event.entries.select_related("player")}
    for name, address in (("Nguyễn Thị Ánh Tuyết", "tuyet@example.vn"),
                          ("Phạm Thị Ngọc Hương", "huong@example.vn")):
        entries[name].player.email = address
        entries[name].player.save()
    Round.objects.filter(event=swiss_event, number=3).update(
        scheduled_at=timezone.make_aware(datetime.datetime(2026, 11, 22, 14, 0)))

    publish(swiss_event, 3, chief_arbiter, django_capture_on_commit_callbacks)

    assert len(smtp.messages) == 2
    tuyet, = smtp.to("tuyet@example.vn")
    text = text_of(tuyet)
    assert tuyet["Subject"].strip() == ("Giải Cờ Tướng Hà Nội Mở rộng 2026, vòng 3: bàn 1 · "
                                "Giải Cờ Tướng Hà Nội Mở rộng 2026, round 3: board 1")
    for line in ("Bàn: 1", "Đối thủ: Đặng Hữu Trang", "Màu quân: Trắng",
                 "Bắt đầu: 14:00, ngày 22 tháng 11 năm 2026",
                 "Địa điểm: Cung Văn hóa Hữu nghị",
                 "Board: 1", "Opponent: Đặng Hữu Trang", "Your colour: White",
                 "Starts: 22 November 2026, 14:00", "Place: Cung Văn hóa Hữu nghị",
                 f"https://giai.example/events/{swiss_event.slug}/rounds/3/"):
        assert line in text, line
    huong, = smtp.to("huong@example.vn")
    text = text_of(huong)
    assert "Đối thủ: Võ Minh Nhất" in text and "Màu quân: Đen" in text
    assert "Bàn: 3" in text and "Your colour: Black" in text
    # Every message carries its unsubscribe link, in the text and for the mail program.
    link = huong["List-Unsubscribe"].strip().strip("<>")
    assert link.startswith("https://giai.example/unsubscribe/") and link in text
    assert huong["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    rows = Notification.objects.filter(event=swiss_event)
    assert sorted(rows.values_list("recipient", "status", "attempts", "kind")) == [
        ("huong@example.vn", "sent", 1, "round_published"),
        ("tuyet@example.vn", "sent", 1, "round_published")]
    assert all(r.sent_at for r in rows)


def test_nothing_is_sent_before_the_commit_nor_after_a_rollback(
        swiss_event, chief_arbiter, smtp, django_capture_on_commit_callbacks):
    """The rows are written with the publication; the mail leaves once it commits, and a
    publication rolled back leaves neither a row nor a mail."""
    player = swiss_event.entries.order_by("number").first().player
    player.email = "first@example.vn"
    player.save()
    round_ = Round.objects.get(event=swiss_event, number=3)
    with pytest.raises(RuntimeError), django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            round_publish(round_=round_, actor=chief_arbiter)
            assert Notification.objects.count() == 1
            raise RuntimeError("the publication fails after the notice was stored")
    assert not Notification.objects.exists() and smtp.messages == []
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        round_publish(round_=round_, actor=chief_arbiter)
    assert smtp.messages == [] and len(callbacks) >= 1
    assert Notification.objects.get().status == NotificationStatus.QUEUED
    for callback in callbacks:
        callback()
    assert len(smtp.to("first@example.vn")) == 1


def test_the_21st_message_in_an_hour_to_one_address_is_held_back(
        swiss_event, smtp, settings, django_capture_on_commit_callbacks):
    """NOTIFICATIONS_PER_RECIPIENT_PER_HOUR (20): 20 sent, the 21st stored held back; another
    address, and the same address an hour later, are not held back."""
    assert settings.NOTIFICATIONS_PER_RECIPIENT_PER_HOUR == 20

    def send(address, n):
        with django_capture_on_commit_callbacks(execute=True):
            return notification_send(event=swiss_event, kind=NotificationKind.REQUEST_DECIDED,
                                     email=address, subject=f"Tin {n}", body=f"Nội dung {n}")

    rows = [send("many@example.vn", n)[0] for n in range(1, 22)]
    assert [r.status for r in rows[:20]] == ["queued"] * 20
    assert rows[20].status == NotificationStatus.SUPPRESSED_LIMIT
    assert len(smtp.to("many@example.vn")) == 20
    assert Notification.objects.filter(recipient="many@example.vn", status="sent").count() == 20
    assert send("other@example.vn", 1)[0].status == NotificationStatus.QUEUED
    # An hour later the first ones no longer count.
    Notification.objects.filter(recipient="many@example.vn").update(
        created_at=timezone.now() - datetime.timedelta(hours=1, seconds=1))
    assert send("many@example.vn", 22)[0].status == NotificationStatus.QUEUED
    assert len(smtp.to("many@example.vn")) == 21


def test_the_unsubscribe_link_stops_the_next_message(
        swiss_event, smtp, django_capture_on_commit_callbacks):
    def send():
        with django_capture_on_commit_callbacks(execute=True):
            return notification_send(event=swiss_event, kind=NotificationKind.ROUND_PUBLISHED,
                                     email="stop@example.vn", subject="Ván 4", body="Bàn 2")[0]

    send()
    link = smtp.to("stop@example.vn")[0]["List-Unsubscribe"].strip().strip("<>")
    path = link.removeprefix("https://giai.example")
    page = client_for(lang="vi").get(path)
    # Opening the link (a mail scanner does) stops nothing: the page asks.
    assert page.status_code == 200 and Unsubscribe.objects.count() == 0
    assert "stop@example.vn" in page.content.decode()
    # The mail program's one-click button: a POST with no CSRF token.
    answer = client_for(lang="vi").post(path, {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    assert ("stop@example.vn sẽ không nhận thêm thư về Giải Cờ Tướng Hà Nội Mở rộng 2026."
            in answer.content.decode())
    assert list(Unsubscribe.objects.values_list("address", "event")) == [
        ("stop@example.vn", swiss_event.pk)]
    assert "will get no more e-mails" in client_for(lang="en").post(path).content.decode()
    assert Unsubscribe.objects.count() == 1  # asked twice, recorded once
    held = send()
    assert held.status == NotificationStatus.SUPPRESSED_UNSUBSCRIBED
    assert len(smtp.to("stop@example.vn")) == 1
    # A forged token is refused.
    forged = client_for(lang="en").post(path[:-3] + "xyz/")
    assert forged.status_code == 400 and "not valid" in forged.content.decode()


def test_password_reset_mail_goes_through_smtp(smtp, db):
    get_user_model().objects.create_user("trongtai", "trongtai@example.vn", "mật-khẩu-dài-123")
    answer = client_for(lang="en").post("/accounts/password_reset/",
                                        {"email": "trongtai@example.vn"})
    assert answer.status_code == 302
    message, = smtp.to("trongtai@example.vn")
    assert "/accounts/reset/" in text_of(message)


def test_smtp_down_the_row_fails_with_the_error_after_the_retries(
        swiss_event, settings, django_capture_on_commit_callbacks):
    """Nothing listens on the port: the first attempt and NOTIFICATIONS_MAX_RETRIES retries
    are refused, then the row is failed with the error."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.NOTIFICATIONS_MAX_RETRIES, settings.NOTIFICATIONS_RETRY_BACKOFF = 2, 0.01
    with django_capture_on_commit_callbacks(execute=True):
        row, = notification_send(event=swiss_event, kind=NotificationKind.ROUND_PUBLISHED,
                                 email="down@example.vn", subject="Ván 4", body="Bàn 2")
    row.refresh_from_db()
    assert (row.status, row.attempts, row.sent_at) == (NotificationStatus.FAILED, 3, None)
    assert row.last_error.startswith("ConnectionRefusedError")


# --- Web Push -----------------------------------------------------------------------------


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushEndpoint:
    """A push service and the browser behind it in one: it checks the VAPID signature,
    decrypts the payload with the subscription's private key and keeps what it read."""

    def __init__(self, status=201):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.received = []
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's hook)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                endpoint.received.append(endpoint.read(self.headers, body))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def p256dh(self) -> str:
        return b64(self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def read(self, headers, body: bytes) -> dict:
        scheme, _space, params = headers["Authorization"].partition(" ")
        fields = dict(p.strip().split("=", 1) for p in params.split(","))
        token, sender = fields["t"], fields["k"]
        signed, _dot, signature = token.rpartition(".")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(sender))
        raw = unb64(signature)
        public.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                           int.from_bytes(raw[32:], "big")),
                      signed.encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
        claims = json.loads(unb64(signed.split(".")[1]))
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                 version="aes128gcm")
        return {"scheme": scheme, "sender": sender, "claims": claims,
                "encoding": headers["Content-Encoding"], "payload": json.loads(plain)}

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def push_endpoint():
    endpoint = PushEndpoint()
    yield endpoint
    endpoint.stop()


def test_a_published_round_reaches_the_players_subscribed_browser_encrypted(
        swiss_event, chief_arbiter, push_endpoint, settings, django_capture_on_commit_callbacks):
    """Board 2 of round 3: Trần Văn Ninh (2250, White) v Lại Lý Huynh (2200)."""
    settings.SITE_URL = "https://giai.example"
    ninh = swiss_event.entries.get(player__full_name="Trần Văn Ninh")
    push_subscription_add(event=swiss_event, subscriber_key=subscriber_key_of(ninh),
                          endpoint=f"{push_endpoint.origin}/push/ninh-phone",
                          p256dh=push_endpoint.p256dh, auth=b64(push_endpoint.auth))

    publish(swiss_event, 3, chief_arbiter, django_capture_on_commit_callbacks)

    received, = push_endpoint.received
    assert received["scheme"] == "vapid" and received["encoding"] == "aes128gcm"
    assert received["sender"] == settings.VAPID_PUBLIC_KEY
    assert received["claims"]["aud"] == push_endpoint.origin
    assert received["claims"]["sub"] == settings.VAPID_SUBJECT
    payload = received["payload"]
    assert payload["title"].startswith("Giải Cờ Tướng Hà Nội Mở rộng 2026, vòng 3: bàn 2")
    assert "Đối thủ: Lại Lý Huynh" in payload["body"] and "Your colour: White" in payload["body"]
    assert payload["url"] == f"https://giai.example/events/{swiss_event.slug}/rounds/3/"
    row = Notification.objects.get(channel="push")
    assert (row.recipient, row.status) == (f"{push_endpoint.origin}/push/ninh-phone", "sent")


def test_a_subscription_the_push_service_says_is_gone_is_removed_not_retried(
        swiss_event, django_capture_on_commit_callbacks):
    gone = PushEndpoint(status=410)
    try:
        push_subscription_add(event=swiss_event, subscriber_key="entry-x",
                              endpoint=f"{gone.origin}/push/old", p256dh=gone.p256dh,
                              auth=b64(gone.auth))
        with django_capture_on_commit_callbacks(execute=True):
            row, = notification_send(event=swiss_event, kind=NotificationKind.ROUND_PUBLISHED,
                                     push_key="entry-x", subject="Ván 4", body="Bàn 2")
    finally:
        gone.stop()
    row.refresh_from_db()
    assert (row.status, row.attempts) == (NotificationStatus.FAILED, 1)
    assert row.last_error.startswith("410")
    assert len(gone.received) == 1 and not PushSubscription.objects.exists()


def test_a_player_without_address_or_browser_gets_nothing(
        swiss_event, chief_arbiter, django_capture_on_commit_callbacks):
    PlayerFactory(email="someone-else@example.vn")  # not in the event
    publish(swiss_event, 3, chief_arbiter, django_capture_on_commit_callbacks)
    assert not Notification.objects.exists()


def test_a_knockout_match_added_to_a_published_round_is_announced_to_its_two_players(
        make_event, organiser, chief_arbiter, arbiter, smtp, django_capture_on_commit_callbacks):
    """Appendix §2, four players: round 1 (seeds 1 v 4, 2 v 3) is announced when published;
    the final joins round 2 (published at once, the bracket leaving nothing to review) when
    both semi-finals are won, and only the two finalists get a message then."""
    from tournaments.models import Board, Entry
    from tournaments.services.entries import entry_register
    from tournaments.services.knockout import bracket_start
    from tournaments.services.results import game_result_record

    event = make_event(format="ko", name="Cúp Thăng Long")
    for n, rating in enumerate((2300, 2200, 2100, 2000), start=1):
        entry_register(event=event, actor=organiser, player=PlayerFactory(
            full_name=f"Kỳ thủ {n}", rating=rating, email=f"ky{n}@example.vn"))
    with django_capture_on_commit_callbacks(execute=True):
        bracket_start(event=event, actor=chief_arbiter, method="rating", seed=7)
        assert smtp.messages == []  # a draft: nobody is told
        publish(event, 1, chief_arbiter, django_capture_on_commit_callbacks)
    assert sorted(m["To"] for m in smtp.messages) == [f"ky{n}@example.vn" for n in range(1, 5)]
    first = text_of(smtp.to("ky1@example.vn")[0])
    assert "Đối thủ: Kỳ thủ 4" in first and "Bàn: 1" in first
    assert ("Màu quân: Trắng ở ván đầu" in first) != ("Màu quân: Đen ở ván đầu" in first)
    with django_capture_on_commit_callbacks(execute=True):
        for board in Board.objects.filter(round__event=event, round__number=1):
            better = min((board.white_id, board.black_id),
                         key=lambda e: Entry.objects.get(pk=e).number)
            for game in board.games.order_by("number"):
                white = board.white_id if game.white_first else board.black_id
                game_result_record(game=game, result="1-0" if white == better else "0-1",
                                   actor=arbiter, expected_version=game.version)
    final = smtp.messages[4:]
    assert sorted(m["To"] for m in final) == ["ky1@example.vn", "ky2@example.vn"]
    assert "Đối thủ: Kỳ thủ 2" in text_of(smtp.to("ky1@example.vn")[1])
    assert "vòng 2: bàn 1" in smtp.to("ky2@example.vn")[1]["Subject"]
