"""End to end: an 8-team, 4-board round robin (appendix §4, §5) through the services, with a
reserve used and a forfeited board, to final standings checked by hand.

Teams 1..8 by table number (numbered by rating: team 1 strongest). Every team has 4 players and
1 reserve; the statute's substitution rule is the law's first (reserve on the absent player's
board). Results, from the lower-numbered team's side, board 1 first:

    every match  "1 1 ½ 0"   the lower number wins boards 1 and 2, draws 3, loses 4: 2½–1½
    except T1–T2 "1 0 ½ ½"   2–2
           T4–T5 "½ 1 ½ ½"   2½–1½
           T5–T8 "1 1 ½ +"   T8's board-4 player and its reserve are absent: board 4 is
                             forfeited, 3½–½
    and in T3–T6 T3's board-2 player is absent: the reserve plays board 2 (and wins it).

Board points. Without the exceptions team n scores 1½ against each of the n − 1 stronger teams
and 2½ against each of the 8 − n weaker ones: 1½(n − 1) + 2½(8 − n) = 18½ − n, and per board
8 − n, 8 − n, 3½, n − 1. With them:
    T1 7  6  3½ ½  = 17       (T1–T2: board 2 lost, board 4 drawn)
    T2 6  7  3½ ½  = 17
    T3 5  5  3½ 2  = 15½
    T4 3½ 4  3½ 3½ = 14½      (T4–T5: board 1 drawn, board 4 drawn)
    T5 3½ 3  3½ 4½ = 14½      (and board 4 won by forfeit against T8)
    T6 2  2  3½ 5  = 12½
    T7 1  1  3½ 6  = 11½
    T8 0  0  3½ 6  = 9½       (board 4 forfeited against T5)
    total 112 = 28 matches × 4 boards.
Ties: T1 and T2 on 17, T1 ahead on board 1 (7 vs 6); T4 and T5 on 14½, level on board 1 (3½),
T4 ahead on board 2 (4 vs 3).

Match points (2 / 1 / 0): every team wins against the weaker, loses against the stronger, and
T1–T2 is drawn: T1 13, T2 13, T3 10, T4 8, T5 6, T6 4, T7 2, T8 0 (56 = 28 × 2).
"""

from fractions import Fraction

import pytest
from django.utils.translation import override

from tests.tournaments.builders import roster, team, team_event
from tournaments.models import Board, RoundStatus
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.selectors.teams import event_board_results, team_view
from tournaments.services.events import event_update
from tournaments.services.lineups import lineup_set
from tournaments.services.results import game_result_record
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db

