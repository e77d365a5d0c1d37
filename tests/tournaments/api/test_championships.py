"""The championships API: a championship built, qualified and read through the API,
refusals in the ``{detail, code}`` shape in the caller's language, drafts hidden."""

import pytest
from django.conf import settings

from tests.tournaments.builders import (
    PlayerFactory,
    api_for,
    championship_scenario,
    play_stage_event,
    swiss_stage_after_swiss,
)
from tournaments.models import Event, Stage

pytestmark = pytest.mark.django_db


def test_a_championship_through_the_api(organiser, chief_arbiter):
    """Create it, a category, a Swiss stage of 8 (3 rounds), register the players; after the
    Swiss, a knockout of the top 4: a bad rule is refused, the good one previewed, qualified,
    played; the overall results put the knockout's winner first and the Swiss's 5th-8th
    after the knockout's four."""
    api = api_for(organiser)
    made = api.post("/api/championships/", {"name": "Giải API", "start_date": "2026-12-01"},
                    format="json")
    assert made.status_code == 201, made.data
    pk = made.data["id"]
    category = api.post(f"/api/championships/{pk}/categories/", {"name": "Nam"}, format="json")
    swiss = api.post(f"/api/categories/{category.data['id']}/stages/",
                     {"format": "swiss", "rounds": 3}, format="json")
    assert swiss.status_code == 201, swiss.data
    players = PlayerFactory.create_batch(8)
    registered = api.post(f"/api/stages/{swiss.data['id']}/players/",
                          {"ids": [p.pk for p in players]}, format="json")
    assert len(registered.data["entries"]) == 8
    event = Event.objects.get(pk=swiss.data["events"][0])
    # Art. 21.4: the official Swiss stage's statute chooses its tie-break order before a round
    # is published; the law's coefficient first.
    chosen = api.patch(f"/api/events/{event.pk}/", {"tiebreak_preset": "law-coefficient"},
                       format="json")
    assert chosen.status_code == 200, chosen.json()
    api.post(f"/api/events/{event.pk}/numbers/", {"method": "rating"}, format="json")
    play_stage_event(event, organiser)
    ko = api.post(f"/api/categories/{category.data['id']}/stages/", {"format": "ko"},
                  format="json").data
    bad = api.put(f"/api/stages/{ko['id']}/qualification/",
                  {"qualification": "top", "qualifiers": 9}, format="json")
    assert bad.status_code == 400
    assert bad.data["code"] == "ServiceError" and "has 8 players" in bad.data["detail"]
    rule = api.put(f"/api/stages/{ko['id']}/qualification/",
                   {"qualification": "top", "qualifiers": 4}, format="json")
    assert rule.status_code == 200 and rule.data["plan"]["ready"], rule.data
    seats = rule.data["plan"]["groups"][0]["seats"]
    assert [s["seed"] for s in seats] == [1, 2, 3, 4]
    qualified = api.post(f"/api/stages/{ko['id']}/qualify/", {"draw": True}, format="json")
    assert qualified.status_code == 200 and qualified.data["jobs"] == []  # a bracket: at once
    again = api.post(f"/api/stages/{ko['id']}/qualify/", {}, format="json")
    assert again.status_code == 400 and "already qualified" in again.data["detail"]
    play_stage_event(Event.objects.get(pk=ko["events"][0]), organiser)
    results = api.get(f"/api/categories/{category.data['id']}/results/").data
    places = [row["place"] for row in results["rows"]]
    by_rating = sorted(players, key=lambda p: -p.rating)
    assert results["rows"][0]["player"] == by_rating[0].pk  # the top seed won every game
    assert places[:2] == ["1", "2"] and len(places) == 8
    assert {row["line"]["stage"] for row in results["rows"][:4]} == {2}
    assert {row["line"]["stage"] for row in results["rows"][4:]} == {1}
    path = api.get(f"/api/championships/{pk}/players/{by_rating[0].pk}/").data
    assert [s["stage"] for s in path["categories"][0]["stages"]] == [1, 2]
    assert path["categories"][0]["stages"][0]["moved_on"] is True


def test_drafts_are_hidden_and_listed_for_their_staff(organiser, chief_arbiter, arbiter,
                                                     stranger):
    ctx = championship_scenario(None, organiser, chief_arbiter)
    pk = ctx["championship"].pk
    assert api_for().get(f"/api/championships/{pk}/").status_code == 404
    assert api_for(stranger).get("/api/championships/").data == []
    mine = api_for(chief_arbiter).get("/api/championships/").data
    assert [c["id"] for c in mine] == [pk]
    detail = api_for(chief_arbiter).get(f"/api/championships/{pk}/").data
    stages = detail["categories"][0]["stages"]
    assert [s["format"] for s in stages] == ["swiss", "ko"]
    assert stages[0]["events"][0]["entries"] == 8


