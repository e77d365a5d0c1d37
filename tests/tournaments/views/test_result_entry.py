"""The arbiter's round page: the one-tap result buttons and their titles, a match
row's game score and its open state, tie-break games named as such, the warning on correcting a
round the next round was paired from, the refusal to close naming the boards, the service
worker's address."""

import re

import pytest

from tests.tournaments.builders import PlayerFactory, client_for, rr_scenario, team, team_event
from tournaments.models import Board, Game
from tournaments.services.entries import entry_register
from tournaments.services.knockout import bracket_start
from tournaments.services.results import game_result_record, result_record
from tournaments.services.rounds import round_publish

# Also on the SQLite pass: the pages and the result entry on the embedded defaults (make serve).
pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]

OPEN = re.compile(r'id="open-count"[^>]*data-open="(\d+)"')


def _page(user, event, number):
    response = client_for(user).get(f"/manage/{event.slug}/rounds/{number}/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_board_has_one_tap_buttons_titled_with_the_players(make_event, organiser,
                                                             chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="published")
    board = ctx["board"]
    page = _page(arbiter, ctx["event"], 1)
    cell = page[page.index(f'data-url="/api/boards/{board.pk}/result/"'):]
    cell = cell[:cell.index("</select>")]
    codes = re.findall(r'<button type="button" class="rb" data-result="([^"]+)"', cell)
    assert codes == ["1-0", "1/2-1/2", "0-1", "+/-", "-/+"]
    assert f'title="{board.white.name} wins"' in cell
    assert f'title="{board.black.name} forfeits"' in cell
    # The law's other codes are behind "More…", with a way to clear.
    assert ">More…</option>" in cell and 'value="X"' in cell and 'value="0-0"' in cell
    assert ">Clear the result</option>" in cell
    result_record(board=board, result="0-1", actor=arbiter, expected_version=0)
    page = _page(arbiter, ctx["event"], 1)
    cell = page[page.index(f'data-url="/api/boards/{board.pk}/result/"'):]
    cell = cell[:cell.index("</select>")]
    pressed = re.findall(r'data-result="([^"]+)" aria-pressed="true"', cell)
    assert pressed == ["0-1"]


def test_a_team_match_with_a_partial_score_is_still_open_and_closing_names_it(
        make_event, organiser, chief_arbiter, arbiter):
    event = team_event(make_event, organiser, chief_arbiter, teams=4, boards=4)
    match = Board.objects.get(round__event=event, round__number=1, number=1)
    games = list(match.games.order_by("number"))
    for g in games[:3]:  # three boards of four played
        game_result_record(game=g, result="1-0", actor=arbiter, expected_version=g.version)
    for board in Board.objects.filter(round__event=event, round__number=1, number=2):
        for g in board.games.all():
            game_result_record(game=g, result="1/2-1/2", actor=arbiter, expected_version=0)
    page = _page(arbiter, event, 1)
    row = page[page.index(f'<tr data-board="{match.pk}"'):]
    row = row[:row.index("</tr>")]
    score = "2–1" if games[0].white_first else "1–2"
    assert re.search(rf'data-match-result data-code="">{score}<', row)  # a score, no result
    assert OPEN.search(page).group(1) == "1"

    chief = client_for(chief_arbiter)
    response = chief.post(f"/manage/{event.slug}/rounds/1/complete/", {"confirmed": "1"},
                          follow=True)
    assert "Round 1 still has boards without a result: 1." in response.content.decode()
    match.round.refresh_from_db()
    assert match.round.status == "published"
    assert team(event, 1).pk in (match.white_id, match.black_id)


def test_knockout_games_named_as_tie_breaks_with_the_match_score(make_event, organiser,
                                                                 chief_arbiter, arbiter):
    event = make_event(format="ko", name="Cúp ván phụ", games_per_match=2)
    for player in PlayerFactory.create_batch(4):
        entry_register(event=event, actor=organiser, player=player)
    bracket_start(event=event, actor=chief_arbiter, seed=4)
    round_ = event.rounds_set.get(number=1)
    round_publish(round_=round_, actor=chief_arbiter)
    match = round_.boards.exclude(black=None).order_by("number").first()
    first, second = match.games.order_by("number")
    game_result_record(game=first, result="1-0", actor=arbiter, expected_version=0)
    page = _page(arbiter, event, 1)
    row = page[page.index(f'<tr data-board="{match.pk}"'):]
    winner_first = first.white_first
    score = "1–0" if winner_first else "0–1"
    assert re.search(f'data-match-result data-code="">{score}<', row[:row.index("</tr>")])
    # Game 2's colours are the other way round: its buttons name its own White.
    assert first.white_first != second.white_first
    game2 = page[page.index(f'<tr data-game="{second.pk}"'):]
    game2 = game2[:game2.index("</tr>")]
    white2 = match.white if second.white_first else match.black
    assert f'title="{white2.name} wins"' in game2
    # A level match goes to tie-break games, named so with their kind.
    game_result_record(game=second, result="1-0", actor=arbiter, expected_version=0)
    tie_breaks = list(Game.objects.filter(board=match, level__gt=0).order_by("number"))
    assert tie_breaks
    page = _page(arbiter, event, 1)
    # The statute's chain starts with games at the normal rate (no kind named), then rapid.
    assert [g.kind for g in tie_breaks] == ["regular", "regular"]
    assert f"tie-break game {tie_breaks[0].number}</strong>:" in page
    row = page[page.index(f'<tr data-board="{match.pk}"'):]
    assert re.search(r"data-match-result data-code=\"\">1–1<", row[:row.index("</tr>")])
    # The first tie-break game is won by the first-named entry: the row says so, level by level.
    first_tb = tie_breaks[0]
    game_result_record(game=first_tb, result="1-0" if first_tb.white_first else "0-1",
                       actor=arbiter, expected_version=0)
    page = _page(arbiter, event, 1)
    row = page[page.index(f'<tr data-board="{match.pk}"'):]
    assert 'data-match-result data-code="">1–1 · 1–0 (tie-break games)<' in \
        row[:row.index("</tr>")]
    # Level again after the second: the rapid games come, named with their kind.
    second_tb = tie_breaks[1]
    game_result_record(game=second_tb, result="0-1" if second_tb.white_first else "1-0",
                       actor=arbiter, expected_version=0)
    rapid = Game.objects.filter(board=match, kind="rapid").order_by("number").first()
    assert rapid is not None
    page = _page(arbiter, event, 1)
    assert f"tie-break game {rapid.number} (rapid)</strong>:" in page


def test_correcting_a_round_already_followed_by_another_warns(make_event, organiser,
                                                              chief_arbiter, arbiter):
    ctx = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")
    event = ctx["event"]
    page = _page(chief_arbiter, event, 1)
    later = sorted(r.number for r in event.rounds_set.all() if r.number > 1)
    assert 'data-testid="later-rounds-warning"' in page
    assert f"Rounds {', '.join(map(str, later))} are already paired." in page
    assert 'data-can-correct="1"' in page
    # An arbiter (no right to correct): the page knows, and says so before asking anything.
    page = _page(arbiter, event, 1)
    assert 'data-can-correct=""' in page
    assert "only the chief arbiter and the organisers may correct it" in page
    # A round in play warns of nothing.
    round_publish(round_=event.rounds_set.get(number=2), actor=chief_arbiter)
    assert "later-rounds-warning" not in _page(chief_arbiter, event, 2)


def test_the_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert 'addEventListener("fetch"' in body and "/api/" in body
    assert client.post("/sw.js").status_code == 405

