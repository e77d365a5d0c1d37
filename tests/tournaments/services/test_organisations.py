"""The organisations' tree (models/organisations.py, services/organisations.py, rules.py,
selectors/organisations.py): its paths and provinces, what may sit under what, rights that
follow the tree down (events, championships, players, people), memberships on a date, the
public page, the calendar's filters and feeds, an organisation's backup, both languages."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied
from icalendar import Calendar

from tests.tournaments.builders import PlayerFactory, UserFactory, client_for, organisation_tree
from tournaments.errors import ServiceError
from tournaments.models import Championship, Event, Organisation, Player
from tournaments.selectors.organisations import (
    calendar_events,
    calendar_filters,
    organisation_backup,
    organisation_people,
    player_member_of,
)
from tournaments.services.championships import championship_create
from tournaments.services.events import event_create, event_visibility_set, role_assign
from tournaments.services.organisations import (
    membership_add,
    membership_finish,
    organisation_create,
    organisation_update,
)
from tournaments.services.players import player_update

pytestmark = pytest.mark.django_db


@pytest.fixture
def tree():
    return organisation_tree()


TODAY = datetime.date(2026, 11, 28)  # the calendars below are read on this day


def _event(tree, node, **statute):
    statute.setdefault("start_date", datetime.date(2026, 11, 20))
    event = event_create(actor=tree["root"], organisation=tree["nodes"][node],
                         name=statute.pop("name", f"Giải {node}"), **statute)
    event_visibility_set(event=event, actor=tree["root"], public=True)
    return event


def test_paths_and_provinces_follow_the_tree(tree):
    n = tree["nodes"]
    assert n["c1"].path == f"/{n['fed'].pk}/{n['p1'].pk}/{n['c1'].pk}/"
    assert n["c1"].lineage == [n["fed"].pk, n["p1"].pk, n["c1"].pk]
    assert (n["c1"].province, n["c3"].province, n["p2"].province, n["fed"].province) == (
        n["p1"], n["p2"], n["p2"], None)


def test_what_may_sit_under_what(tree):
    n, root = tree["nodes"], tree["root"]
    with pytest.raises(ServiceError, match="cannot be part of"):
        organisation_create(actor=root, parent=n["c1"], name="CLB con", kind="club", slug="con")
    with pytest.raises(ServiceError, match="cannot be part of"):
        organisation_create(actor=root, parent=n["p1"], name="Tỉnh", kind="province", slug="t")
    with pytest.raises(PermissionDenied):  # a federation is the superuser's
        organisation_create(actor=tree["admins"]["fed"], parent=None, name="LĐ 2",
                            kind="federation", slug="ld2")
    with pytest.raises(ServiceError, match="taken"):
        organisation_create(actor=root, parent=n["p1"], name="Trùng", kind="club",
                            slug="thu-do")


def test_an_admin_acts_down_the_tree_never_up_nor_across(tree):
    n, a = tree["nodes"], tree["admins"]
    club = organisation_create(actor=a["p1"], parent=n["p1"], name="CLB Mới", kind="club",
                               slug="clb-moi")
    assert club.province == n["p1"]
    for actor, node in ((a["p1"], n["p2"]), (a["c1"], n["p1"]), (a["c1"], n["c2"]),
                        (a["c3"], n["c1"])):
        with pytest.raises(PermissionDenied):
            organisation_update(actor=actor, organisation=node, name="Chiếm")
    organisation_update(actor=a["fed"], organisation=n["c3"], name="CLB Sông Hàn mới")


def test_events_and_championships_under_an_organisation(tree, organiser):
    """A club's administrator creates an event under the club without the site's right; the
    province's administrator organises it (its statute, its staff); another province's may not;
    the "Organisers" group gives no right under an organisation."""
    n, a = tree["nodes"], tree["admins"]
    event = event_create(actor=a["c1"], organisation=n["c1"], name="Giải CLB",
                         start_date=datetime.date(2026, 12, 1))
    assert event.organisation == n["c1"] and not a["c1"].has_perm("tournaments.add_event")
    assert a["p1"].has_perm("tournaments.change_event", event)
    role_assign(event=event, actor=a["p1"], user=UserFactory(username="tt"), role="arbiter")
    assert not a["p2"].has_perm("tournaments.change_event", event)
    assert not a["c2"].has_perm("tournaments.change_event", event)
    with pytest.raises(PermissionDenied):
        role_assign(event=event, actor=a["p2"], user=UserFactory(username="x"), role="arbiter")
    with pytest.raises(PermissionDenied):
        event_create(actor=organiser, organisation=n["c1"], name="Chen",
                     start_date=datetime.date(2026, 12, 1))
    with pytest.raises(PermissionDenied):
        event_create(actor=a["c3"], organisation=n["p2"], name="Lên trên",
                     start_date=datetime.date(2026, 12, 1))
    championship = championship_create(actor=a["p2"], organisation=n["c3"], name="Vô địch",
                                       start_date=datetime.date(2027, 1, 1))
    assert a["fed"].has_perm("tournaments.change_championship", championship)
    assert not a["p1"].has_perm("tournaments.change_championship", championship)


def test_players_are_corrected_by_their_clubs_tree(tree):
    """A member of c1 is corrected by c1's, p1's and the federation's administrators, not by
    c2's, p2's or c3's; once his membership ended, c1's no longer; a player of no club only by
    the federation's (the register is the federation's)."""
    n, a, root = tree["nodes"], tree["admins"], tree["root"]
    member = PlayerFactory(full_name="Thành Viên", rating=1800)
    membership = membership_add(actor=a["c1"], organisation=n["c1"], player=member,
                                since=datetime.date(2020, 1, 1))
    for i, who in enumerate(("c1", "p1", "fed")):
        player_update(player=member, actor=a[who], rating=1801 + i, reason=who)
    for who in ("c2", "p2", "c3"):
        with pytest.raises(PermissionDenied):
            player_update(player=member, actor=a[who], rating=1)
    membership_finish(actor=a["p1"], membership=membership, until=datetime.date(2021, 1, 1))
    with pytest.raises(PermissionDenied):
        player_update(player=member, actor=a["c1"], rating=2)
    lonely = PlayerFactory(full_name="Tự do")
    player_update(player=lonely, actor=a["fed"], rating=1500)
    with pytest.raises(PermissionDenied):
        player_update(player=lonely, actor=a["p1"], rating=1)
    assert Player.objects.get(pk=member.pk).rating == 1803
    assert [h.history_user for h in member.history.all()[:3]] == [a["fed"], a["p1"], a["c1"]]
    assert root.is_superuser


def test_membership_on_a_date(tree):
    n, a = tree["nodes"], tree["admins"]
    player = PlayerFactory()
    first = membership_add(actor=a["c1"], organisation=n["c1"], player=player,
                           since=datetime.date(2024, 1, 1))
    membership_finish(actor=a["c1"], membership=first, until=datetime.date(2025, 6, 30))
    membership_add(actor=a["p2"], organisation=n["c3"], player=player,
                   since=datetime.date(2025, 7, 1))
    day = datetime.date
    assert player_member_of(player, n["c1"], day(2025, 6, 30))
    assert not player_member_of(player, n["c1"], day(2025, 7, 1))
    assert player_member_of(player, n["p1"], day(2024, 1, 1))  # through its club
    assert not player_member_of(player, n["p1"], day(2023, 12, 31))
    assert player_member_of(player, n["fed"], day(2026, 1, 1))
    assert player_member_of(player, n["c3"], day(2026, 1, 1))
    with pytest.raises(ServiceError, match="already a member"):
        membership_add(actor=a["c1"], organisation=n["c1"], player=player,
                       since=day(2025, 1, 1))
    with pytest.raises(ServiceError, match="not of the federation"):
        membership_add(actor=a["fed"], organisation=n["fed"], player=player,
                       since=day(2025, 1, 1))
    with pytest.raises(ServiceError, match="ends before"):
        membership_add(actor=a["c1"], organisation=n["c1"], player=PlayerFactory(),
                       since=day(2025, 1, 2), until=day(2025, 1, 1))


def test_people_search_shows_only_the_subtree(tree):
    """By a part of a name, a province's administrator finds the administrators under it and
    the staff of its events, not another province's; an exact username finds anyone."""
    n = tree["nodes"]
    event = _event(tree, "c2")
    arbiter = UserFactory(username="trongtai-c2", first_name="Trọng")
    role_assign(event=event, actor=tree["root"], user=arbiter, role="arbiter")
    found = {u.username for u in organisation_people("admin", organisation=n["p1"])}
    assert found == {"admin-p1", "admin-c1", "admin-c2"}
    assert [u.username for u in organisation_people("trong", organisation=n["p1"])] == [
        "trongtai-c2"]
    assert organisation_people("trong", organisation=n["p2"]) == []
    assert [u.username for u in organisation_people("admin-c3", organisation=n["p1"])] == [
        "admin-c3"]
    assert organisation_people("a", organisation=n["fed"]) == []  # one letter lists nobody
    assert organisation_people("root", organisation=n["fed"]) == []  # never a superuser


