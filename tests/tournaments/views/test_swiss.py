"""Swiss staff pages and API that do not need the pairing engine: the round page's warnings and
edits, requested byes, players kept apart, the law's guidance on rounds, TRF files."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.builders import (
    api_for,
    client_for,
    round_table,
    seven_with_a_second_pab,
)
from tournaments.models import Entry, Event, PairingMethod, Round
from tournaments.selectors.trf import trf_export
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, organiser, chief_arbiter, arbiter):
    """Seven players; round 1 played (1-4, 5-2, 3-6, 7 PAB); round 2 a draft with 7 on the PAB
    again (1-5, 4-3, 6-2): a rule break to detect."""
    return seven_with_a_second_pab(make_event, organiser, chief_arbiter, arbiter,
                                   name="Giải Thụy Sĩ")


def test_round_page_shows_warnings_and_edit_forms(event, chief_arbiter, arbiter):
    page = client_for(chief_arbiter).get(f"/manage/{event.slug}/rounds/2/").content.decode()
    assert 'data-code="second_bye"' in page
    assert f"/manage/{event.slug}/swiss/rounds/2/edit/" in page
    # Arbiters see the warnings but not the edit forms.
    page = client_for(arbiter).get(f"/manage/{event.slug}/rounds/2/").content.decode()
    assert 'data-code="second_bye"' in page
    assert f"/manage/{event.slug}/swiss/rounds/2/edit/" not in page
    assert 'data-testid="differences"' in page
    # Closed rounds are not checked again.
    page = client_for(chief_arbiter).get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert 'data-testid="no-warnings"' not in page and 'data-testid="warnings"' not in page
    # ... and the "Pairing rules" card, with nothing to say there, is not shown empty.
    assert 'data-testid="swiss-checks"' not in page


def test_round_edit_form_changes_the_draft(event, chief_arbiter, arbiter):
    url = f"/manage/{event.slug}/swiss/rounds/2/edit/"
    client = client_for(chief_arbiter)
    response = client.post(url, {"op": "bye", "first": event.ids[2], "kind": "U"}, follow=True)
    assert "Read the warnings" in response.content.decode()
    client.post(url, {"op": "pair", "first": event.ids[6], "second": event.ids[7]})
    round_ = Round.objects.get(event=event, number=2)
    assert round_table(round_) == [(1, 5, ""), (4, 3, ""), (6, 7, ""), (2, None, "U")]
    assert round_.method == PairingMethod.MANUAL
    response = client.post(url, {"op": "swap", "board": 3}, follow=True)
    assert "No rule is broken" in response.content.decode()
    response = client.post(url, {"op": "exchange", "first": event.ids[1]}, follow=True)
    assert "Choose the board or the players" in response.content.decode()
    assert client_for(arbiter).post(url, {"op": "swap", "board": 1}).status_code == 403


def test_api_round_detail_warnings_and_patch(event, chief_arbiter, arbiter):
    url = f"/api/events/{event.pk}/rounds/2/"
    data = api_for(chief_arbiter).get(url).json()
    assert [w["code"] for w in data["warnings"] if w["rule"]] == ["second_bye"]
    assert "warnings" not in api_for(chief_arbiter).get(url.replace("/2/", "/1/")).json()
    ids = event.ids
    response = api_for(chief_arbiter).patch(url, {"operations": [
        {"op": "bye", "first": ids[2], "kind": "U"},
        {"op": "pair", "first": ids[6], "second": ids[7]}], "reason": "7 had the PAB"},
        format="json")
    assert response.status_code == 200, response.content
    assert [w for w in response.json()["warnings"] if w["rule"]] == []
    assert response.json()["method"] == "manual"
    response = api_for(chief_arbiter).patch(url, {"boards": [
        {"white": ids[1], "black": ids[4]}, {"white": ids[5], "black": ids[3]},
        {"white": ids[6], "black": ids[2]}, {"white": ids[7], "bye": "U"}]}, format="json")
    codes = sorted(w["code"] for w in response.json()["warnings"] if w["rule"])
    assert codes == ["rematch", "second_bye"]
    rematch = next(w for w in response.json()["warnings"] if w["code"] == "rematch")
    assert rematch["board"] == 1 and sorted(rematch["entries"]) == sorted([ids[1], ids[4]])
    # All or nothing: a bad operation after a good one changes nothing.
    before = round_table(Round.objects.get(event=event, number=2))
    response = api_for(chief_arbiter).patch(url, {"operations": [
        {"op": "swap", "board": 1}, {"op": "swap", "board": 4}]}, format="json")
    assert response.status_code == 400
    assert round_table(Round.objects.get(event=event, number=2)) == before
    assert api_for(arbiter).patch(url, {"operations": [{"op": "swap", "board": 1}]},
                               format="json").status_code == 403
    assert api_for(chief_arbiter).patch(url, {"reason": "x"}, format="json").status_code == 400


def test_requested_byes_from_the_entries_page_and_the_api(event, organiser):
    entry = Entry.objects.get(pk=event.ids[3])
    client = client_for(organiser)
    page = client.get(f"/manage/{event.slug}/entries/").content.decode()
    assert f"/manage/{event.slug}/swiss/entries/{entry.pk}/bye/" in page
    client.post(f"/manage/{event.slug}/swiss/entries/{entry.pk}/bye/", {"round": 4})
    entry.refresh_from_db()
    assert entry.requested_byes == [4]
    response = client.post(f"/manage/{event.slug}/swiss/entries/{entry.pk}/bye/", {"round": 2},
                           follow=True)
    assert "already paired" in response.content.decode()
    response = api_for(organiser).post(f"/api/entries/{entry.pk}/bye/", {"round": 5},
                                    format="json")
    assert response.json()["requested_byes"] == [4, 5]
    response = api_for(organiser).post(f"/api/entries/{entry.pk}/bye/",
                                    {"round": 4, "cancel": True}, format="json")
    assert response.json()["requested_byes"] == [5]
    assert api_for(organiser).post(f"/api/entries/{entry.pk}/bye/", {"round": 9},
                                format="json").status_code == 400


def test_players_kept_apart_from_the_page_and_the_api(event, organiser, chief_arbiter):
    ids = event.ids
    client = client_for(organiser)
    client.post(f"/manage/{event.slug}/swiss/groups/", {"entries": [ids[1], ids[5]]})
    event.refresh_from_db()
    assert event.forbidden_groups == [sorted([ids[1], ids[5]])]
    codes = [w["code"] for w in api_for(chief_arbiter).get(
        f"/api/events/{event.pk}/rounds/2/").json()["warnings"]]
    assert "forbidden_pair" in codes
    page = client.get(f"/manage/{event.slug}/entries/").content.decode()
    assert 'data-testid="swiss-groups"' in page
    client.post(f"/manage/{event.slug}/swiss/groups/", {"remove": 0})
    event.refresh_from_db()
    assert event.forbidden_groups == []
    response = api_for(organiser).put(f"/api/events/{event.pk}/forbidden-groups/",
                                   {"groups": [[ids[2], ids[3]]]}, format="json")
    assert response.json() == {"groups": [sorted([ids[2], ids[3]])]}
    response = api_for(organiser).put(f"/api/events/{event.pk}/forbidden-groups/",
                                   {"groups": [[ids[2], 999999]]}, format="json")
    assert response.status_code == 400


def test_rounds_guidance_live(organiser):
    client = client_for(organiser)
    assert "7 to 9" in client.get("/manage/rounds-guidance/?format=swiss&players=24")\
        .content.decode()
    assert "11 or 13" in client.get("/manage/rounds-guidance/?players=80").content.decode()
    assert client.get("/manage/rounds-guidance/?format=rr&players=24").content == b""
    page = client.get("/manage/new/").content.decode()
    assert 'data-testid="rounds-guidance"' in page


def test_trf_download_pages(event, organiser, chief_arbiter):
    staff = client_for(chief_arbiter).get(f"/manage/{event.slug}/trf/?drafts=1")
    assert staff.status_code == 200 and staff["Content-Type"].startswith("text/plain")
    text = staff.content.decode()
    assert text == trf_export(event, include_drafts=True)
    assert client_for().get(f"/events/{event.slug}/export.trf").status_code == 404  # not public
    event_visibility_set(event=event, actor=organiser, public=True)
    public = client_for().get(f"/events/{event.slug}/export.trf").content.decode()
    assert public == trf_export(event) and public != text  # no draft round
    assert "export.trf" in client_for().get(f"/events/{event.slug}/").content.decode()
    assert f"/manage/{event.slug}/trf/?drafts=1" in client_for(chief_arbiter).get(
        f"/manage/{event.slug}/").content.decode()
    assert client_for(chief_arbiter).get(f"/manage/{event.slug}/trf/").content.decode() == \
        trf_export(event)


def test_trf_upload_page(event, organiser, chief_arbiter):
    text = trf_export(event, include_drafts=True)
    client = client_for(organiser)
    assert client.get("/manage/import-trf/").status_code == 200
    response = client.post("/manage/import-trf/", {
        "file": SimpleUploadedFile("x.trf", text.encode()), "format": "swiss",
        "name": "Bản sao"})
    # The preview first: nothing is stored until the organiser confirms.
    assert response.status_code == 200 and 'data-testid="trf-preview"' in response.content.decode()
    assert not Event.objects.filter(name="Bản sao").exists()
    response = client.post("/manage/import-trf/", {"confirm": "1"})
    copy = Event.objects.get(name="Bản sao")
    assert response.status_code == 302 and response["Location"] == f"/manage/{copy.slug}/"
    assert trf_export(copy, include_drafts=True) == text.replace(event.name, "Bản sao", 1)
    count = Event.objects.count()
    response = client.post("/manage/import-trf/", {
        "file": SimpleUploadedFile("bad.trf", b"001    x\n"), "format": "swiss"})
    assert response.status_code == 200 and "line 1" in response.content.decode()
    assert Event.objects.count() == count
    response = client.post("/manage/import-trf/", {"confirm": "1"})  # nothing waits any more
    assert response.status_code == 302 and Event.objects.count() == count
    assert client_for(chief_arbiter).get("/manage/import-trf/").status_code == 403


def test_trf_api(event, organiser, chief_arbiter):
    response = api_for(chief_arbiter).get(f"/api/events/{event.pk}/trf/?drafts=1")
    assert response.status_code == 200
    text = response.content.decode()
    assert text == trf_export(event, include_drafts=True)
    assert api_for().get(f"/api/events/{event.pk}/trf/").status_code == 404  # a draft event
    response = api_for(organiser).post("/api/events/import-trf/", {"text": text},
                                    format="json")
    assert response.status_code == 201, response.content
    copy = Event.objects.get(pk=response.json()["id"])
    assert trf_export(copy, include_drafts=True) == text
    response = api_for(organiser).post("/api/events/import-trf/", {
        "file": SimpleUploadedFile("x.trf", text.encode()), "format": "swiss"},
        format="multipart")
    assert response.status_code == 201
    count = Event.objects.count()
    response = api_for(organiser).post("/api/events/import-trf/", {"text": text, "preview": True},
                                    format="json")
    assert response.status_code == 200 and Event.objects.count() == count  # nothing stored
    preview = response.json()
    assert len(preview["players"]) == 7 and [r["number"] for r in preview["rounds"]] == [1, 2]
    assert preview["encoding"] == "utf-8" and isinstance(preview["warnings"], list)
    response = api_for(organiser).post("/api/events/import-trf/", {"text": "001    1\n001    1\n"},
                                    format="json")
    assert response.status_code == 400 and "TRF" in json.dumps(response.json())
    assert Event.objects.count() == count
    assert api_for(chief_arbiter).post("/api/events/import-trf/", {"text": text},
                                    format="json").status_code == 403


def test_management_commands(event, organiser, tmp_path):
    from django.core.management import call_command

    path = tmp_path / "event.trf"
    call_command("export_trf", event.slug, "-o", str(path), "--drafts")
    text = path.read_text(encoding="utf-8")
    assert text == trf_export(event, include_drafts=True)
    call_command("import_trf", str(path), "--user", organiser.username, "--name", "Bản CLI")
    copy = Event.objects.get(name="Bản CLI")
    assert copy.entries.count() == 7 and copy.rounds_set.count() == 2
