"""Clubs or provinces ranked by the sum of their players' individual ranks beside the standings
(WXF 2023 regulation VIII a; selectors/team_ranks.py), on the page and in the API."""

import pytest

from tests.tournaments.builders import api_for, client_for, rr_scenario
from tournaments.models import Player
from tournaments.selectors.standings import event_standings
from tournaments.selectors.team_ranks import standings_team_ranks
from tournaments.services.fouls import foul_record

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter, arbiter):
    """Round 1 played (both White players won); a penalty against the winner of board 1 and
    the order [FOUL] rank the winner of board 2 first: ranks 1, 2, 3=, 3=. Club "Hà Nội" has
    board 1's White and board 2's Black (ranks 2 and 3), "Đồng Nai" the other two (1 and 3)."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played",
                      tiebreaks=["FOUL"], team_ranks_by="club")
    one, two = ctx["round1"].boards.order_by("number")
    foul_record(event=ctx["event"], board=one, entry_id=one.white_id, kind="loss",
                article="23.1", actor=arbiter)
    for entry, club in ((one.white, "Hà Nội"), (two.black, "Hà Nội"), (two.white, "Đồng Nai"),
                        (one.black, "Đồng Nai")):
        Player.objects.filter(pk=entry.player_id).update(club=club)
    ctx.update(one=one, two=two)
    return ctx


def test_wxf_viii_a_lower_sum_of_ranks_first(ctx):
    rows = standings_team_ranks(event_standings(ctx["event"]))
    assert [(r.team, r.rank, r.ranks, r.total) for r in rows] == [
        ("Đồng Nai", 1, (1, 3), 4), ("Hà Nội", 2, (2, 3), 5)]


def test_wxf_viii_a_too_few_players_not_ranked(ctx):
    event = ctx["event"]
    event.team_ranks_members = 3
    event.save(update_fields=["team_ranks_members"])
    rows = standings_team_ranks(event_standings(event))
    assert {(r.team, r.rank) for r in rows} == {("Đồng Nai", None), ("Hà Nội", None)}


def test_not_shown_unless_the_statute_asks(ctx):
    event = ctx["event"]
    event.team_ranks_by = ""
    event.save(update_fields=["team_ranks_by"])
    assert standings_team_ranks(event_standings(event)) == []
    assert api_for().get(f"/api/events/{event.pk}/standings/").json()["team_ranks"] == []


def test_page_and_api_show_the_team_ranking(ctx):
    event = ctx["event"]
    page = client_for().get(f"/events/{event.slug}/standings/").content.decode()
    assert 'data-testid="team-ranks"' in page and "Clubs: sum of individual ranks" in page
    data = api_for().get(f"/api/events/{event.pk}/standings/").json()["team_ranks"]
    assert [(t["team"], t["rank"], t["total"], t["ranks"]) for t in data] == [
        ("Đồng Nai", 1, 4, [1, 3]), ("Hà Nội", 2, 5, [2, 3])]
