"""Search is bounded in words and cost (tournaments/text.py: search_words): a query of
thousands of words costs what one of five words costs, on the API and on the pages."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.builders import PlayerFactory, TeamFactory, api_for, client_for
from tournaments.selectors.players import player_search
from tournaments.text import SEARCH_MAX_WORDS, fold, search_words

HUGE = " ".join(f"w{i}" for i in range(1900))


@given(st.text(max_size=400))
def test_search_words_are_few_distinct_and_taken_from_the_query(query):
    words = search_words(query)
    assert len(words) <= SEARCH_MAX_WORDS and len(set(words)) == len(words)
    assert all(word in fold(query) for word in words)


def test_the_first_five_distinct_words_count_and_the_rest_is_ignored():
    assert search_words("Nguyễn nguyen VĂN a b c d e") == ["nguyen", "van", "a", "b", "c"]
    assert search_words(HUGE) == ["w0", "w1", "w2", "w3", "w4"]


def _likes(sql: str) -> int:
    return sql.upper().count(" LIKE ")


@pytest.mark.django_db
def test_a_player_search_of_1900_words_is_one_query_with_at_most_five_words(organiser):
    PlayerFactory(full_name="Nguyễn Văn w0 w1 w2 w3 w4")
    with CaptureQueriesContext(connection) as queries:
        response = api_for(organiser).get("/api/players/", {"search": HUGE})
    assert response.status_code == 200 and response.json()["count"] == 1
    assert max(_likes(q["sql"]) for q in queries.captured_queries) <= 4 * SEARCH_MAX_WORDS
    assert [p.full_name for p in player_search("nguyen van")] == ["Nguyễn Văn w0 w1 w2 w3 w4"]


@pytest.mark.django_db
def test_team_and_event_searches_are_bounded_too(organiser):
    TeamFactory(name="Đội w0 w1 w2 w3 w4")
    with CaptureQueriesContext(connection) as queries:
        teams = api_for().get("/api/teams/", {"search": HUGE})
        events = api_for().get("/api/events/", {"search": HUGE})
        page = client_for().get("/", {"q": HUGE})
    assert teams.json()["count"] == 1
    assert events.status_code == page.status_code == 200
    assert max(_likes(q["sql"]) for q in queries.captured_queries) <= SEARCH_MAX_WORDS
