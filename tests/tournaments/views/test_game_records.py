"""Game record pages (Art. 11; views/game_records.py): the staff's score-sheet page and its live
check, PGN uploads, the public game page stepped through, PGN downloads; unpublished rounds and
strangers' requests are refused and change nothing."""

import pytest

import xiangqi
from tests.tournaments.builders import client_for, rr_scenario
from tournaments.models import GameMoves
from tournaments.services.game_records import game_moves_record

pytestmark = pytest.mark.django_db
LAW_SHEET = "1) P2-5 M2.3 2) M8.7 P8-5"


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="published")


def _url(ctx, name):
    return f"/manage/{ctx['event'].slug}/boards/{ctx['board'].pk}/moves/{name}"


def test_the_entry_page_stores_a_legal_sheet(ctx, arbiter):
    client = client_for(arbiter)
    page = client.get(_url(ctx, ""))
    assert page.status_code == 200 and 'id="sheet-form"' in page.content.decode()
    response = client.post(_url(ctx, ""), {"text": LAW_SHEET, "notation": "vi"})
    assert response.status_code == 302
    assert GameMoves.objects.get().moves == "h2e2 b9c7 b0c2 h7e7"
    page = client.get(_url(ctx, "")).content.decode()
    assert "1) P2-5 M2.3\n2) M8.7 P8-5" in page  # the sheet comes back in Vietnamese


def test_an_illegal_move_is_shown_at_the_move_and_nothing_stored(ctx, arbiter):
    response = client_for(arbiter, "vi").post(_url(ctx, ""), {
        "text": "1) P2-5 M8.7 2) M8.6", "notation": "vi"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-testid="sheet-error"' in html and "M8.6" in html
    assert "Nước 3" in html  # the error in the user's language: move 3
    assert "1) P2-5 M8.7 2) M8.6" in html  # what was typed is kept
    assert not GameMoves.objects.exists()


def test_the_live_check_reads_every_move_and_the_first_error(ctx, arbiter):
    client = client_for(arbiter)
    answer = client.post(_url(ctx, "check/"), {"text": "Pháo 2 bình 5 M8.7 M8.6",
                                               "notation": "vi"}).json()
    assert [m["iccs"] for m in answer["moves"]] == ["h2e2", "h9g7"]
    assert [m["vi"] for m in answer["moves"]] == ["P2-5", "M8.7"]
    assert answer["error"]["ply"] == 3 and answer["error"]["text"] == "M8.6"
    answer = client.post(_url(ctx, "check/"), {"text": "C2=5 H8+7", "notation": "wxf"}).json()
    assert answer["ok"] and [m["vi"] for m in answer["moves"]] == ["P2-5", "M8.7"]
    assert not GameMoves.objects.exists()


def test_strangers_cannot_open_the_entry_page_nor_post(ctx, django_user_model):
    stranger = django_user_model.objects.create_user("stranger")
    for client in (client_for(stranger), client_for()):
        for name in ("", "check/"):
            response = client.post(_url(ctx, name), {"text": LAW_SHEET, "notation": "vi"})
            assert response.status_code in (302, 403, 404)
    assert not GameMoves.objects.exists()


def test_the_public_game_page_steps_and_links(ctx, arbiter):
    game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET, actor=arbiter)
    slug, board = ctx["event"].slug, ctx["board"]
    round_page = client_for().get(f"/events/{slug}/rounds/1/").content.decode()
    assert f'href="/events/{slug}/games/{board.pk}/"' in round_page
    page = client_for().get(f"/events/{slug}/games/{board.pk}/?ply=2")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<span class="game-ply" id="game-ply" data-testid="game-ply">2 / 4</span>' in html
    assert 'data-ply="2" aria-current="step">M2.3</a>' in html
    after_two = xiangqi.replay(["h2e2", "b9c7"], notation="iccs").final
    assert xiangqi.board_svg(after_two, last=xiangqi.Move.from_iccs("b9c7"),
                             title="Position after move 2") in html
    assert "<script>" not in html  # CSP: the stepping is static/js/game.js


def test_the_game_page_names_the_colours_and_the_result_as_the_round_page_does(ctx, arbiter):
    """Spectators read "½-½" and who is Red (Art. 2.2), not PGN's "1/2-1/2"; "–" while the
    game has no result, never PGN's "*"."""
    from tournaments.services.results import result_record
    board = ctx["board"]
    game_moves_record(event=ctx["event"], board=board, text=LAW_SHEET, actor=arbiter)
    url = f"/events/{ctx['event'].slug}/games/{board.pk}/"
    html = client_for(lang="vi").get(url).content.decode()
    assert "(Trắng)" in html and "(Đen)" in html and "Đỏ" not in html
    assert "<strong>–</strong>" in html and "<strong>*</strong>" not in html
    result_record(board=board, result="1/2-1/2", actor=arbiter, expected_version=board.version)
    html = client_for().get(url).content.decode()
    assert "<strong>½-½</strong>" in html and "1/2-1/2" not in html


def test_a_player_page_links_each_recorded_game(ctx, arbiter):
    """A spectator reaches a game from either player's page, not only from the round's page;
    a board without moves gets no link."""
    game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET, actor=arbiter)
    slug, board = ctx["event"].slug, ctx["board"]
    link = f'href="/events/{slug}/games/{board.pk}/"'
    for entry in (board.white, board.black):
        assert link in client_for().get(f"/events/{slug}/entries/{entry.pk}/").content.decode()
    other = board.round.boards.exclude(pk=board.pk).filter(black__isnull=False).first()
    page = client_for().get(f"/events/{slug}/entries/{other.white_id}/").content.decode()
    assert "/games/" not in page


