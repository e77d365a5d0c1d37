"""A player across events (selectors/career.py), against a hand-worked example.

Two rated round robins (FIDE table, K 20: adults under 2400), P 2000, A 1800, B 1700, C 1600:

- March: P beats A (difference 200, We 0.76: +20 × 0.24 = +4.8), B–C drawn. P 1 point,
  first; performance 1800 + dp(100 %) 800 = 2600; rating after 2004.8, drawn at 2005.
- June: A beats P (−20 × 0.76 = −15.2), B–C drawn. P 0 points, fourth; performance
  1800 − 800 = 1000; rating after 1984.8, drawn at 1985.

Head-to-head P–A: one win each, 1–1.
"""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import PlayerFactory, client_for, play_round
from tournaments.selectors.career import (
    player_career,
    player_opponents,
    player_public_by_id,
    players_head_to_head,
)
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_events(make_event, organiser, chief_arbiter):
    cache.clear()
    people = [PlayerFactory(rating=r, birth_year=1980) for r in (2000, 1800, 1700, 1600)]
    events = []
    for month, results in ((3, ["1-0", "1/2-1/2"]), (6, ["0-1", "1/2-1/2"])):
        event = make_event(format="rr", name=f"Giải tháng {month}", rated=True,
                           start_date=datetime.date(2026, month, 1))
        entries = [entry_register(event=event, actor=organiser, player=p) for p in people]
        numbers_draw(event=event, actor=organiser, method="rating")
        play_round(event, 1, [(entries[0], entries[1]), (entries[2], entries[3])], results,
                   actor=chief_arbiter)
        event_visibility_set(event=event, actor=organiser, public=True)
        events.append(event)
    return {"players": people, "events": events}


def test_career_values_are_the_hand_worked_ones(two_events):
    p = two_events["players"][0]
    career = player_career(p)
    assert [(c.event.name, c.rank, c.points, c.performance, c.rating, c.change, c.rating_after)
            for c in career.events] == [
        ("Giải tháng 3", 1, "1", 2600, 2000, "+4.8", 2005),
        ("Giải tháng 6", 4, "0", 1000, 2000, "-15.2", 1985)]
    assert [(pt.on, pt.rating) for pt in career.graph.points] == [
        (datetime.date(2026, 3, 1), 2005), (datetime.date(2026, 6, 1), 1985)]
    # The higher rating is drawn at the top of the area, the lower at the bottom.
    assert career.graph.points[0].y < career.graph.points[1].y
    assert career.graph.polyline.count(",") == 2


def _warm_queries(player) -> int:
    player_career(player)  # fills the cache
    with CaptureQueriesContext(connection) as queries:
        player_career(player)
    return len(queries)


def test_the_query_count_does_not_grow_with_the_events_once_cached(two_events, organiser):
    p = two_events["players"][0]
    two = _warm_queries(p)
    assert two <= 6
    event_visibility_set(event=two_events["events"][0], actor=organiser, public=False)
    assert len(player_career(p).events) == 1
    assert _warm_queries(p) == two  # one event or two: the same queries


def _cold_queries(player) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        player_career(player)
    return len(queries)


def test_a_cold_page_reads_every_event_at_once(two_events, organiser):
    # The entries, the rosters, the events read together (entries, rounds, boards, games),
    # the player's games, the titles, the rating list rows, the recorded games.
    p = two_events["players"][0]
    two = _cold_queries(p)
    assert two == 10
    event_visibility_set(event=two_events["events"][0], actor=organiser, public=False)
    assert _cold_queries(p) == two  # one event or two: the same queries


def test_a_write_to_an_event_moves_its_line(two_events, organiser):
    p = two_events["players"][0]
    assert player_career(p).events[0].rank == 1
    event_visibility_set(event=two_events["events"][0], actor=organiser, public=False)
    assert [c.event.name for c in player_career(p).events] == ["Giải tháng 6"]


def test_head_to_head_counts_and_score(two_events):
    p, a, b, _c = two_events["players"]
    h2h = players_head_to_head(p, a)
    assert (h2h.games, h2h.wins, h2h.draws, h2h.losses, h2h.score, h2h.other_score) == (
        2, 1, 0, 1, "1", "1")
    assert [m.result for m in h2h.meetings] == ["1", "0"]
    assert [m.result for m in players_head_to_head(a, p).meetings] == ["0", "1"]
    assert players_head_to_head(p, b).games == 0
    assert player_opponents(p) == [a]


