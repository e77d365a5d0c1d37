"""Round robin through the services: numbers, Berger rounds, results, standings, crosstable,
withdrawals (Art. 21.5.1) and two-game matches (Art. 21.2)."""


import pytest

from tests.tournaments.builders import PlayerFactory
from tournaments.models import Board, Entry, Round, RoundStatus
from tournaments.selectors.standings import event_crosstable, event_standings
from tournaments.services.entries import entry_register, entry_withdraw, numbers_draw
from tournaments.services.results import game_result_record, result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import round_complete, round_publish

pytestmark = pytest.mark.django_db


def _event_with(make_event, organiser, n, **statute):
    event = make_event(format=statute.pop("format", "rr"), **statute)
    for p in PlayerFactory.create_batch(n):
        entry_register(event=event, actor=organiser, player=p)
    numbers_draw(event=event, actor=organiser, method="rating")
    return event


def _play(round_, arbiter, chief, outcome):
    for board in round_.boards.select_related("white", "black"):
        if board.black_id:
            result_record(board=board, result=outcome(board), actor=arbiter,
                          expected_version=board.version)
    round_complete(round_=round_, actor=chief)


def test_ten_player_event_from_creation_to_final_standings(make_event, organiser, arbiter,
                                                           chief_arbiter):
    event = _event_with(make_event, organiser, 10)
    rounds = round_robin_schedule(event=event, actor=chief_arbiter)
    assert [r.number for r in rounds] == list(range(1, 10))
    assert all(r.status == RoundStatus.DRAFT for r in rounds)
    # Appendix §5.2: every pair meets exactly once; rule 5.1 for colours is the engine's.
    pairs = [frozenset((b.white.number, b.black.number))
             for b in Board.objects.filter(round__event=event).select_related("white", "black")]
    assert len(pairs) == 45 and len(set(pairs)) == 45
    for round_ in rounds:
        round_publish(round_=round_, actor=chief_arbiter)
        # The lower table number wins, except every third board is drawn.
        _play(round_, arbiter, chief_arbiter,
              lambda b: "1/2-1/2" if b.number % 3 == 0 else
              ("1-0" if b.white.number < b.black.number else "0-1"))
    table = event_standings(event)
    assert table.after_round == 9
    assert sorted(r.number for r in table.rows) == list(range(1, 11))
    total = sum(float(r.points) for r in table.rows)
    assert total == 45  # one point per game
    assert [c.code for c in table.criteria] == ["H2H", "SB", "WIN", "BWG", "LOT"]
    cross = event_crosstable(event)
    assert len(cross.rows) == 10 and len(cross.columns) == 10
    for row in cross.rows:
        assert [c.css for c in row.cells].count("self") == 1


def test_standings_after_any_round(make_event, organiser, arbiter, chief_arbiter):
    event = _event_with(make_event, organiser, 4)
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    _play(rounds[0], arbiter, chief_arbiter, lambda b: "1-0")
    _play(rounds[1], arbiter, chief_arbiter, lambda b: "0-1")
    after_one = event_standings(event, after_round=1)
    after_two = event_standings(event, after_round=2)
    assert sum(float(r.points) for r in after_one.rows) == 2
    assert sum(float(r.points) for r in after_two.rows) == 4


def test_art_21_5_1_withdrawal_at_half_cancels_all_games(make_event, organiser, arbiter,
                                                          chief_arbiter):
    # 5 players: 4 games each. Player 1 plays 2 (half) and withdraws: all their games are
    # cancelled, the crosstable shows X, opponents keep nothing from them.
    event = _event_with(make_event, organiser, 5)
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    first = Entry.objects.get(event=event, number=1)
    played = 0
    for round_ in rounds:
        if played == 2:
            break
        # Player 1 loses every game it plays.
        _play(round_, arbiter, chief_arbiter,
              lambda b: "0-1" if b.white == first else "1-0")
        played += Board.objects.filter(round=round_, black__isnull=False).filter(
            white=first).count() + Board.objects.filter(round=round_, black=first).count()
    entry_withdraw(entry=first, actor=organiser, after_round=round_.number - 1)
    cross = event_crosstable(event)
    row_one = next(r for r in cross.rows if r.number == 1)
    marks = [mark for cell in row_one.cells for mark in cell.text.split()]
    assert marks.count("X") == 4  # its two played and two unplayed games
    table = event_standings(event)
    # Not ranked: listed apart, after the ranking (Art. 21.5.1).
    assert [e.number for e in table.withdrawn] == [1]
    assert 1 not in [r.number for r in table.rows]


