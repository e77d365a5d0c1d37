"""The permission matrix over the organisations' tree (tournaments/rules.py: rights follow the
tree down, never up nor across): every write on an organisation, its administrators, its
members, the events and championships under it and the players of its clubs, tried by every
kind of caller at every level of the tree (the federation, a province, a club).

The tree (``builders.organisation_tree``): a federation ``fed`` with a province ``p1`` (clubs
``c1``, ``c2``) and a city ``p2`` (club ``c3``), an administrator of each. Besides them: a
visitor, a signed-in stranger, an organiser of the "Organisers" group who organises an event of
the site (no organisation) and the superuser. At a level, exactly the administrators of that
node and of the nodes above it (and the superuser) are allowed; everyone else is refused (401,
403 or 404) and nothing changes: every row of the tree, its roles, members, events,
championships, their roles and the players are compared before and after.

``TREE_OPERATIONS`` lists the API operations tried here, for the coverage check of
test_permissions.py (every operation of the schema is tested somewhere)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db import transaction
from rest_framework.test import APIClient

from tests.tournaments.builders import PlayerFactory, UserFactory, organisation_tree
from tournaments.models import (
    Championship,
    ChampionshipRole,
    ClubMembership,
    Event,
    EventRole,
    Organisation,
    OrganisationRole,
    Player,
)
from tournaments.services.events import event_create
from tournaments.services.organisations import membership_add, organisation_admin_assign

pytestmark = pytest.mark.django_db

CALLERS = ["anonymous", "stranger", "event_organiser", "admin-c1", "admin-c2", "admin-c3",
           "admin-p1", "admin-p2", "admin-fed", "root"]
LEVELS = ["fed", "p1", "c1"]
# Who acts at each level: its administrators and those above it, and the superuser.
ALLOWED = {"fed": {"admin-fed", "root"}, "p1": {"admin-fed", "admin-p1", "root"},
           "c1": {"admin-fed", "admin-p1", "admin-c1", "root"}}
CHILD_KIND = {"fed": "province", "p1": "club"}


def _node(c, level):
    return c["nodes"][level]


# name -> (levels it applies to, request(ctx, level) -> (method, url, payload), operation, read)
WRITES = {
    "create an organisation under it": (("fed", "p1"), lambda c, lv: (
        "post", "/api/organisations/", {"parent": _node(c, lv).pk, "kind": CHILD_KIND[lv],
                                        "name": "Mới", "slug": "moi"}),
        ("POST", "/api/organisations/"), False),
    "rename it": (LEVELS, lambda c, lv: (
        "patch", f"/api/organisations/{_node(c, lv).pk}/", {"name": "Tên mới"}),
        ("PATCH", "/api/organisations/{id}/"), False),
    "read its administrators": (LEVELS, lambda c, lv: (
        "get", f"/api/organisations/{_node(c, lv).pk}/admins/", None),
        ("GET", "/api/organisations/{id}/admins/"), True),
    "appoint an administrator": (LEVELS, lambda c, lv: (
        "post", f"/api/organisations/{_node(c, lv).pk}/admins/", {"username": "helper"}),
        ("POST", "/api/organisations/{id}/admins/"), False),
    "remove an administrator": (LEVELS, lambda c, lv: (
        "delete", f"/api/organisations/{_node(c, lv).pk}/admins/{c['spare'][lv].pk}/", None),
        ("DELETE", "/api/organisations/{id}/admins/{role_pk}/"), False),
    "read its members": (LEVELS, lambda c, lv: (
        "get", f"/api/organisations/{_node(c, lv).pk}/memberships/", None),
        ("GET", "/api/organisations/{id}/memberships/"), True),
    "add a member": (("p1", "c1"), lambda c, lv: (
        "post", f"/api/organisations/{_node(c, lv).pk}/memberships/",
        {"player": c["newcomer"].pk, "since": "2026-01-01"}),
        ("POST", "/api/organisations/{id}/memberships/"), False),
    "end a membership": (("p1", "c1"), lambda c, lv: (
        "post", f"/api/memberships/{c['membership'][lv].pk}/finish/", {"until": "2026-06-30"}),
        ("POST", "/api/memberships/{id}/finish/"), False),
    "back it up": (LEVELS, lambda c, lv: (
        "get", f"/api/organisations/{_node(c, lv).pk}/backup/", None),
        ("GET", "/api/organisations/{id}/backup/"), True),
    "create an event under it": (LEVELS, lambda c, lv: (
        "post", "/api/events/", {"organisation": _node(c, lv).pk, "name": "Giải mới",
                                 "start_date": "2027-01-10", "format": "swiss", "rounds": 5}),
        ("POST", "/api/events/"), False),
    "create a championship under it": (LEVELS, lambda c, lv: (
        "post", "/api/championships/", {"organisation": _node(c, lv).pk,
                                        "name": "Vô địch mới", "start_date": "2027-02-01"}),
        ("POST", "/api/championships/"), False),
    "change an event's statute under it": (LEVELS, lambda c, lv: (
        "patch", f"/api/events/{c['events'][lv].pk}/", {"venue": "Nhà văn hoá"}),
        ("PATCH", "/api/events/{id}/"), False),
    "appoint an event's staff under it": (LEVELS, lambda c, lv: (
        "post", f"/api/events/{c['events'][lv].pk}/roles/",
        {"username": "helper", "role": "arbiter"}),
        ("POST", "/api/events/{id}/roles/"), False),
    "correct a player of it": (LEVELS, lambda c, lv: (
        "patch", f"/api/players/{c['players'][lv].pk}/", {"rating": 1234, "reason": "sửa"}),
        ("PATCH", "/api/players/{id}/"), False),
}
TREE_OPERATIONS = {operation for _levels, _request, operation, _read in WRITES.values()}


def snapshot() -> dict:
    tables = [Organisation, OrganisationRole, ClubMembership, Event, EventRole, Championship,
              ChampionshipRole, Player, Organisation.history.model, get_user_model()]
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in tables}


@pytest.fixture
def tree():
    """The tree, its callers, and at each level: a spare administrator to remove, a member to
    let go (not at the federation: the register is the federation's), a private event held
    there, and a player of it (a member there; at the federation, a player of no club)."""
    built = organisation_tree()
    nodes, root = built["nodes"], built["root"]
    organisers = Group.objects.get_or_create(name="Organisers")[0]
    organisers.permissions.add(Permission.objects.get(codename="add_event"))
    event_organiser = UserFactory(username="event-organiser")
    event_organiser.groups.add(organisers)
    event_create(actor=event_organiser, name="Giải của trang", start_date=datetime.date(2026, 9, 1))
    UserFactory(username="helper")
    callers = {"anonymous": None, "stranger": UserFactory(username="stranger"),
               "event_organiser": event_organiser, "root": root,
               **{f"admin-{k}": v for k, v in built["admins"].items()}}
    spare, membership, events, players = {}, {}, {}, {}
    for level in LEVELS:
        node = nodes[level]
        spare[level] = organisation_admin_assign(actor=root, organisation=node,
                                                 user=UserFactory(username=f"spare-{level}"))
        events[level] = event_create(actor=root, name=f"Giải {level}", organisation=node,
                                     start_date=datetime.date(2026, 10, 1))
        players[level] = PlayerFactory(full_name=f"Kỳ thủ {level}", rating=1500)
        if level != "fed":
            membership[level] = membership_add(actor=root, organisation=node,
                                               player=players[level],
                                               since=datetime.date(2020, 1, 1))
    return {**built, "callers": callers, "spare": spare, "membership": membership,
            "events": events, "players": players, "newcomer": PlayerFactory()}


def _client(user) -> APIClient:
    client = APIClient()
    if user is not None:  # a fresh copy: rights are cached on user objects
        client.force_authenticate(get_user_model().objects.get(pk=user.pk))
    return client


CASES = [(name, level) for name, (levels, *_rest) in WRITES.items() for level in levels]


@pytest.mark.parametrize(("name", "level"), CASES)
def test_tree_matrix(name, level, tree):
    """Every caller tries the write at this level, each in a savepoint rolled back after."""
    _levels, request, _operation, read = WRITES[name]
    for who in CALLERS:
        point = transaction.savepoint()
        method, url, payload = request(tree, level)
        before = snapshot()
        response = getattr(_client(tree["callers"][who]), method)(url, payload, format="json")
        after = snapshot()
        if who in ALLOWED[level]:
            assert response.status_code in (200, 201, 204), (
                name, level, who, response.status_code, getattr(response, "data", None))
            if not read:
                assert after != before, (name, level, who, "an allowed write changed nothing")
        else:
            assert response.status_code in (401, 403, 404), (
                name, level, who, response.status_code, getattr(response, "data", None))
            assert after == before, (name, level, who, "a refused write changed something")
        transaction.savepoint_rollback(point)


def test_the_matrix_covers_every_write_at_every_level_it_applies_to():
    """Clubs have no organisations under them; the federation has no members of its own (the
    register is the federation's): everything else is tried at the three levels."""
    assert {n for n, (levels, *_r) in WRITES.items() if tuple(levels) != tuple(LEVELS)} == {
        "create an organisation under it", "add a member", "end a membership"}
    assert len(CASES) == 3 * len(WRITES) - 3


def test_rights_follow_the_tree_down_only():
    """A node's administrators act on it and below; a sibling's, a child's, a cousin's never."""
    above = {"fed": set(), "p1": {"fed"}, "c1": {"fed", "p1"}}
    for level, allowed in ALLOWED.items():
        assert allowed == {f"admin-{n}" for n in above[level] | {level}} | {"root"}
