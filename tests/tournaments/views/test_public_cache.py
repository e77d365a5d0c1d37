"""Public reads from cache (tournaments/public_cache.py): ETags from the event's
version, 304s, a visitor's answer served again without SQL, invalidated by a write of that
event only; signed-in staff are never served from, nor stored in, the shared cache."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import api_for, client_for, rr_scenario
from tournaments.services.results import result_record

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ANY_TOKEN = re.compile(r"[A-Za-z0-9]{64}")


@pytest.fixture
def cached(settings):
    """The production set-up: the versions in the cache too."""
    settings.EVENT_VERSION_CACHE_SECONDS = 60
    settings.PUBLIC_CACHE_SECONDS = 600


@pytest.fixture
def two_events(make_event, organiser, chief_arbiter):
    first = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    second = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    return first, second


def _get(client, url, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    return response, len(queries)


def _standings(ctx):
    return f"/events/{ctx['event'].slug}/standings/"


def test_a_second_identical_request_does_no_sql(two_events, cached):
    first, _second = two_events
    fresh, fresh_queries = _get(client_for(), _standings(first))
    again, queries = _get(client_for(), _standings(first))
    assert fresh.status_code == again.status_code == 200 and fresh_queries > 5
    assert queries == 0
    assert again["ETag"] == fresh["ETag"] and "no-cache" in again["Cache-Control"]
    assert ANY_TOKEN.sub("", again.content.decode()) == ANY_TOKEN.sub("",
                                                                      fresh.content.decode())


def test_without_the_version_cache_a_repeat_costs_one_query(two_events, settings):
    settings.EVENT_VERSION_CACHE_SECONDS, settings.PUBLIC_CACHE_SECONDS = 0, 600
    first, _second = two_events
    _get(client_for(), _standings(first))
    assert _get(client_for(), _standings(first))[1] == 1


def test_if_none_match_is_answered_304(two_events, cached):
    first, _second = two_events
    url = f"/api/events/{first['event'].pk}/standings/"
    fresh = api_for().get(url)
    not_modified, queries = _get(api_for(), url, if_none_match=fresh["ETag"])
    assert not_modified.status_code == 304 and not not_modified.content and queries == 0
    assert not_modified["ETag"] == fresh["ETag"]
    assert fresh["Cache-Control"] == "public, no-cache"  # JSON: no cookie, any cache may keep it
    other = api_for().get(url + "?after_round=1", headers={"if-none-match": fresh["ETag"]})
    assert other.status_code == 200 and other["ETag"] != fresh["ETag"]  # the query counts


def test_the_etag_follows_the_language(two_events, cached):
    first, _second = two_events
    english = client_for(lang="en").get(_standings(first))
    vietnamese = client_for(lang="vi").get(_standings(first), headers={
        "if-none-match": english["ETag"]})
    assert vietnamese.status_code == 200 and vietnamese["ETag"] != english["ETag"]
    assert "Xếp hạng" in vietnamese.content.decode()


def test_a_result_invalidates_exactly_its_events_pages(
        two_events, cached, arbiter, django_capture_on_commit_callbacks):
    first, second = two_events
    urls = {ctx["event"].pk: [_standings(ctx), f"/events/{ctx['event'].slug}/rounds/",
                              f"/api/events/{ctx['event'].pk}/standings/"]
            for ctx in two_events}
    before = {url: client_for().get(url) for pk in urls for url in urls[pk]}
    with django_capture_on_commit_callbacks(execute=True):
        result_record(board=first["board"], result="1-0", actor=arbiter, expected_version=0)
    for url in urls[second["event"].pk]:  # the other event: still served from the cache
        response, queries = _get(client_for(), url, if_none_match=before[url]["ETag"])
        assert (response.status_code, queries) == (304, 0), url
        assert _get(client_for(), url)[1] == 0
    for url in urls[first["event"].pk]:  # this event: rendered again, with the result
        response, queries = _get(client_for(), url, if_none_match=before[url]["ETag"])
        assert response.status_code == 200 and queries > 0, url
        assert response["ETag"] != before[url]["ETag"]
    api = client_for().get(f"/api/events/{first['event'].pk}/standings/").json()
    assert sorted(row["points"] for row in api["rows"]) == ["0", "0", "0", "1"]


def test_each_visitor_gets_a_working_token_of_their_own(two_events, cached):
    first, _second = two_events
    alice, bob = client_for(), client_for()
    alice_page = alice.get(_standings(first))
    bob_page, queries = _get(bob, _standings(first))
    assert queries == 0
    tokens = TOKEN.findall(bob_page.content.decode())
    assert tokens and "@@" not in bob_page.content.decode()
    assert set(tokens).isdisjoint(TOKEN.findall(alice_page.content.decode()))
    assert bob_page["Cache-Control"] == "private, no-cache"  # a cookie is set: no shared cache
    bob.handler.enforce_csrf_checks = True  # bob's token is good for bob's language form
    switched = bob.post("/i18n/setlang/", {"language": "vi", "next": "/",
                                           "csrfmiddlewaretoken": tokens[0]})
    assert switched.status_code == 302


def test_staff_pages_are_neither_stored_nor_served_from_the_cache(
        make_event, organiser, chief_arbiter, arbiter, cached):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    url = f"/events/{ctx['event'].slug}/rounds/"
    staff = client_for(arbiter)
    staff_page = staff.get(url)
    assert "private" in staff_page["Cache-Control"]
    assert "Round 1" in staff_page.content.decode()  # the staff see the draft rounds
    visitor_page = client_for().get(url)
    assert "Round 1" not in visitor_page.content.decode()
    staff_again, queries = _get(staff, url)
    assert queries > 1 and "Round 1" in staff_again.content.decode()
    refused = client_for().get(url, headers={"if-none-match": staff_page["ETag"]})
    assert refused.status_code == 200  # a visitor cannot reuse the staff's validator
    api_staff = api_for(arbiter).get(f"/api/events/{ctx['event'].pk}/rounds/").json()
    api_public = api_for().get(f"/api/events/{ctx['event'].pk}/rounds/").json()
    assert len(api_staff) == 3 and api_public == []


def test_a_draft_event_is_not_served_to_visitors(make_event, organiser, chief_arbiter, cached,
                                                 django_capture_on_commit_callbacks):
    from tournaments.services.events import event_visibility_set

    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    assert client_for().get(_standings(ctx)).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        event_visibility_set(event=ctx["event"], actor=organiser, public=False)
    assert client_for().get(_standings(ctx)).status_code == 404


def test_the_version_answers_live_refresh(two_events, cached, arbiter,
                                          django_capture_on_commit_callbacks):
    first, _second = two_events
    url = f"/events/{first['event'].slug}/version/"
    before = client_for().get(url).json()
    first["event"].refresh_from_db()
    assert before == {"event": first["event"].pk, "version": first["event"].version} and \
        before["version"] > 0
    page = client_for().get(_standings(first)).content.decode()
    assert f'data-version="{before["version"]}"' in page and f'data-version-url="{url}"' in page
    assert 'hx-trigger="version-changed"' in page  # the page reloads only when told
    with django_capture_on_commit_callbacks(execute=True):
        result_record(board=first["board"], result="1-0", actor=arbiter, expected_version=0)
    assert client_for().get(url).json()["version"] == before["version"] + 1
    api = api_for().get(f"/api/events/{first['event'].pk}/version/").json()
    assert api["version"] == before["version"] + 1
    assert client_for().get("/events/no-such-event/version/").status_code == 404


def test_while_one_request_renders_after_a_write_the_others_get_the_previous_answer(
        two_events, cached, arbiter, django_capture_on_commit_callbacks):
    from django.core.cache import cache

    first, _second = two_events
    url = f"/api/events/{first['event'].pk}/standings/"
    before = client_for().get(url)
    with django_capture_on_commit_callbacks(execute=True):
        result_record(board=first["board"], result="1-0", actor=arbiter, expected_version=0)
    asked = before["ETag"].strip('"').rsplit("-v", 1)[0]
    assert cache.add(f"public-render:{asked}", 1)  # another request is rendering it
    meanwhile, queries = _get(client_for(), url)
    assert (meanwhile.content, meanwhile["ETag"], queries) == (before.content, before["ETag"], 0)
    cache.delete(f"public-render:{asked}")  # it is done
    after = client_for().get(url)
    assert after["ETag"] != before["ETag"] and after.content != before.content


def test_nobody_fills_the_cache_by_varying_the_address_or_the_format(two_events, cached):
    first, _second = two_events
    url = f"/api/events/{first['event'].pk}/standings/"
    page = _standings(first)
    for asked, headers in [(f"{page}?after=12345", {}), (f"{page}?after=1&after=2", {}),
                           (url, {"accept": "application/json; x=1"})]:
        client_for().get(asked, headers=headers)
        again, queries = _get(client_for(), asked, **headers)
        assert again.status_code == 200 and queries > 0, asked  # rendered again, not kept
        assert _get(client_for(), asked, if_none_match=again["ETag"], **headers)[0].status_code \
            == 304  # the validator still holds
    client_for().get(f"{_standings(first)}?after=1")
    assert _get(client_for(), f"{_standings(first)}?after=1")[1] == 0  # a round: kept


def test_a_query_the_read_does_not_use_is_ignored_and_answered_from_the_cache(
        make_event, organiser, chief_arbiter, cached):
    """The attack: ``?x=random`` on every request bypassed the cache. Now the parameter is
    taken out before the view runs: the cached answer is served, and nothing of it shows."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    page = f"/events/{ctx['event'].slug}/rounds/1/"
    fresh, fresh_queries = _get(client_for(), page)
    assert fresh_queries > 5
    for n in range(3):
        again, queries = _get(client_for(), f"{page}?x=r{n}a9&utm_source=z{n}")
        assert again.status_code == 200 and queries == 0
        assert again["ETag"] == fresh["ETag"] and "utm_source" not in again.content.decode()
    url = f"/api/events/{ctx['event'].pk}/standings/"
    api_for().get(f"{url}?after_round=1")
    assert _get(api_for(), f"{url}?junk=1&after_round=1")[1] == 0


