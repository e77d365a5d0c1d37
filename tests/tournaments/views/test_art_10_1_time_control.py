"""The statute's time control (Art. 10.1.1, 10.1.2) and pace (the provisional rules for rapid
and blitz): chosen on the statute form from the law's controls or written as a schedule of
move checks, said in words on the statute, round and score sheet pages, in both languages."""

import pytest

from tests.tournaments.builders import api_for, client_for, rr_scenario, statute_form_data
from tournaments.models import Event
from tournaments.services.game_records import game_moves_record

pytestmark = pytest.mark.django_db

ASIAN_EN = ("120 minutes each; 25 moves in the first 60 minutes; 35 moves in 75 minutes")
ASIAN_VI = "Mỗi bên 120 phút; 60 phút đầu phải đi đủ 25 nước; 75 phút phải đi đủ 35 nước"


def test_art_10_1_2_the_asian_schedule_from_the_statute_form(make_event, organiser,
                                                              chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    event = ctx["event"]
    client = client_for(organiser)
    data = statute_form_data(client, event)
    data["time_preset"] = "asian"
    reply = client.post(f"/manage/{event.slug}/statute/", data)
    assert reply.status_code == 302, reply.context["form"].errors
    event.refresh_from_db()
    assert (event.time_base_minutes, event.time_increment_seconds, event.time_checks) == (
        120, 0, "25/60, 35/75, 45/90, 55/105, 65/120, then 10/5 (4 checks)")
    statute = client_for().get(f"/events/{event.slug}/").content.decode()
    assert ASIAN_EN in statute and "at most 4 checks" in statute
    assert ASIAN_VI in client_for(lang="vi").get(f"/events/{event.slug}/").content.decode()
    round_page = client_for().get(f"/events/{event.slug}/rounds/").content.decode()
    assert 'data-testid="round-time-control"' in round_page and ASIAN_EN in round_page
    sheets = client_for(chief_arbiter).get(
        f"/events/{event.slug}/print/scoresheets/?round=1").content.decode()
    assert ASIAN_EN in sheets
    read = api_for().get(f"/api/events/{event.pk}/").json()
    assert read["time_control_words"].startswith(ASIAN_EN) and read["pace"] == "standard"


def test_art_10_1_2_a_schedule_that_cannot_be_kept_is_refused(make_event, organiser):
    event = make_event(format="swiss", rounds=7)
    client = client_for(organiser)
    data = statute_form_data(client, event)
    data.update(time_base_minutes="90", time_checks="25/60, 20/75")
    reply = client.post(f"/manage/{event.slug}/statute/", data)
    assert reply.status_code == 200
    assert "more moves in more minutes" in " ".join(reply.context["form"].errors["time_checks"])
    data["time_checks"] = "25 moves"
    reply = client.post(f"/manage/{event.slug}/statute/", data)
    assert "“25 moves” is not a move check" in " ".join(
        reply.context["form"].errors["time_checks"])
    event.refresh_from_db()
    assert event.time_checks == ""
    data["time_checks"] = "25 / 60,35/75"  # written one way when stored
    assert client.post(f"/manage/{event.slug}/statute/", data).status_code == 302
    event.refresh_from_db()
    assert event.time_checks == "25/60, 35/75"


def test_the_api_sets_the_schedule_by_preset_and_says_it_in_words(make_event, organiser):
    event = make_event(format="swiss", rounds=7)
    reply = api_for(organiser).patch(f"/api/events/{event.pk}/",
                                     {"time_preset": "90-25/60", "pace": "standard"},
                                     format="json")
    assert reply.status_code == 200, reply.json()
    assert reply.json()["time_control_words"] == ("90 minutes each; 25 moves in the first 60 "
                                                  "minutes; then 30 minutes to finish")
    event.refresh_from_db()
    assert event.time_checks == "25/60"
    bad = api_for(organiser).patch(f"/api/events/{event.pk}/",
                                   {"time_checks": "25/100"}, format="json")
    assert bad.status_code == 400 and "after the minutes each player has" in str(bad.json())
    assert Event.objects.get(pk=event.pk).time_checks == "25/60"


def test_rapid_point_1_score_sheets_are_optional(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                      time_base_minutes=25, pace="rapid")
    event = ctx["event"]
    page = client_for(organiser).get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert 'data-testid="optional-scoresheets"' in page
    assert 'data-testid="quick-play-advice"' in page and "point 8" in page
    sheets = client_for(chief_arbiter).get(
        f"/events/{event.slug}/print/scoresheets/?round=1").content.decode()
    assert "no score sheet is required" in sheets


def test_rapid_point_8_a_side_that_cannot_mate_draws_on_time(make_event, organiser,
                                                             chief_arbiter, arbiter):
    # Red keeps its general and two advisors; Black has a chariot. Red's win on time is a
    # draw (point 8); Black's stands. The same game in standard play says nothing of it.
    for pace, minutes, advice in (("blitz", 5, True), ("standard", 90, False)):
        ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                          time_base_minutes=minutes, pace=pace)
        board = ctx["board"]
        game_moves_record(event=ctx["event"], board=board, text="d0e1", notation="iccs",
                          start_fen="r2k5/9/9/9/9/9/9/9/9/3AKA3 w", actor=arbiter)
        [game] = api_for(arbiter).get(f"/api/boards/{board.pk}/moves/").json()
        text = game["aids"]["time_win_draw"]
        assert (text is not None) == advice
        if advice:
            assert text.startswith("Red could not mate") and "point 8" in text
