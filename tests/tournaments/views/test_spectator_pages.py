"""The spectators' pages, as the server renders them: the current round first with a
round picker in words and a "find my board" list, the pairing sheet, the player card, the
standings' columns, and the wording of the statute, the round list, the team columns, the
bracket and the dates, in Vietnamese and English."""

import re

import pytest

from tests.tournaments.builders import client_for, knockout_event, team_event, team_round_play
from tournaments.models import Entry, Round
from tournaments.services.events import event_visibility_set
from tournaments.services.rounds import round_complete

# Also on the SQLite pass: the pages and the result entry on the embedded defaults (make serve).
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


@pytest.fixture
def event(swiss_event, organiser, chief_arbiter):
    """tests/tournaments/conftest.py: six players, rounds 1 and 2 played, round 3 a draft;
    round 1 closed here, round 2 left open."""
    round_complete(round_=Round.objects.get(event=swiss_event, number=1), actor=chief_arbiter)
    event_visibility_set(event=swiss_event, actor=organiser, public=True)
    return swiss_event


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _page(event, path="", lang="en", user=None):
    response = client_for(user, lang).get(f"/events/{event.slug}/{path}")
    assert response.status_code == 200, path
    return response.content.decode()


def test_pairings_open_on_the_current_round_alone(event, chief_arbiter):
    """Round 2 is the last public round (round 3 is a draft): it is shown, round 1 is not."""
    html = _page(event, "rounds/")
    assert "<h2>Round 2 " in html and "<h2>Round 1 " not in html
    assert html.count('data-testid="pairings"') == 1
    picker = re.search(r'<select id="round-pick".*?</select>', html, re.S).group(0)
    assert re.findall(r">([^<]+)</option>", picker) == ["Round 1", "Round 2 (in play)"]
    assert "<h2>Round 1 " in _page(event, "rounds/?round=1")
    assert "<h2>Round 2 " in _page(event, "rounds/?round=9")  # not a round: the current one
    vi = _page(event, "rounds/", lang="vi")
    assert ">Vòng 1</option>" in vi and "Tìm bàn của tôi" in vi


def test_a_round_in_play_comes_first(event, chief_arbiter):
    from tournaments.services.rounds import round_publish

    round_publish(round_=Round.objects.get(event=event, number=3), actor=chief_arbiter)
    html = _page(event, "rounds/")
    assert "<h2>Round 3 " in html and "3 boards still playing" in _text(html)


def test_the_pairing_sheet_shows_numbers_ratings_and_points_before(event):
    """Round 2, board 2: No. 2 (2300, ½ after round 1) against No. 3 (2250, 0)."""
    html = _page(event, "rounds/2/")
    board2 = _text(re.findall(r"<tr id=\"board-\d+\" class=\"[^\"]*\">(.*?)</tr>", html,
                              re.S)[1])
    assert board2.startswith("2 Đặng Hữu Trang No. 2 · Elo 2300 · 0.5 pts")
    assert "Trần Văn Ninh No. 3 · Elo 2250 · 0 pts" in board2
    assert "Phạm Thị Ngọc Hương No. 6 · Elo 2100 · 1 pts" in _text(html)


def test_find_my_board_lists_everyone_alphabetically(event):
    html = _page(event, "rounds/2/")
    table = re.search(r'data-testid="find-my-board">(.*?)</table>', html, re.S).group(1)
    rows = [_text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:]]
    assert rows == [
        "Phạm Thị Ngọc Hương 1 White Nguyễn Thị Ánh Tuyết",
        "Lại Lý Huynh 3 White Võ Minh Nhất",
        "Võ Minh Nhất 3 Black Lại Lý Huynh",
        "Trần Văn Ninh 2 Black Đặng Hữu Trang",
        "Đặng Hữu Trang 2 White Trần Văn Ninh",
        "Nguyễn Thị Ánh Tuyết 1 Black Phạm Thị Ngọc Hương",
    ]


def test_the_player_card(event):
    """No. 2: 1.5 points, rank 2, performance 2150 (the forfeit is not counted)."""
    entry = Entry.objects.get(event=event, number=2)
    html = _page(event, f"entries/{entry.pk}/")
    card = _text(re.search(r'data-testid="player-card">(.*?)</dl>', html, re.S).group(1))
    assert card == "Rank 2 Points 1.5 Rating 2300 Performance 2150"
    games = re.search(r'data-testid="player-games">(.*?)</table>', html, re.S).group(1)
    rows = [_text(r) for r in re.findall(r"<tr>(.*?)</tr>", games, re.S)[1:]]
    assert rows == ["1 board 2 Black Võ Minh Nhất No. 5 · Elo 2150 · 0.5 pts ½",
                    "2 board 2 White Trần Văn Ninh No. 3 · Elo 2250 · 0 pts +"]


def test_standings_show_rating_club_and_province(event):
    html = _page(event, "standings/")
    head = _text(re.search(r"<thead>(.*?)</thead>", html, re.S).group(1))
    # The points beside the name (in view on a phone), then the rating; club and province
    # after the tie-breaks.
    assert head.startswith("Rank Name Pts Rating ")
    assert head.endswith(" Club Province / federation Tie broken by")
    first = _text(re.search(r"<tbody>\s*<tr>(.*?)</tr>", html, re.S).group(1))
    assert first.startswith("1 Nguyễn Thị Ánh Tuyết 2 2350 ")
    assert "CLB Cờ Tướng Hà Nội Hà Nội · VIE" in first
    picker = re.search(r'<select id="after".*?</select>', html, re.S).group(0)
    assert re.findall(r">([^<]+)</option>", picker) == ["Round 1", "Round 2"]


