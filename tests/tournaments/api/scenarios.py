"""Events in the states the API's actions need, built through the services (tests of the API).

Each scenario returns a dict: ``event`` and the objects an action acts on. Users are the shared
fixtures' (tests/conftest.py): ``organiser`` (the event's creator), ``chief``, ``arbiter``.
"""

from __future__ import annotations

import io
import json

from openpyxl import Workbook

from tests.conftest import PlayerFactory, TeamFactory
from tests.tournaments.team_builders import roster, team_event
from tournaments.models import Board, Entry, EventRole, Role
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.events import event_set_visibility
from tournaments.services.results import result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import round_complete, round_publish
from tournaments.services.swiss import swiss_round_pair


def _players(event, organiser, n):
    return [entry_register(event=event, actor=organiser, player=p)
            for p in PlayerFactory.create_batch(n)]


def rr(make_event, organiser, chief, *, public=True, numbered=True, rounds="none",
       **statute):
    """A 4-player round robin. ``rounds``: "none", "draft" (all rounds drawn, drafts),
    "published" (round 1 published, no result), "played" (round 1 with every result),
    "closed" (round 1 closed)."""
    event = make_event(format=statute.pop("format", "rr"), name="Giải API", **statute)
    entries = _players(event, organiser, 4)
    if numbered:
        numbers_draw(event=event, actor=organiser, method="rating")
    ctx = {"event": event, "entries": entries, "newcomer": PlayerFactory()}
    if rounds != "none":
        drawn = round_robin_schedule(event=event, actor=chief)
        ctx.update(round1=drawn[0], last_round=drawn[-1])
        if rounds != "draft":
            round_publish(round_=drawn[0], actor=chief)
            ctx["board"] = drawn[0].boards.filter(black__isnull=False).order_by("number")[0]
            ctx["game"] = ctx["board"].games.order_by("number").first()
        if rounds in ("played", "closed"):
            for board in drawn[0].boards.filter(black__isnull=False):
                if board.games.exists():
                    from tournaments.services.results import game_result_record

                    for game in board.games.all():
                        game_result_record(game=game, result="1-0", actor=chief,
                                           expected_version=game.version)
                else:
                    result_record(board=board, result="1-0", actor=chief, expected_version=0)
            ctx["board"].refresh_from_db()
        if rounds == "closed":
            round_complete(round_=drawn[0], actor=chief)
    if public:
        event_set_visibility(event=event, actor=organiser, public=True)
    return ctx


def swiss(make_event, organiser, chief, *, draft_round=False):
    """Six players of a public Swiss event; round 1 paired as a draft if asked."""
    event = make_event(format="swiss", rounds=5, name="Giải Thụy Sĩ API")
    entries = _players(event, organiser, 6)
    ctx = {"event": event, "entries": entries}
    if draft_round:
        ctx["round1"] = swiss_round_pair(event=event, actor=chief, seed=3)
    event_set_visibility(event=event, actor=organiser, public=True)
    return ctx


def knockout(make_event, organiser, chief):
    event = make_event(format="ko", name="Cúp API")
    entries = _players(event, organiser, 4)
    event_set_visibility(event=event, actor=organiser, public=True)
    return {"event": event, "entries": entries}


def teams(make_event, organiser, chief, *, published=False):
    """Four teams of four boards and a reserve; with ``published`` round 1 is published,
    otherwise no round is drawn and a fifth team waits in the register with its players."""
    event = team_event(make_event, organiser, chief, teams=4, schedule=published,
                       publish=published, name="Đồng đội API")
    event_set_visibility(event=event, actor=organiser, public=True)
    first = Entry.objects.filter(event=event).order_by("number").first()
    ctx = {"event": event, "team_entry": first, "new_team": TeamFactory(name="Đội Mới API"),
           "new_players": PlayerFactory.create_batch(5)}
    if published:
        board = Board.objects.get(round__event=event, round__number=1, number=1)
        (a1, a2, a3, a4), (r1,) = roster(board.white)
        second, _ = roster(board.black)
        ctx.update(board=board, lineup={"first": [a1.pk, r1.pk, a3.pk, a4.pk],
                                        "second": [p.pk for p in second],
                                        "version": board.version})
    else:
        players, reserves = roster(first)
        ctx["roster"] = {"players": [p.pk for p in [*players[:3], *reserves]],
                         "reserves": [players[3].pk]}
    return ctx


def role_of(event, username: str) -> EventRole:
    return EventRole.objects.get(event=event, user__username=username,
                                 role=Role.ARBITER if username == "arbiter" else Role.CHIEF_ARBITER)


def players_workbook(rows=(("Bùi Văn Tài", 1999),)) -> io.BytesIO:
    """A players' sheet as the Excel import reads it (name, birth year)."""
    wb = Workbook()
    wb.active.append(["Họ và tên", "Năm sinh"])
    for row in rows:
        wb.active.append(list(row))
    out = io.BytesIO()
    wb.save(out)
    out.name = "vdv.xlsx"
    out.seek(0)
    return out


def backup_upload(document: dict) -> io.BytesIO:
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "backup.json"
    return upload
