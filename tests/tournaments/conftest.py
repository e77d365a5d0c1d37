"""Events with rounds and results built through the services (Excel exports, backups)."""

import io

import pytest
from openpyxl import load_workbook

from tests.conftest import PlayerFactory
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.results import result_record
from tournaments.services.rounds import BoardSpec, round_publish, round_store

NAMES = [
    ("Nguyễn Thị Ánh Tuyết", "CLB Cờ Tướng Hà Nội", 2350, "F", 1990, "VXF00001"),
    ("Đặng Hữu Trang", "CLB Đồng Nai", 2300, "M", 1985, "VXF00002"),
    ("Trần Văn Ninh", "CLB Bình Định", 2250, "M", 1979, "VXF00003"),
    ("Lại Lý Huynh", "CLB Bình Dương", 2200, "M", 1992, "VXF00004"),
    ("Võ Minh Nhất", "CLB Thừa Thiên Huế", 2150, "M", 2001, "VXF00005"),
    ("Phạm Thị Ngọc Hương", "CLB Cần Thơ", 2100, "F", 2003, "VXF00006"),
]


@pytest.fixture
def media_root(settings, tmp_path):
    """Files the jobs keep (exports, uploads) go to a temporary folder."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def named_players(db):
    return [PlayerFactory(full_name=n, club=c, rating=r, gender=g, birth_year=y, national_id=i,
                          province="Hà Nội")
            for n, c, r, g, y, i in NAMES]


def play_round(event, number, boards, results, *, actor, publish=True):
    """Store round ``number`` with ``boards`` (white entry, black entry or None for a bye) and
    record ``results`` (codes, one per board with two entries)."""
    specs = []
    for k, (white, black) in enumerate(boards, start=1):
        specs.append(BoardSpec(k, white.pk, black.pk if black else None,
                               bye="" if black else "U"))
    round_ = round_store(event=event, number=number, boards=specs, method="manual", seed=None,
                         actor=actor)
    if not publish:
        return round_
    round_publish(round_=round_, actor=actor)
    played = [b for b in round_.boards.order_by("number") if b.black_id]
    for board, result in zip(played, results, strict=True):
        result_record(board=board, result=result, actor=actor, expected_version=board.version)
    return round_


@pytest.fixture
def swiss_event(make_event, organiser, chief_arbiter, named_players):
    """Six players, two rounds played, a third paired as a draft."""
    event = make_event(name="Giải Cờ Tướng Hà Nội Mở rộng 2026", format="swiss", rounds=5,
                       venue="Cung Văn hóa Hữu nghị")
    entries = [entry_register(event=event, actor=organiser, player=p) for p in named_players]
    numbers_draw(event=event, actor=organiser, method="rating")
    e = sorted(entries, key=lambda x: -x.rating)
    play_round(event, 1, [(e[0], e[3]), (e[4], e[1]), (e[2], e[5])],
               ["1-0", "1/2-1/2", "0-1"], actor=chief_arbiter)
    play_round(event, 2, [(e[5], e[0]), (e[1], e[2]), (e[3], e[4])],
               ["0-1", "+/-", "1-0"], actor=chief_arbiter)
    play_round(event, 3, [(e[0], e[1]), (e[2], e[3]), (e[4], e[5])], [], actor=chief_arbiter,
               publish=False)
    return event


def open_workbook(content: bytes):
    return load_workbook(io.BytesIO(content))


def sheet_rows(ws, first=5):
    """Data rows of a sheet laid out by styles.write (header on row 4)."""
    out = []
    for row in ws.iter_rows(min_row=first, values_only=True):
        if all(v is None for v in row):
            break
        out.append(list(row))
    return out


@pytest.fixture
def rr_event(make_event, organiser, chief_arbiter, arbiter, named_players):
    """Six players, round robin, all five rounds played; number 6 withdrew after round 2,
    having played 2 of 5 games (half or fewer): all their games are cancelled, X
    (Art. 21.5.1)."""
    from tournaments.models import Entry
    from tournaments.services.entries import entry_withdraw
    from tournaments.services.roundrobin import round_robin_schedule

    event = make_event(name="Giải Vô địch Cờ Tướng các CLB mạnh 2026", format="rr",
                       venue="Nhà thi đấu Quận 1", organiser="Liên đoàn Cờ TP. Hồ Chí Minh")
    for p in named_players:
        entry_register(event=event, actor=organiser, player=p)
    numbers_draw(event=event, actor=organiser, method="rating")
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    last = Entry.objects.get(event=event, number=6)
    for round_ in rounds:
        if round_.number == 3:
            entry_withdraw(entry=last, actor=organiser, after_round=2)
        for board in round_.boards.select_related("white", "black").order_by("number"):
            if not board.black_id:
                continue
            w, b = board.white.number, board.black.number
            if round_.number > 2 and 6 in (w, b):
                result = "-/+" if w == 6 else "+/-"
            elif board.number == 2:
                result = "1/2-1/2"
            else:
                result = "1-0" if w < b else "0-1"
            result_record(board=board, result=result, actor=arbiter,
                          expected_version=board.version)
    return event


@pytest.fixture
def team_event(make_event, organiser, chief_arbiter, arbiter):
    """Four teams of two boards (a friendly event), round robin, round 1 played."""
    from tests.conftest import TeamFactory
    from tournaments.services.entries import entry_register_team
    from tournaments.services.results import game_result_record
    from tournaments.services.roundrobin import round_robin_schedule

    event = make_event(name="Giải Cờ Tướng Đồng đội 2026", format="rr", participant_kind="team",
                       team_boards=2, team_reserves=1, official=False)
    provinces = ["Hà Nội", "Đà Nẵng", "Cần Thơ", "Bình Định"]
    for i, province in enumerate(provinces):
        team = TeamFactory(name=f"Đội {province}", province=province)
        members = [PlayerFactory(full_name=f"Lê Văn Đội{i}{k}", club=f"CLB {province}")
                   for k in range(3)]
        entry_register_team(event=event, actor=organiser, team=team, players=members[:2],
                            reserves=members[2:])
    numbers_draw(event=event, actor=organiser, method="rating")
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    for board in rounds[0].boards.filter(black__isnull=False).order_by("number"):
        g1, g2 = board.games.order_by("number")
        game_result_record(game=g1, result="1-0", actor=arbiter, expected_version=g1.version)
        game_result_record(game=g2, result="1/2-1/2", actor=arbiter, expected_version=g2.version)
    return event