def test_calendar_filters(tree):
    """Organisation with everything under it, province, format, month, sex and birth year."""
    _event(tree, "c1", name="CLB tháng 11", format="rr")
    _event(tree, "p1", name="Hà Nội mở rộng", format="swiss", rounds=7,
           start_date=datetime.date(2026, 12, 5))
    _event(tree, "c3", name="Nữ Sông Hàn", format="rr", eligible_sex="F",
           start_date=datetime.date(2026, 11, 28), end_date=datetime.date(2026, 12, 2))
    _event(tree, "fed", name="Trẻ toàn quốc", format="swiss", rounds=7,
           eligible_born_from=2010, start_date=datetime.date(2027, 1, 3))
    draft = event_create(actor=tree["root"], organisation=tree["nodes"]["c1"], name="Nháp",
                         start_date=datetime.date(2026, 11, 21))

    def names(**params):
        return [e.name for e in calendar_events(calendar_filters(params, today=TODAY))]

    assert names() == ["CLB tháng 11", "Nữ Sông Hàn", "Hà Nội mở rộng", "Trẻ toàn quốc"]
    assert draft.name not in names(org="thu-do")
    assert names(org="ha-noi") == ["CLB tháng 11", "Hà Nội mở rộng"]
    assert names(org="thu-do") == ["CLB tháng 11"]
    assert names(province="da-nang") == ["Nữ Sông Hàn"]
    assert names(province="thu-do") == names()  # a club is no province: the filter is ignored
    assert names(format="swiss") == ["Hà Nội mở rộng", "Trẻ toàn quốc"]
    assert names(month="2026-12") == ["Nữ Sông Hàn", "Hà Nội mở rộng"]  # running into December
    assert names(month="2026-13") == names()  # not a month: ignored
    assert names(sex="M") == ["CLB tháng 11", "Hà Nội mở rộng", "Trẻ toàn quốc"]
    assert names(born="2000") == ["CLB tháng 11", "Nữ Sông Hàn", "Hà Nội mở rộng"]
    assert names(born="2012", sex="M", org="lien-doan") == [
        "CLB tháng 11", "Hà Nội mở rộng", "Trẻ toàn quốc"]  # open events take anyone
    assert names(born="1990", sex="F", format="rr") == ["CLB tháng 11", "Nữ Sông Hàn"]


