"""Correcting a register player (services/players.py): who may (the register's keepers; the
administrators of his club and of the organisations above it), what changes, the history kept,
the entry's rating before and after round 1."""

import datetime

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied

from tests.tournaments.builders import PlayerFactory, UserFactory, club_admin_of, rr_scenario
from tournaments.errors import ServiceError
from tournaments.models import Entry, Player
from tournaments.selectors.players import player_history
from tournaments.services.entries import entry_new_player_register, entry_register
from tournaments.services.events import event_create, role_assign
from tournaments.services.players import player_update


@pytest.fixture
def entered(make_event, organiser):
    event = make_event(format="rr", rounds=3)
    player = PlayerFactory(full_name="Nguyen Van A", rating=2000, club="CLB A",
                           created_by=organiser)
    entry_register(event=event, actor=organiser, player=player)
    club_admin_of(organiser, player)
    return event, player


def test_organiser_corrects_name_rating_club_with_history(entered, organiser):
    event, player = entered
    player_update(player=player, actor=organiser, reason="misspelt",
                  full_name="  Nguyễn  Văn A ", rating=2050, club="CLB Hà Nội")
    player.refresh_from_db()
    assert (player.full_name, player.rating, player.club) == ("Nguyễn Văn A", 2050,
                                                              "CLB Hà Nội")
    assert player.name_folded == "nguyen van a"
    latest, created = player_history(player)
    assert created.created and not latest.created
    assert latest.user == "organiser" and latest.reason == "misspelt"
    assert {(c.field, c.before_value, c.after_value) for c in latest.changes} == {
        ("full_name", "Nguyen Van A", "Nguyễn Văn A"), ("rating", "2000", "2050"),
        ("club", "CLB A", "CLB Hà Nội")}


def test_rating_follows_into_the_entry_before_round_one_only(entered, organiser):
    event, player = entered
    player_update(player=player, actor=organiser, rating=2100)
    assert Entry.objects.get(event=event, player=player).rating == 2100


def test_rating_stays_in_an_event_that_started(make_event, organiser, chief_arbiter):
    event = rr_scenario(make_event, organiser, chief_arbiter, rounds="draft")["event"]
    entry = event.entries.select_related("player").first()
    club_admin_of(organiser, entry.player)
    before = entry.rating
    player_update(player=entry.player, actor=organiser, rating=before + 7)
    entry.refresh_from_db()
    assert entry.rating == before
    assert Player.objects.get(pk=entry.player_id).rating == before + 7


def test_nothing_changed_records_nothing(entered, organiser):
    _event, player = entered
    player_update(player=player, actor=organiser, full_name="Nguyen Van A", rating=2000)
    assert len(player_history(player)) == 1


@pytest.mark.parametrize("who", ["arbiter", "chief", "stranger", "organiser_elsewhere"])
def test_only_organisers_of_an_event_of_the_player_may(entered, make_event, organiser, who,
                                                        arbiter, chief_arbiter, stranger):
    _event, player = entered
    actor = {"arbiter": arbiter, "chief": chief_arbiter, "stranger": stranger}.get(who)
    if who == "organiser_elsewhere":
        actor = UserFactory(username="other-org")
        other = make_event(name="Giải khác", format="rr", rounds=3)
        role_assign(event=other, actor=organiser, user=actor, role="organiser")
    with pytest.raises(PermissionDenied):
        player_update(player=player, actor=actor, rating=1)
    assert Player.objects.get(pk=player.pk).rating == 2000


def test_an_appointed_organiser_of_the_players_event_is_refused(entered, organiser):
    event, player = entered
    appointed = UserFactory(username="co-org")
    role_assign(event=event, actor=organiser, user=appointed, role="organiser")
    with pytest.raises(PermissionDenied, match="register's keepers"):
        player_update(player=player, actor=appointed, club="CLB B")
    assert Player.objects.get(pk=player.pk).club == "CLB A"


def test_entering_the_player_in_a_scratch_event_gives_no_right(entered):
    """The attack the tree closes: another organiser enters the player in an event of his
    own; he is still refused."""
    _event, player = entered
    other_org = UserFactory(username="other-org")
    other_org.groups.add(Group.objects.get(name="Organisers"))
    other = event_create(actor=other_org, name="Giải khác", format="rr", rounds=3,
                         start_date=datetime.date(2026, 12, 1))
    entry_register(event=other, actor=other_org, player=player)
    with pytest.raises(PermissionDenied):
        player_update(player=player, actor=other_org, rating=1)
    assert Player.objects.get(pk=player.pk).rating == 2000


def test_a_register_keeper_by_the_admins_group_corrects_anyone(entered):
    """The superuser gives the right in the admin: a group holding ``change_player``."""
    _event, player = entered
    keepers = Group.objects.create(name="Register keepers")
    keepers.permissions.add(Permission.objects.get(codename="change_player"))
    keeper = UserFactory(username="keeper")
    keeper.groups.add(keepers)
    lonely = PlayerFactory(full_name="Không ai")
    player_update(player=lonely, actor=keeper, club="CLB C")
    player_update(player=player, actor=keeper, club="CLB B")
    assert Player.objects.get(pk=player.pk).club == "CLB B"
    assert Player.objects.get(pk=lonely.pk).club == "CLB C"


def test_a_player_added_through_the_quick_add_is_corrected_by_the_tree(make_event,
                                                                      organiser):
    """Adding a player gives no right over him; once a member of the adder's club, the club's
    administrator corrects him."""
    event = make_event(format="rr", rounds=3)
    entry = entry_new_player_register(event=event, actor=organiser, full_name="Mới Thêm",
                                      rating=1500)
    with pytest.raises(PermissionDenied):
        player_update(player=entry.player, actor=organiser, rating=1550)
    club_admin_of(organiser, entry.player)
    player_update(player=entry.player, actor=organiser, rating=1550)
    assert Player.objects.get(pk=entry.player_id).rating == 1550


def test_an_id_of_someone_else_is_refused_and_changes_nothing(entered, organiser):
    _event, player = entered
    PlayerFactory(full_name="Trần B", national_id="VXF9")
    with pytest.raises(ServiceError, match="VXF9 already belongs to Trần B"):
        player_update(player=player, actor=organiser, national_id="vxf9", rating=1999)
    player.refresh_from_db()
    assert (player.national_id, player.rating) == (None, 2000)


@pytest.mark.parametrize(("values", "message"), [
    ({"full_name": "   "}, "name is missing"),
    ({"birth_year": 1800}, "birth year"),
    ({"pk": 3}, "cannot be changed"),
    ({"title": "XX"}, "title"),
    ({"federation": "V1"}, "three-letter code"),
])
def test_bad_values_are_refused_with_the_reason(entered, organiser, values, message):
    _event, player = entered
    with pytest.raises(ServiceError, match=message):
        player_update(player=player, actor=organiser, **values)
    assert len(player_history(player)) == 1
