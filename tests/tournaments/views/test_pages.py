"""Public and staff pages answer, read-only for the public, with a constant number of queries."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import PlayerFactory, played_event
from tournaments.services.entries import entry_register

pytestmark = pytest.mark.django_db


PUBLIC_PAGES = ["", "entries/", "rounds/", "rounds/1/", "standings/", "standings/?after=1",
                "crosstable/"]


def test_public_pages_answer_without_login(make_event, organiser, chief_arbiter, arbiter):
    event = played_event(make_event, organiser, chief_arbiter, arbiter, 6)
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
    small = played_event(make_event, organiser, chief_arbiter, arbiter, 4)
    large = played_event(make_event, organiser, chief_arbiter, arbiter, 16)
    counts = []
    for event in (small, large):
        client = Client()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/events/{event.slug}/{path}").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_staff_pages_need_a_role(make_event, organiser, arbiter, stranger):
    event = played_event(make_event, organiser, *_two(organiser, arbiter), 4)
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


def test_vietnamese_is_the_default_language(make_event, organiser, settings):
    settings.LANGUAGE_CODE = "vi"  # the product's setting (tests otherwise read English)
    response = Client(HTTP_ACCEPT_LANGUAGE="en-US,en").get("/")
    assert response.headers["Content-Language"] == "vi"
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert client.get("/").headers["Content-Language"] == "en"


def test_numbers_by_hand_from_the_entries_page(make_event, organiser):
    event = make_event(format="rr", name="Số tay")
    entries = [entry_register(event=event, actor=organiser, player=p)
               for p in PlayerFactory.create_batch(3)]
    client = Client()
    client.force_login(organiser)
    page = client.get(f"/manage/{event.slug}/entries/")
    assert f'name="number-{entries[0].pk}"'.encode() in page.content
    wanted = {entries[0].pk: 3, entries[1].pk: 1, entries[2].pk: 2}
    client.post(f"/manage/{event.slug}/numbers/manual/",
                {f"number-{pk}": n for pk, n in wanted.items()})
    assert {e.pk: e.number for e in event.entries.all()} == wanted
    # A repeated number is refused and nothing changes.
    client.post(f"/manage/{event.slug}/numbers/manual/",
                {f"number-{pk}": 1 for pk in wanted})
    assert {e.pk: e.number for e in event.entries.all()} == wanted


def test_new_event_form_takes_the_law_defaults_for_the_format(organiser):
    client = Client()
    client.force_login(organiser)
    form = client.get("/manage/new/").context["form"]
    data = {name: ("" if value is None else value) for name, value in
            ((n, form[n].value()) for n in form.fields) if value is not None}
    data.update(name="Cúp loại trực tiếp", start_date="2026-12-01", format="ko",
                tiebreaks="", tiebreak_games="regular 2, rapid 2, blitz 2, armageddon 1")
    data = {k: v for k, v in data.items() if v is not False}
    response = client.post("/manage/new/", data)
    assert response.status_code == 302, response.context["form"].errors
    from tournaments.models import Event

    event = Event.objects.get(name="Cúp loại trực tiếp")
    # Appendix §2: two games a match; Art. 10.1.1 a: 60 minutes a game.
    assert (event.games_per_match, event.time_base_minutes) == (2, 60)