def test_without_a_month_the_calendar_is_what_is_on_from_this_month(tree):
    """Last season's events are the archive's: a calendar without a month starts at this
    month's first day (an event running into it stays); with a month, that month."""
    _event(tree, "c1", name="Giải mùa trước", start_date=datetime.date(2025, 11, 20))
    _event(tree, "c1", name="Giải tháng 10", start_date=datetime.date(2026, 10, 30),
           end_date=datetime.date(2026, 11, 1))
    _event(tree, "c1", name="Giải tháng 11", start_date=datetime.date(2026, 11, 2))

    def names(**params):
        return [e.name for e in calendar_events(calendar_filters(params, today=TODAY))]

    assert names() == ["Giải tháng 10", "Giải tháng 11"]
    assert names(month="2025-11") == ["Giải mùa trước"]


def test_calendar_page_and_feeds(tree, monkeypatch):
    """The page in both languages; the feed of all events and one organisation's (with its
    clubs'), one all-day VEVENT per public event with its address."""
    monkeypatch.setattr("django.utils.timezone.localdate", lambda *args, **kwargs: TODAY)
    _event(tree, "c1", name="Giải Thủ Đô", start_date=datetime.date(2026, 11, 20),
           end_date=datetime.date(2026, 11, 22), venue="Nhà văn hoá")
    _event(tree, "c3", name="Giải Sông Hàn")
    english = client_for().get("/calendar/?org=ha-noi").content.decode()
    assert "Giải Thủ Đô" in english and "Giải Sông Hàn" not in english
    assert "Calendar feed (ICS)" in english and "/calendar.ics?org=ha-noi" in english
    vietnamese = client_for(lang="vi").get("/calendar/").content.decode()
    assert "Lịch thi đấu" in vietnamese
    feed = client_for().get("/org/ha-noi/calendar.ics")
    assert feed["Content-Type"] == "text/calendar; charset=utf-8"
    items = Calendar.from_ical(feed.content).walk("VEVENT")
    assert [str(i["summary"]) for i in items] == ["Giải Thủ Đô"]
    item = items[0]
    assert (item.decoded("dtstart"), item.decoded("dtend")) == (
        datetime.date(2026, 11, 20), datetime.date(2026, 11, 23))
    assert str(item["location"]) == "Nhà văn hoá"
    assert str(item["url"]).endswith("/events/" + Event.objects.get(name="Giải Thủ Đô").slug + "/")
    every = Calendar.from_ical(client_for().get("/calendar.ics").content).walk("VEVENT")
    assert sorted(str(i["summary"]) for i in every) == ["Giải Sông Hàn", "Giải Thủ Đô"]