def test_pgn_downloads_per_game_round_and_event(ctx, arbiter):
    game_moves_record(event=ctx["event"], board=ctx["board"], text=LAW_SHEET, actor=arbiter)
    slug, board = ctx["event"].slug, ctx["board"]
    for url in (f"/events/{slug}/games/{board.pk}/pgn/", f"/events/{slug}/rounds/1/pgn/",
                f"/events/{slug}/pgn/"):
        response = client_for().get(url)
        assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
        (record,) = xiangqi.read_pgn(response.content.decode())
        assert record.tag("Red") == board.white.name and record.tag("Black") == board.black.name
        assert record.tag("Round") == "1" and record.tag("Event") == ctx["event"].name
        assert record.tag("Board") == str(board.number) and not record.tag("FEN")
        assert [str(m) for m in record.replay().moves] == "h2e2 b9c7 b0c2 h7e7".split()


def test_unpublished_rounds_and_unrecorded_games_are_not_found(make_event, organiser,
                                                               chief_arbiter, arbiter, ctx):
    draft = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")
    board = draft["round1"].boards.filter(black__isnull=False).first()
    slug = draft["event"].slug
    for url in (f"/events/{slug}/games/{board.pk}/", f"/events/{slug}/rounds/1/pgn/",
                f"/events/{slug}/games/{board.pk}/pgn/",
                f"/events/{ctx['event'].slug}/games/{ctx['board'].pk}/"):
        assert client_for().get(url).status_code == 404, url


def test_a_round_upload_reports_per_game(ctx, arbiter):
    board = ctx["board"]
    pgn = (f'[Red "{board.white.name}"]\n[Black "{board.black.name}"]\n\n{LAW_SHEET} *\n'
           '[Red "Ai đó"]\n[Black "Không ai"]\n\n1. h2e2 *\n')
    from django.core.files.uploadedfile import SimpleUploadedFile
    url = f"/manage/{ctx['event'].slug}/rounds/1/pgn/"
    client = client_for(arbiter)
    html = client.post(url, {"file": SimpleUploadedFile("r1.pgn", pgn.encode())}).content.decode()
    assert "nothing was stored (all or nothing)" in html and not GameMoves.objects.exists()
    html = client.post(url, {"file": SimpleUploadedFile("r1.pgn", pgn.encode()),
                             "partial": "on"}).content.decode()
    assert "1 game stored." in html and "not matched:" in html
    assert GameMoves.objects.get().board == board


MATE = ("P2-5 M8.7 M2.3 X9-8 X1-2 M2.3 B3.1 B7.1 M8.7 B3.1 X2.7 B5.1 X2.2 M7.8 X2/4 M3.2 "
        "P8.5 T7.9 P5.3 B3.1 P8-5")


def test_the_arbiter_sees_a_result_that_contradicts_the_mate(make_event, organiser,
                                                             chief_arbiter, arbiter):
    """Art. 7.1a: Red mates, the recorded result says Black won: flagged on the arbiter's
    round page and the game page, for the staff only."""
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    board = ctx["board"]
    from tournaments.services.results import result_record
    result_record(board=board, result="0-1", actor=arbiter, expected_version=board.version)
    game_moves_record(event=ctx["event"], board=board, text=MATE, actor=arbiter)
    slug = ctx["event"].slug
    staff_round = client_for(arbiter).get(f"/manage/{slug}/rounds/1/").content.decode()
    assert 'data-testid="result-flag"' in staff_round and "should be 1-0" in staff_round
    game = f"/events/{slug}/games/{board.pk}/"
    assert 'data-testid="result-flag"' in client_for(arbiter).get(game).content.decode()
    assert 'data-testid="result-flag"' not in client_for().get(game).content.decode()


def test_removing_the_stored_moves_asks_first(ctx, arbiter):
    client = client_for(arbiter)
    client.post(_url(ctx, ""), {"text": LAW_SHEET, "notation": "vi"})
    page = client.get(_url(ctx, "")).content.decode()
    assert 'data-confirm="Remove the stored moves of this game? They cannot be restored."' in page
    asked = client.post(_url(ctx, "clear/")).content.decode()  # without JavaScript
    assert 'data-testid="confirm-page"' in asked and GameMoves.objects.exists()
    client.post(_url(ctx, "clear/"), {"confirmed": "1"})
    assert not GameMoves.objects.exists()
