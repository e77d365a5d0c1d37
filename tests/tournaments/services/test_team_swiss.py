"""Team Swiss (appendix §4 with the Dutch system over teams) through the Swiss service: every
team match is reduced to its result on board 1's colours, scored with the statute's match
points (adapters.pairing_tournament, services/swiss.py: pairing_points)."""

import pytest

from tests.tournaments.builders import PlayerFactory, TeamFactory
from tournaments.adapters.events import load_event, pairing_tournament, scoring_system
from tournaments.adapters.swiss import pairing_points
from tournaments.models import Board, Entry
from tournaments.services.entries import entry_team_register, numbers_draw
from tournaments.services.formats import round_start
from tournaments.services.results import game_result_record
from tournaments.services.rounds import round_complete, round_publish

pytestmark = pytest.mark.django_db


def _pair_and_store(event, number, chief):
    (round_,) = round_start(event=event, actor=chief).rounds
    assert round_.number == number
    round_publish(round_=round_, actor=chief)
    return round_


def test_team_swiss_pairs_teams_on_match_points(make_event, organiser, chief_arbiter,
                                                arbiter):
    event = make_event(format="swiss", rounds=3, participant_kind="team", team_boards=4,
                       team_reserves=1, initial_colour="w")
    for t in range(1, 7):
        people = PlayerFactory.create_batch(5)
        for i, p in enumerate(people):
            p.rating = 2300 - 100 * t - 10 * i
            p.save()
        entry_team_register(event=event, actor=organiser, team=TeamFactory(),
                            players=people[:4], reserves=people[4:])
    numbers_draw(event=event, actor=organiser, method="rating")

    round1 = _pair_and_store(event, 1, chief_arbiter)
    boards = list(Board.objects.filter(round=round1).select_related("white", "black"))
    # Round 1: top half against bottom half (1–4, 5–2, 3–6); board 1 of the first team White.
    assert sorted((min(b.white.number, b.black.number), max(b.white.number, b.black.number))
                  for b in boards) == [(1, 4), (2, 5), (3, 6)]
    for b in boards:
        games = list(b.games.order_by("number"))
        assert [g.white_first for g in games] == [True, False, True, False]
        assert games[0].first_player is not None  # default line-up
    # From the lower number's side: 2½–1½ wins, except 3–6: 2–2.
    marks = {(1, 4): "1 1 ½ 0", (2, 5): "1 1 ½ 0", (3, 6): "1 0 ½ ½"}
    for b in boards:
        low_first = b.white.number < b.black.number
        pair = (min(b.white.number, b.black.number), max(b.white.number, b.black.number))
        for g in b.games.order_by("number"):
            mark = marks[pair].split()[g.number - 1]
            first_mark = mark if low_first else {"1": "0", "0": "1", "½": "½"}[mark]
            result = "1/2-1/2" if first_mark == "½" else \
                ("1-0" if (first_mark == "1") == g.white_first else "0-1")
            game_result_record(game=g, result=result, actor=arbiter, expected_version=0)
    round_complete(round_=round1, actor=chief_arbiter)

    # Match points after round 1: teams 1 and 2 have 2, 3 and 6 have 1, 4 and 5 have 0.
    points = pairing_points(event)
    assert (points.win, points.draw, points.pab) == (2, 1, 2)
    tournament = pairing_tournament(load_event(event).tournament, scoring_system(event))
    assert {p.result.value for p in tournament.pairings} <= {"1-0", "0-1", "1/2-1/2"}
    round2 = _pair_and_store(event, 2, chief_arbiter)
    pairs = {frozenset((b.white.number, b.black.number)) for b in
             Board.objects.filter(round=round2).select_related("white", "black")}
    # The two winners meet; the two drawn teams met already ([C1]), so each floats down to a
    # team that lost: 3 (the higher) meets 4, 6 meets 5 (C.04.3 score groups).
    assert pairs == {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    # Colours on board 1 follow the Dutch rules: 1 had White in round 1, so 2 (Black in round
    # 1 against 5) gets White now.
    top = Board.objects.get(round=round2, number=1)
    assert Entry.objects.get(pk=top.white_id).number == 2
