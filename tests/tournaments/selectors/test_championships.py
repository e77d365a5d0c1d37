"""A category's overall results, team classification and a player's path (Art. 17.3):
selectors/championships.py over championships played through the services."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournaments.builders import (
    championship_groups_into_knockout,
    championship_played_on,
    championship_with_swiss,
    play_stage_event,
)
from tournaments.models import Player, Stage
from tournaments.selectors.championships import (
    category_results,
    colour_choices,
    entry_key,
    player_path,
)
from tournaments.selectors.standings import event_standings
from tournaments.services.championships import (
    category_update,
    stage_add,
    stage_qualification_set,
    stage_qualify,
)
from tournaments.services.formats import round_start

pytestmark = pytest.mark.django_db


def test_knockout_places_first_then_the_swiss_that_played_on(organiser, chief_arbiter):
    _ch, category, swiss, ko = championship_played_on(organiser, chief_arbiter)
    results = category_results(category)
    numbers = [(r.label, r.entry.event_id, r.entry.number) for r in results.rows]
    # Seeds 1 v 4 and 2 v 3, the better seed wins: 1 champion, 2 second, the semi-final losers
    # (3 and 4) share 3-4 (no third-place match, places shared by default).
    assert numbers[:4] == [("1", ko.pk, 1), ("2", ko.pk, 2), ("3–4", ko.pk, 3),
                           ("3–4", ko.pk, 4)]
    # Then the players who stayed in the Swiss, in its final order, from 5th down.
    stayed = [row.entry.player_id for row in event_standings(swiss).rows
              if row.entry.moved_on_after_round is None]
    assert [r.entry.player_id for r in results.rows[4:]] == stayed
    assert [r.label for r in results.rows[4:]] == ["5", "6", "7", "8"]
    assert {r.stage.number for r in results.rows[:4]} == {2}


def test_split_places_by_the_earlier_rank(organiser, chief_arbiter):
    _ch, category, swiss, _ko = championship_played_on(organiser, chief_arbiter)
    stage = category.stages.get(number=2)
    type(stage).objects.filter(pk=stage.pk).update(places="earlier")
    rows = category_results(category).rows
    # Seeds 3 and 4 came 3rd and 4th of the Swiss after round 3: 3rd and 4th overall.
    assert [(r.label, r.entry.number) for r in rows[2:4]] == [("3", 3), ("4", 4)]


def test_team_classification_by_the_sum_of_ranks_and_by_the_best_points(
        organiser, chief_arbiter):
    championship, category, swiss, ko = championship_played_on(organiser, chief_arbiter)
    rows = category_results(category).rows
    place = {r.entry.player_id: r.place for r in rows}
    by_place = sorted(place, key=place.__getitem__)
    # Provinces: X holds the 1st and 8th, Y the 2nd and 3rd, Z the 4th and 5th, W the 6th only.
    for province, places in {"X": (1, 8), "Y": (2, 3), "Z": (4, 5), "W": (6,)}.items():
        Player.objects.filter(pk__in=[by_place[p - 1] for p in places]).update(
            province=province)
    category_update(category=category, actor=organiser, team_classification="ranks",
                    team_by="province", team_best_n=2)
    teams = {t.team: (t.rank, t.total) for t in category_results(category).teams}
    # The 3rd and 4th share 3-4 and both count 3: Y 2 + 3 = 5, Z 3 + 5 = 8, X 1 + 8 = 9;
    # W has one player, not ranked.
    assert teams == {"Y": (1, 5), "Z": (2, 8), "X": (3, 9), "W": (None, None)}
    category_update(category=category, actor=organiser, team_classification="points")
    points = {r.entry.player_id: r.points for r in event_standings(swiss).rows}
    result = {t.team: t for t in category_results(category).teams}
    for team in ("X", "Y", "Z"):
        members = Player.objects.filter(province=team).values_list("pk", flat=True)
        best = sorted(members, key=place.__getitem__)[:2]
        assert result[team].total == sum(_fraction(points[p]) for p in best)
    ranked = sorted((t for t in result.values() if t.rank), key=lambda t: t.rank)
    assert [t.total for t in ranked] == sorted((t.total for t in ranked), reverse=True)
    assert result["W"].rank is None


def _fraction(text):
    from fractions import Fraction

    return Fraction(text.replace("½", ".5").replace(",", ".")) if text else Fraction(0)


def test_a_player_s_path_through_the_stages(organiser, chief_arbiter):
    championship, category, swiss, ko = championship_played_on(organiser, chief_arbiter)
    champion = ko.entries.get(number=1).player
    (path,) = player_path(championship, champion)
    assert [(s.stage.number, s.moved_on) for s in path.steps] == [(1, True), (2, False)]
    assert path.steps[1].label == "1" and path.overall.place == 1
    stayer = swiss.entries.get(number=8).player
    (path,) = player_path(championship, stayer)
    assert [s.stage.number for s in path.steps] == [1] and path.overall.place >= 5
    results = category_results(category)
    assert len({entry_key(r.entry) for r in results.rows}) == 8


def test_the_higher_ranked_player_of_the_earlier_stage_chooses_colour(organiser,
                                                                       chief_arbiter):
    _ch, category, swiss, ko = championship_played_on(organiser, chief_arbiter)
    assert colour_choices(ko) == {} and colour_choices(swiss) == {}
    Stage.objects.filter(category=category, number=2).update(higher_rank_chooses_colour=True)
    ko.refresh_from_db()
    choices = {code: entry.number for code, entry in colour_choices(ko).items()}
    # Seeds are the Swiss's order after round 3: seed 1 v 4 (1 chooses), 2 v 3 (2 chooses),
    # the final 1 v 2 (1 chooses).
    assert choices == {"A1.1": 1, "A1.2": 2, "A2.1": 1}


def test_wxf_final_before_the_last_round_then_the_swiss_from_third(organiser, chief_arbiter):
    """The top two after round 3 of 4 play a final (the stronger, seed 1, wins); the six
    others play round 4. Overall: the final's two, then the Swiss's order without them."""
    championship, category, _stage, swiss = championship_with_swiss(organiser, chief_arbiter,
                                                                    rounds=4)
    play_stage_event(swiss, chief_arbiter, rounds=3)
    final_stage = stage_add(category=category, actor=organiser, format="ko")
    stage_qualification_set(stage=final_stage, actor=organiser, qualification="final")
    stage_qualify(stage=final_stage, actor=organiser)
    round_start(event=swiss, actor=chief_arbiter)
    play_stage_event(swiss, chief_arbiter)
    final = final_stage.events.get()
    play_stage_event(final, chief_arbiter)
    rows = category_results(category).rows
    finalists = {e.number: e.player_id for e in final.entries.all()}
    assert [(r.label, r.entry.player_id) for r in rows[:2]] == [("1", finalists[1]),
                                                                ("2", finalists[2])]
    stayers = [row.entry.player_id for row in event_standings(swiss).rows
               if row.entry.player_id not in finalists.values()]
    assert [r.entry.player_id for r in rows[2:]] == stayers
    assert [r.label for r in rows[2:]] == [str(n) for n in range(3, 9)]


def test_group_stage_then_knockout_places_group_thirds_before_fourths(organiser,
                                                                       chief_arbiter):
    """Two round-robin groups of 4 dealt by rating in a snake, the top 2 of each into a
    knockout A1 v B2, B1 v A2, the stronger always winning."""
    _championship, category, players = championship_groups_into_knockout(organiser,
                                                                         chief_arbiter)
    rows = category_results(category).rows
    by_rating = [p.pk for p in sorted(players, key=lambda p: -p.rating)]
    # A: 1st, 4th, 5th, 8th by rating; B: 2nd, 3rd, 6th, 7th. Group winners 1st and 2nd,
    # runners-up 4th (A) and 3rd (B); the knockout: 1st beats B2 (3rd), 2nd beats A2 (4th),
    # 1st beats 2nd. Then the thirds (5th, 6th by rating) and the fourths (8th, 7th).
    assert [r.entry.player_id for r in rows[:2]] == by_rating[:2]
    assert {r.entry.player_id for r in rows[2:4]} == set(by_rating[2:4])
    assert [r.label for r in rows[:4]] == ["1", "2", "3–4", "3–4"]
    assert {r.entry.player_id for r in rows[4:6]} == set(by_rating[4:6])
    assert {r.entry.player_id for r in rows[6:]} == set(by_rating[6:])
    assert all(r.stage.number == 1 for r in rows[4:])
    assert {r.line.rank for r in rows[4:6]} == {3} and {r.line.rank for r in rows[6:]} == {4}


def test_reads_a_fixed_number_of_queries_per_event_whatever_the_players(organiser,
                                                                       chief_arbiter):
    counts = []
    for players in (4, 10):
        _ch, category, _stage, swiss = championship_with_swiss(
            organiser, chief_arbiter, players=players, name=f"Giải {players}")
        play_stage_event(swiss, chief_arbiter)
        with CaptureQueriesContext(connection) as queries:
            assert len(category_results(category).rows) == players
        counts.append(len(queries))
    assert counts[0] == counts[1]
