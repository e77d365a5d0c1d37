"""The statute's team options reach the scoring engine (adapters) and the standings page."""

from fractions import Fraction

import pytest
from django.utils.translation import override

from scoring.points import MatchScoring, Outcome, Primary
from tests.tournaments.builders import team_event
from tournaments.adapters.events import scoring_system, tiebreak_order
from tournaments.errors import ServiceError
from tournaments.models import Board
from tournaments.selectors.standings import event_standings
from tournaments.services.events import event_update
from tournaments.services.results import game_result_record

pytestmark = pytest.mark.django_db


def test_appendix_4_statute_team_options_in_the_scoring_system(make_event, organiser):
    event = make_event(format="rr", participant_kind="team")
    system = scoring_system(event)
    assert isinstance(system, MatchScoring)
    assert (system.primary, system.games) == (Primary.GAME, 4)  # the law: board points
    assert system.game.value(Outcome.WIN) == 1 and system.game.value(Outcome.DRAW) == Fraction(1, 2)
    assert (system.match.win, system.match.draw, system.match.loss) == (2, 1, 0)
    assert tiebreak_order(event) == ("PTS", "BRD", "LOT")
    event = event_update(event=event, actor=organiser, team_scoring="match", team_boards=3,
                         team_match_points_win=3, team_match_points_draw=1)
    system = scoring_system(event)
    assert (system.primary, system.games, system.match.win) == (Primary.MATCH, 3, 3)
    # Match points first, board points second, then board by board.
    assert tiebreak_order(event) == ("PTS", "GPTS", "BRD", "LOT")
    event = event_update(event=event, actor=organiser, tiebreaks=["DE", "SB:MP", "BH:GP"])
    assert tiebreak_order(event) == ("DE", "SB:MP", "BH:GP")


def test_a_resting_team_scores_the_statutes_points_for_resting(make_event, organiser):
    # Round robin: resting is worth points_rest (the default 0) on every board.
    event = make_event(format="rr", participant_kind="team")
    system = scoring_system(event)
    assert system.match.value(Outcome.PAIRING_BYE) == 0
    assert system.game.value(Outcome.PAIRING_BYE) == 0
    # Swiss: the pairing bye is worth points_bye (a win by default): 2 match points, 4 boards.
    event = make_event(format="swiss", rounds=5, participant_kind="team")
    system = scoring_system(event)
    assert system.match.value(Outcome.PAIRING_BYE) == 2
    assert system.game.value(Outcome.PAIRING_BYE) * system.games == 4


def _play(event, arbiter, marks_by_pair):
    """Results of round 1, written per match from the lower-numbered team's side."""
    flip = {"1": "0", "0": "1", "½": "½"}
    for board in Board.objects.filter(round__event=event, round__number=1,
                                      black__isnull=False).select_related("white", "black"):
        a, b = board.white.number, board.black.number
        marks = marks_by_pair[(min(a, b), max(a, b))].split()
        if a > b:
            marks = [flip[m] for m in marks]
        for game, mark in zip(board.games.order_by("number"), marks, strict=True):
            if mark == "½":
                result = "1/2-1/2"
            else:
                result = "1-0" if (mark == "1") == game.white_first else "0-1"
            game_result_record(game=game, result=result, actor=arbiter, expected_version=0)


def test_team_standings_page_data(make_event, organiser, chief_arbiter, arbiter):
    # Round 1 of four teams (Berger: 1 v 4, 2 v 3), from the lower number's side:
    #   T1–T4 "1 ½ ½ 0" (2–2)   T2–T3 "½ ½ 1 0" (2–2): every team 2 board points, 1 match point.
    # Board by board: T1 1 ½ ½ 0;  T2 ½ ½ 1 0;  T3 ½ ½ 0 1;  T4 0 ½ ½ 1.
    # T1 is ahead on board 1; T2 and T3 are level on boards 1 and 2, T2 ahead on board 3.
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    _play(event, arbiter, {(1, 4): "1 ½ ½ 0", (2, 3): "½ ½ 1 0"})
    with override("en"):
        table = event_standings(event)
    assert (table.team, table.primary, table.is_match) == (True, "gp", True)
    assert [c.code for c in table.criteria] == ["BRD", "LOT"]
    assert table.criteria[0].heading == "Boards"
    assert all(r.game_points == "2" and r.match_points == "1" for r in table.rows)
    assert [r.entry.number for r in table.rows] == [1, 2, 3, 4]
    assert [r.reason for r in table.rows] == [
        "ahead on board 1 (1 vs 0.5)",
        "ahead on board 3 (1 vs 0), level on the boards above",
        "ahead on board 1 (0.5 vs 0)",
        "",
    ]


def test_boards_per_team_are_fixed_once_the_event_has_rounds(make_event, organiser,
                                                              chief_arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4, publish=False)
    with pytest.raises(ServiceError, match="boards per team"):
        event_update(event=event, actor=organiser, team_boards=3)
    # Other team options may change (a statute correction): the standings follow.
    event = event_update(event=event, actor=organiser, team_scoring="match")
    assert event.team_scoring == "match"
