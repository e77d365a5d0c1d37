"""Demo data: realistic Vietnamese players, clubs and four events (``manage.py demo``).

Deterministic (a fixed seed) and idempotent: running it again rebuilds the same demo events.
Each format adds its rounds through the same services the pages use.
"""

import datetime
import random
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.db import transaction

from scoring.presets import LAW_COEFFICIENT
from tournaments.demo.games import record_games
from tournaments.demo.knockout import play_knockout_demo
from tournaments.demo.results import seeded_result
from tournaments.models import Event, Format, ParticipantKind, Player, Role, Team
from tournaments.services.entries import (
    entry_register,
    entry_team_register,
    entry_withdraw,
    numbers_draw,
)
from tournaments.services.events import (
    event_create,
    event_update,
    event_visibility_set,
    role_assign,
)
from tournaments.services.lineups import lineup_set
from tournaments.services.results import game_result_record, result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import round_complete, round_publish
from tournaments.services.swiss import bye_request, swiss_round_pair

SEED = 2026
FAMILY = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Huỳnh", "Phan", "Vũ", "Võ", "Đặng", "Bùi",
          "Đỗ", "Hồ", "Ngô", "Dương", "Lý", "Trịnh", "Đinh", "Lại", "Tôn"]
MIDDLE_M = ["Văn", "Đức", "Minh", "Quang", "Hữu", "Thanh", "Công", "Trọng", "Tuấn", "Hoàng"]
MIDDLE_F = ["Thị", "Ngọc", "Thu", "Thanh", "Kim", "Hồng", "Bảo", "Phương"]
GIVEN_M = ["An", "Bình", "Cường", "Dũng", "Đạt", "Hải", "Hùng", "Khoa", "Long", "Nam", "Phong",
           "Quân", "Sơn", "Tuấn", "Việt", "Vinh", "Thắng", "Lợi", "Hiếu", "Tùng", "Lâm", "Tài"]
GIVEN_F = ["Lan", "Hương", "Linh", "Mai", "Trang", "Hà", "Ngân", "Thảo", "Yến", "Nhung"]
PROVINCES = ["Hà Nội", "TP. Hồ Chí Minh", "Đà Nẵng", "Hải Phòng", "Cần Thơ", "Bình Dương",
             "Đồng Nai", "Quảng Ninh", "Thừa Thiên Huế", "Bình Định", "Khánh Hòa", "Nghệ An"]
DEMO_PASSWORD = "demo-2026"


def _name(rng: random.Random, female: bool) -> str:
    middle = rng.choice(MIDDLE_F if female else MIDDLE_M)
    given = rng.choice(GIVEN_F if female else GIVEN_M)
    return f"{rng.choice(FAMILY)} {middle} {given}"


def build_players(rng: random.Random, count: int = 120) -> list[Player]:
    players = []
    for i in range(1, count + 1):
        female = rng.random() < 0.2
        province = rng.choice(PROVINCES)
        rating = int(rng.gauss(1900, 180)) if rng.random() < 0.85 else None
        title = ""
        if rating and rating > 2250:
            title = "GM" if rating > 2400 else "IM" if rating > 2330 else "NM"
        player, _ = Player.objects.update_or_create(
            national_id=f"VXF{i:05d}",
            defaults={
                "full_name": _name(rng, female), "gender": "F" if female else "M",
                "birth_year": rng.randint(1965, 2012), "province": province,
                "club": f"CLB Cờ Tướng {province}", "rating": rating, "title": title,
            },
        )
        players.append(player)
    return players


def build_users():
    User = get_user_model()
    organisers, _ = Group.objects.get_or_create(name="Organisers")
    organisers.permissions.add(*Permission.objects.filter(
        content_type__app_label="tournaments",
        codename__in=["add_event", "add_player", "add_ratinglist"]))
    users = {}
    for username, full in [("btc", "Ban tổ chức"), ("tongtrongtai", "Tổng trọng tài"),
                           ("trongtai", "Trọng tài"), ("admin", "Quản trị")]:
        user, created = User.objects.get_or_create(username=username,
                                                   defaults={"first_name": full})
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        users[username] = user
    users["btc"].groups.add(organisers)
    admin = users["admin"]
    admin.is_staff = admin.is_superuser = True
    admin.save()
    return users


