"""The API of the messages (docs/notifications.md): the organisers' log, and the player's
e-mail address, written through the API and never read back."""

import pytest

from tests.tournaments.builders import api_for, club_admin_of
from tournaments.models import Notification, Player

pytestmark = pytest.mark.django_db


def test_the_log_answers_the_events_messages_newest_first(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    other = make_event(format="swiss", rounds=5, name="Giải khác")
    for n, status in enumerate(("sent", "suppressed_limit", "failed"), start=1):
        Notification.objects.create(event=event, kind="round_published", channel="email",
                                    recipient=f"p{n}@example.vn", subject=f"Ván {n}", body="…",
                                    status=status, last_error="boom" if n == 3 else "")
    Notification.objects.create(event=other, kind="round_published", channel="push",
                                recipient="https://push.example/x", subject="x", body="x")
    answer = api_for(organiser).get(f"/api/events/{event.pk}/notifications/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["count"] == 3
    assert [(r["recipient"], r["status"], r["last_error"]) for r in body["results"]] == [
        ("p3@example.vn", "failed", "boom"), ("p2@example.vn", "suppressed_limit", ""),
        ("p1@example.vn", "sent", "")]


def test_the_players_address_is_written_through_the_api_and_never_read_back(
        make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    created = api_for(organiser).post(f"/api/events/{event.pk}/entries/", {"new_player": {
        "full_name": "Lê Văn Trùng", "email": "trung@example.vn"}}, format="json")
    assert created.status_code == 201
    player = Player.objects.get(full_name="Lê Văn Trùng")
    assert player.email == "trung@example.vn"
    refused = api_for(organiser).post(f"/api/events/{event.pk}/entries/", {"new_player": {
        "full_name": "Lê Văn Khác", "email": "not-an-address"}}, format="json")
    assert refused.status_code == 400 and "email" in refused.json()["new_player"]
    club_admin_of(organiser, player)  # the organisations' tree's right to correct him
    changed = api_for(organiser).patch(f"/api/players/{player.pk}/",
                                       {"email": "moi@example.vn"}, format="json")
    assert changed.status_code == 200 and "email" not in changed.json()
    player.refresh_from_db()
    assert player.email == "moi@example.vn"
    listed = api_for(organiser).get(f"/api/players/{player.pk}/").json()
    assert "email" not in listed and "email" not in created.json()["player"]
