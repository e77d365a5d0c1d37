"""Rating pages, in Vietnamese and English: the lists, a player's history, the
event's report with Rtg+/- on the standings and the player's page, importing a list (each bad
row named, nothing stored), applying and reverting an event's changes."""

import pytest

from tests.tournaments.builders import (
    UserFactory,
    client_for,
    rated_scenario,
    rating_list_upload,
)
from tournaments.models import RatingList

pytestmark = pytest.mark.django_db


def vi_client(user=None):
    return client_for(user, lang="vi")


@pytest.mark.parametrize(("client", "words"), [
    (client_for, ("Rating report after round", "Rtg+/-", "Rated games", "K table: FIDE")),
    (vi_client, ("Báo cáo Elo sau vòng", "Elo +/-", "Số ván tính Elo", "Bảng K: FIDE")),
])
def test_the_event_report_page_in_both_languages(client, words, make_event, organiser,
                                                  chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    page = client().get(f"/events/{ctx['event'].slug}/ratings/").content.decode()
    for word in words:
        assert word in page
    assert "+" in page and "apply/" not in page  # no button for the public


def test_rtg_on_the_standings_and_the_players_page(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    slug = ctx["event"].slug
    standings = client_for().get(f"/events/{slug}/standings/").content.decode()
    assert "Rtg+/-" in standings and standings.count('data-testid="rating-change"') == 4
    entry = ctx["entries"][0]
    page = client_for().get(f"/events/{slug}/entries/{entry.pk}/").content.decode()
    assert 'data-testid="entry-rating"' in page and "Rating history" in page


def test_an_unrated_events_standings_have_no_rtg_column(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    ctx["event"].rated = False
    ctx["event"].save()
    standings = client_for().get(f"/events/{ctx['event'].slug}/standings/").content.decode()
    assert "Rtg+/-" not in standings


@pytest.mark.parametrize(("client", "words"), [
    (client_for, ("Rating lists", "Elo 2026", "current")),
    (vi_client, ("Danh sách Elo", "Elo 2026", "hiện hành")),
])
def test_the_lists_a_list_and_a_players_history(client, words, make_event, organiser,
                                                chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, applied=True)
    page = client().get("/ratings/").content.decode()
    for word in words:
        assert word in page
    listed = client().get(f"/ratings/{ctx['list'].pk}/").content.decode()
    player = ctx["entries"][0].player
    assert player.full_name in listed and "VXF1" in listed
    history = client().get(f"/ratings/players/{player.pk}/").content.decode()
    assert 'data-testid="rating-history"' in history and ctx["event"].name in history


def test_importing_a_list_with_bad_rows_names_each_and_stores_nothing():
    federation = UserFactory(is_superuser=True)
    upload = rating_list_upload([("Lại Lý Huynh", "VXF1", 2450, 3), ("", "VXF2", 2000, 1)])
    page = client_for(federation).post("/ratings/import/", {
        "name": "Elo", "list_date": "2026-02-01", "file": upload, "import": "1"})
    text = page.content.decode()
    assert page.status_code == 200 and "The name is missing." in text
    assert 'data-testid="bad-rows"' in text and "<td class=\"num\">3</td>" in text
    assert not RatingList.objects.exists()


def test_checking_then_importing_a_clean_list():
    federation = UserFactory(is_superuser=True)
    rows = [("Lại Lý Huynh", "VXF1", 2450, 3)]
    checked = vi_client(federation).post("/ratings/import/", {
        "name": "Elo", "list_date": "2026-02-01", "file": rating_list_upload(rows),
        "check": "1"}).content.decode()
    assert "Không có lỗi" in checked and not RatingList.objects.exists()
    stored = client_for(federation).post("/ratings/import/", {
        "name": "Elo", "list_date": "2026-02-01", "file": rating_list_upload(rows, csv=True),
        "import": "1"})
    assert stored.status_code == 302 and RatingList.objects.get().rows.count() == 1


def test_the_import_page_is_the_federations(organiser):
    assert client_for(organiser).get("/ratings/import/").status_code == 403


def test_the_organiser_applies_and_reverts_from_the_page(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter)
    slug = ctx["event"].slug
    page = client_for(organiser).get(f"/events/{slug}/ratings/").content.decode()
    assert "Apply the rating changes to the list" in page
    assert client_for(chief_arbiter).post(f"/manage/{slug}/ratings/apply/").status_code == 403
    client_for(organiser).post(f"/manage/{slug}/ratings/apply/")
    applied = client_for(organiser).get(f"/events/{slug}/ratings/").content.decode()
    assert 'data-testid="applied"' in applied and "Revert the rating changes" in applied
    assert 'data-testid="ratings-revert"' in applied and "data-confirm=" in applied
    asked = client_for(organiser).post(f"/manage/{slug}/ratings/revert/").content.decode()
    assert "Revert the rating changes?" in asked  # asked first, nothing reverted yet
    still = client_for(organiser).get(f"/events/{slug}/ratings/").content.decode()
    assert 'data-testid="applied"' in still
    client_for(organiser).post(f"/manage/{slug}/ratings/revert/", {"confirmed": "1"})
    reverted = client_for(organiser).get(f"/events/{slug}/ratings/").content.decode()
    assert 'data-testid="applied"' not in reverted


def test_the_report_downloads_as_the_public_sheet(make_event, organiser, chief_arbiter):
    ctx = rated_scenario(make_event, organiser, chief_arbiter, listed=False)
    slug = ctx["event"].slug
    page = client_for().get(f"/events/{slug}/ratings/").content.decode()
    assert f"/events/{slug}/xlsx/ratings/" in page
    sheet = client_for().get(f"/events/{slug}/xlsx/ratings/")
    assert sheet.status_code == 200 and sheet.content.startswith(b"PK")


@pytest.mark.usefixtures("media_root")
def test_a_large_list_goes_to_its_job_page(settings, django_capture_on_commit_callbacks):
    from tests.tournaments.builders import UserFactory, client_for, rating_list_upload
    from tournaments.models import Job, RatingList

    settings.IMPORT_JOB_MIN_BYTES = 10
    client = client_for(UserFactory(is_superuser=True))
    upload = rating_list_upload([("Lại Lý Huynh", "VXF1", 2450, 3)])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/ratings/import/", {"file": upload, "name": "Elo",
                                                    "list_date": "2026-02-01"})
    job = Job.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/manage/jobs/{job.pk}/"
    assert RatingList.objects.get().name == "Elo"
    assert "Rating list imported:" in client.get(response["Location"]).content.decode()
