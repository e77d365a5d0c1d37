"""Print sheets and their PDFs: who may print what, what each sheet holds (names,
boards, the score sheet's notation key, Art. 11), a page per score sheet and per certificate,
and a long PDF built as a job."""

import pytest
from django.test import Client

from tests.tournaments.builders import (
    PlayerFactory,
    client_for,
    knockout_event,
    pdf_pages,
    played_event,
    rr_scenario,
    team_event,
)
from tournaments.models import Board, Job, JobKind, JobStatus
from tournaments.printing.pdf import BASE_URL, static_file
from tournaments.selectors.standings import event_standings
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.roundrobin import round_robin_schedule

pytestmark = pytest.mark.django_db


def url(event, sheet, query="", pdf=False):
    return f"/events/{event.slug}/print/{sheet}/{'pdf/' if pdf else ''}{query}"


@pytest.fixture
def rr(make_event, organiser, chief_arbiter, arbiter):
    """Six players, rounds 1 and 2 played (White won every game) and public; round 3 and on
    published without results; the schedule's last round left a draft."""
    return played_event(make_event, organiser, chief_arbiter, arbiter, 6)


def pdf_of(client, address):
    response = client.get(address)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    return pdf_pages(response.content)


def test_pairings_by_board_page_and_pdf_for_the_public(rr):
    boards = list(Board.objects.filter(round__event=rr, round__number=2).order_by("number")
                  .select_related("white__player", "black__player"))
    page = Client().get(url(rr, "pairings", "?round=2"))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'class="qr"' in html and "<svg" in html  # the QR code of the public page
    assert "default-src" in page["Content-Security-Policy"]
    (text,) = pdf_of(Client(), url(rr, "pairings", "?round=2", pdf=True))
    for board in boards:
        assert board.white.name in text and board.black.name in text
    lines = [line for line in text.splitlines() if boards[0].white.name in line]
    assert lines and lines[0].split()[0] == str(boards[0].number)


def test_the_pdf_embeds_the_vendored_fonts_and_keeps_vietnamese_letters(rr, organiser):
    """Vietnamese typography: the DejaVu fonts of static/fonts/ are embedded (not whatever the
    server has), and the stacked diacritics come back from the PDF's text as written."""
    from io import BytesIO

    from pypdf import PdfReader

    response = client_for(organiser, "vi").get(url(rr, "scoresheets", "?round=3", pdf=True))
    reader = PdfReader(BytesIO(response.content))
    fonts = {str(font["/BaseFont"]) for font in
             reader.pages[0]["/Resources"]["/Font"].values()}
    assert any(name.endswith("+Sheet-Sans") for name in fonts), fonts
    text = reader.pages[0].extract_text()
    for words in ("Biên bản ván đấu", "Chữ ký trọng tài", "Tướng", "Tượng"):
        assert words in text


def test_alphabetical_pairings_sort_by_given_name(make_event, organiser, chief_arbiter):
    """Vietnamese lists sort by the given name (the last word): An, Bình, Cường, Dũng."""
    event = make_event(format="rr", name="Giải chữ cái")
    names = ["Trần Văn Dũng", "Lê An", "Nguyễn Thị Bình", "Phạm Cường"]
    for name in names:
        entry_register(event=event, actor=organiser, player=PlayerFactory(full_name=name))
    numbers_draw(event=event, actor=organiser, method="rating")
    round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    event_visibility_set(event=event, actor=organiser, public=True)
    html = Client().get(url(event, "pairings-alpha", "?round=1")).content.decode()
    where = [html.index(f"<strong>{n}</strong>") for n in
             ("Lê An", "Nguyễn Thị Bình", "Phạm Cường", "Trần Văn Dũng")]
    assert where == sorted(where)
    text = "".join(pdf_of(Client(), url(event, "pairings-alpha", "?round=1", pdf=True)))
    assert text.index("Lê An") < text.index("Trần Văn Dũng")


def test_results_standings_crosstable_print_what_the_public_pages_show(rr):
    (results,) = pdf_of(Client(), url(rr, "results", "?round=1", pdf=True))
    assert results.count("1-0") >= 3  # White won every game of round 1
    standings = event_standings(rr)
    text = "".join(pdf_of(Client(), url(rr, "standings", pdf=True)))
    for row in standings.rows:
        assert row.entry.name in text
    cross = "".join(pdf_of(Client(), url(rr, "crosstable", pdf=True)))
    assert standings.rows[0].entry.name in cross


