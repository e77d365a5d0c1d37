"""Demo organisations: a federation with a province and a city, three clubs, their
administrators and members, and twelve events over two seasons held under them
(``manage.py demo``). Deterministic and idempotent like the rest of the demo: the tree is kept
(found by its addresses), its members and events are made again. The events take their players
from the clubs' members, so players play in several of them; they are registered, not played
(the other demo events show play), which keeps the demo fast."""

import datetime

from django.contrib.auth import get_user_model

from tournaments.demo.events import DEMO_PASSWORD
from tournaments.models import FORMAT_RULES, ClubMembership, Event, Format, Organisation, Player
from tournaments.services.entries import entry_register
from tournaments.services.events import event_create, event_visibility_set
from tournaments.services.organisations import (
    membership_add,
    membership_finish,
    organisation_admin_assign,
    organisation_create,
)

# (address, name, short name, kind, parent's address, its administrator's username)
TREE = [
    ("demo-lien-doan", "Liên đoàn Cờ Tướng Việt Nam", "LĐCTVN", "federation", None, "liendoan"),
    ("demo-ha-noi", "Liên đoàn Cờ Hà Nội", "Hà Nội", "province", "demo-lien-doan", "hanoi"),
    ("demo-da-nang", "Liên đoàn Cờ Đà Nẵng", "Đà Nẵng", "city", "demo-lien-doan", "danang"),
    ("demo-clb-thu-do", "CLB Cờ Tướng Thủ Đô", "Thủ Đô", "club", "demo-ha-noi", "clbthudo"),
    ("demo-clb-ho-guom", "CLB Cờ Tướng Hồ Gươm", "Hồ Gươm", "club", "demo-ha-noi", ""),
    ("demo-clb-song-han", "CLB Cờ Tướng Sông Hàn", "Sông Hàn", "club", "demo-da-nang", ""),
]
CLUBS = ["demo-clb-thu-do", "demo-clb-ho-guom", "demo-clb-song-han"]
MEMBERS_PER_CLUB = 16
# Each season's events: (address stem, name, organisation, format, month, day, who may enter)
SEASON = [
    ("vo-dich", "Giải Vô địch Quốc gia", "demo-lien-doan", Format.SWISS, 3, 10, {}),
    ("nu", "Giải Cờ Tướng Nữ toàn quốc", "demo-lien-doan", Format.ROUND_ROBIN, 5, 2,
     {"eligible_sex": "F"}),
    ("ha-noi-mo-rong", "Giải Hà Nội mở rộng", "demo-ha-noi", Format.SWISS, 4, 12, {}),
    ("da-nang-tre", "Giải Trẻ Đà Nẵng", "demo-da-nang", Format.ROUND_ROBIN, 6, 1,
     {"eligible_born_from": 2005}),
    ("thu-do-thang", "Giải tháng CLB Thủ Đô", "demo-clb-thu-do", Format.ROUND_ROBIN, 9, 6, {}),
    ("song-han-thang", "Giải tháng CLB Sông Hàn", "demo-clb-song-han", Format.ROUND_ROBIN, 10,
     4, {}),
]
SEASONS = (2025, 2026)


def _admin(username: str):
    user, created = get_user_model().objects.get_or_create(
        username=username, defaults={"first_name": f"Quản trị {username}"})
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    return user


def build_tree(root) -> dict[str, Organisation]:
    """The federation, its province and city, their clubs and administrators."""
    nodes: dict[str, Organisation] = {}
    for slug, name, short, kind, parent, admin in TREE:
        node = Organisation.objects.filter(slug=slug).first() or organisation_create(
            actor=root, parent=nodes.get(parent), name=name, short_name=short, kind=kind,
            slug=slug)
        nodes[slug] = node
        if admin:
            organisation_admin_assign(actor=root, organisation=node, user=_admin(admin))
    return nodes


def build_members(root, nodes, players: list[Player]) -> dict[str, list[Player]]:
    """Sixteen members in each club since 2024; the last member of the first club moved to the
    second in the summer of 2025."""
    ClubMembership.objects.filter(organisation__slug__in=CLUBS).delete()
    members: dict[str, list[Player]] = {}
    for i, slug in enumerate(CLUBS):
        members[slug] = players[i * MEMBERS_PER_CLUB:(i + 1) * MEMBERS_PER_CLUB]
        for player in members[slug]:
            membership_add(actor=root, organisation=nodes[slug], player=player,
                           since=datetime.date(2024, 1, 1))
    moved = members[CLUBS[0]][-1]
    old = ClubMembership.objects.get(player=moved, organisation=nodes[CLUBS[0]])
    membership_finish(actor=root, membership=old, until=datetime.date(2025, 6, 30))
    membership_add(actor=root, organisation=nodes[CLUBS[1]], player=moved,
                   since=datetime.date(2025, 7, 1))
    return members


def _eligible(players: list[Player], rule: dict) -> list[Player]:
    if rule.get("eligible_sex"):
        players = [p for p in players if p.gender == rule["eligible_sex"]]
    if rule.get("eligible_born_from"):
        players = [p for p in players if (p.birth_year or 0) >= rule["eligible_born_from"]]
    return players


def build_seasons(root, nodes, members) -> list[Event]:
    """Twelve public events, six a season, under the federation, the province, the city and
    two clubs; each takes up to ten eligible members of the clubs under its organisation."""
    Event.objects.filter(slug__startswith="demo-org-").delete()
    events = []
    for year in SEASONS:
        for stem, name, owner, fmt, month, day, rule in SEASON:
            node = nodes[owner]
            pool = [p for slug in CLUBS if nodes[slug].path.startswith(node.path)
                    for p in members[slug]]
            event = event_create(
                actor=root, organisation=node, name=f"{name} {year}",
                slug=f"demo-org-{stem}-{year}", format=fmt,
                **({"rounds": 7} if FORMAT_RULES[fmt].rounds_announced else {}),
                start_date=datetime.date(year, month, day),
                end_date=datetime.date(year, month, day + 2), venue=node.short_name, **rule)
            for player in _eligible(pool, rule)[:10]:
                entry_register(event=event, actor=root, player=player)
            event_visibility_set(event=event, actor=root, public=True)
            events.append(event)
    return events


def build_demo_organisations(players: list[Player] | None = None) -> dict:
    """The demo's tree, members and two seasons of events, built by the demo's superuser."""
    root = get_user_model().objects.get(username="admin")
    players = players or list(Player.objects.filter(national_id__startswith="VXF")
                              .order_by("national_id"))
    nodes = build_tree(root)
    members = build_members(root, nodes, players)
    return {"nodes": nodes, "events": build_seasons(root, nodes, members)}
