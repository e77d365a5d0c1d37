"""Moves of games (Art. 11: the score sheet; services/game_records.py): a legal sheet is
stored in ICCS with who and when; an illegal move refuses the whole sheet, naming the move;
PGN uploads for a board and for a round, all or nothing or the valid games only; the rights."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied

import xiangqi
from tests.tournaments.builders import rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import GameMoves
from tournaments.selectors.game_records import board_slots, game_view
from tournaments.services.game_records import (
    MovesRefused,
    game_moves_clear,
    game_moves_record,
    pgn_file_read,
    round_pgn_import,
)

pytestmark = pytest.mark.django_db
NOW = datetime.datetime(2026, 11, 21, 9, 30, tzinfo=datetime.UTC)
# The law's own example (Art. 11.2a): "1) P2-5 M2.3 2) M8.7 P8-5".
LAW_SHEET = "1) P2-5 M2.3 2) M8.7 P8-5"
LAW_ICCS = "h2e2 b9c7 b0c2 h7e7"
# Red mates on its 11th move (21 plies): the final position leaves Black no move (Art. 7.1a).
MATE = ("P2-5 M8.7 M2.3 X9-8 X1-2 M2.3 B3.1 B7.1 M8.7 B3.1 X2.7 B5.1 X2.2 M7.8 X2/4 M3.2 "
        "P8.5 T7.9 P5.3 B3.1 P8-5")


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published")


def test_the_laws_example_is_stored_in_iccs_with_who_and_when(ctx, arbiter):
    record = game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET,
                               actor=arbiter, now=NOW)
    record.refresh_from_db()
    assert record.moves == LAW_ICCS
    assert (record.notation, record.start_fen, record.source) == ("vi", "", "sheet")
    assert (record.entered_by, record.entered_at) == (arbiter, NOW)


def test_words_and_other_notations_name_the_same_moves(ctx, arbiter):
    words = "1) Pháo 2 bình 5 Mã 2 tiến 3 2) Mã 8 tiến 7 Pháo 8 bình 5"
    for text, notation in ((words, "vi"), ("C2=5 H2+3 H8+7 C8=5", "wxf"),
                           ("炮二平五 马2进3 马八进七 炮8平5", "zh"), (LAW_ICCS, "iccs")):
        record = game_moves_record(event=ctx["event"], board=ctx["board"], text=text,
                                   notation=notation, actor=arbiter)
        assert record.moves == LAW_ICCS, text
    assert GameMoves.objects.count() == 1  # each entry replaced the last


@pytest.mark.parametrize(("text", "ply", "move", "why"), [
    # a horse through a blocking piece (Art. 4.3e): its own elephant stands on its leg
    ("P2-5 M8.7 M8.6", 3, "M8.6", "no piece"),
    # an elephant cannot cross the river (Art. 4.3c)
    ("T7.5 T7.5 T5.7 T5.7 T7.5", 5, "T7.5", "no piece"),
    # a pawn moves sideways only over the river (Art. 4.3h)
    ("B7-6", 1, "B7-6", "no piece"),
])
def test_an_illegal_move_refuses_the_sheet_at_its_ply(ctx, arbiter, text, ply, move, why):
    with pytest.raises(MovesRefused) as refused:
        game_moves_record(event=ctx["event"], board=ctx["board"], text=text, actor=arbiter)
    assert refused.value.fields == {"ply": ply, "move": move}
    assert f"Move {ply} " in str(refused.value) and why in str(refused.value)
    assert not GameMoves.objects.exists()


def test_a_move_into_check_is_named_so(ctx, arbiter):
    # the advisor screens the two generals on the e file: moving it away leaves them facing
    # each other (Art. 4.3a), which counts as check (Art. 6)
    start = "4k4/9/9/9/9/9/9/9/4A4/4K4 w"
    with pytest.raises(MovesRefused) as refused:
        game_moves_record(event=ctx["event"], board=ctx["board"], text="S5.4",
                          start_fen=start, actor=arbiter)
    assert refused.value.fields == {"ply": 1, "move": "S5.4"}
    assert "general" in str(refused.value)
    assert not GameMoves.objects.exists()


def test_a_replaced_sheet_with_an_error_keeps_the_old_moves(ctx, arbiter):
    game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET, actor=arbiter)
    with pytest.raises(MovesRefused):
        game_moves_record(event=ctx["event"], board=ctx["board"], text="P2-5 M8.7 M8.6",
                          actor=arbiter)
    assert GameMoves.objects.get().moves == LAW_ICCS


def test_rights_only_the_events_staff(ctx, arbiter, chief_arbiter, organiser, django_user_model):
    stranger = django_user_model.objects.create_user("stranger")
    with pytest.raises(PermissionDenied):
        game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET,
                          actor=stranger)
    with pytest.raises(PermissionDenied):
        game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET, actor=None)
    assert not GameMoves.objects.exists()
    for staff in (arbiter, chief_arbiter, organiser):
        game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET, actor=staff)
    with pytest.raises(PermissionDenied):
        game_moves_clear(event=ctx["event"], board=ctx["board"], actor=stranger)
    game_moves_clear(event=ctx["event"], board=ctx["board"], actor=arbiter)
    assert not GameMoves.objects.exists()


def test_a_draft_round_a_bye_and_an_empty_sheet_are_refused(make_event, organiser,
                                                             chief_arbiter, arbiter, ctx):
    draft = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    board = draft["round1"].boards.first()
    with pytest.raises(ServiceError, match="draft"):
        game_moves_record(event=draft["event"], board=board, text=LAW_SHEET, actor=arbiter)
    with pytest.raises(ServiceError, match="no move"):
        game_moves_record(event=ctx["event"], board=ctx["board"], text="  ", actor=arbiter)
    with pytest.raises(ServiceError, match="not a board"):
        game_moves_record(event=draft["event"], board=ctx["board"], text=LAW_SHEET,
                          actor=organiser)
    assert not GameMoves.objects.exists()


def test_each_game_of_a_two_game_match_has_its_own_moves(make_event, organiser,
                                                         chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published",
                      games_per_match=2)
    board = ctx["board"]
    game_moves_record(event=ctx["event"], board=board, game_number=2, text=LAW_SHEET,
                      actor=arbiter)
    slots = board_slots(board)
    assert [(s.number, s.record is not None) for s in slots] == [(1, False), (2, True)]
    # game 2: the second-named entry has Red (Art. 4.2.2: colours alternate)
    assert (slots[1].red, slots[1].black) == (board.black.name, board.white.name)
    with pytest.raises(ServiceError, match="no game 3"):
        game_moves_record(event=ctx["event"], board=board, game_number=3, text=LAW_SHEET,
                          actor=arbiter)


def test_a_result_contradicting_the_mate_is_flagged(make_event, organiser, chief_arbiter,
                                                    arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")  # all 1-0
    board = ctx["board"]
    game_moves_record(event=ctx["event"], board=board, text=MATE, actor=arbiter)
    view = game_view(board_slots(board)[0])
    assert view.positions[-1].is_check() and view.positions[-1].is_over()
    assert view.flag is None  # Red mated and Red won
    from tournaments.services.results import result_record
    result_record(board=board, result="0-1", actor=chief_arbiter, expected_version=board.version,
                  reason="typo")
    board.refresh_from_db()
    view = game_view(board_slots(board)[0])
    assert (view.flag.recorded, view.flag.expected, view.flag.checkmate) == ("0-1", "1-0", True)
    assert "Art. 7.1a" in view.flag.message()


def _pgn(red, black, moves, board=None, result="*"):
    tags = f'[Red "{red}"]\n[Black "{black}"]\n' + (f'[Board "{board}"]\n' if board else "")
    return f"{tags}\n{moves} {result}\n"


def test_a_round_pgn_is_matched_by_names_all_or_nothing(ctx, arbiter):
    boards = list(ctx["round1"].boards.filter(black__isnull=False).order_by("number"))
    first, second = boards[0], boards[1]
    good = _pgn(first.white.player.full_name.upper(), first.black.name, LAW_ICCS)
    bad = _pgn(second.white.name, second.black.name, "h2e2 h2e2")
    stranger = _pgn("Nobody", "Someone", LAW_ICCS)
    data = (good + bad + stranger).encode()
    report = round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=data, actor=arbiter)
    assert [line.status for line in report.lines] == ["stored", "illegal", "unmatched"]
    assert report.stored == 0 and not GameMoves.objects.exists()  # all or nothing
    assert "Move 2" in report.lines[1].message
    report = round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=data,
                              actor=arbiter, partial=True)
    assert report.stored == 1
    assert GameMoves.objects.get().board == first
    assert GameMoves.objects.get().source == "pgn"


def test_a_board_tag_places_the_game_and_a_board_upload_takes_one_game(ctx, arbiter):
    second = ctx["round1"].boards.filter(black__isnull=False).order_by("number")[1]
    data = _pgn("", "", LAW_SHEET, board=second.number).encode("utf-8-sig")
    report = round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=data, actor=arbiter)
    assert [(line.status, line.slot.board) for line in report.lines] == [("stored", second)]
    with pytest.raises(ServiceError, match="one game"):
        round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=data * 2,
                         actor=arbiter, board=ctx["board"])
    report = round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=data,
                              actor=arbiter, board=ctx["board"])
    assert report.stored == 1 and GameMoves.objects.count() == 2


def test_hostile_files_are_refused_with_a_reason(ctx, arbiter):
    chinese = "[Red \"甲\"]\n\n1. 炮二平五 马8进7 *\n".encode("gb18030")
    found = pgn_file_read(data=chinese)
    assert found.encoding == "GB18030" and "炮二平五" in found.text
    assert "P2-5" in pgn_file_read(data="1. P2-5 *".encode("utf-16")).text
    with pytest.raises(ServiceError, match="too large"):
        pgn_file_read(data=b" " * 2_000_001)
    with pytest.raises(ServiceError, match="UTF-8"):
        pgn_file_read(data=b"\x00\x01\x02\xff\xfe")
    with pytest.raises(ServiceError, match="no game"):
        round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=b"", actor=arbiter)
    for data, why in ((b'[Red "x"', "line 1: a malformed tag"),
                      (b"{ never closed", "line 1: a comment { is not closed")):
        report = round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=data,
                                  actor=arbiter, partial=True)
        assert [(line.status, line.message) for line in report.lines] == [
            ("unreadable", f"Unreadable at {why}.")]
    assert not GameMoves.objects.exists()


def test_the_stored_moves_replay_to_the_sheets_positions(ctx, arbiter):
    record = game_moves_record(event=ctx["event"], board=ctx["board"], text=MATE, actor=arbiter)
    played = xiangqi.replay(MATE.split(), notation="vi")
    assert record.moves.split() == [str(m) for m in played.moves]
    assert game_view(board_slots(ctx["board"])[0]).fens[-1] == played.final.fen()


def test_a_board_tag_with_other_players_is_not_matched(ctx, arbiter):
    board = ctx["board"]
    wrong = _pgn(board.black.name, board.white.name, LAW_SHEET, board=board.number)  # swapped
    report = round_pgn_import(event=ctx["event"], round_=ctx["round1"], data=wrong.encode(),
                              actor=arbiter, partial=True)
    assert [line.status for line in report.lines] == ["unmatched"] and report.stored == 0


def test_a_perpetual_check_is_advised_with_its_article(ctx, arbiter):
    """Chapter 5: Red's rook checks on the 9th and 8th ranks while Black's general steps
    back and forth; the position stands a third time after ply 9. Red checks every move
    (Art. 23 point 1): Red must change (advice; the ruling is the arbiter's)."""
    game_moves_record(event=ctx["event"], board=ctx["board"], notation="iccs",
                      start_fen="3k5/9/9/9/9/9/9/9/9/R3K4 w",
                      text="a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9", actor=arbiter)
    note = game_view(board_slots(ctx["board"])[0]).repetition
    assert (note.first_ply, note.ply, note.verdict) == (1, 9, "red_must_change")
    assert note.red == "perpetual check (Art. 23 point 1, Art. 7.1g)"
    assert note.article == "Art. 7.1g, 7.1h"  # the side that must change, or loses
    assert "The ruling is the arbiter's." in note.message()


def test_an_overlong_sheet_is_refused_whole(ctx, arbiter):
    shuffle = "h0g2 h9g7 g2h0 g7h9 " * 251  # 1,004 legal plies (horses out and back)
    with pytest.raises(MovesRefused, match="Too many moves: 1000 at most"):
        game_moves_record(event=ctx["event"], board=ctx["board"], text=shuffle,
                          notation="iccs", actor=arbiter)
    with pytest.raises(MovesRefused, match="20,000 characters"):
        game_moves_record(event=ctx["event"], board=ctx["board"], text="P2-5 " * 4001,
                          actor=arbiter)
    assert not GameMoves.objects.exists()