def test_score_sheets_one_page_per_game_with_the_notation_key(rr, chief_arbiter):
    boards = Board.objects.filter(round__event=rr, round__number=3, black__isnull=False) \
        .select_related("white__player", "black__player").order_by("number")
    pages = pdf_of(client_for(chief_arbiter), url(rr, "scoresheets", "?round=3", pdf=True))
    assert len(pages) == boards.count() == 3
    for board, text in zip(boards, pages, strict=True):
        assert board.white.name in text and board.black.name in text
        assert "Round" in text and f"Board {board.number}" in text.replace("\n", " ")
        for key in ("Tg = general", "P2-5 M2.3", "90 minutes each"):
            assert key in text.replace("\n", " ")


def test_score_sheets_and_certificates_are_the_staffs(rr, stranger):
    for sheet in ("scoresheets", "certificates"):
        for client in (Client(), client_for(stranger)):
            response = client.get(url(rr, sheet, pdf=True))
            assert response.status_code == 404
            assert b"Only the people who run this event" in response.content


def test_certificates_one_page_per_winner(rr, organiser):
    standings = event_standings(rr)
    leaders = [row for row in standings.rows if row.rank == 1]
    pages = pdf_of(client_for(organiser), url(rr, "certificates", "?top=1", pdf=True))
    assert len(pages) == len(leaders) >= 1
    assert leaders[0].entry.name in pages[0] and "Rank 1" in pages[0]


def test_a_draft_round_prints_for_the_staff_only(make_event, organiser, chief_arbiter, arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")["event"]
    response = Client().get(url(event, "pairings", "?round=1"))
    assert response.status_code == 404
    assert b"Round 1 cannot be printed" in response.content
    assert Client().get(url(event, "pairings", pdf=True)).status_code == 404
    page = client_for(arbiter).get(url(event, "pairings", "?round=1"))
    assert page.status_code == 200 and b"Draft: not published" in page.content


def test_sheets_an_event_does_not_have_and_hidden_events(rr, make_event, stranger):
    for sheet in ("bracket", "lineups", "nonsense"):
        response = Client().get(url(rr, sheet))
        assert response.status_code == 404
        assert b"This event has no such sheet to print." in response.content
    hidden = make_event(format="rr", name="Giải nháp")
    assert client_for(stranger).get(url(hidden, "standings", pdf=True)).status_code == 404


def test_bracket_sheet_of_a_knockout(make_event, organiser, chief_arbiter, arbiter):
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 6, format="ko")
    seeds = event.entries.filter(number__isnull=False).select_related("player")
    (text,) = pdf_of(Client(), url(event, "bracket", pdf=True))
    for entry in seeds:
        assert entry.name in text
    assert Client().get(url(event, "standings")).status_code == 404


def test_team_lineups_sheet(make_event, organiser, chief_arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4, boards=4)
    event_visibility_set(event=event, actor=organiser, public=True)
    text = "".join(pdf_of(Client(), url(event, "lineups", "?round=1", pdf=True)))
    board = Board.objects.get(round__event=event, round__number=1, number=1)
    for game in board.games.select_related("first_player", "second_player"):
        assert str(game.first_player) in text and str(game.second_player) in text


