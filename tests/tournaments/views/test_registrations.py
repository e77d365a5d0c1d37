"""The registration pages (Art. 18 b, 19): a club leader sends several players, a player finds
themselves in the register, the organisers approve and reject; hostile posts change nothing."""

import datetime

import pytest

from tests.tournaments.builders import PlayerFactory, client_for
from tournaments.models import Entry, Registration
from tournaments.services.events import event_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(make_event, organiser):
    event = make_event(format="swiss", rounds=5, name="Giải mở rộng")
    return event_update(event=event, actor=organiser, visibility="public",
                        registration_online=True, registration_max=4,
                        registration_asks=["birth_year", "gender", "phone"])


def _rows(names, prefix="p"):
    data = {f"{prefix}-TOTAL_FORMS": str(len(names)), f"{prefix}-INITIAL_FORMS": "0"}
    for i, (name, year) in enumerate(names):
        data[f"{prefix}-{i}-full_name"] = name
        data[f"{prefix}-{i}-birth_year"] = str(year) if year else ""
    return data


def test_a_club_leader_sends_six_players_and_the_organiser_decides(open_event, organiser):
    client = client_for()
    page = client.get(f"/events/{open_event.slug}/register/?rows=10").content.decode()
    assert page.count('data-testid="register-row"') == 10 and "novalidate" in page
    names = [(f"Hồ Văn {n}", 2000 + i) for i, n in enumerate(
        ["Một", "Hai", "Ba", "Bốn", "Năm", "Sáu"])]
    response = client.post(f"/events/{open_event.slug}/register/?rows=10", {
        "name": "Trưởng Đoàn", "email": "doan@example.vn", **_rows([*names, ("", None)])})
    assert response.status_code == 302
    sent = client.get(response.url).content.decode()
    assert "on the waiting list, place 1" in sent and "on the waiting list, place 2" in sent
    assert Registration.objects.filter(event=open_event, status="pending").count() == 4
    staff = client_for(organiser)
    review = staff.get(f"/manage/{open_event.slug}/registrations/").content.decode()
    assert review.count('data-testid="registration"') == 6
    staff.post(f"/manage/{open_event.slug}/registrations/approve-eligible/")
    assert Entry.objects.filter(event=open_event).count() == 4
    first = Registration.objects.filter(event=open_event, status="approved").first()
    staff.post(f"/manage/{open_event.slug}/registrations/{first.pk}/withdraw/")
    assert Registration.objects.get(full_name="Hồ Văn Năm").status == "pending"


def test_a_player_finds_themselves_without_accents(open_event):
    PlayerFactory(full_name="Nguyễn Thị Ánh Tuyết", birth_year=1990, club="CLB Hà Nội")
    client = client_for()
    page = client.get(f"/events/{open_event.slug}/register/?name=nguyen thi anh tuyet&born=1990")
    assert "CLB Hà Nội" in page.content.decode()
    # A part of a name finds nobody: the register is not read by fragments.
    part = client.get(f"/events/{open_event.slug}/register/?name=nguyen").content.decode()
    assert "CLB Hà Nội" not in part


def test_hostile_posts_change_nothing(open_event, organiser):
    client = client_for()
    url = f"/events/{open_event.slug}/register/"
    for data in ({"name": "A" * 500, **_rows([("Ai Đó", 2000)])},
                 {"name": "A", **_rows([("Ai Đó", "năm")])},
                 {"name": "A", "p-TOTAL_FORMS": "100000", "p-INITIAL_FORMS": "0"},
                 {"name": "A", "p-TOTAL_FORMS": "x"},
                 {"name": "A", "player": "99999999", **_rows([])}):
        assert client.post(url, data).status_code == 400, data
    assert not Registration.objects.exists()
    # Without the CSRF token a real browser's post is refused.
    strict = client_for()
    strict.handler.enforce_csrf_checks = True
    assert strict.post(url, {"name": "A", **_rows([("Ai Đó", 2000)])}).status_code == 403
    # The review page is the organisers'.
    assert client.get(f"/manage/{open_event.slug}/registrations/").status_code == 302
    event_update(event=open_event, actor=organiser, registration_online=False)
    assert client.post(url, {"name": "A", **_rows([("Ai Đó", 2000)])}).status_code == 400
    assert not Registration.objects.exists()


