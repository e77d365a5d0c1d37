"""The statute's prizes on the pages, the API, Excel and print (``selectors/prizes.py``): the
public sees places, winners and items, provisional until the last round closes; amounts (money)
are the staff's; the list is written with the statute (the organisers' right)."""

import pytest

from records.prize_text import prize_list_parse
from tests.tournaments.builders import api_for, client_for, open_workbook, rr_scenario
from tournaments.models import Event
from tournaments.selectors.standings import event_standings
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db

TYPED = "Chung cuộc: 1.000.000 Cúp vô địch; 600.000\nNữ [sex=F]: Kỷ niệm chương"


@pytest.fixture
def event(make_event, organiser, chief_arbiter):
    """Four players, round 1 closed with White winning both games: two players on 1 point
    share 1st-2nd (1,000,000 + 600,000, shared equally: 800,000 each); the cup goes to the
    one ahead by tie-break."""
    event = rr_scenario(make_event, organiser, chief_arbiter, rounds="closed")["event"]
    event_update(event=event, actor=organiser, prize_list=prize_list_parse(TYPED),
                 prize_ties="shared")
    return Event.objects.get(pk=event.pk)


def _leaders(event):
    rows = event_standings(event).rows
    return rows[0], rows[1]


def test_the_public_page_shows_winners_without_money_and_says_provisional(event, organiser):
    first, second = _leaders(event)
    page = client_for().get(f"/events/{event.slug}/prizes/")
    text = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="prizes-provisional"' in text
    assert first.entry.name in text and second.entry.name in text and "Cúp vô địch" in text
    assert "1–2 shared" in text
    assert "800" not in text and "Amount" not in text  # money is the staff's
    staff = client_for(organiser).get(f"/events/{event.slug}/prizes/").content.decode()
    assert "800,000 đ" in staff and "1,600,000 đ" in staff


def test_the_standings_show_each_winners_prize_and_link_the_prizes(event):
    first, _second = _leaders(event)
    text = client_for().get(f"/events/{event.slug}/standings/").content.decode()
    assert 'data-testid="standings-prizes-link"' in text
    assert f"/events/{event.slug}/prizes/" in text
    assert "Chung cuộc 1" in text and "Chung cuộc 2" in text


def test_the_api_reads_winners_amounts_for_staff_and_only_organisers_write_the_list(
        event, organiser, arbiter, stranger):
    public = api_for().get(f"/api/events/{event.pk}/prizes/").json()
    assert [(w["category"], w["place"], w["tied"]) for w in public["winners"]] == [
        ("Chung cuộc", 1, 2), ("Chung cuộc", 2, 2)]
    assert public["final"] is False and "total" not in public
    assert all("amount" not in w for w in public["winners"])
    staff = api_for(organiser).get(f"/api/events/{event.pk}/prizes/").json()
    assert [w["amount"] for w in staff["winners"]] == [800_000, 800_000]
    assert staff["total"] == 1_600_000
    new = [{"name": "Chung cuộc", "places": [{"amount": 500_000}]}]
    for user in (stranger, arbiter):
        refused = api_for(user).patch(f"/api/events/{event.pk}/", {"prize_list": new},
                                      format="json")
        assert refused.status_code in (403, 404)
    bad = api_for(organiser).patch(f"/api/events/{event.pk}/",
                                   {"prize_list": [{"name": "X", "places": []}]}, format="json")
    assert bad.status_code == 400
    assert Event.objects.get(pk=event.pk).prize_list == prize_list_parse(TYPED)
    done = api_for(organiser).patch(f"/api/events/{event.pk}/", {"prize_list": new},
                                    format="json")
    assert done.status_code == 200
    assert Event.objects.get(pk=event.pk).prize_list == new


def test_the_statute_form_takes_the_typed_list_and_names_a_bad_line(event, organiser):
    from tests.tournaments.views.test_statute_form import posted
    client = client_for(organiser)
    form = client.get(f"/manage/{event.slug}/statute/")
    assert "Chung cuộc: 1.000.000 đ Cúp vô địch; 600.000" in form.content.decode()
    assert "novalidate" in form.content.decode()
    version = event.version
    bad = client.post(f"/manage/{event.slug}/statute/", posted(
        event, prize_list="Chung cuộc: 1.000.000\nNữ [age=16]: 500.000"))
    assert bad.status_code == 200 and "Line 2:" in bad.content.decode()
    assert Event.objects.get(pk=event.pk).version == version  # nothing changed
    good = client.post(f"/manage/{event.slug}/statute/", posted(
        event, prize_list="U16 [born_from=2011]: 400.000 Cờ lưu niệm", prize_ties="hort"))
    assert good.status_code == 302, good.context["form"].errors
    event.refresh_from_db()
    assert event.prize_list == [{"name": "U16", "born_from": 2011, "places": [
        {"amount": 400_000, "item": "Cờ lưu niệm"}]}]
    assert event.prize_ties == "hort" and event.version > version


def test_excel_prizes_public_without_amounts_staff_with(event, organiser):
    first, second = _leaders(event)
    public = client_for().get(f"/events/{event.slug}/xlsx/prizes/")
    assert public.status_code == 200
    rows = [[c for c in row] for row in open_workbook(public.content).active.iter_rows(
        values_only=True)]
    assert ["Chung cuộc", "1 (1–2 shared)", first.number, first.entry.name] in [
        list(r[:4]) for r in rows]
    assert not any(800_000 in r for r in rows)


def test_print_receipts_and_prize_certificates_are_the_staffs(event, organiser):
    first, second = _leaders(event)
    assert client_for().get(f"/events/{event.slug}/print/prize-receipts/").status_code in (403, 404)
    receipts = client_for(organiser).get(f"/events/{event.slug}/print/prize-receipts/")
    text = receipts.content.decode()
    assert receipts.status_code == 200 and "Signature" in text
    assert text.count("800,000 đ") == 2 and first.entry.name in text
    listing = client_for(organiser).get(f"/events/{event.slug}/print/prizes/").content.decode()
    assert "Provisional" in listing and second.entry.name in listing
    certificates = client_for(organiser).get(
        f"/events/{event.slug}/print/certificates/").content.decode()
    assert certificates.count('data-testid="certificate-prize"') == 2
    assert "Prize: Chung cuộc 1" in certificates


def test_a_knockout_has_no_prizes_by_standings(make_event, organiser, chief_arbiter, arbiter):
    """The prizes go by the standings: a knockout with a prize list shows no prizes tab, its
    prizes page says the statute lists none it can give, the API answers 404."""
    from tests.tournaments.builders import knockout_event
    from tournaments.services.events import event_visibility_set
    event = knockout_event(make_event, organiser, chief_arbiter, arbiter, 4)
    event_update(event=event, actor=organiser,
                 prize_list=[{"name": "Chung cuộc", "places": [{"amount": 1}]}])
    event_visibility_set(event=event, actor=organiser, public=True)
    page = client_for().get(f"/events/{event.slug}/prizes/").content.decode()
    assert 'data-testid="prizes-tab"' not in page and "The statute lists no prizes." in page
    assert api_for().get(f"/api/events/{event.pk}/prizes/").status_code == 404
