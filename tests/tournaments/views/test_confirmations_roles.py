"""Issue 19: destructive actions ask first (a dialog with JavaScript, a confirmation page
without), and nothing changes before the answer; roles are given by searching people by name or
username, in part; the staff's pages show only the buttons of the user's rights."""

import pytest

from tests.tournaments.builders import UserFactory, client_for, rr_scenario
from tournaments.models import Entry, EventRole, Round
from tournaments.selectors.users import user_search

pytestmark = pytest.mark.django_db


def test_closing_a_round_asks_first_without_javascript(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")
    url = f"/manage/{ctx['event'].slug}/rounds/1/complete/"
    client = client_for(chief_arbiter)
    page = client.post(url)
    assert page.status_code == 200 and 'data-testid="confirm-page"' in page.content.decode()
    assert "Close round 1?" in page.content.decode()
    assert Round.objects.get(pk=ctx["round1"].pk).status == "published"
    assert client.post(url, {"confirmed": "1"}).status_code == 302
    assert Round.objects.get(pk=ctx["round1"].pk).status == "completed"


def test_the_round_page_carries_the_questions(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    page = client_for(chief_arbiter).get(f"/manage/{ctx['event'].slug}/rounds/1/").content
    assert b'data-confirm="Delete the draft of round 1? Its pairings are lost."' in page


def test_deleting_a_draft_keeps_the_fields_through_the_page(make_event, organiser,
                                                            chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    slug = ctx["event"].slug
    page = client_for(chief_arbiter).post(f"/manage/{slug}/rounds/1/delete/").content.decode()
    assert 'action="/manage/' + slug + '/rounds/1/delete/"' in page
    assert Round.objects.filter(event=ctx["event"], number=1).exists()


def test_unpublishing_asks_publishing_does_not(make_event, organiser, chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, public=False)
    event, client = ctx["event"], client_for(organiser)
    assert client.post(f"/manage/{event.slug}/visibility/", {"public": "1"}).status_code == 302
    event.refresh_from_db()
    assert event.is_public
    dashboard = client.get(f"/manage/{event.slug}/").content.decode()
    assert "back to draft? Its public pages disappear" in dashboard
    asked = client.post(f"/manage/{event.slug}/visibility/", {"public": "0"})
    assert 'data-testid="confirm-page"' in asked.content.decode()
    event.refresh_from_db()
    assert event.is_public
    client.post(f"/manage/{event.slug}/visibility/", {"public": "0", "confirmed": "1"})
    event.refresh_from_db()
    assert not event.is_public


def test_removing_an_entry_asks_and_is_offered_only_before_pairing(make_event, organiser,
                                                                    chief_arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter)
    event, entry = ctx["event"], ctx["entries"][0]
    client = client_for(organiser)
    client.post(f"/manage/{event.slug}/entries/{entry.pk}/remove/")
    assert Entry.objects.filter(pk=entry.pk).exists()
    page = client.get(f"/manage/{event.slug}/entries/").content.decode()
    assert page.count('data-testid="remove"') == 4
    drawn = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    page = client.get(f"/manage/{drawn['event'].slug}/entries/").content.decode()
    assert 'data-testid="remove"' not in page  # paired entries are withdrawn, not removed
    assert 'data-testid="numbers-fixed"' in page and "Draw the numbers" not in page


def test_buttons_follow_the_rights(make_event, organiser, chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    slug = ctx["event"].slug
    for_arbiter = client_for(arbiter)
    dashboard = for_arbiter.get(f"/manage/{slug}/").content.decode()
    assert 'data-testid="unpublish"' not in dashboard and 'data-testid="draw"' not in dashboard
    round_page = for_arbiter.get(f"/manage/{slug}/rounds/1/").content.decode()
    assert 'data-testid="close-round"' not in round_page
    entries = for_arbiter.get(f"/manage/{slug}/entries/").content.decode()
    for testid in ("withdraw", "remove", "bye", "player-search"):
        assert f'data-testid="{testid}"' not in entries
    chief_round = client_for(chief_arbiter).get(f"/manage/{slug}/rounds/1/").content.decode()
    assert 'data-testid="close-round"' in chief_round
    chief_entries = client_for(chief_arbiter).get(f"/manage/{slug}/entries/").content.decode()
    assert 'data-testid="withdraw"' in chief_entries  # Art. 20.3: the chief withdraws …
    assert 'data-testid="remove"' not in chief_entries  # … the organisers register


@pytest.fixture
def people(db):
    return [UserFactory(username="ttminh", first_name="Minh", last_name="Trần Tuấn"),
            UserFactory(username="minhanh", first_name="Anh", last_name="Lê Minh"),
            UserFactory(username="hoa", first_name="Hoa", last_name="Nguyễn Thị"),
            UserFactory(username="old", first_name="Minh", is_active=False)]


def test_user_search_by_parts_of_names_and_usernames(people):
    assert [u.username for u in user_search("minh")] == ["minhanh", "ttminh"]
    assert [u.username for u in user_search("Trần minh")] == ["ttminh"]
    assert [u.username for u in user_search("nguyen thi")] == ["hoa"]  # no diacritics typed
    assert [u.username for u in user_search("HOA")] == ["hoa"]
    assert user_search("  ") == [] and user_search("zzz") == []


def test_appointing_by_a_part_of_the_name(make_event, organiser, people):
    event = make_event(format="rr", rounds=3)
    client = client_for(organiser)
    url = f"/manage/{event.slug}/roles/"
    several = client.post(url, {"username": "minh", "role": "arbiter"}).content.decode()
    assert "Several people match: choose one below." in several
    assert several.count('name="user_id"') == 2
    assert not EventRole.objects.filter(event=event, user__username__in=["ttminh", "minhanh"])
    client.post(url, {"username": "minh", "role": "arbiter", "user_id": people[1].pk})
    assert EventRole.objects.filter(event=event, user=people[1], role="arbiter").exists()
    client.post(url, {"username": "nguyen thi", "role": "deputy"})
    assert EventRole.objects.filter(event=event, user=people[2], role="deputy").exists()
    none = client.post(url, {"username": "zzz", "role": "arbiter"}).content.decode()
    assert "Nobody&#x27;s name or username contains “zzz”." in none or "contains “zzz”" in none
    lookup = client.get(f"/manage/{event.slug}/roles/lookup/?username=Tuấn").content.decode()
    assert "ttminh" in lookup and "minhanh" not in lookup


def test_removing_a_role_asks_first(make_event, organiser, arbiter):
    event = make_event(format="rr", rounds=3)
    role = EventRole.objects.get(event=event, user=arbiter)
    client = client_for(organiser)
    asked = client.post(f"/manage/{event.slug}/roles/{role.pk}/remove/").content.decode()
    assert "Remove arbiter as Arbiter?" in asked
    assert EventRole.objects.filter(pk=role.pk).exists()
    client.post(f"/manage/{event.slug}/roles/{role.pk}/remove/", {"confirmed": "1"})
    assert not EventRole.objects.filter(pk=role.pk).exists()
