"""Issue 19, the statute form: the tie-break chain of a tied knockout match in words, one step a
row (appendix §2); the team and knockout sections marked for the events they fit and ignored by
the server for the others; table numbers by rating for a Swiss, by lots for a round robin, and
said in words once given."""

import pytest

from tests.tournaments.builders import client_for
from tournaments.forms import StatuteForm
from tournaments.models import Event
from tournaments.services.entries import numbers_draw

pytestmark = pytest.mark.django_db


def posted(event=None, **changes) -> dict:
    """Every field as the page fills it, then ``changes``."""
    form = StatuteForm(instance=event) if event else StatuteForm(initial={"format": "swiss"})
    data = {}
    for name in form.fields:
        value = form[name].value()
        if name == "tiebreak_games":
            continue
        if value is None or value is False:
            continue
        data[name] = [str(v) for v in value] if isinstance(value, list) else str(value)
    data.update(changes)
    return data


def test_the_chain_is_shown_in_words_one_step_a_row(organiser):
    page = client_for(organiser).get("/manage/new/").content.decode()
    assert ("If the match is tied: 2 more games, then 2 rapid games, then 2 blitz games, then "
            "one deciding game (armageddon).") in page
    assert '<option value="rapid" selected>Rapid games</option>' in page
    assert "rapid 2" not in page  # no raw codes
    vi = client_for(organiser, "vi").get("/manage/new/").content.decode()
    assert "Nếu trận hòa: 2 ván thêm, rồi 2 ván cờ nhanh" in vi


def test_a_knockout_chain_posted_row_by_row(organiser):
    rows = {"tiebreak_games_kind_0": "rapid", "tiebreak_games_games_0": "4",
            "tiebreak_games_kind_1": "armageddon", "tiebreak_games_games_1": "",
            "tiebreak_games_kind_2": "", "tiebreak_games_games_2": "3"}
    reply = client_for(organiser).post("/manage/new/", posted(
        name="Cúp", start_date="2026-12-01", format="ko", games_per_match="2", **rows))
    assert reply.status_code == 302, reply.context["form"].errors
    assert Event.objects.get(name="Cúp").tiebreak_games == [["rapid", 4], ["armageddon", 1]]


def test_a_step_without_games_is_refused_in_words(organiser):
    reply = client_for(organiser).post("/manage/new/", posted(
        name="Cúp", start_date="2026-12-01", format="ko", tiebreak_games_kind_0="blitz",
        tiebreak_games_games_0="0"))
    assert reply.status_code == 200
    assert "Blitz games: give a number of games from 1." in reply.content.decode()
    assert not Event.objects.filter(name="Cúp").exists()


def test_sections_of_other_events_are_ignored_by_the_server(make_event, organiser):
    event = make_event(format="swiss", rounds=7)
    before = (event.team_boards, event.tiebreak_games, event.third_place_match)
    reply = client_for(organiser).post(f"/manage/{event.slug}/statute/", posted(
        event, team_boards="-3", third_place_match="on", tiebreak_games="nonsense 9"))
    assert reply.status_code == 302, reply.context["form"].errors
    event.refresh_from_db()
    assert (event.team_boards, event.tiebreak_games, event.third_place_match) == before
    page = client_for(organiser).get(f"/manage/{event.slug}/statute/").content.decode()
    assert 'data-for="team"' in page and 'data-for="knockout"' in page
    assert "js/statute.js" in page


def test_a_team_event_reads_its_team_section(make_event, organiser):
    reply = client_for(organiser).post("/manage/new/", posted(
        name="Đồng đội", start_date="2026-12-01", format="rr", rounds="3",
        participant_kind="team", team_boards="3", team_reserves="1"))
    assert reply.status_code == 302, reply.context["form"].errors
    assert Event.objects.get(name="Đồng đội").team_boards == 3


@pytest.mark.parametrize(("format_", "default"), [("swiss", "rating"), ("rr", "lots")])
def test_table_numbers_default_by_format(make_event, organiser, format_, default):
    event = make_event(format=format_, rounds=5)
    page = client_for(organiser).get(f"/manage/{event.slug}/entries/").content.decode()
    assert f'<option value="{default}" selected>' in page


def test_the_numbering_is_said_in_words(make_event, organiser, players):
    from tournaments.services.entries import entry_register

    event = make_event(format="rr", rounds=3)
    for player in players[:4]:
        entry_register(event=event, actor=organiser, player=player)
    numbers_draw(event=event, actor=organiser, method="rating")
    page = client_for(organiser).get(f"/manage/{event.slug}/entries/").content.decode()
    assert "Table numbers given in rating order." in page
    numbers_draw(event=event, actor=organiser, method="lots", seed=77)
    page = client_for(organiser, "vi").get(f"/manage/{event.slug}/entries/").content.decode()
    assert "bốc thăm (hạt giống 77)" in page
