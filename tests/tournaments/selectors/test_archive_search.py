"""The archive's search (selectors/search.py): diacritics and "đ" ignored, each word the
beginning of a word, events by name, venue, organiser and year, players anyone may read, the
exact name first. The same answers on SQLite (``search_text`` with LIKE) and on PostgreSQL
(full-text search over the columns with unaccent: the PostgreSQL pass runs this file with
DATABASE_URL set, and the SQLite pass too: marked ``sqlite``); on PostgreSQL the GIN indexes
answer."""

import datetime

import pytest
from django.db import connection

from tests.tournaments.builders import PlayerFactory
from tournaments.models import Entry, Event, Player, Visibility
from tournaments.selectors.search import archive_search, query_words
from tournaments.text import search_text

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


@pytest.fixture(autouse=True)
def _no_cache(settings):
    settings.SEARCH_CACHE_SECONDS = 0


def _event(name, *, year=2024, venue="", organiser="", public=True):
    return Event.objects.create(
        name=name, slug=f"e{Event.objects.count() + 1}", venue=venue, organiser=organiser,
        start_date=datetime.date(year, 5, 1), format="swiss", rounds=5,
        visibility=Visibility.PUBLIC if public else Visibility.DRAFT)


def _entered(player, event):
    Entry.objects.create(event=event, player=player)
    return player


@pytest.fixture
def archive():
    cup = _event("Cúp Đà Nẵng mở rộng", year=2023, venue="Nhà thi đấu Tiên Sơn",
                 organiser="Liên đoàn Cờ tướng Đà Nẵng")
    hue = _event("Giải Cờ tướng Huế", year=2024, venue="Huế")
    dong = _event("Đồng đội Hà Nội", year=2024, organiser="CLB Hà-Nội (Thủ đô)")
    _event("Giải kín", year=2024, public=False)  # a draft: nobody finds it
    players = {
        "duc": _entered(PlayerFactory(full_name="Nguyễn Đức Hòa"), cup),
        "duc2": _entered(PlayerFactory(full_name="Đức"), hue),
        "thi": _entered(PlayerFactory(full_name="Lê Thị Đào"), dong),
        "wang": _entered(PlayerFactory(full_name="王天一"), hue),
    }
    PlayerFactory(full_name="Nguyễn Đức Ẩn")  # in no public event, on no list: not found
    return {"cup": cup, "hue": hue, "dong": dong, **players}


def _events(query):
    return [e.name for e in archive_search(query).events]


def _players(query):
    return [p.name for p in archive_search(query).players]


def test_the_stored_words_are_folded_and_cut_at_anything_but_letters_and_digits():
    assert search_text("Cúp Đà Nẵng", "CLB Hà-Nội (Thủ đô)", "2024") == \
        " cup da nang clb ha noi thu do 2024"
    assert query_words("  ĐỨC  đức, Hòa!") == ("duc", "hoa")


def test_accents_and_d_with_stroke_are_ignored_either_way(archive):
    assert _players("nguyen duc hoa") == ["Nguyễn Đức Hòa"]
    assert _players("NGUYỄN ĐỨC HOÀ") == ["Nguyễn Đức Hòa"]  # the other tone placement too
    assert _events("da nang") == ["Cúp Đà Nẵng mở rộng"]
    assert _events("Đà Nẵng") == ["Cúp Đà Nẵng mở rộng"]


def test_each_word_is_the_beginning_of_a_word_not_its_middle(archive):
    assert _players("nguy ho") == ["Nguyễn Đức Hòa"]
    assert _players("guyen") == []  # inside a word: not a word's beginning
    assert _events("gia co") == ["Giải Cờ tướng Huế"]


def test_events_are_found_by_venue_organiser_and_year_newest_first(archive):
    assert _events("tien son") == ["Cúp Đà Nẵng mở rộng"]
    assert _events("lien doan") == ["Cúp Đà Nẵng mở rộng"]
    assert _events("thu do") == ["Đồng đội Hà Nội"]  # the organiser's words in brackets
    assert _events("2024") == ["Giải Cờ tướng Huế", "Đồng đội Hà Nội"]
    assert _events("ha noi") == ["Đồng đội Hà Nội"]  # "Hà-Nội" is two words
    assert _events("kin") == []  # a draft event