def test_the_statute_names_the_rounds_and_the_tiebreak_order(event):
    vi = _text(_page(event, "", lang="vi"))
    assert "Số vòng 5" in vi and "Các vòng 5" not in vi
    en = _page(event, "")
    order = re.search(r'data-testid="statute-tiebreaks">(.*?)</ol>', en, re.S).group(1)
    items = [_text(i) for i in re.findall(r"<li>(.*?)</li>", order, re.S)]
    assert len(items) >= 2 and all(re.fullmatch(r"[^()]+.* \([^()]+\)", i) for i in items), items


def test_a_closed_round_says_it_is_finished(event):
    text = _text(_page(event, "rounds/1/", lang="vi"))
    assert "Vòng đấu đã kết thúc." in text and "còn 0 bàn" not in text


def test_a_published_round_with_every_result_is_not_0_boards_playing(
        make_event, organiser, chief_arbiter, arbiter):
    from tests.tournaments.builders import rr_scenario

    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")
    text = _text(_page(ctx["event"], "", lang="vi"))
    assert "còn 0 bàn" not in text
    assert "Mọi ván đã có kết quả; vòng đấu chưa được khép lại." in text


def test_team_columns_say_team(make_event, organiser, chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    team_round_play(event, 1, arbiter, chief_arbiter)  # the board results need a result
    event_visibility_set(event=event, actor=organiser, public=True)
    for path in ("standings/", "crosstable/", "entries/", "rounds/", "boards/"):
        html = _page(event, path, lang="vi")
        heads = [_text(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", html, re.S)]
        assert "Đội" in heads and "Họ tên" not in heads, (path, heads)


def test_bracket_headings_do_not_mix_bracket_and_event_rounds(
        make_event, organiser, chief_arbiter, arbiter):
    """A single-elimination bracket of 20: 1/16 finals, 1/8 finals, quarter-finals, ...; the
    event's round each is played in is said as the event's."""
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 20, format="ko")
    html = _page(event, "bracket/")
    heads = [_text(h) for h in re.findall(r"<h3>(.*?)</h3>", html, re.S)]
    assert heads[:3] == ["1/16 finals · event round 1", "1/8 finals · event round 2",
                         "Quarter-finals · event round 3"], heads
    assert not any(re.match(r"Round \d", h) for h in heads)
    vi = [_text(h) for h in re.findall(r"<h3>(.*?)</h3>", _page(event, "bracket/", "vi"),
                                         re.S)]
    assert vi[0] == "Vòng 1/16 · vòng 1 của giải"


def test_dates_day_month_year(event):
    """The event starts on 20 November 2026 (tests/conftest.py: make_event)."""
    assert "20 Nov 2026" in _page(event, "") and "11/20/2026" not in _page(event, "")
    assert "20/11/2026" in _page(event, "", lang="vi")


def test_pairings_before_any_round_say_so(make_event, organiser):
    event = make_event(format="swiss", rounds=5)
    event_visibility_set(event=event, actor=organiser, public=True)
    html = _page(event, "rounds/?round=x")
    assert "No round has been published yet." in html and 'id="find-my-board"' not in html


def test_find_my_board_searches_without_diacritics_and_jumps_to_the_board(event):
    """Without JavaScript: the search box asks the server; one board found, the page jumps
    to it (its anchor) and highlights it; several, they are listed; none, it says so."""
    client = client_for(None, "vi")
    one = client.get(f"/events/{event.slug}/rounds/2/?find=dang+huu")
    assert one.status_code == 302 and one["Location"].endswith("/rounds/2/?board=2#board-2")
    html = client.get(one["Location"]).content.decode()
    assert re.findall(r'<tr id="board-(\d+)"[^>]*data-testid="found-board"', html) == ["2"]
    by_number = client.get(f"/events/{event.slug}/rounds/?round=2&find=3")  # start number 3
    assert by_number["Location"].endswith("/rounds/?round=2&board=2#board-2")
    # The picked round stays in the search box's form; a round's own address needs none.
    hidden = '<input type="hidden" name="round" value="2">'
    assert hidden in client.get(f"/events/{event.slug}/rounds/?round=2").content.decode()
    assert hidden not in client.get(f"/events/{event.slug}/rounds/2/").content.decode()
    nguyen = client.get(f"/events/{event.slug}/rounds/2/?find=NGUYEN")  # "Nguyễn", board 1
    assert nguyen["Location"].endswith("/rounds/2/?board=1#board-1")
    several = client.get(f"/events/{event.slug}/rounds/2/?find=nh").content.decode()
    found = re.findall(r'href="#board-(\d+)" data-testid="found-seat"', several)
    assert sorted(set(found)) == ["1", "2", "3"] and len(found) == 4  # Ánh, Ninh, Huynh, Nhất
    assert sorted(re.findall(r'<tr id="board-(\d+)"[^>]*data-testid="found-board"',
                             several)) == ["1", "2", "3"]
    none = client.get(f"/events/{event.slug}/rounds/2/?find=zzz").content.decode()
    assert "Không ai trong vòng này khớp với “zzz”." in none
    assert 'data-testid="found-board"' not in none
