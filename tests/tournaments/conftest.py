"""Events with rounds and results built through the services (Excel exports, backups)."""

import pytest

from tests.tournaments.builders import NAMES, PlayerFactory, TeamFactory, play_round
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.results import result_record


@pytest.fixture
def media_root(settings, tmp_path):
    """Files the jobs keep (exports, uploads) go to a temporary folder."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def smtp_server():
    """A real SMTP server (aiosmtpd) on a free loopback port, and the app's mail sent to it
    through Django's SMTP back end (``override_settings``). Yields the messages it received,
    parsed with the standard library's current policy (headers and bodies decoded), in
    order."""
    import email
    import email.policy
    import socket

    from aiosmtpd.controller import Controller
    from aiosmtpd.handlers import Message
    from django.test import override_settings

    received = []

    class Keep(Message):
        def prepare_message(self, session, envelope):
            return email.message_from_bytes(envelope.original_content,
                                            policy=email.policy.default)

        def handle_message(self, message):
            received.append(message)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(Keep(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
                               EMAIL_HOST="127.0.0.1", EMAIL_PORT=port, EMAIL_USE_TLS=False,
                               EMAIL_USE_SSL=False, EMAIL_HOST_USER="",
                               EMAIL_HOST_PASSWORD="", EMAIL_TIMEOUT=10,
                               DEFAULT_FROM_EMAIL="giai@cotuong.test"):
            yield received
    finally:
        controller.stop()


@pytest.fixture
def named_players(db):
    return [PlayerFactory(full_name=n, club=c, rating=r, gender=g, birth_year=y, national_id=i,
                          province="Hà Nội")
            for n, c, r, g, y, i in NAMES]


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
    from tournaments.services.entries import entry_team_register
    from tournaments.services.results import game_result_record
    from tournaments.services.roundrobin import round_robin_schedule

    event = make_event(name="Giải Cờ Tướng Đồng đội 2026", format="rr", participant_kind="team",
                       team_boards=2, team_reserves=1, official=False)
    provinces = ["Hà Nội", "Đà Nẵng", "Cần Thơ", "Bình Định"]
    for i, province in enumerate(provinces):
        team = TeamFactory(name=f"Đội {province}", province=province)
        members = [PlayerFactory(full_name=f"Lê Văn Đội{i}{k}", club=f"CLB {province}")
                   for k in range(3)]
        entry_team_register(event=event, actor=organiser, team=team, players=members[:2],
                            reserves=members[2:])
    numbers_draw(event=event, actor=organiser, method="rating")
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    for board in rounds[0].boards.filter(black__isnull=False).order_by("number"):
        g1, g2 = board.games.order_by("number")
        game_result_record(game=g1, result="1-0", actor=arbiter, expected_version=g1.version)
        game_result_record(game=g2, result="1/2-1/2", actor=arbiter, expected_version=g2.version)
    return event