def test_the_pages_are_public_and_a_private_player_is_not_found(two_events):
    p, a = two_events["players"][:2]
    anyone = client_for(None)
    page = anyone.get(f"/players/{p.pk}/").content.decode()
    assert "Giải tháng 3" in page and 'data-testid="rating-graph"' in page
    assert "+4.8" in page and "-15.2" in page
    page = anyone.get(f"/players/{p.pk}/vs/{a.pk}/").content.decode()
    assert 'data-testid="h2h-score"' in page and "1 wins, 0 draws, 1 losses" in page
    stranger = PlayerFactory()
    assert player_public_by_id(stranger.pk) is None
    assert anyone.get(f"/players/{stranger.pk}/").status_code == 404
    vi = client_for(None, lang="vi").get(f"/players/{p.pk}/").content.decode()
    assert "Đồ thị hệ số" in vi


def test_a_team_event_shows_the_teams_rank_and_the_board_games(make_event, organiser,
                                                              chief_arbiter, arbiter):
    """Two teams of three boards (one round): the first-named team wins boards 1 and 2 and
    draws board 3, so it is first; its board 1 player beat the other team's board 1."""
    from tests.tournaments.builders import roster, team_event, team_round_play

    event = team_event(make_event, organiser, chief_arbiter, teams=2, boards=3, reserves=1)
    team_round_play(event, 1, arbiter, chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    board = event.rounds_set.get(number=1).boards.get(black__isnull=False)
    first_team, second_team = board.white, board.black
    mine, theirs = roster(first_team)[0][0], roster(second_team)[0][0]
    line = player_career(mine).events[0]
    assert (line.team, line.rank, line.change) == (first_team.team.name, 1, "")
    h2h = players_head_to_head(mine, theirs)
    assert (h2h.games, h2h.wins, h2h.score) == (1, 1, "1")


def test_the_closing_documents_print_the_titles_held(two_events):
    """Art. 15.1, 19.4: the classification sheet names each player's titles."""
    from tests.tournaments.builders import UserFactory
    from tournaments.models import Event, TitleKind
    from tournaments.selectors.closing import event_classified
    from tournaments.services.titles import player_title_award

    p = two_events["players"][0]
    event = two_events["events"][0]
    player_title_award(player=p, kind=TitleKind.objects.get(code="ktqg"),
                       awarded_on=datetime.date(2020, 1, 2),
                       actor=UserFactory(username="federation", is_superuser=True))
    Event.objects.filter(pk=event.pk).update(classification_name="Cấp 1", classification_top=1)
    event.refresh_from_db()
    (first,) = event_classified(event)
    assert first.entry.player == p and [t.kind.code for t in first.titles] == ["ktqg"]
    page = client_for(None).get(f"/events/{event.slug}/print/classified/").content.decode()
    assert "National Master (02/01/2020)" in page


def _rows_agree(event) -> list[tuple]:
    """Each ranked entry's (rank, shared, points) as ``entry_standing`` says it, checked
    against the whole table's row."""
    from tournaments.selectors.pairing_sheet import main_points
    from tournaments.selectors.standings import entry_standing, event_ranking, event_standings

    ranking = event_ranking(event)
    table = event_standings(event, ranking=ranking)
    lines = []
    for row in table.rows:
        line = entry_standing(event, row.entry, ranking)
        assert line == (row.rank, row.shared, main_points(table, row))
        lines.append(line)
    return lines


def test_one_entrys_row_is_the_tables(two_events, make_event, organiser, chief_arbiter,
                                      arbiter):
    """The career reads one row of each event (``entry_standing``): the same rank, tie and
    points as the standings' row, for single games and for a team event's match points."""
    from tests.tournaments.builders import team_event, team_round_play

    # June: A 1, B and C a draw each, P 0.
    assert [points for _rank, _shared, points in _rows_agree(two_events["events"][1])] == [
        "1", "0.5", "0.5", "0"]
    event = team_event(make_event, organiser, chief_arbiter, teams=2, boards=3, reserves=1)
    team_round_play(event, 1, arbiter, chief_arbiter)
    assert [(rank, shared) for rank, shared, _points in _rows_agree(event)] == [
        (1, False), (2, False)]