def test_refusal_in_vietnamese(organiser, chief_arbiter, arbiter):
    ctx = championship_scenario(None, organiser, chief_arbiter, played=True)
    api = api_for(organiser)
    api.cookies[settings.LANGUAGE_COOKIE_NAME] = "vi"
    answer = api.put(f"/api/stages/{ctx['ko'].pk}/qualification/",
                     {"qualification": "top", "qualifiers": 1}, format="json")
    assert answer.status_code == 400
    assert "ít nhất hai" in answer.data["detail"]
    assert Stage.objects.get(pk=ctx["ko"].pk).qualification == ""


def test_workbook_through_the_api(organiser, chief_arbiter, arbiter):
    from tests.tournaments.builders import open_workbook

    ctx = championship_scenario(None, organiser, chief_arbiter, played=True)
    pk = ctx["championship"].pk
    assert api_for().get(f"/api/championships/{pk}/workbook/").status_code == 404  # a draft
    answer = api_for(chief_arbiter).get(f"/api/championships/{pk}/workbook/")
    assert answer.status_code == 200
    assert any("Nam" in name for name in open_workbook(answer.content).sheetnames)


def test_bracket_says_who_chooses_colour(organiser, chief_arbiter, arbiter):
    from tournaments.services.championships import stage_qualify
    from tournaments.services.rounds import round_publish

    ctx = championship_scenario(None, organiser, chief_arbiter, played=True, rule={
        "qualification": "top", "qualifiers": 4, "higher_rank_chooses_colour": True})
    stage_qualify(stage=ctx["ko"], actor=organiser)
    event = ctx["ko"].events.get()
    round_publish(round_=event.rounds_set.get(number=1), actor=chief_arbiter)
    choices = api_for(organiser).get(f"/api/events/{event.pk}/bracket/").data["colour_choices"]
    seeds = {e.pk: e.number for e in event.entries.all()}
    assert sorted(seeds[pk] for pk in choices.values()) == [1, 2]  # the Swiss's first two


def test_removing_is_refused_once_played_and_done_before(organiser, chief_arbiter, arbiter):
    """DELETE routes: a played stage stays, with the reason in the caller's language; the
    unplayed knockout stage goes, then the stage event refuses a change of format."""
    ctx = championship_scenario(None, organiser, chief_arbiter, played=True)
    api = api_for(organiser)
    api.cookies[settings.LANGUAGE_COOKIE_NAME] = "vi"
    answer = api.delete(f"/api/categories/{ctx['category'].pk}/")
    assert answer.status_code == 400 and "đã có ván" in answer.data["detail"]
    assert answer.data["code"]
    answer = api.delete(f"/api/stages/{ctx['stage'].pk}/")
    assert answer.status_code == 400 and "giai đoạn cuối" in answer.data["detail"]
    assert api.delete(f"/api/stages/{ctx['ko'].pk}/").status_code == 204
    assert not Stage.objects.filter(pk=ctx["ko"].pk).exists()
    answer = api.patch(f"/api/events/{ctx['swiss'].pk}/", {"format": "rr"}, format="json")
    assert answer.status_code == 400 and "giai đoạn" in answer.data["detail"]
    assert Event.objects.get(pk=ctx["swiss"].pk).format == "swiss"


def test_qualifying_answers_the_jobs_pairing_a_large_stage(
        organiser, chief_arbiter, settings, django_capture_on_commit_callbacks):
    stage = swiss_stage_after_swiss(organiser, chief_arbiter)
    settings.SWISS_ASYNC_MIN_ENTRIES = 4
    api = api_for(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api.post(f"/api/stages/{stage.pk}/qualify/", {"draw": True}, format="json")
    assert answer.status_code == 200, answer.data
    (job,) = answer.data["jobs"]
    assert (job["kind"], job["event"]) == ("pairing", stage.events.get().pk)
    done = api.get(f"/api/jobs/{job['id']}/").data
    assert done["status"] == "done" and done["result"]["round"] == 1


def test_the_workbook_of_a_public_championship_without_categories(organiser):
    """Nothing to rank yet: one sheet that says so, for anyone who may read the
    championship."""
    from tests.tournaments.builders import open_workbook
    from tournaments.models import Championship, Visibility
    from tournaments.services.championships import championship_create, championship_update

    made = championship_create(actor=organiser, name="Giải chưa có\x01 nội dung",
                               start_date="2026-12-01")
    championship_update(championship=made, actor=organiser, visibility=Visibility.PUBLIC)
    championship = Championship.objects.get(pk=made.pk)
    assert not championship.categories.exists()
    answer = api_for().get(f"/api/championships/{championship.pk}/workbook/")
    assert answer.status_code == 200
    assert open_workbook(answer.content).sheetnames == ["No category yet"]