def test_a_long_pdf_is_a_job_for_the_staff(rr, organiser, settings,
                                           django_capture_on_commit_callbacks):
    settings.PDF_ASYNC_MIN_ROWS = 1
    public = Client().get(url(rr, "crosstable", pdf=True))
    assert public.status_code == 200 and b"pdf-job-start" not in public.content
    assert b"Open the print page" in public.content
    assert not Job.objects.exists()
    staff = client_for(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = staff.post(url(rr, "crosstable", "?after=2", pdf=True))
    job = Job.objects.get()
    assert job.total == job.done == 3  # data, layout, file
    assert response.status_code == 302 and response["Location"] == f"/manage/jobs/{job.pk}/"
    assert (job.kind, job.status, job.params["after"]) == (JobKind.PDF, JobStatus.DONE, 2)
    assert job.filename == f"{rr.slug}-crosstable.pdf"
    download = staff.get(f"/manage/jobs/{job.pk}/download/")
    assert download["Content-Type"] == "application/pdf"
    text = "".join(pdf_pages(b"".join(download.streaming_content)))
    assert event_standings(rr, after_round=2).rows[0].entry.name in text


def test_the_renderer_reads_only_static_files():
    assert static_file(f"{BASE_URL}static/css/print.css").name == "print.css"
    assert static_file(f"{BASE_URL}static/fonts/DejaVuSans.ttf").is_file()
    for hostile in ("http://127.0.0.1/x.css", "file:///etc/passwd",
                    f"{BASE_URL}static/../config/settings.py", f"{BASE_URL}media/x",
                    f"{BASE_URL}static//etc/passwd", f"{BASE_URL}static/C:/x.css"):
        assert static_file(hostile) is None


def test_a_hostile_name_is_printed_as_text(make_event, organiser, chief_arbiter):
    event = make_event(format="rr", name="Giải <b>đậm</b>")
    for name in ('<img src="http://127.0.0.1/x.png">Hà', "Lê Bá Tường", "Vũ Thị Hoa"):
        entry_register(event=event, actor=organiser, player=PlayerFactory(full_name=name))
    numbers_draw(event=event, actor=organiser, method="rating")
    round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    event_visibility_set(event=event, actor=organiser, public=True)
    html = Client().get(url(event, "pairings", "?round=1")).content.decode()
    assert '<img src="http' not in html and "&lt;img" in html
    text = "".join(pdf_of(Client(), url(event, "pairings-alpha", "?round=1", pdf=True)))
    assert '<img src="http://127.0.0.1/x.png">Hà' in text


def test_print_links_on_public_pages(rr):
    html = Client().get(f"/events/{rr.slug}/rounds/1/").content.decode()
    assert url(rr, "pairings", "?round=1") in html
    assert url(rr, "pairings", "?round=1", pdf=True) in html
    standings = Client().get(f"/events/{rr.slug}/standings/").content.decode()
    assert url(rr, "standings") in standings and url(rr, "certificates") not in standings


def test_print_links_on_staff_pages(rr, organiser):
    staff = client_for(organiser)
    dashboard = staff.get(f"/manage/{rr.slug}/").content.decode()
    last = rr.rounds_set.order_by("number").last().number
    assert url(rr, "scoresheets", f"?round={last}") in dashboard
    assert url(rr, "certificates", pdf=True) in dashboard
    round_page = staff.get(f"/manage/{rr.slug}/rounds/2/").content.decode()
    assert url(rr, "scoresheets", "?round=2", pdf=True) in round_page




def test_knockout_certificates_follow_the_placings(make_event, organiser, chief_arbiter,
                                                   arbiter):
    from tournaments.selectors.knockout import event_bracket

    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 6, format="ko")
    placings = event_bracket(event, staff=False).placings
    top = max(p.place for p in placings)
    winners = [p for p in placings if p.place <= top]
    pages = pdf_of(client_for(organiser), url(event, "certificates", f"?top={top}", pdf=True))
    assert len(pages) == len(winners) >= 1
    for placing, text in zip(winners, pages, strict=True):
        assert placing.entry.name in text and f"Rank {placing.label}" in text


def test_no_certificates_before_a_round_is_played(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")["event"]
    page = client_for(organiser).get(url(event, "certificates"))
    assert page.status_code == 200 and b'data-testid="certificate"' not in page.content
    assert b"No standings yet" in page.content


def test_art_11_a_rapid_tie_break_games_sheet_does_not_print_the_standard_time_control(
        make_event, organiser, chief_arbiter, arbiter):
    """Appendix §2: a level knockout match goes on to the statute's rapid games, whose time
    control is not the event's standard one; their score sheets name the kind and leave the
    time control to be written in, while the match's own games keep the event's."""
    from tournaments.services.knockout import bracket_start
    from tournaments.services.results import game_result_record
    from tournaments.services.rounds import round_publish

    event = make_event(format="ko", games_per_match=2, tiebreak_games=[["rapid", 2]])
    for player in PlayerFactory.create_batch(2):
        entry_register(event=event, actor=organiser, player=player)
    bracket_start(event=event, actor=chief_arbiter, seed=5)
    round_publish(round_=event.rounds_set.get(number=1), actor=chief_arbiter)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    for game in board.games.order_by("number"):
        game_result_record(game=game, result="1/2-1/2", actor=arbiter, expected_version=0)
    assert list(board.games.values_list("kind", flat=True)) == [
        "regular", "regular", "rapid", "rapid"]
    pages = [text.replace("\n", " ") for text in pdf_of(
        client_for(chief_arbiter), url(event, "scoresheets", "?round=1", pdf=True))]
    assert len(pages) == 4
    standard = f"{event.time_base_minutes} minutes each"
    for text in pages[:2]:
        assert standard in text and "Rapid" not in text
    for text in pages[2:]:
        assert "Rapid: the statute's time control" in text and standard not in text


def test_team_score_sheets_name_the_match_and_its_board(make_event, organiser, chief_arbiter):
    """A team match's score sheet names the match (its table) and the board in the match, as
    the line-ups sheet does, not the word 'board' twice."""
    event = team_event(make_event, organiser, chief_arbiter, teams=4, boards=4)
    pages = pdf_of(client_for(chief_arbiter), url(event, "scoresheets", "?round=1", pdf=True))
    assert len(pages) == 2 * 4
    first = pages[0].replace("\n", " ")
    assert "Match 1 · board 1" in " ".join(first.split())
    assert "Board 1" not in first


def test_knockout_certificates_before_the_placings_say_so(make_event, organiser,
                                                          chief_arbiter, arbiter):
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 8, format="ko")
    page = client_for(organiser).get(url(event, "certificates"))
    assert page.status_code == 200 and b'data-testid="certificate"' not in page.content
    assert b"No placings yet" in page.content


