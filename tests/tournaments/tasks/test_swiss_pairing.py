"""Pairing a Swiss round from the dashboard, the API and the Celery task (eager: no broker),
and the public pages of a Swiss event in progress."""

import random

import pytest
from django.test import override_settings

from tests.tournaments.builders import (
    api_for,
    client_for,
    play,
    swiss_event,
)
from tournaments.models import Entry, Round
from tournaments.selectors.pairing_jobs import PairingJob
from tournaments.services.entries import entry_withdraw
from tournaments.services.events import event_set_visibility
from tournaments.services.swiss import bye_request, swiss_round_pair
from tournaments.tasks import round_pair

pytestmark = pytest.mark.django_db


def test_dashboard_button_pairs_the_next_round(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/")
    assert response.status_code == 302
    assert response["Location"] == f"/manage/{event.slug}/rounds/1/"
    page = client_for(chief_arbiter).get(response["Location"]).content.decode()
    assert 'data-testid="no-warnings"' in page and 'data-testid="initial-colour"' in page
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/", follow=True)
    assert "Close round 1" in response.content.decode()


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_large_events_go_through_the_task_inline_without_a_broker(make_event, organiser,
                                                                  chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/")
    assert response["Location"] == f"/manage/{event.slug}/rounds/1/"
    assert Round.objects.filter(event=event, number=1).exists()
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/", follow=True)
    assert "Close round 1" in response.content.decode()


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_api_pairs_through_the_task_and_reports_the_job(make_event, organiser, chief_arbiter,
                                                        arbiter):
    event = swiss_event(make_event, organiser, 20)
    assert api_for(arbiter).post(f"/api/events/{event.pk}/rounds/").status_code == 403
    response = api_for(chief_arbiter).post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 201, response.content
    assert response.json()[0]["number"] == 1 and response.json()[0]["status"] == "draft"
    response = api_for(chief_arbiter).post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 400 and "Close round 1" in response.json()["detail"]


def test_api_pairs_small_events_directly(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    response = api_for(chief_arbiter).post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 201 and response.json()[0]["method"] == "dutch"
    detail = api_for(chief_arbiter).get(f"/api/events/{event.pk}/rounds/1/").json()
    assert detail["warnings"] == [] and len(detail["boards"]) == 10


def test_the_task_in_eager_mode(make_event, organiser, chief_arbiter):
    event = swiss_event(make_event, organiser, 20)
    result = round_pair.delay(event.pk, chief_arbiter.pk, "en")
    outcome = result.get()
    assert outcome["ok"] and outcome["round"] == 1
    assert Round.objects.get(pk=outcome["round_id"]).number == 1
    # A refusal is an outcome in the user's language, not a crash.
    outcome = round_pair.delay(event.pk, chief_arbiter.pk, "en").get()
    assert not outcome["ok"] and "Close round 1" in outcome["error"]
    # The job's status reads back (stored even without a broker).
    status = api_for(chief_arbiter).get(
        f"/api/events/{event.pk}/pairing-jobs/{result.id}/").json()
    assert status["done"] and status["ok"] and status["round"] == 1
    other = swiss_event(make_event, organiser, 20)
    status = api_for(chief_arbiter).get(
        f"/api/events/{other.pk}/pairing-jobs/{result.id}/").json()
    assert status["done"] and not status["ok"] and "another event" in status["error"]


def test_progress_page_polls_until_the_round_is_there(make_event, organiser, chief_arbiter,
                                                      monkeypatch):
    event = swiss_event(make_event, organiser, 20)
    running = PairingJob("job-1", "PROGRESS", "pairing", False, False, None, "")
    monkeypatch.setattr("tournaments.views.swiss.pairing_job", lambda job, ev: running)
    client = client_for(chief_arbiter)
    page = client.get(f"/manage/{event.slug}/pairing/job-1/").content.decode()
    assert f"/manage/{event.slug}/pairing/job-1/status/" in page and "every 1s" in page
    fragment = client.get(f"/manage/{event.slug}/pairing/job-1/status/")
    assert 'data-testid="pairing-status"' in fragment.content.decode()
    swiss_round_pair(event=event, actor=chief_arbiter)
    done = PairingJob("job-1", "SUCCESS", "", True, True, 1, "")
    monkeypatch.setattr("tournaments.views.swiss.pairing_job", lambda job, ev: done)
    fragment = client.get(f"/manage/{event.slug}/pairing/job-1/status/")
    assert fragment["HX-Redirect"] == f"/manage/{event.slug}/pairing/job-1/"
    response = client.get(f"/manage/{event.slug}/pairing/job-1/")
    assert response["Location"] == f"/manage/{event.slug}/rounds/1/"


def test_public_pages_of_a_swiss_in_progress(make_event, organiser, chief_arbiter, arbiter):
    event = swiss_event(make_event, organiser, 21, rounds=5)
    event_set_visibility(event=event, actor=organiser, public=True)
    rng = random.Random(11)
    play(swiss_round_pair(event=event, actor=chief_arbiter, seed=1), arbiter, chief_arbiter, rng)
    asker = Entry.objects.get(event=event, number=4)
    bye_request(entry=asker, actor=organiser, round_number=2)
    gone = Entry.objects.get(event=event, number=9)
    entry_withdraw(entry=gone, actor=organiser, after_round=1)
    play(swiss_round_pair(event=event, actor=chief_arbiter), arbiter, chief_arbiter, rng)
    swiss_round_pair(event=event, actor=chief_arbiter)  # round 3: a draft, hidden
    client = client_for()
    round_1 = client.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert "Pairing bye" in round_1
    round_2 = client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    assert "Half-point bye" in round_2
    assert client.get(f"/events/{event.slug}/rounds/3/").status_code == 404
    standings = client.get(f"/events/{event.slug}/standings/?after=2").content.decode()
    assert "(withdrew)" in standings
    cross = client.get(f"/events/{event.slug}/crosstable/").content.decode()
    assert ">H<" in cross and ">U<" in cross and ">–<" in cross  # 9 absent in round 2
    assert "withdrawn after round 1" in client.get(f"/events/{event.slug}/entries/")\
        .content.decode()
    detail = api_for().get(f"/api/events/{event.pk}/rounds/2/").json()
    assert "warnings" not in detail
    assert api_for().get(f"/api/events/{event.pk}/rounds/3/").status_code == 404
    standings = api_for().get(f"/api/events/{event.pk}/standings/?after_round=1").json()
    assert standings["after_round"] == 1 and len(standings["rows"]) == 21


@override_settings(SWISS_ASYNC_MIN_ENTRIES=10)
def test_api_answers_202_while_a_worker_pairs(make_event, organiser, chief_arbiter,
                                              monkeypatch):
    event = swiss_event(make_event, organiser, 20)
    running = PairingJob("job-2", "PENDING", "queued", False, False, None, "")
    sent = []  # a worker would pair it: nothing runs here
    monkeypatch.setattr("tournaments.services.formats.task_send",
                        lambda name, *args, task_id: sent.append((name, args)))
    monkeypatch.setattr("tournaments.services.formats.pairing_job_of", lambda result, ev: running)
    response = api_for(chief_arbiter).post(f"/api/events/{event.pk}/rounds/")
    assert response.status_code == 202
    data = response.json()
    assert data["job"] == "job-2" and not data["done"]
    assert data["status_url"].endswith(f"/api/events/{event.pk}/pairing-jobs/job-2/")
    response = client_for(chief_arbiter).post(f"/manage/{event.slug}/draw/")
    assert response["Location"] == f"/manage/{event.slug}/pairing/job-2/"
    assert [name for name, _args in sent] == ["tournaments.tasks.round_pair"] * 2
    assert not Round.objects.filter(event=event).exists()
