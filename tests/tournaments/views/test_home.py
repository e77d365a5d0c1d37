"""The spectators' home: ongoing, upcoming and finished, newest first, paged; a championship's
stages and groups under it, not again as events; one heading for the list."""

import datetime
import re

import pytest
from django.test import Client

from tests.tournaments.builders import championship_groups_into_knockout
from tournaments.models import Championship, Event, Visibility
from tournaments.selectors.home import PAGE_SIZE, PREVIEW, Phase, home_page
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 11, 28)


def _event(organiser, name, start, end=None):
    event = event_create(actor=organiser, name=name, start_date=start, end_date=end,
                         format="swiss", rounds=5)
    Event.objects.filter(pk=event.pk).update(visibility=Visibility.PUBLIC)
    return event


def _names(section):
    return [item.name for item in section.items]


def test_phases_come_from_the_dates_newest_first(organiser):
    _event(organiser, "Đang đấu", TODAY - datetime.timedelta(days=1), TODAY)
    _event(organiser, "Hôm nay", TODAY)
    _event(organiser, "Tháng sau", TODAY + datetime.timedelta(days=30))
    _event(organiser, "Tuần sau", TODAY + datetime.timedelta(days=7))
    _event(organiser, "Năm ngoái", datetime.date(2025, 5, 1), datetime.date(2025, 5, 3))
    _event(organiser, "Tháng trước", datetime.date(2026, 10, 1))  # one day, no end date
    ongoing, upcoming, finished = home_page(today=TODAY).sections
    assert [s.phase for s in (ongoing, upcoming, finished)] == list(Phase)
    assert _names(ongoing) == ["Hôm nay", "Đang đấu"]
    assert _names(upcoming) == ["Tháng sau", "Tuần sau"]
    assert _names(finished) == ["Tháng trước", "Năm ngoái"]


def test_a_phase_has_its_own_paged_page(organiser):
    for day in range(PAGE_SIZE + 5):
        _event(organiser, f"Giải {day:02d}", datetime.date(2025, 1, 1) + datetime.timedelta(
            days=day))
    home = home_page(today=TODAY)
    finished = home.sections[2]
    assert finished.count == PAGE_SIZE + 5 and len(finished.items) == PREVIEW and finished.more
    first = home_page(phase="finished", page=1, today=TODAY).sections
    second = home_page(phase="finished", page=2, today=TODAY).sections
    assert len(first) == len(second) == 1
    assert _names(first[0])[0] == f"Giải {PAGE_SIZE + 4:02d}"  # the newest first
    assert len(first[0].items) == PAGE_SIZE and len(second[0].items) == 5
    assert _names(second[0])[-1] == "Giải 00"
    assert home_page(phase="nonsense", today=TODAY).phase is None  # the home, not an error


def test_stages_and_groups_are_listed_under_their_championship(organiser, chief_arbiter):
    championship, _category, _players = championship_groups_into_knockout(organiser,
                                                                          chief_arbiter)
    Championship.objects.filter(pk=championship.pk).update(visibility=Visibility.PUBLIC)
    Event.objects.filter(stage__category__championship=championship).update(
        visibility=Visibility.PUBLIC)
    stage_events = Event.objects.filter(stage__category__championship=championship).count()
    assert stage_events == 4  # a Swiss, two groups, a knockout
    items = [i for s in home_page(today=TODAY).sections for i in s.items]
    assert [i.name for i in items] == [championship.name]  # the stages are not events here
    lines = items[0].stages
    assert [(line.category, len(line.events)) for line in lines] == [("Nam", 1), ("Nữ", 2),
                                                                     ("Nữ", 1)]
    assert [e.group_label for e in lines[1].events] == ["A", "B"]
    page = Client().get("/").content.decode()
    assert page.count("<h1") == 1 and 'data-testid="home-stages"' in page
    assert len(re.findall(r'data-testid="home-item"', page)) == 1
    group_a = lines[1].events[0]
    assert f'href="{group_a.get_absolute_url()}"' in page


def test_the_page_searches_and_links_each_phase(organiser):
    _event(organiser, "Cúp Đà Nẵng", datetime.date(2020, 1, 1))
    _event(organiser, "Giải Huế", datetime.date(2020, 1, 2))
    client = Client()
    page = client.get("/?q=da+nang").content.decode()
    assert "Cúp Đà Nẵng" in page and "Giải Huế" not in page
    finished = client.get("/?phase=finished").content.decode()
    assert 'data-testid="home-finished"' in finished
    assert 'data-testid="home-ongoing"' not in finished
    assert "Cúp Đà Nẵng" in finished and "Giải Huế" in finished


def test_the_home_reads_a_few_queries_a_phase_whatever_the_size(organiser, chief_arbiter,
                                                                django_assert_num_queries):
    """Events, championships, their stages' events: two a phase however many there are (the
    stages' only where a championship is listed), and a count for a list cut at the preview
    or the page (the 12 finished events here: cut at 10 on the home)."""
    championship, _category, _players = championship_groups_into_knockout(organiser,
                                                                          chief_arbiter)
    Championship.objects.filter(pk=championship.pk).update(visibility=Visibility.PUBLIC)
    Event.objects.filter(stage__category__championship=championship).update(
        visibility=Visibility.PUBLIC)
    for day in range(12):
        _event(organiser, f"Giải {day}", datetime.date(2025, 1, 1) + datetime.timedelta(days=day))
    with django_assert_num_queries(8):
        home_page(today=TODAY)
    with django_assert_num_queries(3):
        home_page(phase="finished", today=TODAY)
