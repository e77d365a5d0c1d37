"""Public and staff pages answer, read-only for the public, with a constant number of queries."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.conftest import PlayerFactory
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_set_visibility
from tournaments.services.results import result_record
from tournaments.services.roundrobin import rr_schedule
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db


def _played_event(make_event, organiser, chief_arbiter, arbiter, n):
    event = make_event(format="rr", name=f"Giải {n}")
    for p in PlayerFactory.create_batch(n):
        entry_register(event=event, actor=organiser, player=p)
    numbers_draw(event=event, actor=organiser, method="rating")
    rounds = rr_schedule(event=event, actor=chief_arbiter, publish=True)
    for round_ in rounds[:2]:
        for board in round_.boards.filter(black__isnull=False):
            result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
        round_complete(round_=round_, actor=chief_arbiter)
    event_set_visibility(event=event, actor=organiser, public=True)
    return event


PUBLIC_PAGES = ["", "entries/", "rounds/", "rounds/1/", "standings/", "standings/?after=1",
                "crosstable/"]


def test_public_pages_answer_without_login(make_event, organiser, chief_arbiter, arbiter):
    event = _played_event(make_event, organiser, chief_arbiter, arbiter, 6)
    client = Client()
    for page in PUBLIC_PAGES:
        response = client.get(f"/events/{event.slug}/{page}")
        assert response.status_code == 200, page
    assert "Giải 6" in client.get("/").content.decode()


def test_draft_events_are_hidden_from_the_public(make_event, organiser):
    event = make_event(format="swiss", rounds=5, name="Bí mật")
    assert Client().get(f"/events/{event.slug}/").status_code == 404
    assert "Bí mật" not in Client().get("/").content.decode()


@pytest.mark.parametrize("path", ["standings/", "crosstable/", "rounds/1/", "rounds/"])
def test_pages_use_a_constant_number_of_queries(path, make_event, organiser, chief_arbiter,
                                                arbiter):
    small = _played_event(make_event, organiser, chief_arbiter, arbiter, 4)
    large = _played_event(make_event, organiser, chief_arbiter, arbiter, 16)
    counts = []
    for event in (small, large):
        client = Client()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/events/{event.slug}/{path}").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_staff_pages_need_a_role(make_event, organiser, arbiter, stranger):
    event = _played_event(make_event, organiser, *_two(organiser, arbiter), 4)
    client = Client()
    assert client.get(f"/manage/{event.slug}/").status_code == 302  # to the login page
    client.force_login(stranger)
    assert client.get(f"/manage/{event.slug}/").status_code == 403
    assert client.get(f"/manage/{event.slug}/statute/").status_code == 403
    client.force_login(arbiter)
    assert client.get(f"/manage/{event.slug}/rounds/3/").status_code == 200
    assert client.get(f"/manage/{event.slug}/statute/").status_code == 403
    client.force_login(organiser)
    assert client.get(f"/manage/{event.slug}/statute/").status_code == 200


def _two(organiser, arbiter):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="chief"), arbiter


def test_vietnamese_is_the_default_language(make_event, organiser):
    response = Client(HTTP_ACCEPT_LANGUAGE="en-US,en").get("/")
    assert response.headers["Content-Language"] == "vi"
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert client.get("/").headers["Content-Language"] == "en"
