import io

import pytest
from django.core.management import call_command
from django.db import models

from tournaments.models import Entry, Event, Player

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def test_demo_builds_the_four_events_and_is_idempotent():
    said = io.StringIO()
    call_command("demo", stdout=said)  # ``make serve`` shows each step as it starts
    steps = [line for line in said.getvalue().splitlines() if line.startswith("Demo: ")]
    assert steps == ["Demo: removing the previous demo events...", "Demo: accounts and players...",
                     "Demo: a round robin, played...", "Demo: a Swiss, played...",
                     "Demo: a double elimination, played...", "Demo: a team event, played...",
                     "Demo: a championship with stages and groups, played...",
                     "Demo: a federation, its province, city and clubs, two seasons of "
                     "events..."]
    counts = (Event.objects.count(), Entry.objects.count(), Player.objects.count())
    call_command("demo", stdout=open("/dev/null", "w"))
    assert (Event.objects.count(), Entry.objects.count(), Player.objects.count()) == counts
    events = {e.slug: e for e in Event.objects.all()}
    assert events["demo-vong-tron-2026"].entries.count() == 12
    assert events["demo-thuy-si-2026"].entries.count() == 40
    assert events["demo-loai-kep-2026"].entries.count() == 8
    assert events["demo-dong-doi-2026"].entries.count() == 8
    assert any("ễ" in p.full_name or "ư" in p.full_name for p in Player.objects.all())


def test_demo_organisations_two_seasons_and_players_in_several_events():
    """A federation, a province and a city, three clubs; twelve public events over the 2025
    and 2026 seasons under them; club members who play in several; a member who moved clubs
    in mid-2025; the rights follow the tree."""
    from tournaments.models import ClubMembership, Organisation
    from tournaments.selectors.organisations import player_member_of

    call_command("demo", stdout=open("/dev/null", "w"))
    tree = {o.slug: o for o in Organisation.objects.filter(slug__startswith="demo-")}
    assert sorted(o.kind for o in tree.values()) == ["city", "club", "club", "club",
                                                      "federation", "province"]
    assert tree["demo-clb-song-han"].province == tree["demo-da-nang"]
    events = Event.objects.filter(organisation__path__startswith=tree["demo-lien-doan"].path)
    assert events.count() == 12 and events.filter(visibility="public").count() == 12
    assert sorted({e.start_date.year for e in events}) == [2025, 2026]
    assert events.filter(organisation=tree["demo-clb-thu-do"]).count() == 2
    several = Entry.objects.filter(event__in=events).values("player").annotate(
        n=models.Count("pk")).filter(n__gte=3)
    assert several.count() >= 10
    moved = ClubMembership.objects.filter(until__isnull=False).get().player
    import datetime
    assert player_member_of(moved, tree["demo-clb-thu-do"], datetime.date(2025, 6, 30))
    assert not player_member_of(moved, tree["demo-clb-thu-do"], datetime.date(2025, 7, 1))
    assert player_member_of(moved, tree["demo-ha-noi"], datetime.date(2025, 7, 1))
    women = Event.objects.get(slug="demo-org-nu-2026")
    assert women.entries.exists() and not women.entries.exclude(player__gender="F").exists()
    call_command("demo", stdout=open("/dev/null", "w"))  # idempotent
    assert Event.objects.filter(slug__startswith="demo-org-").count() == 12
    assert Organisation.objects.filter(slug__startswith="demo-").count() == 6


def test_demo_swiss_is_in_progress():
    from tests.tournaments.builders import assert_swiss_invariants
    from tournaments.models import RoundStatus
    from tournaments.selectors.swiss import round_warnings

    call_command("demo", stdout=open("/dev/null", "w"))
    event = Event.objects.get(slug="demo-thuy-si-2026")
    rounds = list(event.rounds_set.order_by("number"))
    assert [r.status for r in rounds] == [RoundStatus.COMPLETED] * 5 + [RoundStatus.PUBLISHED]
    assert event.rounds == 9 and event.initial_colour_drawn in ("w", "b")
    assert event.entries.filter(status="withdrawn", withdrawn_after_round=3).count() == 1
    assert rounds[3].boards.filter(bye="H").count() == 1
    assert all(round_warnings(r) == [] for r in rounds)
    assert_swiss_invariants(event)


def test_demo_team_event_plays_rounds_with_a_reserve_and_a_forfeit():
    from tournaments.models import Game, TeamMember

    call_command("demo", stdout=open("/dev/null", "w"))
    event = Event.objects.get(slug="demo-dong-doi-2026")
    assert event.rounds_set.filter(status="completed").count() == 4
    assert event.rounds_set.filter(status="published").count() == 1
    reserves = set(TeamMember.objects.filter(entry__event=event, is_reserve=True)
                   .values_list("player_id", flat=True))
    games = Game.objects.filter(board__round__event=event)
    assert games.filter(first_player__in=reserves).count() == 1
    forfeit = games.get(board__round__number=3, board__number=2, number=4)
    assert forfeit.second_player is None and forfeit.result in ("+/-", "-/+")


def test_demo_championship():
    """A Swiss qualifying stage then a knockout final (played), and round-robin groups
    then a knockout interleaved A1 v B2, B1 v A2 (semi-finals published)."""
    from tournaments.models import Championship, RoundStatus
    from tournaments.selectors.championships import category_results

    call_command("demo", stdout=open("/dev/null", "w"))
    call_command("demo", stdout=open("/dev/null", "w"))  # rebuilt, not doubled
    championship = Championship.objects.get(slug="demo-vo-dich-quoc-gia-2026")
    men, women = championship.categories.order_by("order")
    swiss, final = men.stages.order_by("number")
    assert swiss.events.get().entries.count() == 12 and final.events.get().entries.count() == 4
    assert not final.events.get().rounds_set.exclude(status=RoundStatus.COMPLETED).exists()
    results = category_results(men)
    assert len(results.rows) == 12 and results.rows[0].stage == final
    assert results.teams  # team prizes by province
    groups, knockout = women.stages.order_by("number")
    assert groups.events.count() == 2
    seeds = {e.number: e for e in knockout.events.get().entries.select_related("player")}
    group_of = {e.player_id: e.event.group_label
                for e in groups.events.get(group_label="A").entries.all()}
    group_of.update({e.player_id: "B" for e in groups.events.get(group_label="B").entries.all()})
    assert [group_of[seeds[n].player_id] for n in (1, 2, 3, 4)] == ["A", "B", "A", "B"]
    semi = knockout.events.get().rounds_set.get(number=1)
    assert semi.status == RoundStatus.PUBLISHED


def test_demo_round_robin_has_recorded_games_one_ending_in_checkmate():
    """The demo's round 1 carries score sheets (Art. 11), typed through the service;
    the checkmate sits on a board whose recorded result is Red's win, so no aid flags it."""
    from tournaments.models import GameMoves
    from tournaments.selectors.game_records import board_slots, game_view

    call_command("demo", stdout=open("/dev/null", "w"))
    records = GameMoves.objects.filter(board__round__event__slug="demo-vong-tron-2026")
    assert records.count() == 5 and {r.board.round.number for r in records} == {1}
    views = [game_view(board_slots(r.board)[0]) for r in records]
    mates = [v for v in views if v.positions[-1].is_over()]
    assert len(mates) == 1 and mates[0].positions[-1].is_check()
    assert mates[0].slot.result == "1-0" and all(v.flag is None for v in views)
