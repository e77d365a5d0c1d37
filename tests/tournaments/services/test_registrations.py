"""Online registration (Art. 18 b: who may enter and how; Art. 19: the organisers register
the players): the waiting list's order, approving every eligible registration, duplicates
against the register and the event, and refusals that change nothing."""

import datetime
import email
import email.policy
import socket

import pytest
from aiosmtpd.controller import Controller
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import PlayerFactory
from tournaments.errors import ServiceError
from tournaments.models import (
    Entry,
    Notification,
    NotificationKind,
    Player,
    Registration,
    RegistrationStatus,
)
from tournaments.services.events import event_update
from tournaments.services.registrations import (
    Contact,
    registration_decide,
    registration_submit,
    registration_withdraw,
    registrations_approve,
)

pytestmark = pytest.mark.django_db

LEADER = Contact(name="Trần Văn Trưởng", email="truong@clb.vn", phone="0901234567")
NOW = datetime.datetime(2026, 11, 1, 9, 0, tzinfo=datetime.UTC)


@pytest.fixture
def open_event(make_event, organiser):
    event = make_event(format="swiss", rounds=5, name="Giải mở rộng")
    return event_update(event=event, actor=organiser, visibility="public",
                        registration_online=True, registration_max=3,
                        registration_closes_at=datetime.datetime(2026, 11, 15, tzinfo=datetime.UTC))


def _new(name, **details):
    return {"full_name": name, **details}


def _statuses(event):
    return [(r.full_name, r.status, r.position) for r in
            Registration.objects.filter(event=event).order_by("id")]


def test_waiting_list_promotes_in_order_when_a_place_frees(open_event, organiser):
    names = ["An", "Bình", "Cường", "Dũng", "Em"]
    registration_submit(event=open_event, contact=LEADER,
                        players=[_new(f"Lê Văn {n}") for n in names], now=NOW)
    # Maximum 3: the fourth and fifth wait, in the order sent.
    assert _statuses(open_event) == [
        ("Lê Văn An", "pending", None), ("Lê Văn Bình", "pending", None),
        ("Lê Văn Cường", "pending", None), ("Lê Văn Dũng", "waiting", 1),
        ("Lê Văn Em", "waiting", 2)]
    first, second, *_ = Registration.objects.filter(event=open_event).order_by("id")
    registration_decide(registration=first, actor=organiser, approve=True, now=NOW)
    assert Entry.objects.filter(event=open_event).count() == 1
    # An approved one withdraws: its entry goes, Dũng (first waiting) takes the place.
    registration_withdraw(registration=first, actor=organiser, now=NOW)
    assert Entry.objects.filter(event=open_event).count() == 0
    dung = Registration.objects.get(full_name="Lê Văn Dũng")
    assert (dung.status, dung.position, dung.promoted_at) == ("pending", None, NOW)
    # A pending one is rejected: Em's turn.
    registration_decide(registration=second, actor=organiser, approve=False,
                        reason="Không đủ giấy tờ", now=NOW)
    assert Registration.objects.get(full_name="Lê Văn Em").status == "pending"
    assert Registration.objects.get(pk=second.pk).reason == "Không đủ giấy tờ"
    # Three places taken again (Cường, Dũng, Em): a sixth waits, first on the emptied list.
    late = registration_submit(event=open_event, contact=LEADER, players=[_new("Lê Văn Phú")],
                               now=NOW)
    assert (late[0].status, late[0].position) == ("waiting", 1)