def test_the_exact_name_ranks_first_then_names_that_begin_with_it(archive):
    _entered(PlayerFactory(full_name="Nguyễn Đức Hòa Bình"), archive["hue"])
    _entered(PlayerFactory(full_name="Trương Nguyễn Đức Hòa"), archive["hue"])
    # By the given name alone "Bình" and "Trương ... Hòa" come first (b < h, "hoa truong" >
    # "hoa nguyen"): the exact name first, then the name that begins with the words.
    assert _players("nguyen duc hoa") == ["Nguyễn Đức Hòa", "Nguyễn Đức Hòa Bình",
                                          "Trương Nguyễn Đức Hòa"]
    _event("Giải Cờ tướng Huế mở rộng", year=2025)
    assert _events("giai co tuong hue") == ["Giải Cờ tướng Huế", "Giải Cờ tướng Huế mở rộng"]
    assert _events("tuong hue") == ["Giải Cờ tướng Huế mở rộng", "Giải Cờ tướng Huế"]  # newest


def test_players_nobody_may_read_are_not_found(archive, monkeypatch):
    assert "Nguyễn Đức Ẩn" not in _players("nguyen duc")
    assert _players("an") == []
    # Asked a batch at a time: readable players after a batch of unreadable ones are found.
    monkeypatch.setattr("tournaments.selectors.search.PLAYER_BATCH", 1)
    for n in range(3):
        PlayerFactory(full_name=f"Đỗ Ẩn {n}")
    _entered(PlayerFactory(full_name="Đỗ Ẩn 9"), archive["hue"])
    assert archive_search("do an", limit=1).players[0].name == "Đỗ Ẩn 9"


def test_other_scripts_are_words_too(archive):
    assert _players("王天") == ["王天一"]


def test_the_limit_cuts_each_list_and_says_there_are_more(archive):
    for n in range(4):
        _entered(PlayerFactory(full_name=f"Trần Văn {n}"), archive["hue"])
    found = archive_search("tran", limit=3)
    assert [p.name for p in found.players] == ["Trần Văn 0", "Trần Văn 1", "Trần Văn 2"]
    assert found.more_players and not found.more_events
    assert archive_search("tran", limit=4).more_players is False


def test_a_query_without_a_word_finds_nothing_and_reads_nothing(archive,
                                                               django_assert_num_queries):
    with django_assert_num_queries(0):
        assert archive_search(" ,;- ").empty


def test_a_search_is_a_few_queries_then_none_from_the_cache(archive, settings,
                                                          django_assert_num_queries):
    """Events, a batch of players, and whether more players matched (fewer than the limit
    were found)."""
    settings.SEARCH_CACHE_SECONDS = 60
    with django_assert_num_queries(3):
        first = archive_search("Đức")
    with django_assert_num_queries(0):
        again = archive_search("duc")  # the same words: the same answer, from the cache
    assert again.players == first.players and again.query == "duc"


def test_a_renamed_player_or_event_is_found_by_the_new_name(archive):
    player = Player.objects.get(full_name="Lê Thị Đào")
    player.full_name = "Lê Thị Đoan"
    player.save(update_fields=["full_name"])
    assert _players("doan") == ["Lê Thị Đoan"] and _players("dao") == []
    event = archive["hue"]
    event.venue = "Quảng Trị"
    event.save(update_fields=["venue"])
    assert _events("quang tri") == ["Giải Cờ tướng Huế"]


def test_each_database_answers_from_its_own_search(archive):
    """PostgreSQL from the GIN indexes over its full-text documents (sequential scans
    discouraged so the tiny table's plan shows the index), SQLite from the stored words."""
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.execute("SELECT count(*) FROM tournaments_player "
                           "WHERE search_text LIKE '% duc%'")
            assert cursor.fetchone()[0] == 3  # two found, and one nobody may read
            return
        cursor.execute("SET enable_seqscan = off")
        for table, document in (
                ("tournaments_event",
                 "public.f_event_search(name, venue, organiser, start_date)"),
                ("tournaments_player", "public.f_player_search(full_name)")):
            cursor.execute(f"EXPLAIN SELECT id FROM {table} WHERE {document} @@ "
                           "to_tsquery('simple'::regconfig, 'duc:*')")
            plan = "\n".join(row[0] for row in cursor.fetchall())
            assert "_search_gin" in plan, plan
        cursor.execute("SET enable_seqscan = on")
