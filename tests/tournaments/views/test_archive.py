"""The archive's pages and API: finished public events season by season, paged, in a few
queries whatever their number; the search page linked from every page's header; both in
Vietnamese and English; the API's answers."""

import datetime

import pytest
from django.utils import timezone

from tests.tournaments.builders import PlayerFactory, api_for, client_for
from tournaments.models import Entry, Event, Visibility
from tournaments.selectors.archive import ARCHIVE_PAGE_SIZE, archive_page

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 11, 28)


@pytest.fixture(autouse=True)
def _no_cache(settings):
    settings.SEARCH_CACHE_SECONDS = 0
    settings.ARCHIVE_CACHE_SECONDS = 0


def _events(year, n, *, public=True, **fields):
    events = [Event(name=f"Giải {year} số {i:03d}", slug=f"g{year}-{i}", format="swiss",
                    rounds=5, start_date=datetime.date(year, 1, 1) + datetime.timedelta(days=i),
                    visibility=Visibility.PUBLIC if public else Visibility.DRAFT, **fields)
              for i in range(n)]
    for event in events:
        event.derived_fill()  # as save() does
    Event.objects.bulk_create(events)


def test_seasons_newest_first_with_their_finished_events_paged():
    _events(2024, ARCHIVE_PAGE_SIZE + 3)
    _events(2025, 2)
    _events(2023, 4, public=False)  # drafts: not in the archive
    Event.objects.create(name="Đang đấu", slug="live", format="swiss", rounds=5,
                         start_date=TODAY, visibility=Visibility.PUBLIC)  # not finished
    page = archive_page(today=TODAY)
    assert [(s.year, s.count) for s in page.seasons] == [(2025, 2), (2024, ARCHIVE_PAGE_SIZE + 3)]
    assert page.year == 2025 and [e.name for e in page.events] == ["Giải 2025 số 001",
                                                                   "Giải 2025 số 000"]
    first = archive_page(year="2024", today=TODAY)
    second = archive_page(year=2024, page="2", today=TODAY)
    assert (first.pages, first.number, second.number) == (2, 1, 2)
    assert len(first.events) == ARCHIVE_PAGE_SIZE and first.has_next and not first.has_previous
    assert [e.name for e in second.events] == ["Giải 2024 số 002", "Giải 2024 số 001",
                                               "Giải 2024 số 000"]
    assert archive_page(year=2024, page=99, today=TODAY).number == 2  # the last page
    assert archive_page(year="1999", page="x", today=TODAY).year == 2025  # the latest season


def test_the_archive_reads_two_queries_whatever_the_number_of_events(
        django_assert_num_queries, settings):
    _events(2024, 120)
    event = Event.objects.get(slug="g2024-119")
    Entry.objects.bulk_create(Entry(event=event, player=PlayerFactory()) for _ in range(3))
    with django_assert_num_queries(2):
        page = archive_page(year=2024, page=1, today=TODAY)
    assert page.events[0].entry_count == 3
    settings.ARCHIVE_CACHE_SECONDS = 300
    archive_page(year=2024, today=TODAY)
    with django_assert_num_queries(0):
        archive_page(year=2024, today=TODAY)


def test_the_archive_page_in_both_languages():
    _events(2024, 2, venue="Huế")
    english = client_for().get("/archive/?year=2024").content.decode()
    assert "2024: 2 finished events" in english and "Giải 2024 số 001" in english
    vietnamese = client_for(lang="vi").get("/archive/").content.decode()
    assert "2024: 2 giải đã kết thúc" in vietnamese and "Lưu trữ" in vietnamese


def test_the_search_page_is_linked_from_the_header_and_finds_events_and_players():
    _events(2024, 1, venue="Đà Nẵng")
    player = PlayerFactory(full_name="Nguyễn Đức Hòa")
    Entry.objects.create(event=Event.objects.get(), player=player)
    home = client_for().get("/").content.decode()
    assert 'href="/search/"' in home
    page = client_for().get("/search/?q=da+nang").content.decode()
    assert "Giải 2024 số 000" in page and "No player found." in page
    page = client_for(lang="vi").get("/search/?q=duc").content.decode()
    assert "Nguyễn Đức Hòa" in page and f"/players/{player.pk}/" in page
    assert "Không tìm thấy giải nào." in page
    empty = client_for(lang="vi").get("/search/").content.decode()
    assert "không cần gõ dấu" in empty


def test_the_api_answers_search_and_archive():
    _events(2024, 3, venue="Huế")
    found = api_for().get("/api/search/?q=hue&limit=2").json()
    assert [e["name"] for e in found["events"]] == ["Giải 2024 số 002", "Giải 2024 số 001"]
    assert found["more_events"] and found["words"] == ["hue"] and found["players"] == []
    assert api_for().get("/api/search/?limit=0").status_code == 400
    archive = api_for().get("/api/archive/?year=2024").json()
    assert archive["seasons"] == [{"year": 2024, "count": 3}]
    assert (archive["page"], archive["pages"], archive["count"]) == (1, 1, 3)
    assert archive["events"][0]["url"] == "/events/g2024-2/"
    assert api_for().get("/api/archive/?page=x").status_code == 400


@pytest.mark.parametrize(("days_ago", "kept"), [(3, 24 * 3600), (0, 600)])
def test_a_finished_events_pages_are_kept_longer_in_the_shared_cache(
        make_event, organiser, chief_arbiter, settings, monkeypatch, days_ago, kept):
    """Finished (after its end date): a day; ongoing (ends today): the usual time. A write
    still makes both unreachable at once (a new version, a new key)."""
    from tournaments import public_cache

    settings.PUBLIC_CACHE_SECONDS = 600
    settings.FINISHED_PUBLIC_CACHE_SECONDS = 24 * 3600
    today = timezone.localdate()
    event = make_event()
    Event.objects.filter(pk=event.pk).update(
        visibility=Visibility.PUBLIC, start_date=today - datetime.timedelta(days=days_ago + 2),
        end_date=today - datetime.timedelta(days=days_ago))
    timeouts = []
    stored = public_cache.cache.set_many
    monkeypatch.setattr(public_cache.cache, "set_many",
                        lambda values, timeout=None: timeouts.append(timeout)
                        or stored(values, timeout=timeout))
    assert client_for().get(f"/events/{event.slug}/").status_code == 200
    assert timeouts == [kept]