def test_approve_all_eligible_leaves_the_others_with_their_reasons(open_event, organiser):
    # U16 girls in 2026 (born 2011 or later) from Hà Nội.
    event = event_update(event=open_event, actor=organiser, registration_max=None,
                         eligible_sex="F", eligible_born_from=2011,
                         eligible_provinces=["Hà Nội"])
    registration_submit(event=event, contact=LEADER, now=NOW, players=[
        _new("Nguyễn Thị Mai", gender="F", birth_year=2012, province="ha noi"),
        _new("Nguyễn Văn Nam", gender="M", birth_year=2012, province="Hà Nội"),
        _new("Trần Thị Lan", gender="F", birth_year=2009, province="Hà Nội"),
        _new("Phạm Thị Hoa", gender="F", birth_year=2013, province="Hà Nội"),
    ])
    approved = registrations_approve(event=event, actor=organiser, now=NOW)
    assert [r.full_name for r in approved] == ["Nguyễn Thị Mai", "Phạm Thị Hoa"]
    assert sorted(e.player.full_name for e in Entry.objects.filter(event=event)) == [
        "Nguyễn Thị Mai", "Phạm Thị Hoa"]
    assert dict(Registration.objects.filter(event=event).values_list("full_name", "status")) == {
        "Nguyễn Thị Mai": "approved", "Phạm Thị Hoa": "approved",
        "Nguyễn Văn Nam": "pending", "Trần Thị Lan": "pending"}
    # Approving an ineligible one by hand is refused with the reason.
    lan = Registration.objects.get(full_name="Trần Thị Lan")
    with pytest.raises(ServiceError, match="born before the earliest year allowed"):
        registration_decide(registration=lan, actor=organiser, approve=True, now=NOW)
    # The new players were added to the register by the organiser who approved them.
    assert Player.objects.get(full_name="Phạm Thị Hoa").created_by == organiser


def test_duplicates_against_the_register_the_event_and_the_form(open_event, organiser):
    known = PlayerFactory(full_name="Đặng Hữu Trang", birth_year=1985, national_id="VXF00002",
                          rating=2300)
    registration_submit(event=open_event, contact=LEADER, now=NOW,
                        players=[_new("Dang Huu Trang", birth_year=1985)])
    # Same folded name and birth year as a pending registration: refused, nothing kept.
    before = _statuses(open_event)
    for players in ([_new("ĐẶNG HỮU TRANG", birth_year=1985)],
                    [{"player": known}],  # the register's player with the same name and year
                    [_new("Ngô Lan Hương", birth_year=1990),
                     _new("Ngô Lan Huong", birth_year=1990)]):
        with pytest.raises(ServiceError, match="already registered"):
            registration_submit(event=open_event, contact=LEADER, players=players, now=NOW)
    assert _statuses(open_event) == before
    # Approval finds the register's player (same name and birth year): no second player.
    first = Registration.objects.get(event=open_event)
    registration_decide(registration=first, actor=organiser, approve=True, now=NOW)
    assert Player.objects.filter(name_folded="dang huu trang").count() == 1
    assert Entry.objects.get(event=open_event).player == known
    # Entered now: the same national ID is refused too.
    with pytest.raises(ServiceError, match="already entered"):
        registration_submit(event=open_event, contact=LEADER, now=NOW,
                            players=[_new("Đặng H. Trang", national_id="VXF00002")])


def test_closed_full_or_hostile_registrations_change_nothing(open_event, organiser):
    registration_submit(event=open_event, contact=LEADER, now=NOW,
                        players=[_new(f"Người {i}") for i in range(3)])
    before = _statuses(open_event)
    refusals = [
        dict(players=[_new("Trễ Hạn")], now=datetime.datetime(2026, 11, 15, tzinfo=datetime.UTC)),
        dict(players=[_new("X" * 121)], now=NOW),
        dict(players=[_new("Năm Sinh", birth_year=1800)], now=NOW),
        dict(players=[_new("Giới Tính", gender="X")], now=NOW),
        dict(players=[_new("")], now=NOW),
        dict(players=[], now=NOW),
        dict(players=[_new(f"Nhiều {i}") for i in range(41)], now=NOW),
        dict(players=[_new("Lạ", colour="red")], now=NOW),
        dict(team={"name": "Đội", "members": []}, now=NOW),
    ]
    for refusal in refusals:
        with pytest.raises(ServiceError):
            registration_submit(event=open_event, contact=LEADER, **refusal)
    with pytest.raises(ServiceError):
        registration_submit(event=open_event, contact=Contact(name=" "), now=NOW,
                            players=[_new("Vô Danh")])
    with pytest.raises(ServiceError):
        registration_submit(event=open_event, contact=Contact(name="A", email="not-an-address"),
                            now=NOW, players=[_new("Sai Thư")])
    assert _statuses(open_event) == before
    # A draft event, or one without online registration, takes none.
    event_update(event=open_event, actor=organiser, registration_online=False)
    with pytest.raises(ServiceError, match="does not take registrations"):
        registration_submit(event=open_event, contact=LEADER, players=[_new("Tắt")], now=NOW)
    assert _statuses(open_event) == before


