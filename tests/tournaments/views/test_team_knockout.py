"""Team knockout pages (appendix §2 for teams, §4): the bracket with board-point scores and how
a level match was decided, the round pages with the line-ups, the team pages."""

import pytest
from django.conf import settings
from django.test import Client

from tests.tournaments.builders import team_knockout_event, team_match_play
from tournaments.models import Board
from tournaments.services.events import event_visibility_set

pytestmark = pytest.mark.django_db


def english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    return client


def test_appendix_2_team_knockout_pages_show_the_team_matches(make_event, organiser,
                                                              chief_arbiter, arbiter):
    event = team_knockout_event(make_event, organiser, chief_arbiter,
                                team_knockout_decider="extra")
    event_visibility_set(event=event, actor=organiser, public=True)
    board = Board.objects.select_related("white", "black").get(round__event=event,
                                                               match_code="A1.1")
    team_match_play(board, [1, 0, 1, 0], arbiter)  # 2–2: the extra team match is created
    public = english(Client())
    page = public.get(f"/events/{event.slug}/bracket/").content.decode()
    assert board.white.name in page and board.black.name in page
    assert "2–2" in page and "the extra team match decides" in page
    public_round = public.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert public_round.count("extra team match, board ") == 4 and "board 5" not in public_round
    assert public.get(f"/events/{event.slug}/entries/{board.white_id}/").status_code == 200
    staff = english(Client())
    staff.force_login(arbiter)
    round_page = staff.get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert "Line-up" in round_page and "A1.1" in round_page
    assert "2–2</strong>" in round_page  # level, still undecided: the extra match decides
    # The extra team match's boards are named from board 1 again, after the match's own four.
    assert round_page.count("extra team match, board ") == 4
    assert "extra team match, board 4" in round_page and "board 5" not in round_page
    team_match_play(board, [1, 1, 0.5, 0.5], arbiter, level=1)
    page = public.get(f"/events/{event.slug}/bracket/").content.decode()
    assert "level on board points: decided by the extra team match" in page
    # The public round page reads the extra match's boards from the first-named team's side too:
    # it won boards 1 and 2 (with Black on board 1, where White's result is 0-1).
    public_round = public.get(f"/events/{event.slug}/rounds/1/").content.decode()
    row = public_round[public_round.index("extra team match, board 1"):]
    assert 'title="0-1">1–0' in row[:row.index("</tr>")].replace("\n", "")
    round_page = staff.get(f"/manage/{event.slug}/rounds/1/").content.decode()
    assert "2–2 (1-0)</strong>" in round_page  # the extra match went to the first-named team
    vi = Client()
    vi.cookies[settings.LANGUAGE_COOKIE_NAME] = "vi"
    page = vi.get(f"/events/{event.slug}/bracket/").content.decode()
    assert "trận đồng đội phụ" in page


def test_appendix_2_statute_form_sets_up_a_team_knockout_with_its_decider(organiser):
    from tournaments.forms import StatuteForm
    from tournaments.models import Event

    form = StatuteForm()
    data = {name: (field.prepare_value(form[name].value()) if name == "tiebreak_games"
                   else form[name].value())
            for name, field in form.fields.items()
            if form[name].value() is not None and form[name].value() is not False}
    data.update(name="Cúp đồng đội", start_date="2026-12-01", format="ko",
                participant_kind="team", team_boards="4", team_reserves="1",
                team_knockout_decider="extra")
    staff = english(Client())
    staff.force_login(organiser)
    page = staff.get("/manage/new/").content.decode()
    assert "Board 1 first, then board 2" in page and "An extra team match" in page
    response = staff.post("/manage/new/", data)
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(name="Cúp đồng đội")
    assert event.is_team and event.format_rules.has_bracket
    assert event.team_knockout_decider == "extra"
    data.update(name="Cúp đồng đội 2", team_knockout_decider="coin")
    refused = staff.post("/manage/new/", data)
    assert refused.status_code == 200 and "coin" in refused.content.decode()
    assert not Event.objects.filter(name="Cúp đồng đội 2").exists()
