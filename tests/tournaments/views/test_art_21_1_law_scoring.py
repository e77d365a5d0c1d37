"""Art. 21.1, 19.5 on the pages: the statute form refuses other points for an official
event, next to the scoring field, with the article; a friendly event's public pages say that its
scoring is not the law's."""

import re
from decimal import Decimal

import pytest

from tests.tournaments.builders import client_for
from tests.tournaments.builders import statute_form_data as _statute_data
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db


def test_art_21_1_statute_form_refuses_other_points_for_an_official_event(make_event,
                                                                          organiser):
    event = make_event(format="swiss", rounds=7)
    client = client_for(organiser)
    data = _statute_data(client, event)
    assert data["official"] is True  # ticked by default, in the event's first section
    data.update(scoring="custom", points_win="3", points_draw="1", points_loss="0")
    reply = client.post(f"/manage/{event.slug}/statute/", data)
    assert reply.status_code == 200
    errors = " ".join(reply.context["form"].errors["scoring"])
    assert "Art. 21.1" in errors and "3/1/0" in errors and "Art. 19.5" in errors
    event.refresh_from_db()
    assert event.scoring == "standard"
    # Unticked, the same points are a friendly event's.
    del data["official"]
    reply = client.post(f"/manage/{event.slug}/statute/", data)
    assert reply.status_code == 302, reply.context["form"].errors
    event.refresh_from_db()
    assert (event.official, event.points_win) == (False, Decimal(3))


def test_art_19_5_friendly_event_pages_say_the_scoring_is_not_the_laws(make_event, organiser):
    friendly = make_event(format="swiss", rounds=7, official=False, scoring="custom",
                          points_win=Decimal(3), points_draw=Decimal(1), points_loss=Decimal(0))
    official = make_event(format="swiss", rounds=7, name="Giải chính thức")
    for event in (friendly, official):
        event_visibility_set(event=event, actor=organiser, public=True)
    for path in ("", "standings/", "rounds/"):
        page = client_for().get(f"/events/{friendly.slug}/{path}").content.decode()
        notice = re.search(r'data-testid="scoring-not-law">(.*?)</p>', page, re.S)
        assert notice, path
        assert "Friendly event: scoring differs from the law." in notice.group(1)
        assert "3/1/0" in notice.group(1) and "Art. 21.1" in notice.group(1)
        assert "scoring-not-law" not in client_for().get(
            f"/events/{official.slug}/{path}").content.decode()
    page = client_for(lang="vi").get(f"/events/{friendly.slug}/").content.decode()
    assert "Giải hữu nghị: cách tính điểm khác với Luật." in page and "Điều 21.1" in page