def test_art_21_2_two_game_match_scoring(make_event, organiser, arbiter, chief_arbiter):
    event = _event_with(make_event, organiser, 4, games_per_match=2)
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    board = rounds[0].boards.filter(black__isnull=False).first()
    g1, g2 = board.games.order_by("number")
    # Art. 4.2.2: colours alternate between the two games.
    assert (g1.white_first, g2.white_first) == (True, False)
    game_result_record(game=g1, result="1-0", actor=arbiter, expected_version=0)
    game_result_record(game=g2, result="1/2-1/2", actor=arbiter, expected_version=0)
    board.refresh_from_db()
    assert board.result == "1-0"  # 1.5 - 0.5 in games: the first-named wins the match
    other = rounds[0].boards.filter(black__isnull=False).exclude(pk=board.pk).get()
    # The absent player: the present one gets 1 match point and 4 game points (Art. 21.2).
    result_record(board=other, result="+/-", actor=arbiter, expected_version=0)
    round_complete(round_=rounds[0], actor=chief_arbiter)
    table = event_standings(event)
    by_entry = {r.entry.pk: r for r in table.rows}
    assert by_entry[board.white_id].match_points == "1"
    assert by_entry[board.white_id].game_points == "3"  # 2 + 1
    assert by_entry[other.white_id].match_points == "1"
    assert by_entry[other.white_id].game_points == "4"
    assert by_entry[other.black_id].game_points == "0"


def test_odd_number_rests_against_the_dummy(make_event, organiser, chief_arbiter):
    event = _event_with(make_event, organiser, 5)
    rounds = round_robin_schedule(event=event, actor=chief_arbiter)
    assert len(rounds) == 5
    resting = [b.white.number for r in rounds for b in r.boards.filter(black__isnull=True)]
    assert sorted(resting) == [1, 2, 3, 4, 5]
    # Appendix §5: the game against the dummy is board 1 of each round.
    assert all(r.boards.get(number=1).black_id is None for r in rounds)
    assert Round.objects.filter(event=event).count() == 5


def _play_open(round_, arbiter, chief):
    """The lower table number wins every game that waits for a result; the round closes."""
    for board in round_.boards.select_related("white", "black"):
        if board.black_id and not board.result and board.white.status != "withdrawn" \
                and board.black.status != "withdrawn":
            result_record(board=board, result="1-0" if board.white.number < board.black.number
                          else "0-1", actor=arbiter, expected_version=board.version)
    round_complete(round_=round_, actor=chief)


@pytest.mark.parametrize("after_round, cancelled", [(2, True), (3, False)])
def test_after_a_withdrawal_the_event_plays_on_to_the_end(
        make_event, organiser, arbiter, chief_arbiter, after_round, cancelled):
    """Art. 21.5.1 on a stored Berger schedule: the withdrawn player's later games wait for no
    result, every later round closes, and the final standings follow the law. Six players, five
    games each; the lower number wins every game played. Player 3 withdraws after 2 games (half
    or fewer: all their games cancelled) or after 3 (more than half: their results stand, the
    two games left are won by forfeit by the opponents)."""
    from tests.tournaments.builders import client_for

    event = _event_with(make_event, organiser, 6)
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    for round_ in rounds[:after_round]:
        _play_open(round_, arbiter, chief_arbiter)
    third = Entry.objects.get(event=event, number=3)
    entry_withdraw(entry=third, actor=organiser, after_round=after_round)
    later = rounds[after_round]
    page = client_for(chief_arbiter).get(f"/manage/{event.slug}/rounds/{later.number}/")
    assert page.content.decode().count('data-testid="withdrawn-board"') == 1
    for round_ in rounds[after_round:]:
        _play_open(round_, arbiter, chief_arbiter)  # closes: the withdrawn game does not wait
    assert all(r.status == RoundStatus.COMPLETED for r in Round.objects.filter(event=event))

    # The expected points, worked from the stored schedule.
    expected = {n: 0 for n in range(1, 7)}
    for board in Board.objects.filter(round__event=event).select_related("white", "black",
                                                                          "round"):
        a, b = board.white.number, board.black.number
        if 3 in (a, b):
            if cancelled:
                continue  # X: nobody scores
            other = b if a == 3 else a
            if board.round.number > after_round:
                expected[other] += 1  # won by forfeit
                continue
        expected[min(a, b)] += 1
    table = event_standings(event)
    if cancelled:  # not ranked: listed apart (Art. 21.5.1)
        assert [e.number for e in table.withdrawn] == [3]
        del expected[3]
    assert {r.number: r.points for r in table.rows} == {n: str(p) for n, p in expected.items()}
    marks = [m for cell in next(r for r in event_crosstable(event).rows if r.number == 3).cells
             for m in cell.text.split()]
    assert marks.count("X") == (5 if cancelled else 0)
    assert marks.count("−") + marks.count("-") == (0 if cancelled else 2)
