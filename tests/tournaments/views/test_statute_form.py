"""Issue 19, the statute form: the team and knockout sections marked for the events they fit and
ignored by the server for the others; table numbers by rating for a Swiss, by lots for a round
robin (appendix §5, C.04.2), and said in words once given."""

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


def test_a_knockout_reads_its_section(organiser):
    reply = client_for(organiser).post("/manage/new/", posted(
        name="Cúp", start_date="2026-12-01", format="ko", games_per_match="2",
        third_place_match="on", tiebreak_games="rapid 2, armageddon 1"))
    assert reply.status_code == 302, reply.context["form"].errors
    event = Event.objects.get(name="Cúp")
    assert event.third_place_match and event.tiebreak_games == [["rapid", 2], ["armageddon", 1]]


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
