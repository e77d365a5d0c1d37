"""The ratings API: lists, a player's history, an event's report, a list import that
names each bad row and stores nothing, apply and revert."""

import pytest

from tests.tournaments.builders import (
    PlayerFactory,
    UserFactory,
    api_for,
    rated_scenario,
    rating_list_upload,
    rr_scenario,
)
from tournaments.models import RatingList
from tournaments.selectors.ratings import event_report

pytestmark = pytest.mark.django_db


def test_the_published_lists_and_a_players_history(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, applied=True)
    client = api_for()
    lists = client.get("/api/rating-lists/").json()
    assert [item["name"] for item in lists] == ["Elo 2026"]
    detail = client.get(f"/api/rating-lists/{ctx['list'].pk}/").json()
    player = ctx["entries"][0].player
    row = next(r for r in detail["rows"] if r["player"] == player.pk)
    assert row["federation_id"] == "VXF1" and row["games"] == 11  # 10 + the rated game
    history = client.get(f"/api/players/{player.pk}/ratings/").json()
    assert history["lists"][0]["rating"] == row["rating"] == history["rating"]
    assert [(e["event"], e["reverted"]) for e in history["events"]] == [(ctx["event"].pk, False)]


def test_a_player_on_no_list_and_in_no_public_event_is_not_shown():
    player = PlayerFactory()
    assert api_for().get(f"/api/players/{player.pk}/ratings/").status_code == 404


def test_the_events_report_is_the_pages(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    data = api_for().get(f"/api/events/{ctx['event'].pk}/ratings/").json()
    report = event_report(ctx["event"])
    assert (data["k_table"], data["cap"], data["after_round"], data["applied"]) == (
        "fide", 400, 1, None)
    assert [(r["entry"], r["games"], r["score"], r["expected"], r["change"])
            for r in data["rows"]] == [
        (line.entry.pk, line.row.games, line.score, line.expected, line.change)
        for line in report.rows]
    standings = api_for().get(f"/api/events/{ctx['event'].pk}/standings/").json()
    by_entry = {r["entry"]: r["change"] for r in data["rows"]}
    assert {r["entry"]: r["rating_change"] for r in standings["rows"]} == by_entry


def test_an_unrated_event_has_no_rtg_column(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    standings = api_for().get(f"/api/events/{ctx['event'].pk}/standings/").json()
    assert "rating_change" not in standings["rows"][0]
    assert api_for().get(f"/api/events/{ctx['event'].pk}/ratings/").json()["rows"] == []


def test_a_list_with_bad_rows_names_each_and_stores_nothing():
    federation = UserFactory(is_superuser=True)
    upload = rating_list_upload([("Lại Lý Huynh", "VXF1", 2450, 3), ("", "VXF2", 2000, 1),
                                 ("Trần Văn Ninh", "VXF1", 2100, 1)], csv=True)
    response = api_for(federation).post("/api/rating-lists/", {
        "file": upload, "name": "Elo", "list_date": "2026-02-01"}, format="multipart")
    assert response.status_code == 400
    assert response.json()["rows"] == [
        {"line": 3, "errors": ["The name is missing."]},
        {"line": 4, "errors": ["Federation ID VXF1 is also on line 2."]}]
    assert not RatingList.objects.exists()


def test_a_dry_run_checks_and_stores_nothing():
    federation = UserFactory(is_superuser=True)
    response = api_for(federation).post("/api/rating-lists/", {
        "file": rating_list_upload([("Lại Lý Huynh", "VXF1", 2450, 3)]), "name": "Elo",
        "list_date": "2026-02-01", "dry_run": True}, format="multipart")
    assert response.json() == {"rows": 1, "bad_rows": []}
    assert not RatingList.objects.exists()


def test_apply_then_revert(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter)
    url = f"/api/events/{ctx['event'].pk}/ratings/"
    client = api_for(organiser)
    applied = client.post(url + "apply/")
    assert applied.status_code == 201
    assert (applied.json()["applied_by"], applied.json()["reverted_at"]) == ("organiser", None)
    assert client.post(url + "apply/").status_code == 400  # once
    assert client.get(url).json()["applied"]["id"] == applied.json()["id"]
    reverted = client.post(url + "revert/")
    assert reverted.status_code == 200 and reverted.json()["reverted_at"]
    assert client.get(url).json()["applied"] is None


@pytest.mark.usefixtures("media_root")
def test_a_large_list_is_imported_by_a_job(settings, django_capture_on_commit_callbacks):
    from tournaments.models import Job, JobKind, JobStatus

    settings.IMPORT_JOB_MIN_BYTES = 10
    federation = UserFactory(is_superuser=True)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_for(federation).post("/api/rating-lists/", {
            "file": rating_list_upload([("Lại Lý Huynh", "VXF1", 2450, 3)]), "name": "Elo",
            "list_date": "2026-02-01"}, format="multipart")
    assert response.status_code == 202, response.content
    job = Job.objects.get(pk=response.json()["id"])
    item = RatingList.objects.get()
    assert job.kind == JobKind.RATINGS and job.status == JobStatus.DONE
    assert job.result == {"rating_list": item.pk, "name": "Elo"}
    with django_capture_on_commit_callbacks(execute=True):
        bad = api_for(federation).post("/api/rating-lists/", {
            "file": rating_list_upload([("", "VXF2", 2000, 1)], csv=True), "name": "Elo 2",
            "list_date": "2026-03-01"}, format="multipart")
    assert bad.status_code == 202
    failed = Job.objects.get(pk=bad.json()["id"])
    assert failed.status == JobStatus.FAILED and "1 rows have errors" in failed.error
    assert RatingList.objects.count() == 1
    nul = api_for(federation).post("/api/rating-lists/", {
        "file": rating_list_upload([("A\x00", "VXF3", 2000, 1)], csv=True), "name": "Elo 3",
        "list_date": "2026-03-01"}, format="multipart")
    assert nul.status_code == 400 and "NUL" in nul.json()["detail"]
    assert Job.objects.count() == 2