def test_organisation_public_page(tree):
    _event(tree, "c1", name="Giải đã qua", start_date=datetime.date(2020, 1, 1))
    _event(tree, "c1", name="Giải sắp tới", start_date=datetime.date(2099, 1, 1))
    page = client_for(lang="vi").get("/org/ha-noi/").content.decode()
    assert "Giải đã qua" in page and "Giải sắp tới" in page
    assert "CLB Thủ Đô" in page and "CLB Hồ Gươm" in page and "CLB Sông Hàn" not in page
    assert "Sắp diễn ra" in page and "Tỉnh" in page
    assert client_for().get("/org/no-such/").status_code == 404


def test_administrators_page_refuses_others_and_changes_nothing(tree):
    n, a = tree["nodes"], tree["admins"]
    assert client_for(a["p2"]).get("/org/thu-do/manage/").status_code == 403
    refused = client_for(a["c1"]).post("/org/ha-noi/manage/", {"action": "rename",
                                                               "name": "Chiếm"})
    assert refused.status_code == 403
    n["p1"].refresh_from_db()
    assert n["p1"].name == "Hà Nội"
    client = client_for(a["p1"])
    assert client.post("/org/ha-noi/manage/", {
        "action": "child", "kind": "club", "name": "CLB Tây Hồ", "slug": "tay-ho"}
    ).status_code == 302
    player = PlayerFactory(national_id="VN77")
    assert client.post("/org/ha-noi/manage/", {
        "action": "member", "club": "tay-ho", "player": "vn77", "since": "2026-01-01"}
    ).status_code == 302
    assert player_member_of(player, n["p1"], datetime.date(2026, 2, 1))
    wrong = client.post("/org/ha-noi/manage/", {"action": "member", "player": "VN77",
                                                "since": "not a date"}, follow=True)
    assert "Give the player" in wrong.content.decode()


