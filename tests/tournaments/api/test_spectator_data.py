"""What the spectators' pages show is in the API too: each side's rating and points
before the round on a round, and the player card on an entry, hand-worked on the six players of
tests/tournaments/conftest.py: swiss_event."""

import re

import pytest

from tests.tournaments.builders import api_for
from tournaments.models import Entry
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(swiss_event, organiser):
    event_visibility_set(event=swiss_event, actor=organiser, public=True)
    return swiss_event


def test_a_round_gives_each_side_its_rating_and_points_before(event):
    data = api_for().get(f"/api/events/{event.pk}/rounds/2/").json()
    sides = [(b["white"]["number"], b["white"]["rating"], b["white"]["points_before"],
              b["black"]["number"], b["black"]["points_before"]) for b in data["boards"]]
    assert sides == [(6, 2100, "1", 1, "1"), (2, 2300, "0.5", 3, "0"), (4, 2200, "0", 5, "0.5")]


def test_an_entry_gives_its_card(event):
    """No. 2: 1.5 points, rank 2, performance 2150 (the forfeit win is not counted)."""
    entry = Entry.objects.get(event=event, number=2)
    data = api_for().get(f"/api/entries/{entry.pk}/").json()
    assert data["card"] == {"points": "1.5", "rank": 2, "shared": False, "performance": 2150,
                            "rating_change": ""}
    assert [(g["opponent"]["number"], g["opponent"]["rating"], g["opponent"]["points"],
             g["result"]) for g in data["games"]] == [(5, 2150, "0.5", "½"), (3, 2250, "0", "+")]


def test_a_team_entry_has_no_card(make_event, organiser, chief_arbiter):
    from tests.tournaments.builders import team_event

    teams = team_event(make_event, organiser, chief_arbiter, teams=4)
    event_visibility_set(event=teams, actor=organiser, public=True)
    entry = Entry.objects.filter(event=teams).first()
    assert api_for().get(f"/api/entries/{entry.pk}/").json()["card"] is None


def test_the_api_writes_a_decimal_point_in_vietnamese_too(event):
    """The pages write "1,5" in Vietnamese; the API is read by programs and keeps "1.5"."""
    from django.conf import settings

    entry = Entry.objects.get(event=event, number=2)
    client = api_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "vi"
    assert client.get(f"/api/entries/{entry.pk}/").json()["card"]["points"] == "1.5"
    page = client.get(f"/events/{event.slug}/entries/{entry.pk}/").content.decode()
    # The page's clock stamp (an ISO time with fractional seconds) is not a score.
    page = re.sub(r"<time[^>]*>.*?</time>", "", page)
    assert 'data-testid="card-points">1,5<' in page and "1.5" not in page
