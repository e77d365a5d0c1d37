"""Team knockout through the services (appendix §2 "mỗi cặp đấu (hoặc 2 đội)", "8 đội", §3,
and appendix §4's team match): each tie is a team match with its boards and line-ups, won on
board points; a level match is decided as the statute says."""

import pytest

from tests.tournaments.builders import team_knockout_event, team_match_play
from tournaments.errors import ServiceError
from tournaments.models import Board, Entry, RoundStatus
from tournaments.selectors.knockout import event_bracket
from tournaments.services.results import game_result_record

pytestmark = pytest.mark.django_db


def board_of(event, code) -> Board:
    return Board.objects.select_related("white", "black").get(round__event=event,
                                                              match_code=code)


def seed_of(entry_id) -> int:
    return Entry.objects.get(pk=entry_id).number


def better_first(board) -> list[float]:
    """Scores by which the better seed wins 3–1."""
    return [1, 1, 1, 0] if seed_of(board.white_id) < seed_of(board.black_id) else [0, 0, 0, 1]


def test_appendix_2_eight_teams_play_team_matches_with_default_line_ups(
        make_event, organiser, chief_arbiter, arbiter):
    event = team_knockout_event(make_event, organiser, chief_arbiter)
    round_1 = event.rounds_set.get(number=1)
    boards = list(round_1.boards.order_by("number"))
    # "8 đội": 2³, no byes, four team matches; each has four boards, board k meets board k.
    assert [b.match_code for b in boards] == ["A1.1", "A1.2", "A1.3", "A1.4"]
    for board in boards:
        games = list(board.games.order_by("number"))
        assert [g.number for g in games] == [1, 2, 3, 4]
        assert [g.white_first for g in games] == [True, False, True, False]
        first = [m.player_id for m in board.white.members.order_by("board_order")][:4]
        assert [g.first_player_id for g in games] == first


def test_appendix_2_the_team_with_more_board_points_goes_through(
        make_event, organiser, chief_arbiter, arbiter):
    event = team_knockout_event(make_event, organiser, chief_arbiter)
    board = board_of(event, "A1.1")
    team_match_play(board, [1, 1, 0.5, 0], arbiter)  # 2½–1½ for the first-named team
    assert board.result == "1-0"
    view = {m.code: m for m in event_bracket(event, staff=True).matches}
    assert view["A1.1"].score in ("2½–1½", "1½–2½") and view["A1.1"].note == ""
    winner = next(side for side in view["A1.1"].sides if side.won)
    assert winner.entry.pk == board.white_id


def test_appendix_4_board_1_first_decides_a_level_team_match_and_the_bracket_advances(
        make_event, organiser, chief_arbiter, arbiter):
    event = team_knockout_event(make_event, organiser, chief_arbiter)
    for code in ("A1.1", "A1.2"):
        board = board_of(event, code)
        team_match_play(board, [0, 1, 0.5, 0.5], arbiter)  # 2–2, board 1 lost by the first-named
        assert board.result == "0-1"
    semi = board_of(event, "A2.1")
    winners = {board_of(event, "A1.1").black_id, board_of(event, "A1.2").black_id}
    assert {semi.white_id, semi.black_id} == winners
    assert semi.games.count() == 4


def test_appendix_2_statute_extra_team_match_swaps_colours_and_decides(
        make_event, organiser, chief_arbiter, arbiter):
    event = team_knockout_event(make_event, organiser, chief_arbiter, team_knockout_decider="extra")
    board = board_of(event, "A1.1")
    team_match_play(board, [1, 0, 1, 0], arbiter)
    assert board.result == ""
    extra = list(board.games.filter(level=1).order_by("number"))
    # Four more boards, colours swapped, the same default line-up.
    assert [g.number for g in extra] == [5, 6, 7, 8]
    assert [g.white_first for g in extra] == [False, True, False, True]
    first = list(board.games.filter(level=0).order_by("number"))
    assert [g.first_player_id for g in extra] == [g.first_player_id for g in first]
    view = {m.code: m for m in event_bracket(event, staff=True).matches}
    assert "extra team match decides" in view["A1.1"].note
    team_match_play(board, [0.5, 0.5, 0, 0.5], arbiter, level=1)  # 1½–2½
    assert board.result == "0-1"
    # A correction of the first match that would make the extra one meaningless is refused.
    game = first[0]
    game.refresh_from_db()
    with pytest.raises(ServiceError, match="extra team match"):
        game_result_record(game=game, result="1/2-1/2", actor=arbiter,
                           expected_version=game.version)