def test_a_query_the_read_uses_keeps_its_meaning(make_event, organiser, chief_arbiter, cached):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    page = _standings(ctx)
    after_none = client_for().get(f"{page}?after=0&x=1")
    after_one = client_for().get(f"{page}?x=2&after=1")
    assert after_none["ETag"] != after_one["ETag"]
    assert _get(client_for(), f"{page}?after=1")[1] == 0


@pytest.fixture
def three_renders(settings, cached):
    settings.ANONYMOUS_RENDERS_PER_MINUTE = 3


def test_a_visitor_rendering_too_many_expensive_reads_gets_429_in_their_language(
        two_events, three_renders):
    first, _second = two_events
    page = _standings(first)
    for n in range(3):
        assert client_for().get(f"{page}?after={n}").status_code == 200
    refused = client_for(lang="vi").get(f"{page}?after=3")
    assert refused.status_code == 429 and refused["Retry-After"] == "60"
    assert "Bạn đã yêu cầu quá nhiều trang" in refused.content.decode()
    api = api_for().get(f"/api/events/{first['event'].pk}/crosstable/")
    assert api.status_code == 429 and api.json()["code"] == "throttled"
    assert "Too many pages" in api.json()["detail"]
    # What the cache answers is not counted; nor another address, nor someone signed in.
    assert client_for().get(f"{page}?after=1").status_code == 200
    assert client_for().get(f"{page}?after=3", REMOTE_ADDR="192.0.2.40").status_code == 200
    assert client_for(first["event"].created_by).get(
        f"/events/{first['event'].slug}/crosstable/").status_code == 200


