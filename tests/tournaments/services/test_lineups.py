"""Appendix §4 line-ups: the default line-up, the team's choice of how a reserve comes in (per
match), a friendly event's free order, forfeits, refusals."""

import pytest
from django.core.exceptions import PermissionDenied
from django.db.models import Q

from tests.tournaments.builders import roster, team, team_event
from tournaments.errors import ServiceError, StaleResult
from tournaments.models import Board, Game
from tournaments.selectors.rounds import board_history
from tournaments.services.lineups import lineup_set
from tournaments.services.results import game_result_record
from tournaments.services.rounds import round_complete

pytestmark = pytest.mark.django_db


def _match(event, round_number, first_number):
    return Board.objects.get(round__event=event, round__number=round_number,
                             white__number=first_number)


def _games(board):
    return list(board.games.order_by("number"))


def test_appendix_4_default_lineup_is_the_roster_in_board_order(make_event, organiser,
                                                                chief_arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    for board in Board.objects.filter(round__event=event).select_related("white", "black"):
        first, _ = roster(board.white)
        second, _ = roster(board.black)
        games = _games(board)
        assert [g.first_player for g in games] == first
        assert [g.second_player for g in games] == second
        # Board 1 of the first-named team White, board 2 Black, ...
        assert [g.white_first for g in games] == [True, False, True, False]
        assert all(g.result == "" for g in games)


def test_appendix_4_reserve_on_the_absent_players_board(make_event, organiser, chief_arbiter,
                                                        arbiter):
    """"Thay đấu thủ dự bị vào đúng bàn có đấu thủ phải nghỉ đấu": the match's default choice."""
    event = team_event(make_event, organiser, chief_arbiter, teams=4, reserves=2)
    board = _match(event, 1, team(event, 1).number)
    (a1, a2, a3, a4), (ar1, ar2) = roster(board.white)
    second, _ = roster(board.black)
    assert (board.first_substitution, board.second_substitution) == ("same", "same")
    # Board 2 absent: reserve 1 sits on board 2, nobody else moves.
    lineup_set(board=board, actor=arbiter, first=[a1, ar1, a3, a4], second=second,
               expected_version=board.version)
    assert [g.first_player for g in _games(board)] == [a1, ar1, a3, a4]
    # Boards 1 and 4 absent: the second reserve may take the higher board (the law does not
    # tie the reserves to their roster order).
    board.refresh_from_db()
    lineup_set(board=board, actor=arbiter, first=[ar2, a2, a3, ar1], second=second,
               expected_version=board.version)
    assert [g.first_player for g in _games(board)] == [ar2, a2, a3, ar1]
    # Moving up is the other choice, not the one this team made for this match.
    board.refresh_from_db()
    with pytest.raises(ServiceError, match="listed on board 3"):
        lineup_set(board=board, actor=arbiter, first=[a1, a3, a4, ar1], second=second,
                   expected_version=board.version)
    assert [g.first_player for g in _games(board)] == [ar2, a2, a3, ar1]


def test_appendix_4_reserve_on_the_last_board_the_others_move_up(make_event, organiser,
                                                                 chief_arbiter, arbiter):
    """"Hoặc thay vào vị trí bàn cuối, các đấu thủ còn lại được dồn lên bàn trên"."""
    event = team_event(make_event, organiser, chief_arbiter, teams=4, reserves=2)
    board = _match(event, 1, 1)
    (a1, a2, a3, a4), (ar1, ar2) = roster(board.white)
    second, _ = roster(board.black)
    # Board 2 absent: 3 and 4 move up, the reserve plays the last board.
    lineup_set(board=board, actor=arbiter, first=[a1, a3, a4, ar1], second=second,
               expected_version=board.version, first_rule="last")
    assert [g.first_player for g in _games(board)] == [a1, a3, a4, ar1]
    board.refresh_from_db()
    assert board.first_substitution == "last"
    for wrong, message in (
        ([a1, ar1, a3, a4], "reserves play the last boards"),  # the reserve on board 2
        ([a1, a4, a3, ar1], "keep their roster order"),
        ([a1, None, a3, a4], "boards nobody plays are the last ones"),
    ):
        with pytest.raises(ServiceError, match=message):
            lineup_set(board=board, actor=arbiter, first=wrong, second=second,
                       expected_version=board.version)
    # Boards 2 and 4 absent: the two reserves take boards 3 and 4, in either order.
    lineup_set(board=board, actor=arbiter, first=[a1, a3, ar2, ar1], second=second,
               expected_version=board.version)
    assert [g.first_player for g in _games(board)] == [a1, a3, ar2, ar1]
    # Three absent, two reserves: the last board is forfeited.
    board.refresh_from_db()
    lineup_set(board=board, actor=arbiter, first=[a1, ar1, ar2, None], second=second,
               expected_version=board.version)
    assert _games(board)[3].result == "+/-"  # board 4: the first team has Black, it forfeits


def test_appendix_4_reserve_choice_is_each_teams_for_each_match(make_event, organiser,
                                                                chief_arbiter, arbiter):
    """"Đội được quyền": in one match one team moves its players up while the other seats its
    reserve on the absent player's board; the team's next match starts again from the absent
    player's board, and the team may choose again."""
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    board = _match(event, 1, 1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    (b1, b2, b3, b4), (br1,) = roster(board.black)
    board = lineup_set(board=board, actor=arbiter, first=[a2, a3, a4, ar1],
                       second=[b1, b2, br1, b4], expected_version=board.version,
                       first_rule="last", second_rule="same")
    assert (board.first_substitution, board.second_substitution) == ("last", "same")
    # The first team's choice stays with this match; the second's line-up is checked on its own.
    with pytest.raises(ServiceError, match=str(board.black.name)):
        lineup_set(board=board, actor=arbiter, first=[a2, a3, a4, ar1],
                   second=[b1, b2, b4, br1], expected_version=board.version)
    later = Board.objects.get(Q(white=board.white) | Q(black=board.white),
                              round__event=event, round__number=2)
    assert (later.first_substitution, later.second_substitution) == ("same", "same")


def test_appendix_4_reserve_choice_alone_is_recorded(make_event, organiser, chief_arbiter,
                                                     arbiter):
    """Choosing how the reserves come in before anyone is missing changes the match (its
    version and history), and an unknown way is refused with nothing changed."""
    event = team_event(make_event, organiser, chief_arbiter, teams=2)
    board = _match(event, 1, 1)
    first, _ = roster(board.white)
    second, _ = roster(board.black)
    version = board.version
    board = lineup_set(board=board, actor=arbiter, first=first, second=second,
                       expected_version=version, second_rule="last")
    assert board.version == version + 1 and board.second_substitution == "last"
    assert board.history.first().history_change_reason == "line-up"
    # The board's history page shows the choice as it changed, not when the match was stored.
    changes = [(c.field, c.label, c.before, c.after)
               for line in board_history(board) for c in line.changes
               if c.field.endswith("_substitution")]
    assert changes == [("second_substitution", f"{board.black.name}: how a reserve comes in",
                        "Reserve plays on the absent player's board",
                        "Reserve plays last board, the others move up")]
    with pytest.raises(ServiceError, match="not a way for a reserve to come in"):
        lineup_set(board=board, actor=arbiter, first=first, second=second,
                   expected_version=board.version, first_rule="middle")
    board.refresh_from_db()
    assert (board.first_substitution, board.version) == ("same", version + 1)


def test_appendix_4_friendly_event_rearranges_the_order_after_a_game(make_event, organiser,
                                                                     chief_arbiter, arbiter):
    """"Cho phép sau một ván cờ có thể sắp xếp lại thứ tự các đấu thủ": in a friendly event
    each match (after the team's last game) may seat the roster in any order; an official
    event may not."""
    friendly = team_event(make_event, organiser, chief_arbiter, teams=2, official=False)
    board = _match(friendly, 1, 1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, _ = roster(board.black)
    board = lineup_set(board=board, actor=arbiter, first=[a4, a3, ar1, a1], second=second,
                       expected_version=board.version)
    assert [g.first_player for g in _games(board)] == [a4, a3, ar1, a1]
    # Still one board each, and only the roster's players.
    with pytest.raises(ServiceError, match="appears twice"):
        lineup_set(board=board, actor=arbiter, first=[a4, a4, ar1, a1], second=second,
                   expected_version=board.version)
    official = team_event(make_event, organiser, chief_arbiter, teams=2)
    board = _match(official, 1, 1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, _ = roster(board.black)
    for rule in ("same", "last"):
        with pytest.raises(ServiceError):
            lineup_set(board=board, actor=arbiter, first=[a4, a3, ar1, a1], second=second,
                       expected_version=board.version, first_rule=rule)
    assert [g.first_player for g in _games(board)] == [a1, a2, a3, a4]


def test_appendix_4_an_empty_board_is_a_forfeit_and_filling_it_again_removes_it(
        make_event, organiser, chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    board = _match(event, 1, 1)
    first, _ = roster(board.white)
    (b1, b2, b3, b4), _ = roster(board.black)
    # Board 1 (first team White) nobody for the second team; board 2 (first team Black) nobody
    # for the second team either; board 4 nobody on either side.
    lineup_set(board=board, actor=arbiter, first=[*first[:3], None],
               second=[None, None, b3, None], expected_version=board.version)
    games = _games(board)
    assert [g.result for g in games] == ["+/-", "-/+", "", "-/-"]
    assert games[0].second_player is None and games[3].first_player is None
    board.refresh_from_db()
    assert board.result == ""  # board 3 still to play
    game_result_record(game=games[2], result="1-0", actor=arbiter, expected_version=0)
    board.refresh_from_db()
    assert board.result == "1-0"  # 3 - 0 on the boards for the first team
    # Board 1's player arrives after all (same board): the forfeit goes, the result is open.
    lineup_set(board=board, actor=arbiter, first=[*first[:3], None],
               second=[b1, None, b3, None], expected_version=board.version)
    games = _games(board)
    assert [g.result for g in games] == ["", "-/+", "1-0", "-/-"]
    board.refresh_from_db()
    assert board.result == ""


def test_a_board_with_a_result_keeps_its_players(make_event, organiser, chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    board = _match(event, 1, 1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, _ = roster(board.black)
    game_result_record(game=_games(board)[1], result="1/2-1/2", actor=arbiter,
                       expected_version=0)
    board.refresh_from_db()
    with pytest.raises(ServiceError, match="Board 2 already has a result"):
        lineup_set(board=board, actor=arbiter, first=[a1, ar1, a3, a4], second=second,
                   expected_version=board.version)
    # Other boards can still change.
    lineup_set(board=board, actor=arbiter, first=[a1, a2, a3, ar1], second=second,
               expected_version=board.version)
    # A played result on a board nobody plays is refused: it is a forfeit.
    board.refresh_from_db()
    lineup_set(board=board, actor=arbiter, first=[a1, a2, a3, None], second=second,
               expected_version=board.version)
    game4 = Game.objects.get(board=board, number=4)
    with pytest.raises(ServiceError, match="lost by forfeit"):
        game_result_record(game=game4, result="1-0", actor=arbiter,
                           expected_version=game4.version)


def test_lineup_refusals(make_event, organiser, chief_arbiter, arbiter, stranger):
    event = team_event(make_event, organiser, chief_arbiter, teams=4)
    board = _match(event, 1, 1)
    (a1, a2, a3, a4), (ar1,) = roster(board.white)
    second, (br1,) = roster(board.black)
    v = board.version
    with pytest.raises(ServiceError, match="not on the roster"):
        lineup_set(board=board, actor=arbiter, first=[a1, a2, a3, br1], second=second,
                   expected_version=v)
    with pytest.raises(ServiceError, match="appears twice"):
        lineup_set(board=board, actor=arbiter, first=[a1, a2, a3, a3], second=second,
                   expected_version=v)
    with pytest.raises(ServiceError, match="needs 4 boards"):
        lineup_set(board=board, actor=arbiter, first=[a1, a2, a3], second=second,
                   expected_version=v)
    with pytest.raises(PermissionDenied):
        lineup_set(board=board, actor=stranger, first=[a1, a2, a3, a4], second=second,
                   expected_version=v)
    with pytest.raises(StaleResult):
        lineup_set(board=board, actor=arbiter, first=[a1, a2, a3, ar1], second=second,
                   expected_version=v + 1)


def test_closed_round_needs_a_reason_and_the_right(make_event, organiser, chief_arbiter,
                                                   arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=2)
    board = _match(event, 1, 1)
    first, _ = roster(board.white)
    second, _ = roster(board.black)
    for g in _games(board):
        game_result_record(game=g, result="1-0", actor=arbiter, expected_version=0)
    round_complete(round_=board.round, actor=chief_arbiter)
    board.refresh_from_db()
    with pytest.raises(PermissionDenied):
        lineup_set(board=board, actor=arbiter, first=first, second=second,
                   expected_version=board.version)
    with pytest.raises(ServiceError, match="give a reason"):
        lineup_set(board=board, actor=chief_arbiter, first=first, second=second,
                   expected_version=board.version)