BASE = "1 1 ½ 0"
EXCEPTIONS = {(1, 2): "1 0 ½ ½", (4, 5): "½ 1 ½ ½", (5, 8): "1 1 ½ +"}
FLIP = {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+"}


def _marks(first: int, second: int) -> list[str]:
    """The board results from the first-named team's side."""
    low, high = min(first, second), max(first, second)
    marks = EXCEPTIONS.get((low, high), BASE).split()
    return marks if first == low else [FLIP[m] for m in marks]


def _result(mark: str, white_first: bool) -> str:
    if mark == "½":
        return "1/2-1/2"
    return "1-0" if (mark == "1") == white_first else "0-1"


def _lineups(event, board, arbiter):
    """T3–T6: T3's reserve on board 2; T5–T8: nobody for T8 on board 4."""
    numbers = {board.white.number, board.black.number}
    if numbers not in ({3, 6}, {5, 8}):
        return
    first, (first_reserve,) = roster(board.white)
    second, _ = roster(board.black)
    lineup = {"first": list(first), "second": list(second)}
    side = "first" if board.white.number in (3, 8) else "second"
    if numbers == {3, 6}:
        reserve = first_reserve if side == "first" else roster(board.black)[1][0]
        lineup[side][1] = reserve
    else:
        lineup[side][3] = None
    lineup_set(board=board, actor=arbiter, expected_version=board.version, **lineup)


def _play(event, arbiter, chief):
    for round_ in event.rounds_set.order_by("number"):
        for board in (Board.objects.filter(round=round_, black__isnull=False)
                      .select_related("white", "black")):
            _lineups(event, board, arbiter)
            marks = _marks(board.white.number, board.black.number)
            for game in board.games.order_by("number"):
                if game.result:  # a board forfeited by the line-up
                    assert marks[game.number - 1] in "+-"
                    continue
                game_result_record(game=game, result=_result(marks[game.number - 1],
                                                             game.white_first),
                                   actor=arbiter, expected_version=game.version)
        round_complete(round_=round_, actor=chief)


def test_appendix_4_eight_team_round_robin_to_final_standings(make_event, organiser,
                                                              chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=8, boards=4, reserves=1)
    assert event.rounds_set.count() == 7
    _play(event, arbiter, chief_arbiter)
    assert not event.rounds_set.exclude(status=RoundStatus.COMPLETED).exists()

    with override("en"):
        table = event_standings(event)
    assert table.after_round == 7 and (table.team, table.primary) == (True, "gp")
    assert [(r.entry.number, r.game_points, r.match_points) for r in table.rows] == [
        (1, "17", "13"), (2, "17", "13"), (3, "15.5", "10"), (4, "14.5", "8"),
        (5, "14.5", "6"), (6, "12.5", "4"), (7, "11.5", "2"), (8, "9.5", "0")]
    assert [r.rank for r in table.rows] == [1, 2, 3, 4, 5, 6, 7, 8]
    brd = {r.entry.number: r.values[0] for r in table.rows}
    assert brd == {1: "7/6/3.5/0.5", 2: "6/7/3.5/0.5", 3: "5/5/3.5/2", 4: "3.5/4/3.5/3.5",
                   5: "3.5/3/3.5/4.5", 6: "2/2/3.5/5", 7: "1/1/3.5/6", 8: "0/0/3.5/6"}
    assert table.rows[0].reason == "ahead on board 1 (7 vs 6)"
    assert table.rows[3].reason == "ahead on board 2 (4 vs 3), level on the boards above"

    # The crosstable: board points per match; T5–T8 was 3½–½.
    cross = event_crosstable(event)
    rows = {r.entry.number: r for r in cross.rows}
    column_of = {r.entry.number: i for i, r in enumerate(cross.rows)}
    cell = rows[5].cells[column_of[8]]
    texts = cell.text if hasattr(cell, "text") else " ".join(m.text for m in cell)
    assert texts == "3½"

    # Board prizes. Board 1: T1's player won all seven (ARO of T2..T8's board 1 players
    # 2100..1500 = 1800, +800 for 100 %). Board 2: T2's player 7/7, then T3's reserve 1/1.
    # Board 4: T8's player 6/6 (absent in one match); T5's player 4½ from 7, one a forfeit.
    boards = {t.board: t.rows for t in event_board_results(event).boards}
    top = boards[1][0]
    assert (top.player.full_name, top.points, top.games, top.percentage,
            top.opponents_rating, top.performance) == ("T1 B1", "7", 7, "100%", 1800, 2600)
    assert [(r.player.full_name, r.points, r.games, r.reserve) for r in boards[2][:2]] == [
        ("T2 B2", "7", 7, False), ("T3 R1", "1", 1, True)]
    t3_b2 = next(r for r in boards[2] if r.player.full_name == "T3 B2")
    assert (t3_b2.points, t3_b2.games, t3_b2.percentage) == ("4", 6, "66.7%")
    assert (boards[4][0].player.full_name, boards[4][0].points, boards[4][0].games) == (
        "T8 B4", "6", 6)
    t5_b4 = next(r for r in boards[4] if r.player.full_name == "T5 B4")
    assert (t5_b4.points, t5_b4.games, t5_b4.played) == ("4½", 7, 6)

    # T3's page: the reserve's match board by board, and the roster's scores.
    view = team_view(team(event, 3), staff=False)
    match = next(m for m in view.matches if m.opponent.number == 6)
    assert match.score == "2½–1½" and (match.board_points, match.match_points) == ("2.5", "2")
    assert [g.player.full_name for g in match.games] == ["T3 B1", "T3 R1", "T3 B3", "T3 B4"]
    assert [(m.member.player.full_name, m.boards, m.games, m.points) for m in view.members] == [
        ("T3 B1", "1", 7, "5"), ("T3 B2", "2", 6, "4"), ("T3 B3", "3", 7, "3½"),
        ("T3 B4", "4", 7, "2"), ("T3 R1", "2", 1, "1")]
    t8 = team_view(team(event, 8), staff=False)
    forfeited = next(m for m in t8.matches if m.opponent.number == 5)
    assert forfeited.games[3].player is None and forfeited.games[3].mark == "-"
    assert forfeited.score == "½–3½"

    # The same event under a statute ranking by match points, board points second.
    event = event_update(event=event, actor=organiser, team_scoring="match")
    table = event_standings(event)
    assert table.primary == "mp"
    assert [(r.entry.number, r.points, r.game_points) for r in table.rows] == [
        (1, "13", "17"), (2, "13", "17"), (3, "10", "15.5"), (4, "8", "14.5"),
        (5, "6", "14.5"), (6, "4", "12.5"), (7, "2", "11.5"), (8, "0", "9.5")]
    assert [c.code for c in table.criteria] == ["GPTS", "BRD", "LOT"]
    assert sum(Fraction(r.points) for r in table.rows) == 56
