"""The check-in list and late arrivals through the API and the pages without JavaScript
(``api/checkins.py``, ``views/checkins.py``); Art. 10.2.1 a for the late arrival."""

import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.tournaments.builders import api_for, client_for, rr_scenario, swiss_scenario
from tournaments.models import Board, CheckIn, Event
from tournaments.services.checkins import entry_check_in, entry_self_check_in
from tournaments.services.schedule import round_schedule_set

pytestmark = pytest.mark.django_db
HCM = ZoneInfo("Asia/Ho_Chi_Minh")


@pytest.fixture
def swiss(make_event, organiser, chief_arbiter):
    ctx = swiss_scenario(make_event, organiser, chief_arbiter)
    Event.objects.filter(pk=ctx["event"].pk).update(check_in="every")
    ctx["event"].refresh_from_db()
    return ctx


def test_the_list_counts_and_names_who_checked_in(swiss, arbiter, chief_arbiter):
    event, entries = swiss["event"], swiss["entries"]
    entry_check_in(entry=entries[0], actor=chief_arbiter)
    entry_self_check_in(entry=entries[1])
    answer = api_for(arbiter).get(f"/api/events/{event.pk}/check-ins/").json()
    assert (answer["round"], answer["checked_in"], answer["missing"], answer["closed"],
            answer["closes_at"]) == (1, 2, 4, False, None)
    rows = {r["entry"]: r for r in answer["entries"]}
    assert (rows[entries[0].pk]["checked_in_by"], rows[entries[0].pk]["by_self"]) == (
        "chief", False)
    assert (rows[entries[1].pk]["checked_in_by"], rows[entries[1].pk]["by_self"]) == (None, True)
    assert answer["version"] == Event.objects.get(pk=event.pk).version


def test_a_stale_device_gets_409_with_what_is_stored(swiss, arbiter, chief_arbiter):
    event, entry = swiss["event"], swiss["entries"][0]
    seen = event.version
    entry_check_in(entry=entry, actor=chief_arbiter)  # a colleague, after the list was read
    url = f"/api/events/{event.pk}/check-ins/{entry.pk}/"
    refused = api_for(arbiter).put(url, {"checked_in": False, "version": seen}, format="json")
    assert refused.status_code == 409
    assert (refused.json()["result"], refused.json()["code"]) == ("in", "stale")
    assert "chief" in refused.json()["detail"]
    assert CheckIn.objects.get(entry=entry).is_in
    again = api_for(arbiter).put(url, {"checked_in": False,
                                       "version": refused.json()["version"]}, format="json")
    assert (again.status_code, again.json()["checked_in"]) == (200, False)


def test_without_javascript_a_tap_is_a_form(swiss, arbiter):
    event, entry = swiss["event"], swiss["entries"][2]
    client = client_for(arbiter)
    page = client.get(f"/manage/{event.slug}/check-in/")
    assert page.status_code == 200 and b"0</strong> checked in" in page.content
    answer = client.post(f"/manage/{event.slug}/check-in/{entry.pk}/",
                         {"checked_in": "1", "version": str(event.version)})
    assert answer.status_code == 302 and answer["Location"].endswith(f"#entry-{entry.pk}")
    assert CheckIn.objects.get(entry=entry).checked_in_by == arbiter


def test_anonymous_and_strangers_see_nothing(swiss, stranger):
    event = swiss["event"]
    assert api_for().get(f"/api/events/{event.pk}/check-ins/").status_code == 401
    assert api_for(stranger).get(f"/api/events/{event.pk}/check-ins/").status_code == 403
    assert client_for(stranger).get(f"/manage/{event.slug}/check-in/").status_code in (403, 404)


@pytest.fixture
def board_in_play(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    round_schedule_set(round_=ctx["board"].round, actor=organiser,
                       starts_at=datetime.datetime(2026, 11, 20, 14, 0, tzinfo=HCM))
    return ctx["board"]


def test_art_10_2_1_a_through_the_api_beyond_the_forfeit_time(board_in_play, arbiter):
    answer = api_for(arbiter).put(f"/api/boards/{board_in_play.pk}/arrival/", {
        "side": "black", "arrived_at": "2026-11-20T14:31:00+07:00", "version": 0},
        format="json")
    assert answer.status_code == 200, answer.json()
    assert (answer.json()["black_minutes_late"], answer.json()["result"]) == (31, "+/-")


def test_art_10_2_1_a_from_the_round_page(board_in_play, arbiter):
    event = board_in_play.round.event
    client = client_for(arbiter)
    url = f"/manage/{event.slug}/boards/{board_in_play.pk}/arrival/"
    client.post(url, {"side": "white", "arrived": "14:12", "version": "0"})
    board = Board.objects.get(pk=board_in_play.pk)
    assert (board.white_minutes_late, board.result) == (12, "")
    page = client.get(f"/manage/{event.slug}/rounds/1/")
    assert "arrived at 14:12, 12 min late: played, the clock time lost (Art. 10.2.1 a)" in \
        page.content.decode()
    note = "arrived at 14:12, 12 min late"
    # The public round page and the score sheet show it too.
    assert note in client_for().get(f"/events/{event.slug}/rounds/1/").content.decode()
    sheet = client.get(f"/events/{event.slug}/print/scoresheets/?round=1").content.decode()
    assert note in sheet[sheet.index('data-testid="ss-arrival"'):]
    refused = client.post(url, {"side": "white", "arrived": "2 giờ", "version": "1"},
                          follow=True)
    assert "Give the time of arrival as hours and minutes" in refused.content.decode()
    assert Board.objects.get(pk=board_in_play.pk).version == 1