def test_appendix_4_team_standings_sheet_leads_with_the_points_teams_rank_by(
        make_event, organiser, chief_arbiter, arbiter):
    """Appendix §4: teams rank by the sum of their players' points (board points, the law's
    default); the printed standings put those first, in bold, and say so, as the public page
    does, rather than leading with match points the ranking does not follow."""
    import re

    from tournaments.services.results import game_result_record

    event = team_event(make_event, organiser, chief_arbiter, teams=4, boards=4)
    for board in Board.objects.filter(round__event=event, round__number=1):
        for game, result in zip(board.games.order_by("number"),
                                ("1-0", "1-0", "1-0", "0-1"), strict=True):
            game_result_record(game=game, result=result, actor=arbiter, expected_version=0)
    event_visibility_set(event=event, actor=organiser, public=True)
    table = event_standings(event)
    assert table.primary == "gp"
    page = Client().get(url(event, "standings")).content.decode()
    head = page[page.index("<thead>"):page.index("</thead>")]
    assert head.index(">BP<") < head.index(">MP<")
    assert "Teams rank by board points (BP)" in page
    bold = re.findall(r"<td class=\"num\"><strong>([^<]*)</strong>", page)
    assert bold == [row.game_points for row in table.rows]
    assert sorted(bold, key=float, reverse=True) == bold


def test_appendix_2_knockout_sheets_name_each_match_as_the_bracket_does(
        make_event, organiser, chief_arbiter, arbiter):
    """The bracket names each match (A1.1, B2.1, ...); the pairings, results and score sheets
    of a knockout round carry the same name beside the board, so the wall sheet and the
    bracket can be read together."""
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 8, format="dko")
    boards = list(Board.objects.filter(round__event=event, round__number=1)
                  .exclude(match_code="").select_related("white__player").order_by("number"))
    assert len(boards) == 4
    for sheet in ("pairings", "results"):
        (text,) = pdf_of(Client(), url(event, sheet, "?round=1", pdf=True))
        for board in boards:
            line = next(ln for ln in text.splitlines() if board.white.name in ln)
            assert line.split()[:2] == [str(board.number), board.match_code]
    pages = pdf_of(client_for(chief_arbiter), url(event, "scoresheets", "?round=1", pdf=True))
    codes = [board.match_code for board in boards for _ in board.games.all()]
    assert len(pages) == len(codes)
    for text, code in zip(pages, codes, strict=True):
        assert code in text


def test_results_sheet_names_each_games_white_as_colours_alternate(
        make_event, organiser, chief_arbiter, arbiter):
    """Appendix §2: the two games of a match alternate colours ("mỗi người được đi trước một
    ván"), and results are written White's first; each game's line names that game's White and
    Black, so a 0-1 in game 2 reads as the board's first player winning with Black."""
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 8, format="ko")
    (text,) = pdf_of(Client(), url(event, "results", "?round=1", pdf=True))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    checked = 0
    for board in Board.objects.filter(round__event=event, round__number=1).select_related(
            "white__player", "black__player"):
        for game in board.games.exclude(result=""):
            white, black = ((board.white, board.black) if game.white_first
                            else (board.black, board.white))
            result = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½"}[game.result]
            assert f"Game {game.number}: {white.name} {result} {black.name}" in lines
            checked += 1
    assert checked >= 8


