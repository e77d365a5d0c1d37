"""A schedule per round: the statute's first round's date and the day's start times fill in
every round (two times a day: rounds 1, 2 on the first day, 3, 4 on the next); an organiser
moves one round, the change kept with who, when and why; the rounds' times on the public
round pages, the prints and the score sheet's date box, the player card, the API, and the
event's calendar file (RFC 5545: the event's time zone, a UID stable per round, escaped
texts)."""

import datetime
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from tests.tournaments.builders import api_for, client_for, swiss_event
from tournaments.forms import StatuteForm
from tournaments.models import Entry, Round
from tournaments.models.statute import parse_round_times
from tournaments.services.events import event_update, event_visibility_set
from tournaments.services.rounds import round_publish
from tournaments.services.schedule import round_schedule_set
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db
SAIGON = ZoneInfo("Asia/Ho_Chi_Minh")


def _at(day, hour, minute=0):
    return datetime.datetime(2026, 11, day, hour, minute, tzinfo=SAIGON)


@pytest.fixture
def event(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 8, rounds=5,
                        venue="Nhà thi đấu Phú Thọ; sân A, tầng 2")
    event_update(event=event, actor=organiser, first_round_date=datetime.date(2026, 11, 20),
                 round_times="08:00, 14:00")
    event_visibility_set(event=event, actor=organiser, public=True)
    event.refresh_from_db()
    return event


def test_start_times_are_read_in_any_common_writing():
    assert parse_round_times("14h00; 8:00 ,8.00") == [datetime.time(8), datetime.time(14)]
    assert parse_round_times("") == []
    with pytest.raises(ValueError, match="25:00"):
        parse_round_times("08:00, 25:00")


def test_the_statute_form_fills_the_schedule_and_writes_it_one_way(event):
    form = StatuteForm(instance=event)
    names = [[f.name for f in fields] for _title, fields, *_ in form.sections()]
    assert ["first_round_date", "round_times"] in names
    data = {f.name: f.value() for fields in [fs for _t, fs, *_ in form.sections()] for f in fields}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    bad = StatuteForm({**data, "round_times": "8h00, 2pm"}, instance=event)
    assert not bad.is_valid()
    assert bad.errors["round_times"] == [
        "“2pm” is not a time: write the day's start times as 08:00, 14:00."]
    good = StatuteForm({**data, "round_times": "14.00,8h00"}, instance=event)
    assert good.is_valid(), good.errors
    assert good.cleaned_data["round_times"] == "08:00, 14:00"


def test_rounds_follow_the_days_start_times(event):
    starts = [event.round_planned_start(n) for n in range(1, 6)]
    assert starts == [_at(20, 8), _at(20, 14), _at(21, 8), _at(21, 14), _at(22, 8)]
    assert starts[0].utcoffset() == datetime.timedelta(hours=7)


def test_an_organiser_moves_one_round_and_the_change_is_kept(event, organiser, chief_arbiter):
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    round_publish(round_=round1, actor=chief_arbiter)
    assert Round.objects.get(pk=round1.pk).starts_at == _at(20, 8)
    url = f"/manage/{event.slug}/rounds/1/"
    client = client_for(organiser)
    client.post(f"{url}time/", {"starts_at": "2026-11-20T09:30", "reason": "Khai mạc muộn"})
    round1.refresh_from_db()
    assert round1.scheduled_at == _at(20, 9, 30) and round1.starts_at == _at(20, 9, 30)
    assert event.round_planned_start(2) == _at(20, 14)  # the others keep the statute's time
    page = client.get(url).content.decode()
    assert "(moved by an organiser)" in page
    history = page[page.index('data-testid="round-time-history"'):]
    assert "organiser: the statute's time → 20 Nov 2026 09:30 · Khai mạc muộn" in history
    # Back to the statute's time, by a second change.
    client.post(f"{url}time/", {"statute": "1", "reason": "Theo điều lệ"})
    round1.refresh_from_db()
    assert round1.scheduled_at is None and round1.starts_at == _at(20, 8)
    # An arbiter may not move a round.
    assert client_for(chief_arbiter).post(f"{url}time/", {
        "starts_at": "2026-11-20T10:00"}).status_code == 403
    with pytest.raises(Exception, match="too long"):
        round_schedule_set(round_=round1, actor=organiser, starts_at=_at(20, 10),
                           reason="x" * 101)



