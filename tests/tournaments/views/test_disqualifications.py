"""The disqualifications page (Art. 15.6, 16.1 d–e, 16.2; views/disqualifications.py): the chief
arbiter decides, the organisers approve striking; the standings follow."""

import pytest

from tests.tournaments.builders import client_for, rr_scenario
from tournaments.models import Disqualification
from tournaments.selectors.standings import event_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def ctx(make_event, organiser, chief_arbiter):
    return rr_scenario(make_event, organiser, chief_arbiter, rounds="played")


def test_chief_strikes_organiser_approves(ctx, chief_arbiter, organiser):
    slug, winner = ctx["event"].slug, ctx["board"].white
    page = f"/manage/{slug}/disqualifications/"
    chief = client_for(chief_arbiter)
    assert 'data-testid="disqualify"' in chief.get(page).content.decode()
    response = chief.post(f"/manage/{slug}/disqualifications/add/", {
        "entry": winner.pk, "sanction": "struck", "reason": "Thỏa thuận kết quả"}, follow=True)
    html = response.content.decode()
    assert f"{winner.name} disqualified." in html and 'data-testid="awaiting"' in html
    assert 'data-testid="approve"' not in html  # the chief cannot give the second approval
    act = Disqualification.objects.get()
    assert winner.pk in {r.entry.pk for r in event_standings(ctx["event"]).rows}
    response = client_for(organiser).post(
        f"/manage/{slug}/disqualifications/{act.pk}/approve/", follow=True)
    html = response.content.decode()
    assert "Striking approved" in html and 'data-testid="in-force"' in html
    assert "Thỏa thuận kết quả" in html
    table = event_standings(ctx["event"])
    assert winner.pk not in {r.entry.pk for r in table.rows}
    assert [e.pk for e in table.withdrawn] == [winner.pk]


def test_refusals_say_why_and_write_nothing(ctx, organiser, arbiter, chief_arbiter):
    slug, entry = ctx["event"].slug, ctx["board"].white
    response = client_for(organiser).post(f"/manage/{slug}/disqualifications/add/", {
        "entry": entry.pk, "sanction": "voided", "reason": "x"})
    assert response.status_code == 403
    assert "chief arbiter can disqualify" in response.content.decode()
    response = client_for(chief_arbiter).post(f"/manage/{slug}/disqualifications/add/", {
        "entry": entry.pk, "sanction": "voided", "reason": ""})
    assert response.status_code == 400 and "This field is required" in response.content.decode()
    assert 'data-testid="disqualify"' not in client_for(arbiter).get(
        f"/manage/{slug}/disqualifications/").content.decode()
    assert not Disqualification.objects.exists()
