"""The statute form: the team and knockout sections marked for the events they fit and
ignored by the server for the others; table numbers by rating for a Swiss, by lots for a round
robin (appendix §5, C.04.2), and said in words once given."""

import re

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


def test_the_form_is_in_sections_with_a_list_and_a_footer(organiser):
    """Each section a fieldset under its heading, listed above the form (links to each); the
    submit in a footer that stays on the screen (15 sections, the live relay's delay the
    last); Swiss-only fields in a section for the
    formats that pair by score, a double round robin's in its own."""
    page = client_for(organiser).get("/manage/new/").content.decode()
    start = page.index('data-testid="statute-sections"')
    nav = page[start:page.index("</nav>", start)]
    anchors = re.findall(r'href="#(section-[\w-]+)"', nav)
    assert len(anchors) == 15 and all(f'<fieldset class="card" id="{a}"' in page for a in anchors)
    assert re.search(r'id="section-initial-colour" data-for="swiss" data-formats="swiss"', page)
    assert re.search(r'data-for="cycles" data-formats="drr"', page)
    assert re.search(r'data-for="knockout" data-formats="ko dko"', page)
    # The prizes go by the standings: every format but the knockouts.
    assert re.search(r'id="section-prize-list" data-for="ranked" data-formats="[^"k]+"', page)
    assert 'class="actions form-footer"' in page and "novalidate" in page


def test_a_round_robin_ignores_the_swiss_fields(organiser):
    reply = client_for(organiser).post("/manage/new/", posted(
        name="Vòng tròn", start_date="01/12/2026", format="rr", acceleration="baku",
        forbid_same_club="on", dutch_edition="nonsense"))
    assert reply.status_code == 302, reply.context["form"].errors
    event = Event.objects.get(name="Vòng tròn")
    assert (event.acceleration, event.forbid_same_club) == ("", False)
    assert event.start_date.isoformat() == "2026-12-01"  # typed as Vietnamese write it
    for lang, placeholder in (("vi", "nn/tt/nnnn"), ("en", "dd/mm/yyyy")):
        page = client_for(organiser, lang).get(f"/manage/{event.slug}/statute/").content.decode()
        assert 'type="text" name="start_date" value="01/12/2026"' in page
        assert f'placeholder="{placeholder}"' in page and 'type="date"' not in page


def test_the_statute_sets_the_protest_minutes_the_seeds_passes_and_the_closing_lists(organiser):
    """Art. 15.6 (minutes to protest in writing), appendix §2 (seeds skipping rounds), Art. 19.4
    (selected players, the classification and its threshold)."""
    reply = client_for(organiser).post("/manage/new/", posted(
        name="Cúp hạt giống", start_date="01/12/2026", format="ko", protest_minutes="30",
        seed_passes="2", seed_pass_rounds="2", selected_top="4",
        classification_name="Kiện tướng", classification_top="2", classification_points="5.5"))
    assert reply.status_code == 302, reply.context["form"].errors
    event = Event.objects.get(name="Cúp hạt giống")
    assert (event.protest_minutes, event.seed_passes, event.seed_pass_rounds, event.selected_top,
            event.classification_name, event.classification_top,
            str(event.classification_points)) == (30, 2, 2, 4, "Kiện tướng", 2, "5.5")


def test_the_statute_chooses_the_move_limit_and_the_disqualified_players_games(organiser):
    # Art. 12 vs 20.4 b.6 (50 or 60 moves); Art. 15.6 (the opponents win, or X).
    page = client_for(organiser).get("/manage/new/").content.decode()
    assert 'name="draw_move_limit"' in page and 'name="voided_games"' in page
    reply = client_for(organiser).post("/manage/new/", posted(
        name="Giải 60 nước", start_date="01/12/2026", format="rr", draw_move_limit="60",
        voided_games="cancelled"))
    assert reply.status_code == 302, reply.context["form"].errors
    event = Event.objects.get(name="Giải 60 nước")
    assert (event.draw_move_limit, event.voided_games) == (60, "cancelled")
