"""The organisers' log of an event's messages (docs/notifications.md), and the player's e-mail
address in the register forms."""

import pytest

from tests.tournaments.builders import PlayerFactory, client_for, club_admin_of
from tournaments.models import Notification, Player
from tournaments.services.entries import entry_register

pytestmark = pytest.mark.django_db


def test_the_log_lists_every_message_with_its_status_for_the_organisers_only(
        make_event, organiser, chief_arbiter):
    event = make_event(format="swiss", rounds=5, name="Giải Mở rộng")
    other = make_event(format="swiss", rounds=5, name="Giải khác")
    Notification.objects.create(event=event, kind="round_published", channel="email",
                                recipient="tuyet@example.vn", subject="Ván 1: bàn 3",
                                body="...", status="sent", attempts=1)
    Notification.objects.create(event=event, kind="round_published", channel="email",
                                recipient="down@example.vn", subject="Ván 1: bàn 4",
                                body="...", status="failed", attempts=6,
                                last_error="ConnectionRefusedError: [Errno 111]")
    Notification.objects.create(event=other, kind="round_published", channel="email",
                                recipient="elsewhere@example.vn", subject="x", body="x")
    page = client_for(organiser).get(f"/manage/{event.slug}/notifications/")
    assert page.status_code == 200
    html = page.content.decode()
    assert html.count('data-testid="notification"') == 2
    assert 'data-status="failed"' in html and "ConnectionRefusedError: [Errno 111]" in html
    assert "tuyet@example.vn" in html and "elsewhere@example.vn" not in html
    assert "at most 20 messages an hour" in html
    # The chief arbiter runs the event but does not see the players' addresses.
    assert client_for(chief_arbiter).get(f"/manage/{event.slug}/notifications/"
                                         ).status_code == 403
    assert f"/manage/{event.slug}/notifications/" not in client_for(chief_arbiter).get(
        f"/manage/{event.slug}/").content.decode()
    assert f"/manage/{event.slug}/notifications/" in client_for(organiser).get(
        f"/manage/{event.slug}/").content.decode()


def test_quick_add_keeps_the_players_address_and_refuses_a_malformed_one(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    url = f"/manage/{event.slug}/entries/quick-add/"
    refused = client_for(organiser).post(url, {"full_name": "Lê Văn Trùng",
                                               "email": "trung-at-example.vn"})
    assert refused.status_code == 400
    assert "Enter a valid email address." in refused.content.decode()
    assert not Player.objects.filter(full_name="Lê Văn Trùng").exists()
    client_for(organiser).post(url, {"full_name": "Lê Văn Trùng", "email": "trung@example.vn"})
    assert Player.objects.get(full_name="Lê Văn Trùng").email == "trung@example.vn"


def test_the_player_form_corrects_the_address(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    player = PlayerFactory(created_by=organiser, email="")
    entry_register(event=event, actor=organiser, player=player)
    club_admin_of(organiser, player)
    data = {"full_name": player.full_name, "gender": player.gender or "",
            "birth_year": player.birth_year or "", "club": player.club,
            "province": player.province, "federation": player.federation,
            "national_id": player.national_id or "", "fide_id": player.fide_id or "",
            "rating": player.rating or "", "title": player.title,
            "email": "  moi@example.vn ", "reason": "địa chỉ mới"}
    answer = client_for(organiser).post(f"/manage/{event.slug}/players/{player.pk}/", data)
    assert answer.status_code == 302
    player.refresh_from_db()
    assert player.email == "moi@example.vn"
