"""Importing an updated list again. Rows of players already registered are not
refused: their details are updated from the file or left (the organiser chooses), new rows are
added, and the valid rows go through on request while the others are listed with their
reasons; one transaction (services/imports.py)."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tests.tournaments.builders import club_admin_of
from tournaments.errors import ServiceError
from tournaments.models import Entry, JobStatus, Player, Team
from tournaments.selectors.players import player_history
from tournaments.services.imports import import_confirm, import_start

pytestmark = pytest.mark.django_db

HEADERS = ["Họ và tên", "Năm sinh", "Câu lạc bộ", "Mã VĐV", "Elo"]
FIRST = [["Nguyễn Văn An", 1990, "CLB Hà Nội", "V1", 2000],
         ["Trần Thị Bình", 1995, "CLB Huế", "V2", 1900]]
# The federation's updated list: An's rating and Bình's club changed, a newcomer, and a row
# with an empty cell (changes nothing).
UPDATED = [["Nguyễn Văn An", 1990, "CLB Hà Nội", "V1", 2040],
           ["Trần Thị Bình", None, "CLB Đà Nẵng", "V2", 1900],
           ["Lê Văn Cường", 2001, "CLB Huế", "V3", 1800]]


def xlsx(rows, headers=HEADERS) -> SimpleUploadedFile:
    wb = Workbook()
    wb.active.append(headers)
    for row in rows:
        wb.active.append(row)
    out = io.BytesIO()
    wb.save(out)
    return SimpleUploadedFile("vdv.xlsx", out.getvalue())


def run(actor, rows, event, capture, headers=HEADERS, **choice):
    with capture(execute=True):
        job = import_start(actor=actor, upload=xlsx(rows, headers), event=event, lang="en")
    job.refresh_from_db()
    assert job.status == JobStatus.PREVIEW, job.error
    preview = dict(job.preview)
    if choice.pop("confirm", True):
        with capture(execute=True):
            import_confirm(job=job, actor=actor, **choice)
        job.refresh_from_db()
    return preview, job


@pytest.fixture
def entered(make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="swiss", rounds=5)
    _preview, job = run(organiser, FIRST, event, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.DONE, job.error
    # The organiser administers the players' club: the tree's right to update them.
    club_admin_of(organiser, *Player.objects.filter(entries__event=event))
    return event


def test_the_preview_marks_rows_already_entered_and_what_changes(
        entered, organiser, django_capture_on_commit_callbacks):
    preview, _job = run(organiser, UPDATED, entered, django_capture_on_commit_callbacks,
                        confirm=False)
    assert preview["counts"] == {"rows": 3, "errors": 0, "new": 1, "existing": 2, "entered": 2,
                                 "changed": 2, "valid": 3, "identical": 0, "conflicts": 0}
    an, binh, cuong = preview["rows"]
    assert an["entered"] and an["changes"] == {"rating": [2000, 2040]}
    assert binh["changes"] == {"club": ["CLB Huế", "CLB Đà Nẵng"]}  # empty year: no change
    assert not cuong["entered"] and cuong["action"] == "new"
    assert Player.objects.count() == 2  # the preview writes nothing


def test_update_corrects_the_players_and_adds_the_new_row(
        entered, organiser, django_capture_on_commit_callbacks):
    _preview, job = run(organiser, UPDATED, entered, django_capture_on_commit_callbacks,
                        existing="update")
    assert job.status == JobStatus.DONE, job.error
    assert {k: job.result[k] for k in ("players_created", "entries", "already_entered",
                                       "players_updated")} == {
        "players_created": 1, "entries": 1, "already_entered": 2, "players_updated": 2}
    an = Player.objects.get(national_id="V1")
    assert an.rating == 2040 and Entry.objects.get(event=entered, player=an).rating == 2040
    assert Player.objects.get(national_id="V2").birth_year == 1995
    assert Player.objects.get(national_id="V2").club == "CLB Đà Nẵng"
    last = player_history(an)[0]
    assert (last.user, last.reason) == ("organiser", "import")
    assert Entry.objects.filter(event=entered).count() == 3


def test_skip_leaves_the_registered_players_as_they_are(
        entered, organiser, django_capture_on_commit_callbacks):
    _preview, job = run(organiser, UPDATED, entered, django_capture_on_commit_callbacks,
                        existing="skip")
    assert job.status == JobStatus.DONE, job.error
    assert job.result["players_updated"] == 0 and job.result["entries"] == 1
    assert Player.objects.get(national_id="V1").rating == 2000
    assert Player.objects.get(national_id="V2").club == "CLB Huế"
    assert Entry.objects.filter(event=entered).count() == 3


def test_the_valid_rows_go_through_on_request_only(
        entered, organiser, django_capture_on_commit_callbacks):
    rows = [*UPDATED, ["", 1990, "", "", 1500], ["Phạm Văn Dũng", 1850, "", "V4", 99999]]
    preview, job = run(organiser, rows, entered, django_capture_on_commit_callbacks,
                       confirm=False)
    assert preview["counts"]["errors"] == 2 and preview["counts"]["valid"] == 3
    with pytest.raises(ServiceError, match="store the valid rows only"):
        import_confirm(job=job, actor=organiser)
    assert Player.objects.count() == 2
    with django_capture_on_commit_callbacks(execute=True):
        import_confirm(job=job, actor=organiser, valid_only=True)
    job.refresh_from_db()
    assert job.status == JobStatus.DONE, job.error
    assert [(r["row"], [e["code"] for e in r["errors"]]) for r in job.result["rows_skipped"]] \
        == [(5, ["name_missing"]), (6, ["bad_birth_year", "bad_rating"])]
    assert Player.objects.count() == 3 and not Player.objects.filter(national_id="V4").exists()


def test_a_file_with_only_errors_cannot_be_stored(
        entered, organiser, django_capture_on_commit_callbacks):
    _preview, job = run(organiser, [["", 1990]], entered, django_capture_on_commit_callbacks,
                        headers=HEADERS[:2], confirm=False)
    with pytest.raises(ServiceError, match="No row can be stored"):
        import_confirm(job=job, actor=organiser, valid_only=True)


def test_an_unknown_choice_is_refused(entered, organiser, django_capture_on_commit_callbacks):
    _preview, job = run(organiser, UPDATED, entered, django_capture_on_commit_callbacks,
                        confirm=False)
    with pytest.raises(ServiceError, match="updated or skipped"):
        import_confirm(job=job, actor=organiser, existing="merge")
    job.refresh_from_db()
    assert job.status == JobStatus.PREVIEW


def test_a_team_already_registered_keeps_its_roster(
        make_event, organiser, django_capture_on_commit_callbacks):
    event = make_event(format="rr", participant_kind="team", team_boards=2, team_reserves=0,
                       official=False)
    headers = ["Họ và tên", "Năm sinh", "Đội"]
    hanoi = [["Lê Văn Một", 1990, "Đội Hà Nội"], ["Lê Văn Hai", 1991, "Đội Hà Nội"]]
    _p, job = run(organiser, hanoi, event, django_capture_on_commit_callbacks, headers)
    assert job.status == JobStatus.DONE, job.error
    again = [*hanoi, ["Lê Văn Ba", 1992, "Đội Hà Nội"],  # the roster is kept: no third player
             ["Trần Một", 1993, "Đội Huế"], ["Trần Hai", 1994, "Đội Huế"]]
    preview, job = run(organiser, again, event, django_capture_on_commit_callbacks, headers)
    assert preview["counts"]["errors"] == 0 and preview["counts"]["entered"] == 3
    assert job.status == JobStatus.DONE, job.error
    assert (job.result["teams"], job.result["entries"]) == (1, 1)
    assert Team.objects.count() == 2 and Entry.objects.filter(event=event).count() == 2
    assert not Player.objects.filter(full_name="Lê Văn Ba").exists()
    assert Player.objects.filter(full_name="Lê Văn Một").count() == 1


def test_a_team_with_an_error_row_waits_whole(make_event, organiser,
                                              django_capture_on_commit_callbacks):
    event = make_event(format="rr", participant_kind="team", team_boards=2, team_reserves=0,
                       official=False)
    headers = ["Họ và tên", "Năm sinh", "Đội"]
    rows = [["Lê Một", 1990, "Đội A"], ["Lê Hai", 1500, "Đội A"],
            ["Trần Một", 1993, "Đội B"], ["Trần Hai", 1994, "Đội B"]]
    preview, job = run(organiser, rows, event, django_capture_on_commit_callbacks, headers,
                       valid_only=True)
    first = preview["rows"][0]
    assert [e["code"] for e in first["errors"]] == ["team_incomplete"]
    assert job.status == JobStatus.DONE, job.error
    assert list(Entry.objects.filter(event=event).values_list("team__name", flat=True)) == [
        "Đội B"]


def test_the_same_file_again_changes_nobody(make_event, organiser,
                                            django_capture_on_commit_callbacks):
    """Players whose register details are written differently but read the same (composed or
    decomposed Unicode, spacing, the tone mark on the other vowel: "Hoà" and "Hòa") are not
    "would change"; a real difference still is."""
    import unicodedata

    from tests.tournaments.builders import PlayerFactory

    # The register as other paths wrote it (the API, a TRF, an older import): decomposed
    # letters, a double space, old-style tone placement.
    PlayerFactory(full_name="Phạm Hoà", national_id="V7", club="CLB  Huế", birth_year=1980,
                  rating=1800)
    PlayerFactory(full_name=unicodedata.normalize("NFD", "Đỗ Thị Thuý"), national_id="V8",
                  club=unicodedata.normalize("NFD", "CLB Đà Nẵng"), birth_year=1999, rating=1700)
    rows = [["Phạm Hòa", 1980, "CLB Huế", "V7", 1800],
            ["Đỗ Thị Thúy", 1999, "CLB Đà Nẵng", "V8", 1700],
            *FIRST]
    event = make_event(format="swiss", rounds=5)
    preview, job = run(organiser, rows, event, django_capture_on_commit_callbacks)
    assert job.status == JobStatus.DONE, job.error
    assert preview["counts"]["changed"] == 0, [r["changes"] for r in preview["rows"]]
    again, _job = run(organiser, rows, event, django_capture_on_commit_callbacks, confirm=False)
    assert (again["counts"]["changed"], again["counts"]["entered"]) == (0, 4)
    moved = [["Phạm Hòa", 1980, "CLB Hà Nội", "V7", 1800]]
    changed, _job = run(organiser, moved, event, django_capture_on_commit_callbacks,
                        confirm=False)
    assert changed["rows"][0]["changes"] == {"club": ["CLB  Huế", "CLB Hà Nội"]}