def test_a_bogus_session_cookie_or_authorization_is_still_a_visitor(two_events, three_renders,
                                                                      client):
    first, _second = two_events
    client.cookies["sessionid"] = "forged"
    statuses = [client.get(f"{_standings(first)}?after={n}", headers={
        "authorization": "Basic eDp5"}).status_code for n in range(4)]
    assert statuses == [200, 200, 200, 429]
    url = f"/api/events/{first['event'].pk}/crosstable/"
    assert api_for().get(url, headers={"authorization": "Bearer x"}).status_code == 429
    assert api_for().get(url, headers={"authorization": "Token forged"}).status_code == 401


def test_every_public_page_of_an_event_is_a_cached_read():
    """A new page under /events/<slug>/ is cached (or left out here, with its reason)."""
    from tournaments.public_cache import PUBLIC_READS
    from tournaments.urls import urlpatterns

    left_out = {"tournaments:event_ratings",  # follows the latest rating list, not one event
                # Online registration reads the clock (open, closed) and the visitor's own form
                # (the session's last registration), not only the event's version.
                "tournaments:register", "tournaments:register_sent",
                # The live relay's reads change with every move (the event's version stays)
                # and with the clock (the statute's delay): answered fresh, never cached.
                "tournaments:game_live_json", "tournaments:game_live_pgn",
                "tournaments:round_live_pgn",
                # The live feed's stream (Server-Sent Events): a connection held open.
                "tournaments:event_live"}
    pages = {f"tournaments:{p.name}" for p in urlpatterns
             if str(p.pattern).startswith("events/<slug:slug>/")}
    assert pages - left_out == {name for name in PUBLIC_READS if name.startswith("tournaments:")}
