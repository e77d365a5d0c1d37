import pytest
from django.core.management import call_command

from tournaments.models import Entry, Event, Player

pytestmark = pytest.mark.django_db


def test_demo_builds_the_four_events_and_is_idempotent():
    call_command("demo", stdout=open("/dev/null", "w"))
    counts = (Event.objects.count(), Entry.objects.count(), Player.objects.count())
    call_command("demo", stdout=open("/dev/null", "w"))
    assert (Event.objects.count(), Entry.objects.count(), Player.objects.count()) == counts
    events = {e.slug: e for e in Event.objects.all()}
    assert events["demo-vong-tron-2026"].entries.count() == 12
    assert events["demo-thuy-si-2026"].entries.count() == 40
    assert events["demo-loai-kep-2026"].entries.count() == 8
    assert events["demo-dong-doi-2026"].entries.count() == 8
    assert any("ễ" in p.full_name or "ư" in p.full_name for p in Player.objects.all())


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


def test_demo_round_robin_has_recorded_games_one_ending_in_checkmate():
    """Issue 18: the demo's round 1 carries score sheets (Art. 11), typed through the service;
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