def test_a_championship_category_registers_into_its_first_stage_under_its_rule(organiser):
    """A category's rule (U16 girls in 2026, Art. 18 b) holds for its first stage's event; its
    page leads to that event's registration; the stage's deal spreads the players into its
    groups."""
    from tournaments.services.championships import (
        category_add,
        championship_create,
        championship_update,
        stage_add,
        stage_register,
    )

    championship = championship_create(actor=organiser, name="Giải trẻ 2026",
                                       start_date="2026-12-01")
    championship_update(championship=championship, actor=organiser, visibility="public")
    category = category_add(championship=championship, actor=organiser, name="U16 nữ",
                            eligible_sex="F", eligible_born_from=2011)
    stage_add(category=category, actor=organiser, format="rr", groups=2)
    events = list(category.stages.get().events.order_by("group_label"))
    for event in events:
        event_update(event=event, actor=organiser, visibility="public",
                     registration_online=event == events[0])
    client = client_for()
    # The rule reads the sex and the birth year: the form asks them.
    form = client.get(f"/events/{events[0].slug}/register/").content.decode()
    assert 'name="p-0-gender"' in form and 'name="p-0-birth_year"' in form
    assert 'name="p-0-rating"' not in form
    response = client.get(f"/championships/{championship.slug}/categories/{category.pk}/"
                          "register/")
    assert response.status_code == 302 and response.url == f"/events/{events[0].slug}/register/"
    client.post(response.url, {"name": "HLV", **_rows([
        ("Cô Bé Một", 2012), ("Cô Bé Hai", 2013), ("Chị Lớn", 2005)])})
    staff = client_for(organiser)
    review = staff.get(f"/manage/{events[0].slug}/registrations/").content.decode()
    assert review.count('data-testid="registration-ineligible"') == 3  # no sex given
    Registration.objects.update(gender="F")
    staff.post(f"/manage/{events[0].slug}/registrations/approve-eligible/")
    assert sorted(Registration.objects.values_list("full_name", "status")) == [
        ("Chị Lớn", "pending"), ("Cô Bé Hai", "approved"), ("Cô Bé Một", "approved")]
    # Entered in group A; the stage's deal spreads them into groups A and B.
    assert [e.entries.count() for e in events] == [2, 0]
    stage_register(stage=category.stages.get(), actor=organiser)
    assert [e.entries.count() for e in events] == [1, 1]


def test_a_team_leader_sends_the_roster_and_reserves(make_event, organiser):
    """Appendix §4: the boards in order, then the reserves, on the page of a team event."""
    event = make_event(format="rr", participant_kind="team", team_boards=3, team_reserves=1,
                       name="Đồng đội mở rộng")
    event_update(event=event, actor=organiser, visibility="public", registration_online=True)
    client = client_for()
    page = client.get(f"/events/{event.slug}/register/").content.decode()
    assert page.count('data-testid="register-row"') == 4 and "Reserve" in page
    names = [("Bàn Một", None), ("Bàn Hai", None), ("Bàn Ba", None), ("Dự Bị", None)]
    response = client.post(f"/events/{event.slug}/register/", {
        "name": "Đội trưởng", "team_name": "CLB Phố Núi", **_rows(names)})
    assert response.status_code == 302
    row = Registration.objects.get(event=event)
    assert row.team_name == "CLB Phố Núi"
    assert [(m.full_name, m.is_reserve) for m in row.members.order_by("board_order")] == [
        ("Bàn Một", False), ("Bàn Hai", False), ("Bàn Ba", False), ("Dự Bị", True)]
    client_for(organiser).post(f"/manage/{event.slug}/registrations/{row.pk}/decide/",
                               {"decision": "approve"})
    entry = Entry.objects.get(event=event)
    assert entry.team.name == "CLB Phố Núi" and entry.members.count() == 4


def test_the_statute_opens_registration_and_names_who_may_enter(make_event, organiser):
    """Art. 18 b on the statute form, in Vietnamese: dates typed 24/11/2026 08:00, provinces and
    federations as comma lists; a rule that cannot hold is refused under its field."""
    from tests.tournaments.builders import statute_form_data

    event = make_event(format="swiss", rounds=5, name="Giải điều lệ")
    client = client_for(organiser, lang="vi")
    data = statute_form_data(client, event)
    data.update({"registration_online": "on", "registration_opens_at": "01/11/2026 08:00",
                 "registration_closes_at": "15/11/2026 17:30", "registration_max": "64",
                 "registration_asks": ["phone", "club"], "eligible_sex": "F",
                 "eligible_born_from": "2011", "eligible_provinces": "Hà Nội, Hải Phòng ,",
                 "eligible_federations": "vie", "eligible_unrated": "refused"})
    response = client.post(f"/manage/{event.slug}/statute/", data)
    assert response.status_code == 302, response.context["form"].errors
    event.refresh_from_db()
    assert (event.registration_opens_at.astimezone(datetime.UTC).isoformat(),
            event.registration_max, event.registration_asks) == (
        "2026-11-01T01:00:00+00:00", 64, ["phone", "club"])  # 08:00 in Hà Nội
    assert (event.eligible_provinces, event.eligible_federations, event.eligible_unrated) == (
        ["Hà Nội", "Hải Phòng"], ["VIE"], "refused")
    data.update({"eligible_born_to": "2005", "eligible_federations": "VIETNAM"})
    refused = client.post(f"/manage/{event.slug}/statute/", data)
    assert refused.status_code == 200
    errors = refused.context["form"].errors
    assert "eligible_federations" in errors and "eligible_born_to" in errors