def test_only_the_organisers_decide(open_event, arbiter, chief_arbiter):
    row, = registration_submit(event=open_event, contact=LEADER, players=[_new("Lý Quyết")],
                               now=NOW)
    for user in (arbiter, chief_arbiter, None):
        with pytest.raises(PermissionDenied):
            registration_decide(registration=row, actor=user, approve=True)
    assert Registration.objects.get(pk=row.pk).status == RegistrationStatus.PENDING


def test_a_team_with_its_roster_and_reserves(make_event, organiser):
    event = make_event(format="rr", participant_kind="team", team_boards=3, team_reserves=1)
    event = event_update(event=event, actor=organiser, visibility="public",
                         registration_online=True)
    known = PlayerFactory(full_name="Hoàng Kỳ Thủ", birth_year=1999)
    row, = registration_submit(event=event, contact=LEADER, now=NOW, team={
        "name": "CLB Cờ Tướng Sông Hồng",
        "members": [{"player": known}, _new("Bàn Hai", birth_year=2000),
                    _new("Bàn Ba", birth_year=2001),
                    _new("Dự Bị", birth_year=2002, is_reserve=True)]})
    registration_decide(registration=row, actor=organiser, approve=True, now=NOW)
    entry = Entry.objects.get(event=event)
    assert entry.team.name == "CLB Cờ Tướng Sông Hồng"
    assert [(m.player.full_name, m.is_reserve) for m in entry.members.order_by("board_order")] \
        == [("Hoàng Kỳ Thủ", False), ("Bàn Hai", False), ("Bàn Ba", False), ("Dự Bị", True)]
    with pytest.raises(ServiceError, match="already registered"):
        registration_submit(event=event, contact=LEADER, now=NOW, team={
            "name": "clb cờ tướng sông hồng", "members": []})


class _Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook)
        self.messages.append(email.message_from_bytes(envelope.content,
                                                      policy=email.policy.default))
        return "250 OK"


