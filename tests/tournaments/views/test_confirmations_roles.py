"""Destructive actions ask first (a dialog with JavaScript, a confirmation page
without), and nothing changes before the answer; roles are given by searching people by name or
username, in part; the staff's pages show only the buttons of the user's rights."""

import pytest

from tests.tournaments.builders import UserFactory, client_for, rr_scenario
from tournaments.models import Entry, EntryStatus, EventRole, Round
from tournaments.selectors.users import user_search
from tournaments.services.events import role_assign

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
    return [UserFactory(username="ttminh", first_name="Minh", last_name="Trần Tuấn",
                        email="minh@example.vn"),
            UserFactory(username="minhanh", first_name="Anh", last_name="Lê Minh"),
            UserFactory(username="hoa", first_name="Hoa", last_name="Nguyễn Thị"),
            UserFactory(username="old", first_name="Minh", is_active=False),
            UserFactory(username="root", is_superuser=True, email="root@example.vn")]


def test_user_search_answers_exact_usernames_and_emails_and_the_staff_only(
        make_event, organiser, people):
    event = make_event(format="rr", rounds=3)
    role_assign(event=event, actor=organiser, user=people[2], role="arbiter")

    def found(query):
        return [u.username for u in user_search(query, event=event)]

    assert found("a") == ["arbiter", "hoa", "organiser"]  # the staff only, not all accounts
    assert found("minh") == [] and found("ttmin") == []  # parts of outsiders: nobody
    assert found("TTMinh") == ["ttminh"] and found("MINH@example.VN") == ["ttminh"]
    assert found("nguyen thi") == ["hoa"]  # on the staff: by name, no diacritics typed
    assert found("root") == [] and found("root@example.vn") == []  # never the superuser
    assert found("old") == [] and found("  ") == []


def test_appointing_by_exact_username_or_email_or_from_the_staff(make_event, organiser, people):
    event = make_event(format="rr", rounds=3)
    client = client_for(organiser)
    url = f"/manage/{event.slug}/roles/"
    none = client.post(url, {"username": "minh", "role": "arbiter"}).content.decode()
    assert "Nobody has the username or e-mail address “minh”" in none
    assert 'name="user_id"' not in none
    # An outsider's id is not taken from the list: ids cannot be tried one by one.
    client.post(url, {"username": "x", "role": "arbiter", "user_id": people[1].pk})
    assert not EventRole.objects.filter(event=event, user=people[1]).exists()
    client.post(url, {"username": "minh@example.vn", "role": "arbiter"})
    assert EventRole.objects.filter(event=event, user=people[0], role="arbiter").exists()
    client.post(url, {"username": "Minhanh", "role": "arbiter"})
    assert EventRole.objects.filter(event=event, user=people[1], role="arbiter").exists()
    several = client.post(url, {"username": "minh", "role": "deputy"}).content.decode()
    assert "Several people match: choose one below." in several  # both on the staff now
    client.post(url, {"username": "minh", "role": "deputy", "user_id": people[0].pk})
    assert EventRole.objects.filter(event=event, user=people[0], role="deputy").exists()
    lookup = client.get(f"/manage/{event.slug}/roles/lookup/?username=Tuấn").content.decode()
    assert "ttminh" in lookup and "minhanh" not in lookup
    outsiders = client.get(f"/manage/{event.slug}/roles/lookup/?username=ho").content.decode()
    assert "hoa" not in outsiders and 'data-testid="user-none"' in outsiders


def test_removing_a_role_asks_first(make_event, organiser, arbiter):
    event = make_event(format="rr", rounds=3)
    role = EventRole.objects.get(event=event, user=arbiter)
    client = client_for(organiser)
    asked = client.post(f"/manage/{event.slug}/roles/{role.pk}/remove/").content.decode()
    assert "Remove arbiter as Arbiter?" in asked
    assert EventRole.objects.filter(pk=role.pk).exists()
    client.post(f"/manage/{event.slug}/roles/{role.pk}/remove/", {"confirmed": "1"})
    assert not EventRole.objects.filter(pk=role.pk).exists()


def test_the_withdrawal_box_says_its_limit_in_the_apps_words(swiss_event, organiser):
    """The box has no browser bubble (the form is ``novalidate``): a round past the last one
    drawn, or none, gets the app's message with the limit, in the page's language; nothing
    changes."""
    entry = swiss_event.entries.order_by("number").first()
    url = f"/manage/{swiss_event.slug}/entries/{entry.pk}/withdraw/"
    page = client_for(organiser).get(f"/manage/{swiss_event.slug}/entries/").content.decode()
    assert 'novalidate method="post" action="' + url + '"' in page
    for value in ("9", "", "-1", "x"):
        reply = client_for(organiser).post(url, {"after_round": value}, follow=True)
        assert ("Withdrawn after round: give a whole number from 0 to 3, the last round "
                "drawn.") in reply.content.decode(), value
    vi = client_for(organiser, "vi").post(url, {"after_round": "9"}, follow=True)
    assert "Bỏ cuộc sau vòng: nhập một số nguyên từ 0 đến 3" in vi.content.decode()
    entry.refresh_from_db()
    assert entry.status == EntryStatus.ACTIVE
