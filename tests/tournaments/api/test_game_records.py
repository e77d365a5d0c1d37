"""The API of game records (Art. 11; api/game_records.py): a board's recorded games read by
everyone who sees the round, the arbiter's aids for the staff only, a refused sheet answered
with the ply and the move, a round's PGN upload with its report."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

import xiangqi
from tests.tournaments.builders import api_for, rr_scenario
from tests.tournaments.pgn_files import ICCS, big5_round_file
from tournaments.models import GameMoves
from tournaments.services.game_records import game_moves_record

pytestmark = pytest.mark.django_db
# Red mates on its 11th move (Art. 7.1a).
MATE = ("P2-5 M8.7 M2.3 X9-8 X1-2 M2.3 B3.1 B7.1 M8.7 B3.1 X2.7 B5.1 X2.2 M7.8 X2/4 M3.2 "
        "P8.5 T7.9 P5.3 B3.1 P8-5")


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played")  # all 1-0


def test_a_boards_game_reads_in_iccs_vietnamese_and_pgn(ctx, arbiter):
    game_moves_record(event=ctx["event"], board=ctx["board"], text=MATE, actor=arbiter)
    (game,) = api_for().get(f"/api/boards/{ctx['board'].pk}/moves/").json()
    played = xiangqi.replay(MATE.split(), notation="vi")
    assert game["moves"] == [str(m) for m in played.moves]
    assert game["moves_vi"] == MATE.split()
    assert game["fen"] == played.final.fen() and game["start_fen"] == xiangqi.START_FEN
    assert (game["red"], game["black"], game["result"]) == (
        ctx["board"].white.name, ctx["board"].black.name, "1-0")
    (record,) = xiangqi.read_pgn(game["pgn"])
    assert record.result == "1-0" and len(record.moves) == 21
    assert "aids" not in game  # the arbiter's aids are the staff's


def test_the_staff_see_a_contradicting_result_flagged(ctx, arbiter, chief_arbiter):
    from tournaments.services.results import result_record
    board = ctx["board"]
    result_record(board=board, result="1/2-1/2", actor=chief_arbiter,
                  expected_version=board.version)
    game_moves_record(event=ctx["event"], board=board, text=MATE, actor=arbiter)
    (game,) = api_for(arbiter).get(f"/api/boards/{board.pk}/moves/").json()
    assert game["aids"]["expected_result"] == "1-0"
    assert "Art. 7.1a" in game["aids"]["result_conflict"]
    assert game["aids"]["repetition"] is None


def test_a_refused_sheet_says_the_ply_and_the_move(ctx, arbiter):
    response = api_for(arbiter).put(f"/api/boards/{ctx['board'].pk}/moves/", {
        "text": "1) P2-5 M8.7 2) M8.6"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["ply"], body["move"]) == ("MovesRefused", 3, "M8.6")
    assert "Move 3" in body["detail"]
    assert not GameMoves.objects.exists()
    ok = api_for(arbiter).put(f"/api/boards/{ctx['board'].pk}/moves/", {
        "text": "C2=5 H8+7", "notation": "wxf"}, format="json")
    assert ok.status_code == 200 and ok.json()[0]["moves_vi"] == ["P2-5", "M8.7"]


def test_a_draft_rounds_board_is_not_found_for_the_public(make_event, organiser, chief_arbiter,
                                                          arbiter):
    draft = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    board = draft["round1"].boards.first()
    assert api_for().get(f"/api/boards/{board.pk}/moves/").status_code == 404
    assert api_for(arbiter).get(f"/api/boards/{board.pk}/moves/").json() == []


def test_a_round_upload_reports_each_game(ctx, arbiter):
    board = ctx["board"]
    text = (f'[Red "{board.white.name}"]\n[Black "{board.black.name}"]\n\n1. P2-5 M8.7 *\n'
            '[Red "Ai"]\n[Black "Đó"]\n\n1. P2-5 *\n')
    url = f"/api/events/{ctx['event'].pk}/rounds/1/pgn/"
    refused = api_for(arbiter).post(url, {"file": SimpleUploadedFile("r.pgn", text.encode())},
                                    format="multipart")
    assert refused.status_code == 400 and refused.json()["code"] == "pgn_refused"
    assert [g["status"] for g in refused.json()["games"]] == ["stored", "unmatched"]
    assert not GameMoves.objects.exists()
    done = api_for(arbiter).post(url, {"file": SimpleUploadedFile("r.pgn", text.encode()),
                                       "partial": True}, format="multipart")
    assert done.status_code == 200 and done.json()["stored"] == 1
    assert done.json()["games"][0]["board"] == board.number
    assert GameMoves.objects.get().moves == "h2e2 h9g7"


def test_a_big5_round_file_is_read_as_big5_and_a_broken_game_reported(ctx, arbiter):
    boards = [b.number for b in ctx["round1"].boards.filter(black__isnull=False)
              .order_by("number")[:2]]
    data = big5_round_file(boards, broken=True)
    url = f"/api/events/{ctx['event'].pk}/rounds/1/pgn/"
    refused = api_for(arbiter).post(url, {"file": SimpleUploadedFile("r.pgn", data)},
                                    format="multipart")
    assert refused.status_code == 400 and refused.json()["encoding"] == "Big5"
    assert [g["status"] for g in refused.json()["games"]] == ["stored", "stored", "unreadable"]
    assert refused.json()["games"][2]["message"].startswith("Unreadable at line 13")
    done = api_for(arbiter).post(url, {"file": SimpleUploadedFile("r.pgn", data),
                                       "partial": True}, format="multipart")
    assert done.status_code == 200 and done.json()["stored"] == 2
    assert done.json()["encoding"] == "Big5"
    stored = {m.board.number: m.moves for m in GameMoves.objects.select_related("board")}
    assert stored == dict(zip(boards, ICCS, strict=True))


def test_an_undecidable_file_is_refused_unless_its_encoding_is_named(ctx, arbiter):
    board = ctx["board"]
    data = f'[Event "許銀川"]\n[Board "{board.number}"]\n\n1. h2e2 h9g7 *\n'.encode("cp950")
    url = f"/api/events/{ctx['event'].pk}/rounds/1/pgn/"
    refused = api_for(arbiter).post(url, {"file": SimpleUploadedFile("r.pgn", data)},
                                    format="multipart")
    assert refused.status_code == 400 and "Big5" in refused.json()["detail"]
    done = api_for(arbiter).post(url, {"file": SimpleUploadedFile("r.pgn", data),
                                       "encoding": "Big5"}, format="multipart")
    assert done.status_code == 200 and done.json()["encoding"] == "Big5"
    assert GameMoves.objects.get().moves == "h2e2 h9g7"


def test_the_staff_see_the_draw_aids_with_the_statutes_limit(ctx, arbiter):
    from tests.xiangqi.test_draw_aids import SIXTY
    board = ctx["board"]
    game_moves_record(event=ctx["event"], board=board, text=" ".join(SIXTY), notation="iccs",
                      actor=arbiter)
    aids = api_for(arbiter).get(f"/api/boards/{board.pk}/moves/").json()[0]["aids"]
    # 51 moves since the capture at move 9 (tests/xiangqi/test_draw_aids.py): Art. 12's 50.
    assert (aids["moves_without_capture"], aids["checks_without_capture"], aids["move_limit"],
            aids["draw_claim_holds"]) == (51, 0, 50, True)
    assert "Art. 12" in aids["draw_claim"] and aids["insufficient_material"] is None
    ctx["event"].draw_move_limit = 60  # the statute's other reading (Art. 20.4 b.6)
    ctx["event"].save(update_fields=["draw_move_limit"])
    aids = api_for(arbiter).get(f"/api/boards/{board.pk}/moves/").json()[0]["aids"]
    assert (aids["move_limit"], aids["draw_claim_holds"]) == (60, False)
    assert "2 minutes" in aids["draw_claim"]


def test_insufficient_material_is_advised(ctx, arbiter):
    board = ctx["board"]
    # Red's last soldier checks from e8; Black's advisor takes it: two generals and an advisor.
    game_moves_record(event=ctx["event"], board=board, text="d9e8", notation="iccs",
                      start_fen="3ak4/4P4/9/9/9/9/9/9/9/3K5 b", actor=arbiter)
    aids = api_for(arbiter).get(f"/api/boards/{board.pk}/moves/").json()[0]["aids"]
    assert "Art. 7.2 a, 20.4 b.6" in aids["insufficient_material"]
    assert (aids["moves_without_capture"], aids["draw_claim_holds"]) == (0, False)