@pytest.fixture
def smtp(settings):
    """A real SMTP server on a free loopback port, the mail settings pointing at it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = _Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield inbox
    controller.stop()


def test_the_sender_is_told_each_decision_once_it_commits(open_event, organiser, smtp,
                                                          django_capture_on_commit_callbacks):
    quiet = Contact(name="Không Thư")  # no address: told nothing
    first, second = registration_submit(event=open_event, contact=LEADER, now=NOW,
                                        players=[_new("Lý Được"), _new("Lý Không")])
    silent, = registration_submit(event=open_event, contact=quiet, now=NOW,
                                  players=[_new("Lý Im")])
    with django_capture_on_commit_callbacks(execute=True):
        registration_decide(registration=first, actor=organiser, approve=True, now=NOW)
        registration_decide(registration=second, actor=organiser, approve=False,
                            reason="Quá tuổi", now=NOW)
        registration_decide(registration=silent, actor=organiser, approve=True, now=NOW)
    assert Notification.objects.filter(kind=NotificationKind.REGISTRATION_DECIDED).count() == 2
    texts = {m["To"]: [] for m in smtp.messages}
    for message in smtp.messages:
        texts[message["To"]].append(message.get_body(preferencelist=("plain",)).get_content())
    assert list(texts) == ["truong@clb.vn"] and len(texts["truong@clb.vn"]) == 2
    approved, rejected = sorted(texts["truong@clb.vn"], key=lambda t: "Quá tuổi" in t)
    assert "Lý Được" in approved and "Approved" in approved and "Đã chấp thuận" in approved
    assert "Lý Không" in rejected and "Reason: Quá tuổi" in rejected


def test_the_same_international_id_is_one_player(open_event, organiser):
    known = PlayerFactory(full_name="Vương Quốc Tế", fide_id="AXF123", birth_year=1995)
    row, = registration_submit(event=open_event, contact=LEADER, now=NOW,
                               players=[_new("Vuong Q. Te", fide_id="axf123")])
    with pytest.raises(ServiceError, match="already registered"):
        registration_submit(event=open_event, contact=LEADER, now=NOW,
                            players=[_new("V. Q. Tế", fide_id="AXF123 ")])
    registration_decide(registration=row, actor=organiser, approve=True, now=NOW)
    assert Entry.objects.get(event=open_event).player == known  # found, not added again
    with pytest.raises(ServiceError, match="already entered"):
        registration_submit(event=open_event, contact=LEADER, now=NOW,
                            players=[_new("Ai Khác", fide_id="AXF123")])


def test_registration_before_it_opens_says_when(open_event, organiser):
    event_update(event=open_event, actor=organiser,
                 registration_opens_at=datetime.datetime(2026, 11, 5, 1, 0, tzinfo=datetime.UTC))
    with pytest.raises(ServiceError, match=r"Registration opens on 5 Nov 2026, 08:00"):
        registration_submit(event=open_event, contact=LEADER, players=[_new("Sớm")], now=NOW)
    assert not Registration.objects.exists()


def test_a_mistyped_year_of_registration_is_refused_and_changes_nothing(open_event, organiser):
    """A year typed 0604 is refused with the field's message (the time zone's offset of that
    age, +07:06:30, is no time an RFC 3339 reader takes); the statute keeps its dates."""
    from django.core.exceptions import ValidationError

    before = (open_event.registration_opens_at, open_event.registration_closes_at)
    mistyped = datetime.datetime(604, 5, 10, 0, 13, tzinfo=datetime.UTC)
    with pytest.raises((ValidationError, ServiceError), match="2000 and 2100"):
        event_update(event=open_event, actor=organiser, registration_closes_at=mistyped)
    open_event.refresh_from_db()
    assert (open_event.registration_opens_at, open_event.registration_closes_at) == before


def test_a_members_only_event_takes_the_members_of_its_club_on_the_first_day(make_event,
                                                                             organiser):
    """A club's monthly event kept to its members (the statute's choice, Art. 18 b): the
    federation's register of club members decides, on the event's first day (20 November
    2026); a member whose membership ended before it, a member of another club and a player
    new to the register may not enter. Without an organisation, "members" names nobody: the
    statute is refused."""
    from django.core.exceptions import ValidationError

    from tests.tournaments.builders import UserFactory
    from tournaments.models import Event
    from tournaments.services.organisations import membership_add, organisation_create

    root = UserFactory(username="lien-doan", is_superuser=True)
    federation = organisation_create(actor=root, name="Liên đoàn", kind="federation", slug="ld")
    club = organisation_create(actor=root, name="CLB Thủ Đô", kind="club", slug="thu-do",
                               parent=federation)
    other = organisation_create(actor=root, name="CLB Hồ Gươm", kind="club", slug="ho-guom",
                                parent=federation)
    event = make_event(format="swiss", rounds=5, name="Giải tháng CLB Thủ Đô")
    with pytest.raises(ValidationError, match="Hold the event under an organisation"):
        event_update(event=event, actor=organiser, eligible_members_only=True)
    Event.objects.filter(pk=event.pk).update(organisation=club)
    event.refresh_from_db()
    event = event_update(event=event, actor=organiser, visibility="public",
                         registration_online=True, eligible_members_only=True)
    member, former, stranger = PlayerFactory.create_batch(3, birth_year=1990)
    membership_add(actor=root, organisation=club, player=member,
                   since=datetime.date(2020, 1, 1))
    membership_add(actor=root, organisation=club, player=former,
                   since=datetime.date(2020, 1, 1), until=datetime.date(2026, 11, 19))
    membership_add(actor=root, organisation=other, player=stranger,
                   since=datetime.date(2020, 1, 1))
    registration_submit(event=event, contact=LEADER, now=NOW, players=[
        {"player": member}, {"player": former}, {"player": stranger},
        _new("Người Mới", birth_year=2000)])
    approved = registrations_approve(event=event, actor=organiser, now=NOW)
    assert [r.player for r in approved] == [member]
    new = Registration.objects.get(full_name="Người Mới")
    with pytest.raises(ServiceError, match="not a member of the organising club"):
        registration_decide(registration=new, actor=organiser, approve=True, now=NOW)
    assert list(Entry.objects.filter(event=event).values_list("player", flat=True)) == [
        member.pk]
