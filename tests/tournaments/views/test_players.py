"""The staff's page of a register player (views/players.py): corrections by the administrators
of his club (and those above it in the organisations' tree) or a register keeper, the history
for the event's staff, refusals that change nothing."""

import pytest

from tests.tournaments.builders import PlayerFactory, client_for, club_admin_of
from tournaments.models import Player
from tournaments.services.entries import entry_register

FORM = {"full_name": "Hồ Văn E", "gender": "M", "birth_year": "1990", "club": "CLB Mới",
        "province": "Huế", "federation": "VIE", "national_id": "", "fide_id": "",
        "rating": "2010", "title": "", "reason": "club changed"}


@pytest.fixture
def entered(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    player = PlayerFactory(full_name="Hồ Văn E", rating=2000, club="CLB Cũ", birth_year=1990,
                           created_by=organiser)
    entry_register(event=event, actor=organiser, player=player)
    club_admin_of(organiser, player)
    return event, player


def url(event, player):
    return f"/manage/{event.slug}/players/{player.pk}/"


def test_entries_page_links_each_player_to_the_page(entered, organiser):
    event, player = entered
    page = client_for(organiser).get(f"/manage/{event.slug}/entries/").content.decode()
    assert url(event, player) in page


def test_organiser_saves_and_sees_the_history(entered, organiser):
    event, player = entered
    client = client_for(organiser)
    response = client.post(url(event, player), FORM, follow=True)
    page = response.content.decode()
    assert Player.objects.get(pk=player.pk).club == "CLB Mới"
    assert "The player&#x27;s details are saved." in page or "details are saved" in page
    assert "CLB Cũ → <strong>CLB Mới</strong>" in page and "club changed" in page


def test_someone_elses_id_shows_the_reason_and_changes_nothing(entered, organiser):
    event, player = entered
    PlayerFactory(full_name="Mai F", national_id="VXF5")
    response = client_for(organiser).post(url(event, player), {**FORM, "national_id": "VXF5"})
    assert response.status_code == 200
    assert "already belongs to Mai F" in response.content.decode()
    assert Player.objects.get(pk=player.pk).club == "CLB Cũ"


def test_arbiter_reads_without_a_form_and_is_refused_a_post(entered, arbiter):
    event, player = entered
    client = client_for(arbiter)
    page = client.get(url(event, player)).content.decode()
    assert 'data-testid="player-history"' in page and 'data-testid="player-form"' not in page
    assert client.post(url(event, player), FORM).status_code == 403
    assert Player.objects.get(pk=player.pk).club == "CLB Cũ"


def test_an_organiser_of_no_club_of_the_player_gets_no_form_and_a_refused_post(
        make_event, organiser):
    """The page and the API agree (``tests/tournaments/api/test_players.py``): someone else's
    player shows without the form, with the reason; a forged post is refused."""
    event = make_event(format="rr", rounds=3)
    player = PlayerFactory(full_name="Của Người Khác", club="CLB Cũ")
    entry_register(event=event, actor=organiser, player=player)
    client = client_for(organiser)
    page = client.get(url(event, player)).content.decode()
    assert 'data-testid="player-form"' not in page and 'name="full_name"' not in page
    assert "register&#x27;s keepers" in page
    assert client.post(url(event, player), {**FORM, "full_name": "Đổi Tên"}).status_code == 403
    assert Player.objects.get(pk=player.pk).full_name == "Của Người Khác"


def test_a_player_not_in_the_event_is_not_found(entered, organiser):
    event, _player = entered
    assert client_for(organiser).get(url(event, PlayerFactory())).status_code == 404


def test_vietnamese_page(entered, organiser):
    event, player = entered
    page = client_for(organiser, "vi").get(url(event, player)).content.decode()
    assert "Lịch sử" in page