def test_appendix_2_statute_lots_decides_a_level_team_match_reproducibly(
        make_event, organiser, chief_arbiter, arbiter):
    event = team_knockout_event(make_event, organiser, chief_arbiter, team_knockout_decider="lots")
    board = board_of(event, "A1.3")
    team_match_play(board, [1, 0, 1, 0], arbiter)  # 2–2, though board 1 is the first team's
    assert board.result in ("1-0", "0-1")
    view = {m.code: m for m in event_bracket(event, staff=True).matches}
    assert "lots" in view["A1.3"].note


def test_appendix_2_eight_team_double_elimination_runs_to_the_end(
        make_event, organiser, chief_arbiter, arbiter):
    """Appendix §3: 8 teams, Y = 2 × 8 − 2 = 14 matches (the decider not needed when the
    bracket A team wins the final): the better seed wins every match 3–1."""
    event = team_knockout_event(make_event, organiser, chief_arbiter, format="dko")
    for _ in range(20):
        open_ = list(Board.objects.filter(round__event=event, result="",
                                          round__status=RoundStatus.PUBLISHED)
                     .exclude(match_code="").filter(black__isnull=False))
        if not open_:
            break
        for board in open_:
            team_match_play(board, better_first(board), arbiter)
    bracket = event_bracket(event, staff=True)
    assert bracket.finished
    assert bracket.champion.number == 1
    played = Board.objects.filter(round__event=event).exclude(match_code="").count()
    assert played == 14


def test_appendix_4_an_empty_board_in_the_line_up_can_decide_a_knockout_match(
        make_event, organiser, chief_arbiter, arbiter):
    """A board nobody plays is lost by forfeit (appendix §4); in a knockout that forfeit is the
    result that completes the match, and the bracket goes on."""
    from tournaments.services.results import lineup_record

    event = team_knockout_event(make_event, organiser, chief_arbiter, teams=4)
    board = board_of(event, "A1.1")
    games = list(board.games.order_by("number"))
    for game, score in zip(games[:3], [1, 0, 0.5], strict=True):  # 1½–1½ after three boards
        white_score = score if game.white_first else 1 - score
        game_result_record(game=game, result={1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}[white_score],
                           actor=arbiter, expected_version=0)
    board.refresh_from_db()
    assert board.result == ""
    first = [g.first_player_id for g in games]
    second = [g.second_player_id for g in games]
    lineup_record(board=board, actor=arbiter, first=first, second=[*second[:3], None],
                  expected_version=board.version)
    board.refresh_from_db()
    assert board.games.get(number=4).result == "-/+"  # the second team's board 4 is empty
    assert board.result == "1-0"  # 2½–1½
    view = {m.code: m for m in event_bracket(event, staff=True).matches}
    assert view["A1.1"].home.won or view["A1.1"].away.won


def test_appendix_2_a_team_knockout_backup_restores_the_same_bracket(
        make_event, organiser, chief_arbiter, arbiter, media_root):
    """The statute's decider and the extra team match's boards come back, so the restored
    bracket decides every match as the original did."""
    import json

    from tournaments.services.backup import event_backup, event_restore

    event = team_knockout_event(make_event, organiser, chief_arbiter, teams=4,
                                team_knockout_decider="extra")
    board = board_of(event, "A1.1")
    team_match_play(board, [1, 0, 1, 0], arbiter)
    team_match_play(board, [0, 0.5, 0.5, 0.5], arbiter, level=1)  # 1½–2½: the second team
    team_match_play(board_of(event, "A1.2"), [1, 1, 0.5, 0], arbiter)
    document = json.loads(json.dumps(event_backup(event=event, actor=organiser)))
    restored = event_restore(document=document, actor=organiser)
    assert restored.team_knockout_decider == "extra"

    def summary(e):
        view = event_bracket(e, staff=True)
        return [(m.code, m.score, m.note, [s.entry.name if s.entry else s.label
                                           for s in m.sides], m.status) for m in view.matches]

    assert summary(restored) == summary(event)
    assert "extra team match" in summary(restored)[0][1]