def test_an_organisations_backup_holds_its_subtree_members_and_events(tree):
    n, a = tree["nodes"], tree["admins"]
    member = PlayerFactory(full_name="Hội Viên", national_id="HV1")
    membership_add(actor=a["c1"], organisation=n["c1"], player=member,
                   since=datetime.date(2024, 1, 1))
    _event(tree, "c1", name="Giải CLB")
    _event(tree, "c3", name="Giải ngoài")
    document = organisation_backup(n["p1"])
    assert document["format"] == "cotuong-organisation-backup"
    assert [o["slug"] for o in document["organisations"]] == ["ha-noi", "thu-do", "ho-guom"]
    assert document["organisations"][1]["parent"] == "ha-noi"
    assert {r["username"] for r in document["admins"]} == {"admin-p1", "admin-c1", "admin-c2"}
    assert document["memberships"] == [{"organisation": "thu-do", "player": "Hội Viên",
                                        "national_id": "HV1", "fide_id": None,
                                        "since": "2024-01-01", "until": None}]
    assert [e["event"]["name"] for e in document["events"]] == ["Giải CLB"]


def test_the_superuser_creates_a_federation_on_the_organisations_page(tree):
    page = client_for(lang="vi").get("/org/").content.decode()
    assert "Liên đoàn Cờ Tướng" in page and "CLB Sông Hàn" in page
    assert 'data-testid="new-federation"' not in page
    assert client_for(tree["admins"]["fed"]).post("/org/", {
        "name": "LĐ khác", "slug": "ld-khac"}).status_code == 403  # the superuser's alone
    assert not Organisation.objects.filter(slug="ld-khac").exists()
    created = client_for(tree["root"]).post("/org/", {"name": "Liên đoàn mới",
                                                       "slug": "lien-doan-moi"})
    assert created.status_code == 302
    assert Organisation.objects.get(slug="lien-doan-moi").path.count("/") == 2


def test_a_club_admin_creates_under_the_club_from_the_pages(tree):
    """Without the site's right to create events, a club's administrator gets the pages, with
    the organisations they administer to choose from (one of them required)."""
    n, a = tree["nodes"], tree["admins"]
    client = client_for(a["c1"], lang="vi")
    page = client.get("/manage/new/").content.decode()
    assert 'data-testid="statute-organisation"' in page and "CLB Thủ Đô" in page
    assert "CLB Sông Hàn" not in page
    mine = client.get("/manage/").content.decode()
    assert 'data-testid="my-organisations"' in mine and 'data-testid="new-event"' in mine
    refused = client.post("/manage/championships/new/", {
        "name": "Vô địch CLB", "start_date": "2027-01-05", "organisation": n["c3"].pk})
    assert refused.status_code == 200 and not Championship.objects.exists()  # not a choice
    created = client.post("/manage/championships/new/", {
        "name": "Vô địch CLB", "start_date": "2027-01-05", "organisation": n["c1"].pk})
    assert created.status_code == 302
    assert Championship.objects.get().organisation == n["c1"]
    assert client_for(UserFactory(username="nobody")).get("/manage/new/").status_code == 403


def test_a_federations_administrators_award_titles_and_no_one_below(tree):
    """Titles are the federation's list: its administrators award them (besides the register's
    keepers); a province's or a club's do not."""
    a = tree["admins"]
    assert a["fed"].has_perm("tournaments.award_title")
    assert not any(a[k].has_perm("tournaments.award_title") for k in ("p1", "p2", "c1", "c3"))