def test_art_21_1_a_friendly_events_wall_sheets_say_its_scoring_is_not_the_laws(
        make_event, organiser, chief_arbiter):
    """Art. 21.1 / 19.5: a friendly event may score 3/1/0, and its pages say so; the sheets
    pinned on the wall say it too. An official event's sheets carry no such note."""
    from decimal import Decimal

    friendly = rr_scenario(make_event, organiser, chief_arbiter, rounds="played",
                           official=False, scoring="custom", points_win=Decimal(3),
                           points_draw=Decimal(1), points_loss=Decimal(0))["event"]
    assert not friendly.scoring_follows_law
    for sheet in ("pairings", "results", "standings", "crosstable"):
        text = " ".join("".join(pdf_of(Client(), url(friendly, sheet, pdf=True))).split())
        assert "Friendly event: scoring differs from the law." in text, sheet
        assert "Art. 21.1" in text, sheet
    official = rr_scenario(make_event, organiser, chief_arbiter, rounds="played")["event"]
    text = "".join(pdf_of(Client(), url(official, "standings", pdf=True)))
    assert "scoring differs from the law" not in text


def test_art_21_5_1_printed_standings_list_the_withdrawn_apart(make_event, organiser,
                                                               chief_arbiter, arbiter):
    """Art. 21.5.1: a round-robin player who withdrew with half or fewer games played has every
    game cancelled; the printed standings list them after the ranking, without a rank, as the
    standings page does, rather than dropping them from the sheet."""
    from tournaments.models import Entry
    from tournaments.services.entries import entry_withdraw

    event = played_event(make_event, organiser, chief_arbiter, arbiter, 5)
    gone = Entry.objects.get(event=event, number=1)
    entry_withdraw(entry=gone, actor=organiser, after_round=2)
    text = " ".join("".join(pdf_of(Client(), url(event, "standings", pdf=True))).split())
    ranking, apart = text.split("Withdrawn, not ranked")
    assert gone.name not in ranking
    assert f"1. {gone.name}" in apart and "(Art. 21.5.1)" in apart


def test_appendix_4_a_teams_certificate_names_the_points_it_was_ranked_by(
        make_event, organiser, chief_arbiter, arbiter):
    """Appendix §4: teams rank by board points (the law's default); the winner's certificate
    gives those, named, not the match points the ranking did not use."""
    from tournaments.services.results import game_result_record

    event = team_event(make_event, organiser, chief_arbiter, teams=4, boards=4)
    for board in Board.objects.filter(round__event=event, round__number=1):
        for game, result in zip(board.games.order_by("number"),
                                ("1-0", "1-0", "1-0", "1/2-1/2"), strict=True):
            game_result_record(game=game, result=result, actor=arbiter, expected_version=0)
    top = event_standings(event).rows[0]
    assert top.game_points != top.match_points
    pages = pdf_of(client_for(organiser), url(event, "certificates", "?top=1", pdf=True))
    text = " ".join(pages[0].split())
    assert top.entry.name in text and f"{top.game_points} board points" in text


def test_art_11_each_games_score_sheet_gives_both_players_numbers_with_their_colours(
        make_event, organiser, chief_arbiter, arbiter):
    """A knockout match's games alternate colours (appendix §2); each game's score sheet names
    that game's White and Black, each with their own number."""
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 8, format="ko")
    board = Board.objects.filter(round__event=event, round__number=1).select_related(
        "white__player", "black__player").order_by("number").first()
    pages = pdf_of(client_for(chief_arbiter), url(event, "scoresheets", "?round=1", pdf=True))
    games = list(board.games.order_by("number"))
    for game, text in zip(games, pages, strict=False):
        white, black = ((board.white, board.black) if game.white_first
                        else (board.black, board.white))
        lines = [" ".join(line.split()) for line in text.splitlines()]
        assert f"White {white.name} (No. {white.number})" in lines
        assert f"Black {black.name} (No. {black.number})" in lines


def test_a_query_value_that_is_not_a_number_is_a_bad_request_that_says_so(rr):
    """``after``, ``top`` and ``round`` are whole numbers: anything else is refused (400) with
    the reason in the reader's language, not silently ignored."""
    client = client_for(lang="vi")
    for query in ("?after=abc", "?top=0", "?top=-3", "?after=1.5"):
        for pdf in (False, True):
            response = client.get(url(rr, "standings", query, pdf=pdf))
            assert response.status_code == 400, query
            assert "không phải là số nguyên" in response.content.decode(), query
    assert client.get(url(rr, "standings", "?after=1&top=3")).status_code == 200
    assert client.get(url(rr, "standings", "?after=")).status_code == 200