def test_an_organiser_moves_a_round_through_the_api(event, organiser, chief_arbiter):
    """The same service as the round's page: the round's start with the reason kept; null
    brings back the statute's time; an arbiter may not; a bad time or a long reason is 400
    and nothing changes."""
    from tournaments.models import RoundTimeChange

    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    url = f"/api/rounds/{round1.pk}/schedule/"
    answer = api_for(organiser).put(url, {"starts_at": "2026-11-20T09:30:00+07:00",
                                          "reason": "Khai mạc muộn"}, format="json")
    assert answer.status_code == 200, answer.content
    assert (answer.json()["starts_at"], answer.json()["scheduled_at"]) == (
        "2026-11-20T09:30:00+07:00", "2026-11-20T09:30:00+07:00")
    change = RoundTimeChange.objects.get(round=round1)
    assert (change.before, change.after, change.reason, change.changed_by) == (
        None, _at(20, 9, 30), "Khai mạc muộn", organiser)
    assert api_for(chief_arbiter).put(url, {"starts_at": "2026-11-20T10:00:00+07:00"},
                                      format="json").status_code == 403
    assert api_for().put(url, {"starts_at": None}, format="json").status_code == 401
    for body in ({"starts_at": "chiều nay"}, {}, {"starts_at": None, "reason": "x" * 101},
                 {"starts_at": "0202-08-01T19:50:00+07:00"}):  # a mistyped year
        refused = api_for(organiser).put(url, body, format="json")
        assert refused.status_code == 400 and refused.json()["code"], body
    vietnamese = api_for(organiser)
    vietnamese.cookies["django_language"] = "vi"
    assert vietnamese.put(url, {"starts_at": "0202-08-01T19:50:00+07:00"},
                          format="json").json()["detail"] == (
        "Vòng đấu bắt đầu trong khoảng từ năm 2000 đến năm 2100: hãy kiểm tra lại năm.")
    assert RoundTimeChange.objects.filter(round=round1).count() == 1
    answer = api_for(organiser).put(url, {"starts_at": None, "reason": "Theo điều lệ"},
                                    format="json")
    assert (answer.json()["starts_at"], answer.json()["scheduled_at"]) == (
        "2026-11-20T08:00:00+07:00", None)
    assert RoundTimeChange.objects.filter(round=round1).count() == 2


def test_the_times_are_on_the_public_pages_prints_card_and_api(event, chief_arbiter):
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    round_publish(round_=round1, actor=chief_arbiter)
    public = client_for(lang="vi")
    page = public.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert '<time datetime="2026-11-20T08:00:00+07:00" data-testid="round-time">' in page
    assert "Bắt đầu:" in page
    overview = public.get(f"/events/{event.slug}/").content.decode()
    upcoming = overview[overview.index('data-testid="upcoming-rounds"'):]
    assert 'datetime="2026-11-21T14:00:00+07:00"' in upcoming  # round 4, not paired yet
    assert f'href="/events/{event.slug}/rounds.ics"' in overview
    sheets = client_for(chief_arbiter, lang="vi").get(  # the arbiters' sheets
        f"/events/{event.slug}/print/scoresheets/?round=1").content.decode()
    assert '<td data-testid="ss-date">20/11/2026 08:00</td>' in sheets
    pairings = public.get(f"/events/{event.slug}/print/pairings/?round=1").content.decode()
    assert "20/11/2026 08:00" in pairings
    entry = Entry.objects.filter(event=event).order_by("number").first()
    card = public.get(f"/events/{event.slug}/entries/{entry.pk}/").content.decode()
    assert '<small class="muted" data-testid="card-round-time">20/11/2026 08:00</small>' in card
    data = api_for().get(f"/api/events/{event.pk}/rounds/1/").json()
    assert (data["starts_at"], data["scheduled_at"]) == ("2026-11-20T08:00:00+07:00", None)


def test_the_calendar_file_has_every_round_in_the_events_time_zone(event, organiser,
                                                                    chief_arbiter):
    round1 = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    round_publish(round_=round1, actor=chief_arbiter)
    response = client_for(lang="vi").get(f"/events/{event.slug}/rounds.ics")
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    body = response.content.decode()
    assert "BEGIN:VTIMEZONE\r\nTZID:Asia/Ho_Chi_Minh" in body
    assert "DTSTART;TZID=Asia/Ho_Chi_Minh:20261120T080000" in body
    assert "LOCATION:Nhà thi đấu Phú Thọ\\; sân A\\, tầng 2" in body  # escaped (RFC 5545)
    calendar = Calendar.from_ical(response.content)
    rounds = calendar.walk("VEVENT")
    assert [r.decoded("dtstart") for r in rounds] == [
        _at(20, 8), _at(20, 14), _at(21, 8), _at(21, 14), _at(22, 8)]
    assert str(rounds[0]["summary"]) == f"{event.name} — vòng 1"
    assert str(rounds[0]["uid"]) == f"event-{event.pk}-round-1@testserver"
    assert rounds[0].decoded("dtend") - rounds[0].decoded("dtstart") == datetime.timedelta(
        minutes=2 * event.time_base_minutes)
    assert str(rounds[0]["url"]) == f"http://testserver/events/{event.slug}/rounds/1/"
    # Moved by the organiser: the same UID, the new time.
    round_schedule_set(round_=round1, actor=organiser, starts_at=_at(20, 9), reason="")
    moved = Calendar.from_ical(client_for().get(f"/events/{event.slug}/rounds.ics").content)
    first = moved.walk("VEVENT")[0]
    assert (str(first["uid"]), first.decoded("dtstart")) == (str(rounds[0]["uid"]), _at(20, 9))
    # A draft event is not found.
    event_visibility_set(event=event, actor=organiser, public=False)
    assert client_for().get(f"/events/{event.slug}/rounds.ics").status_code == 404