def tiebreaks_choose(event: Event, actor) -> None:
    """Art. 21.4: an official Swiss names its tie-break order before round 1 is published; the
    demo's organiser chooses the one the form offers first, the law's coefficient (Art. 21.3)."""
    if event.tiebreak_order_missing:
        event_update(event=event, actor=actor, tiebreaks=list(LAW_COEFFICIENT[1:]))


def _event(users, **kwargs) -> Event:
    event = event_create(actor=users["btc"], **kwargs)
    tiebreaks_choose(event, users["btc"])
    role_assign(event=event, actor=users["btc"], user=users["tongtrongtai"],
                role=Role.CHIEF_ARBITER)
    role_assign(event=event, actor=users["btc"], user=users["trongtai"], role=Role.ARBITER)
    event_visibility_set(event=event, actor=users["btc"], public=True)
    return event


def build_round_robin(users, players) -> Event:
    event = _event(users, name="Giải Vô địch Cờ Tướng các CLB mạnh 2026",
                   slug="demo-vong-tron-2026", start_date=datetime.date(2026, 11, 2),
                   format=Format.ROUND_ROBIN, venue="Nhà thi đấu Quận 1, TP. Hồ Chí Minh",
                   organiser="Liên đoàn Cờ TP. Hồ Chí Minh")
    for player in players[:12]:
        entry_register(event=event, actor=users["btc"], player=player)
    numbers_draw(event=event, actor=users["btc"], method="lots", seed=SEED)
    rounds = round_robin_schedule(event=event, actor=users["tongtrongtai"])
    rng = random.Random(SEED + 1)
    # Seven rounds played and closed, round 8 published with half of its results in.
    for round_ in rounds[:8]:
        round_publish(round_=round_, actor=users["tongtrongtai"])
        boards = list(round_.boards.filter(black__isnull=False).select_related("white", "black"))
        if round_.number == 8:
            boards = boards[: len(boards) // 2]
        for board in boards:
            result_record(board=board, result=seeded_result(rng, board.white, board.black),
                          actor=users["trongtai"], expected_version=board.version)
        if round_.number < 8:
            round_complete(round_=round_, actor=users["tongtrongtai"])
    record_games(event, rounds[0], users["trongtai"])  # score sheets of round 1 (Art. 11)
    return event


def build_swiss(users, players) -> Event:
    event = _event(users, name="Giải Cờ Tướng Mở rộng Hà Nội 2026", slug="demo-thuy-si-2026",
                   start_date=datetime.date(2026, 11, 14), format=Format.SWISS, rounds=9,
                   first_round_date=datetime.date(2026, 11, 14), round_times="08:00, 14:00",
                   venue="Cung Văn hóa Hữu nghị, Hà Nội", organiser="Liên đoàn Cờ Hà Nội")
    for player in players[12:52]:
        entry_register(event=event, actor=users["btc"], player=player)
    play_swiss(event, users, played=5)
    return event


def play_swiss(event: Event, users, *, played: int) -> None:
    """Pair and play ``played`` rounds (seeded results), with a half-point bye requested for
    round 4 and a withdrawal after round 3 (Art. 21.5.2); then pair the next round and publish
    it with half of its results in: a Swiss in progress."""
    rng = random.Random(SEED + 2)
    chief, arbiter = users["tongtrongtai"], users["trongtai"]
    for number in range(1, played + 2):
        if number == 4:
            asker = event.entries.get(number=7)
            bye_request(entry=asker, actor=users["btc"], round_number=4)
            withdrawn = event.entries.get(number=23)
            entry_withdraw(entry=withdrawn, actor=users["btc"], after_round=3)
        round_ = swiss_round_pair(event=event, actor=chief, seed=SEED)
        round_publish(round_=round_, actor=chief)
        boards = list(round_.boards.filter(black__isnull=False).select_related("white", "black"))
        if number > played:
            boards = boards[: len(boards) // 2]
        for board in boards:
            result_record(board=board, result=seeded_result(rng, board.white, board.black),
                          actor=arbiter, expected_version=board.version)
        if number <= played:
            round_complete(round_=round_, actor=chief)


def build_double_elimination(users, players) -> Event:
    event = _event(users, name="Cúp Cờ Tướng Đà Nẵng 2026 (loại hai lần thua)",
                   slug="demo-loai-kep-2026", start_date=datetime.date(2026, 11, 20),
                   format=Format.DOUBLE_ELIMINATION, venue="Đà Nẵng",
                   organiser="Liên đoàn Cờ Đà Nẵng")
    for player in players[52:60]:
        entry_register(event=event, actor=users["btc"], player=player)
    play_knockout_demo(event, users, seed=SEED)
    return event


def build_team(users, players) -> Event:
    event = _event(users, name="Giải Cờ Tướng Đồng đội các tỉnh 2026", slug="demo-dong-doi-2026",
                   start_date=datetime.date(2026, 11, 25), format=Format.ROUND_ROBIN,
                   participant_kind=ParticipantKind.TEAM, team_boards=4, team_reserves=1,
                   venue="Cần Thơ", organiser="Liên đoàn Cờ Việt Nam")
    pool = players[60:]
    for i, province in enumerate(PROVINCES[:8]):
        team, _ = Team.objects.get_or_create(name=f"Đội {province}",
                                             defaults={"province": province})
        roster = sorted(pool[i * 5:(i + 1) * 5], key=lambda p: -(p.rating or 0))
        entry_team_register(event=event, actor=users["btc"], team=team, players=roster[:4],
                            reserves=roster[4:])
    numbers_draw(event=event, actor=users["btc"], method="rating")
    rounds = round_robin_schedule(event=event, actor=users["tongtrongtai"])
    _play_team_rounds(users, rounds, random.Random(SEED + 2))
    return event


def _play_team_rounds(users, rounds, rng: random.Random) -> None:
    """Rounds 1-4 played and closed, round 5 in play. Round 2, match 1: the first team's
    board-3 player is absent and its reserve plays board 3; round 3, match 2: the second team
    fields nobody on board 4, which it loses by forfeit (appendix §4)."""
    arbiter, chief = users["trongtai"], users["tongtrongtai"]
    for round_ in rounds[:5]:
        round_publish(round_=round_, actor=chief)
        boards = list(round_.boards.filter(black__isnull=False).order_by("number")
                      .select_related("white", "black"))
        for board in boards:
            games = list(board.games.order_by("number").select_related("first_player",
                                                                       "second_player"))
            first = [g.first_player for g in games]
            second = [g.second_player for g in games]
            if (round_.number, board.number) == (2, 1):
                first[2] = board.white.members.get(is_reserve=True).player
            elif (round_.number, board.number) == (3, 2):
                second[3] = None
            if first != [g.first_player for g in games] or second != [g.second_player
                                                                       for g in games]:
                lineup_set(board=board, actor=arbiter, first=first, second=second,
                           expected_version=board.version)
        if round_.number == 5:
            boards = boards[:2]
        for board in boards:
            for game in board.games.order_by("number").select_related("first_player",
                                                                      "second_player"):
                if game.result:  # lost by forfeit in the line-up
                    continue
                white, black = ((game.first_player, game.second_player) if game.white_first
                                else (game.second_player, game.first_player))
                result = seeded_result(rng, white, black)
                game_result_record(game=game, result=result, actor=arbiter,
                                   expected_version=game.version)
        if round_.number < 5:
            round_complete(round_=round_, actor=chief)


DEMO_EVENTS = (("round_robin", "a round robin", build_round_robin),
               ("swiss", "a Swiss", build_swiss),
               ("double_elimination", "a double elimination", build_double_elimination),
               ("team", "a team event", build_team))


@transaction.atomic
def build_demo(say: Callable[[str], None] = lambda _step: None) -> dict[str, Event]:
    """The demo's accounts, players and events; ``say`` is told each step as it starts."""
    rng = random.Random(SEED)
    say("removing the previous demo events")
    Event.objects.filter(slug__startswith="demo-").delete()
    say("accounts and players")
    users = build_users()
    players = build_players(rng)
    events = {}
    for key, words, build in DEMO_EVENTS:
        say(f"{words}, played")
        events[key] = build(users, players)
    return events
