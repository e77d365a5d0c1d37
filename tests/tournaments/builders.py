"""Builders shared by the Django tests: factory-boy factories, clients, and events built
through the services in the states the tests need (players', Swiss, team and knockout events,
the API's scenarios), and readers of the workbooks the app writes. Users come from the shared
fixtures (tests/conftest.py): ``organiser`` (the event's creator), ``chief_arbiter``,
``arbiter``."""

from __future__ import annotations

import datetime
import io
import json
import random

import factory
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from openpyxl import Workbook, load_workbook
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tournaments.adapters.events import tiebreak_order
from tournaments.models import (
    Board,
    Entry,
    EventRole,
    PairingMethod,
    Player,
    Role,
    Round,
    Team,
)
from tournaments.services.entries import entry_register, entry_team_register, numbers_draw
from tournaments.services.events import event_visibility_set
from tournaments.services.formats import round_start
from tournaments.services.knockout import bracket_start
from tournaments.services.ratings import event_ratings_apply, rating_list_import
from tournaments.services.results import game_result_record, result_record
from tournaments.services.roundrobin import round_robin_schedule
from tournaments.services.rounds import BoardSpec, round_complete, round_publish, round_store
from tournaments.services.swiss import swiss_round_pair

# A phone's viewport for the browser tests.
PHONE = {"width": 390, "height": 844}


# Factories

class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("pw-for-tests-1")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    full_name = factory.Sequence(lambda n: f"Nguyễn Văn Người {n}")
    # Falling ratings (the order C.04.2 numbers by), kept positive however many players a
    # session creates: the sequence runs across the whole session.
    rating = factory.Sequence(lambda n: 2400 - n % 2000)
    gender = "M"


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Đội {n}")


# Clients

def client_for(user=None, lang: str = "en") -> Client:
    """A browser that chose ``lang`` (English by default; the site is Vietnamese until one
    chooses)."""
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    if user is not None:
        client.force_login(user)
    return client


def api_for(user=None) -> APIClient:
    """An API client, signed in with the user's token as a real client would be (so the
    shared cache of public reads, which never answers a request with credentials, sees them)."""
    client = APIClient()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    if user is not None:
        token, _created = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


# Players' events and rounds through the services

NAMES = [
    ("Nguyễn Thị Ánh Tuyết", "CLB Cờ Tướng Hà Nội", 2350, "F", 1990, "VXF00001"),
    ("Đặng Hữu Trang", "CLB Đồng Nai", 2300, "M", 1985, "VXF00002"),
    ("Trần Văn Ninh", "CLB Bình Định", 2250, "M", 1979, "VXF00003"),
    ("Lại Lý Huynh", "CLB Bình Dương", 2200, "M", 1992, "VXF00004"),
    ("Võ Minh Nhất", "CLB Thừa Thiên Huế", 2150, "M", 2001, "VXF00005"),
    ("Phạm Thị Ngọc Hương", "CLB Cần Thơ", 2100, "F", 2003, "VXF00006"),
]


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


def played_event(make_event, organiser, chief_arbiter, arbiter, n):
    event = make_event(format="rr", name=f"Giải {n}")
    for p in PlayerFactory.create_batch(n):
        entry_register(event=event, actor=organiser, player=p)
    numbers_draw(event=event, actor=organiser, method="rating")
    rounds = round_robin_schedule(event=event, actor=chief_arbiter, publish=True)
    for round_ in rounds[:2]:
        for board in round_.boards.filter(black__isnull=False):
            result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
        round_complete(round_=round_, actor=chief_arbiter)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


def knockout_event(make_event, organiser, chief_arbiter, arbiter, n, **statute):
    event = make_event(format=statute.pop("format", "dko"), name=f"Cúp {n}", **statute)
    for player in PlayerFactory.create_batch(n):
        entry_register(event=event, actor=organiser, player=player)
    bracket_start(event=event, actor=chief_arbiter, seed=n)
    for round_ in event.rounds_set.order_by("number"):
        round_publish(round_=round_, actor=chief_arbiter)
    # Stage 1 played: every match won by the better seed in two games, one tied match
    # sent to tie-break games.
    for board in Board.objects.filter(round__event=event, round__number=1).exclude(
            match_code="").order_by("number"):
        better = min((board.white_id, board.black_id),
                     key=lambda e: Entry.objects.get(pk=e).number)
        for game in board.games.order_by("number"):
            white = board.white_id if game.white_first else board.black_id
            game_result_record(game=game, result="1-0" if white == better else "0-1",
                               actor=arbiter, expected_version=0)
    event_visibility_set(event=event, actor=organiser, public=True)
    return event


# Swiss

def swiss_event(make_event, organiser, n, *, rounds=7, clubs=None, **statute):
    event = make_event(format="swiss", rounds=rounds, **statute)
    players = PlayerFactory.create_batch(n, created_by=organiser)
    for i, p in enumerate(players):
        if clubs:
            p.club = clubs[i % len(clubs)]
            p.save()
        entry_register(event=event, actor=organiser, player=p)
    return event


def play(round_: Round, arbiter, chief, rng: random.Random, *, close=True) -> None:
    """Publish, enter a result on every game (seeded), close."""
    round_publish(round_=round_, actor=chief)
    for board in round_.boards.filter(black__isnull=False).select_related("white", "black"):
        games = list(board.games.order_by("number"))
        if games:
            for game in games:
                game_result_record(game=game, result=rng.choice(["1-0", "0-1", "1/2-1/2"]),
                                   actor=arbiter, expected_version=game.version)
        else:
            roll = rng.random()
            result = "1/2-1/2" if roll < 0.3 else ("1-0" if roll < 0.65 else "0-1")
            result_record(board=board, result=result, actor=arbiter,
                          expected_version=board.version)
    if close:
        round_complete(round_=round_, actor=chief)


def round_table(round_: Round) -> list[tuple[int, int | None, str]]:
    """(white number, black number or None, bye) per board, in board order."""
    return [(b.white.number, b.black.number if b.black_id else None, b.bye)
            for b in round_.boards.select_related("white", "black").order_by("number")]


def assert_swiss_invariants(event) -> None:
    """No rematch of a played game, one PAB at most per player, every available player paired
    exactly once per round, nobody paired while withdrawn or before joining."""
    entries = {e.pk: e for e in Entry.objects.filter(event=event)}
    met: set[frozenset[int]] = set()
    pabs: dict[int, int] = {}
    for round_ in event.rounds_set.order_by("number"):
        seen: list[int] = []
        for b in Board.objects.filter(round=round_).order_by("number"):
            seen += [b.white_id] + ([b.black_id] if b.black_id else [])
            if b.black_id:
                pair = frozenset((b.white_id, b.black_id))
                assert pair not in met, f"round {round_.number}: rematch {pair}"
                if b.result in ("1-0", "0-1", "1/2-1/2", "0-0"):
                    met.add(pair)
            elif b.bye == "U":
                pabs[b.white_id] = pabs.get(b.white_id, 0) + 1
                assert pabs[b.white_id] == 1, f"round {round_.number}: second PAB"
        assert len(seen) == len(set(seen)), f"round {round_.number}: someone paired twice"
        for entry in entries.values():
            gone = (entry.withdrawn_after_round is not None
                    and entry.withdrawn_after_round < round_.number)
            early = entry.joined_round > round_.number
            if gone or early:
                assert entry.pk not in seen, f"round {round_.number}: {entry} should not play"
            else:
                assert entry.pk in seen, f"round {round_.number}: {entry} not paired"


def rule_codes(round_: Round) -> list[str]:
    """The codes of the rules the checker finds broken (not its differences from the engine)."""
    from tournaments.selectors.swiss import round_warnings

    return [w.code for w in round_warnings(round_) if not w.is_difference]


def seven_with_a_second_pab(make_event, organiser, chief, arbiter, **statute):
    """Seven players numbered by rating; round 1 played, White winning (1-4, 5-2, 3-6, 7 PAB);
    round 2 stored as a draft with 7 on the PAB again (1-5, 4-3, 6-2): a rule break for the
    checker to find. ``event.ids`` maps table numbers to entry ids."""
    event = swiss_event(make_event, organiser, 7, rounds=5, **statute)
    numbers_draw(event=event, actor=organiser, method="rating")
    ids = {e.number: e.pk for e in Entry.objects.filter(event=event)}
    r1 = round_store(event=event, number=1, method=PairingMethod.DUTCH, seed=None, actor=chief,
                     boards=[BoardSpec(1, ids[1], ids[4]), BoardSpec(2, ids[5], ids[2]),
                             BoardSpec(3, ids[3], ids[6]), BoardSpec(4, ids[7], None, bye="U")])
    round_publish(round_=r1, actor=chief)
    for board in r1.boards.filter(black__isnull=False):
        result_record(board=board, result="1-0", actor=arbiter, expected_version=0)
    round_complete(round_=r1, actor=chief)
    round_store(event=event, number=2, method=PairingMethod.DUTCH, seed=None, actor=chief,
                boards=[BoardSpec(1, ids[1], ids[5]), BoardSpec(2, ids[4], ids[3]),
                        BoardSpec(3, ids[6], ids[2]), BoardSpec(4, ids[7], None, bye="U")])
    event.ids = ids
    return event


# Teams

def team_event(make_event, organiser, chief, *, teams=4, boards=4, reserves=1, schedule=True,
               publish=True, **statute):
    event = make_event(format=statute.pop("format", "rr"), participant_kind="team",
                       team_boards=boards, team_reserves=max(reserves, 1), **statute)
    for t in range(1, teams + 1):
        # Ratings fall with the team number, so numbering by rating gives team t number t.
        roster = PlayerFactory.create_batch(boards + reserves)
        for i, p in enumerate(roster):
            p.full_name = f"T{t} B{i + 1}" if i < boards else f"T{t} R{i + 1 - boards}"
            p.rating = 2300 - 100 * t - 10 * i
            p.save()
        entry_team_register(event=event, actor=organiser, team=TeamFactory(),
                            players=roster[:boards], reserves=roster[boards:])
    numbers_draw(event=event, actor=organiser, method="rating")
    if schedule:
        round_robin_schedule(event=event, actor=chief, publish=publish)
    return event


def team_knockout_event(make_event, organiser, chief, *, teams=8, **statute):
    """A team knockout (appendix §2 for teams) of ``teams`` teams of 4 boards and 1 reserve,
    started through ``round_start`` and published; team t is seed t."""
    event = team_event(make_event, organiser, chief, teams=teams, boards=4, schedule=False,
                       format=statute.pop("format", "ko"), **statute)
    for round_ in round_start(event=event, actor=chief).rounds:
        round_publish(round_=round_, actor=chief)
    return event


def team_match_play(board: Board, first_scores, arbiter, *, level=0) -> Board:
    """Enter each board of a team match (``level`` 1: a knockout's extra match) from the
    first-named team's side: 1 it wins, 0.5 a draw, 0 it loses."""
    games = list(board.games.filter(level=level).order_by("number"))
    assert len(games) == len(first_scores)
    for game, score in zip(games, first_scores, strict=True):
        white_score = score if game.white_first else 1 - score
        game.refresh_from_db()
        game_result_record(game=game, result={1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}[white_score],
                           actor=arbiter, expected_version=game.version)
    board.refresh_from_db()
    return board


def team(event, number: int) -> Entry:
    return Entry.objects.get(event=event, number=number)


def roster(entry: Entry) -> tuple[list, list]:
    members = list(entry.members.select_related("player").order_by("board_order"))
    return ([m.player for m in members if not m.is_reserve],
            [m.player for m in members if m.is_reserve])


def team_round_play(event, number, arbiter, chief):
    """Every board: the first-named team's player wins boards 1 and 2, draws 3, loses 4."""
    for board in Board.objects.filter(round__event=event, round__number=number,
                                      black__isnull=False):
        for g in board.games.order_by("number"):
            first_wins = {1: True, 2: True, 3: None, 4: False}[g.number]
            result = "1/2-1/2" if first_wins is None else \
                ("1-0" if first_wins == g.white_first else "0-1")
            game_result_record(game=g, result=result, actor=arbiter, expected_version=g.version)
    round_complete(round_=board.round, actor=chief)


# The API's scenarios: events in the states its actions need

def _players(event, organiser, n):
    """``n`` players the organiser adds to the register and enters in ``event``."""
    return [entry_register(event=event, actor=organiser, player=p)
            for p in PlayerFactory.create_batch(n, created_by=organiser)]


def rr_scenario(make_event, organiser, chief, *, public=True, numbered=True, rounds="none",
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
                    for game in board.games.all():
                        game_result_record(game=game, result="1-0", actor=chief,
                                           expected_version=game.version)
                else:
                    result_record(board=board, result="1-0", actor=chief, expected_version=0)
            ctx["board"].refresh_from_db()
        if rounds == "closed":
            round_complete(round_=drawn[0], actor=chief)
    if public:
        event_visibility_set(event=event, actor=organiser, public=True)
    return ctx


def swiss_scenario(make_event, organiser, chief, *, draft_round=False):
    """Six players of a public Swiss event; round 1 paired as a draft if asked."""
    event = make_event(format="swiss", rounds=5, name="Giải Thụy Sĩ API")
    entries = _players(event, organiser, 6)
    ctx = {"event": event, "entries": entries}
    if draft_round:
        ctx["round1"] = swiss_round_pair(event=event, actor=chief, seed=3)
    event_visibility_set(event=event, actor=organiser, public=True)
    return ctx


def knockout_scenario(make_event, organiser, chief):
    event = make_event(format="ko", name="Cúp API")
    entries = _players(event, organiser, 4)
    event_visibility_set(event=event, actor=organiser, public=True)
    return {"event": event, "entries": entries}


def knockout_deciding_scenario(make_event, organiser, chief):
    """A one-game knockout whose statute names a deciding game (appendix §2, a statute's
    choice): the bracket published, the first match's game drawn, its deciding game waiting
    for the higher seed's choice of colours."""
    event = make_event(format="ko", name="Cúp ván quyết định", games_per_match=1,
                       tiebreak_games=[["armageddon", 1]])
    entries = _players(event, organiser, 2)
    event_visibility_set(event=event, actor=organiser, public=True)
    for round_ in bracket_start(event=event, actor=chief, seed=1):
        round_publish(round_=round_, actor=chief)
    board = Board.objects.get(round__event=event, match_code="A1.1")
    game_result_record(game=board.games.get(number=1), result="1/2-1/2", actor=chief,
                       expected_version=0)
    return {"event": event, "entries": entries, "board": board,
            "game": board.games.get(kind="armageddon")}


def teams_scenario(make_event, organiser, chief, *, published=False):
    """Four teams of four boards and a reserve; with ``published`` round 1 is published,
    otherwise no round is drawn and a fifth team waits in the register with its players."""
    event = team_event(make_event, organiser, chief, teams=4, schedule=published,
                       publish=published, name="Đồng đội API")
    event_visibility_set(event=event, actor=organiser, public=True)
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


def invitation_secret(link: str) -> str:
    """The secret of an invitation's link (``.../accounts/invitation/<secret>/``)."""
    return link.rstrip("/").rsplit("/", 1)[1]


def invited_scenario(make_event, organiser, chief, *, state="pending"):
    """A public round robin (round 1 published) whose organiser invited a new arbiter by a
    link (no e-mail). ``state``: "pending", "accepted" (the account made through the link) or
    "deactivated" (that account then deactivated by the organiser)."""
    from tournaments.services.accounts import account_deactivate
    from tournaments.services.invitations import invitation_accept, invitation_create

    ctx = rr_scenario(make_event, organiser, chief, rounds="published")
    sent = invitation_create(actor=organiser, event=ctx["event"], role=Role.ARBITER,
                             name="Trọng tài Mới", site="http://testserver")
    ctx.update(invitation=sent.invitation, link=sent.link)
    if state in ("accepted", "deactivated"):
        ctx["invitee"] = invitation_accept(secret=invitation_secret(sent.link),
                                           name="Trọng tài Mới", username="trongtai.moi",
                                           password="Cờ-tướng-2026!")
    if state == "deactivated":
        account_deactivate(account=ctx["invitee"], actor=organiser)
    return ctx


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


# Workbooks

def pdf_pages(content: bytes) -> list[str]:
    """The text of each page of a PDF the app wrote (pypdf), for print sheets' tests."""
    from pypdf import PdfReader

    assert content.startswith(b"%PDF-")
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


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


# Rating lists

def rating_list_upload(rows, *, header=("Họ và tên", "Mã VĐV", "Elo", "Số ván"),
                       csv=False, name="elo.xlsx"):
    """A federation's list as a file: ``rows`` of (name, ID, rating, games), as .xlsx or CSV."""
    if csv:
        lines = [",".join(header)] + [",".join(str(v) for v in row) for row in rows]
        out = io.BytesIO(("\n".join(lines) + "\n").encode())
        out.name = name.replace(".xlsx", ".csv")
        return out
    wb = Workbook()
    wb.active.append(list(header))
    for row in rows:
        wb.active.append(list(row))
    out = io.BytesIO()
    wb.save(out)
    out.name = name
    out.seek(0)
    return out


def rated_scenario(make_event, organiser, chief, *, rounds="closed", listed=True, applied=False):
    """A public rated 4-player round robin (FIDE K table, cap 400), round 1 closed with every
    result 1-0; with ``listed`` a rating list of its players (IDs VXF1…VXF4) imported by the
    federation's user; with ``applied`` the event's changes applied to it."""
    ctx = rr_scenario(make_event, organiser, chief, rounds=rounds, rated=True)
    for k, entry in enumerate(ctx["entries"], start=1):
        entry.player.national_id = f"VXF{k}"
        entry.player.save()
    # Applying writes the players' register ratings: the organiser administers their club.
    club_admin_of(organiser, *(e.player for e in ctx["entries"]))
    if listed:
        federation = UserFactory(username="federation", is_superuser=True)
        rows = [(e.player.full_name, e.player.national_id, e.rating, 10) for e in ctx["entries"]]
        ctx["list"] = rating_list_import(actor=federation, upload=rating_list_upload(rows),
                                         name="Elo 2026", list_date=datetime.date(2026, 1, 1))
    if applied:
        ctx["application"] = event_ratings_apply(event=ctx["event"], actor=organiser)
    return ctx


def statute_order_choose(event) -> None:
    """Art. 21.4: an official Swiss publishes no round before its statute names a tie-break
    order; a test's event names the order the product applies to an empty one (``law-swiss``),
    so its standings are those of that order. Tests of the choice itself set ``tiebreaks=[]``
    back."""
    if event.tiebreak_order_missing:
        event.tiebreaks = [c for c in tiebreak_order(event) if c != "PTS"]
        event.save(update_fields=["tiebreaks"])


# Championships

def championship_with_swiss(organiser, chief, *, players=8, rounds=3, name="Giải Vô địch 2026"):
    """A championship, category "Nam" whose stage 1 is a Swiss of ``players`` players
    (ratings falling with registration order, so entry number k is the k-th registered) and
    ``rounds`` rounds, the chief arbiter appointed for the whole championship."""
    from tournaments.services.championships import (
        category_add,
        championship_create,
        championship_role_assign,
        stage_add,
        stage_register,
    )

    championship = championship_create(actor=organiser, name=name,
                                       start_date=datetime.date(2026, 3, 1))
    championship_role_assign(championship=championship, actor=organiser, user=chief,
                             role=Role.CHIEF_ARBITER)
    category = category_add(championship=championship, actor=organiser, name="Nam")
    stage = stage_add(category=category, actor=organiser, format="swiss", rounds=rounds)
    stage_register(stage=stage, actor=organiser, players=PlayerFactory.create_batch(players))
    event = stage.events.get()
    statute_order_choose(event)
    numbers_draw(event=event, actor=organiser, method="rating")
    return championship, category, stage, event


def swiss_stage_after_swiss(organiser, chief):
    """A played Swiss of 8 (``championship_with_swiss``), then a Swiss stage ruled to take its
    top 4, not qualified yet."""
    from tournaments.services.championships import stage_add, stage_qualification_set

    _c, category, _s, swiss = championship_with_swiss(organiser, chief)
    play_stage_event(swiss, chief)
    stage = stage_add(category=category, actor=organiser, format="swiss", rounds=3)
    for event in stage.events.all():
        statute_order_choose(event)
    return stage_qualification_set(stage=stage, actor=organiser, qualification="top",
                                   qualifiers=4)


def stronger_wins(round_: Round, chief) -> None:
    """Publish ``round_`` (if still a draft), the lower number (higher rating) wins every game
    left, close it."""
    if round_.status == "draft":
        round_publish(round_=round_, actor=chief)
    for board in round_.boards.filter(black__isnull=False).select_related("white", "black"):
        games = list(board.games.order_by("number"))
        if not games and not board.result:
            result = "1-0" if board.white.number < board.black.number else "0-1"
            result_record(board=board, result=result, actor=chief,
                          expected_version=board.version)
        for game in games:
            game.refresh_from_db()
            if game.result:
                continue
            white = board.white if game.white_first else board.black
            black = board.black if game.white_first else board.white
            game_result_record(game=game, result="1-0" if white.number < black.number
                               else "0-1", actor=chief, expected_version=game.version)
    round_.refresh_from_db()
    if round_.status != "completed":
        round_complete(round_=round_, actor=chief)


def play_stage_event(event, chief, *, rounds: int | None = None) -> None:
    """Pair (``round_start``) and play ``event``, the stronger always winning, until it has no
    round left (or ``rounds`` rounds are completed)."""
    from tournaments.services.formats import round_start

    for _ in range(40):
        drafts = event.rounds_set.filter(status__in=["draft", "published"]).order_by("number")
        if drafts.exists():
            stronger_wins(drafts.first(), chief)
            continue
        done = event.rounds_set.count()
        if rounds is not None and done >= rounds:
            return
        by_score = event.format_rules.pairs_by_score
        if by_score and done >= event.rounds or not by_score and done:
            return
        round_start(event=event, actor=chief)


def championship_played_on(organiser, chief):
    """AXF's shape, smaller: a 4-round Swiss of 8; after round 3 the top 4 go to a knockout
    while the others play round 4; the stronger (lower number) always wins, everything is
    played to the end. Returns (championship, category, swiss event, knockout event)."""
    from tournaments.services.championships import (
        stage_add,
        stage_qualification_set,
        stage_qualify,
    )
    from tournaments.services.formats import round_start

    championship, category, _stage, swiss = championship_with_swiss(organiser, chief, rounds=4)
    play_stage_event(swiss, chief, rounds=3)
    ko_stage = stage_add(category=category, actor=organiser, format="ko")
    stage_qualification_set(stage=ko_stage, actor=organiser, qualification="play_on",
                            qualifiers=4, after_round=3)
    stage_qualify(stage=ko_stage, actor=organiser)
    round_start(event=swiss, actor=chief)
    play_stage_event(swiss, chief)
    ko = ko_stage.events.get()
    play_stage_event(ko, chief)
    return championship, category, swiss, ko


def championship_scenario(make_event, organiser, chief, *, played=False, rule=None):
    """A draft championship of 8 players (category "Nam", a Swiss stage of 3 rounds, stage 2 a
    knockout), the chief arbiter and the "arbiter" user appointed for the whole championship.
    ``played``: the Swiss played to the end (the stronger always wins); ``rule``: stage 2's
    qualification rule set."""
    from django.contrib.auth import get_user_model

    from tournaments.models import ChampionshipRole
    from tournaments.services.championships import (
        championship_role_assign,
        stage_add,
        stage_qualification_set,
    )

    championship, category, stage, event = championship_with_swiss(organiser, chief)
    arbiter = get_user_model().objects.get(username="arbiter")
    championship_role_assign(championship=championship, actor=organiser, user=arbiter,
                             role=Role.ARBITER)
    ko = stage_add(category=category, actor=organiser, format="ko")
    if played:
        play_stage_event(event, chief)
    if rule:
        ko = stage_qualification_set(stage=ko, actor=organiser, **rule)
    return {"championship": championship, "category": category, "stage": stage, "ko": ko,
            "swiss": event, "newcomers": PlayerFactory.create_batch(2),
            "arbiter_role": ChampionshipRole.objects.get(championship=championship,
                                                         user=arbiter)}


def championship_groups_into_knockout(organiser, chief):
    """A championship whose category "Nữ" has two round-robin groups of 4 (players dealt by
    rating in a snake) and a knockout of the top 2 of each, interleaved (A1 v B2, B1 v A2); the
    stronger (lower number) always wins, everything played. Returns (championship, category,
    the 8 players)."""
    from tournaments.services.championships import (
        category_add,
        stage_add,
        stage_qualification_set,
        stage_qualify,
        stage_register,
    )

    championship, _cat, _s, _e = championship_with_swiss(organiser, chief, players=2)
    category = category_add(championship=championship, actor=organiser, name="Nữ")
    groups = stage_add(category=category, actor=organiser, format="rr", groups=2)
    players = PlayerFactory.create_batch(8)
    stage_register(stage=groups, actor=organiser, players=players)
    for event in groups.events.all():
        numbers_draw(event=event, actor=organiser, method="rating")
        play_stage_event(event, chief)
    ko_stage = stage_add(category=category, actor=organiser, format="ko")
    stage_qualification_set(stage=ko_stage, actor=organiser, qualification="group",
                            qualifiers=2, seeding="interleave")
    stage_qualify(stage=ko_stage, actor=organiser)
    play_stage_event(ko_stage.events.get(), chief)
    return championship, category, players


def statute_form_data(client, event) -> dict:
    """The statute form as the page fills it, ready to post back."""
    form = client.get(f"/manage/{event.slug}/statute/").context["form"]
    data = {name: form.initial.get(name, field.initial) for name, field in form.fields.items()}
    data = {k: ("" if v is None else v) for k, v in data.items()
            if not isinstance(v, bool) or v}
    data["tiebreak_games"] = "regular 2"
    for key in ("start_date", "end_date"):
        data[key] = str(data[key] or "")
    return data


def organisation_tree():
    """A federation (admin ``fed``) with two provinces (``p1``, ``p2``), three clubs (``c1``
    and ``c2`` in the first province, ``c3`` in the second), an administrator for each node
    named after it, built through the services by a superuser."""
    from tournaments.services.organisations import organisation_admin_assign, organisation_create

    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    fed = organisation_create(actor=root, parent=None, name="Liên đoàn Cờ Tướng",
                              kind="federation", slug="lien-doan")
    p1 = organisation_create(actor=root, parent=fed, name="Hà Nội", kind="province", slug="ha-noi")
    p2 = organisation_create(actor=root, parent=fed, name="Đà Nẵng", kind="city", slug="da-nang")
    c1 = organisation_create(actor=root, parent=p1, name="CLB Thủ Đô", kind="club", slug="thu-do")
    c2 = organisation_create(actor=root, parent=p1, name="CLB Hồ Gươm", kind="club",
                             slug="ho-guom")
    c3 = organisation_create(actor=root, parent=p2, name="CLB Sông Hàn", kind="club",
                             slug="song-han")
    nodes = {"fed": fed, "p1": p1, "p2": p2, "c1": c1, "c2": c2, "c3": c3}
    admins = {}
    for name, node in nodes.items():
        admins[name] = UserFactory(username=f"admin-{name}")
        organisation_admin_assign(actor=root, organisation=node, user=admins[name])
    return {"root": root, "nodes": nodes, "admins": admins}


def club_admin_of(user, *players):
    """``user`` made the administrator of a club (under a federation of its own) whose members
    ``players`` are since 2000: the tree's right to correct them (tournaments/rules.py)."""
    from tournaments.models import Organisation
    from tournaments.services.organisations import (
        membership_add,
        organisation_admin_assign,
        organisation_create,
    )

    root = get_user_model().objects.filter(username="root").first() or UserFactory(
        username="root", is_superuser=True, is_staff=True)
    fed = Organisation.objects.filter(slug="lien-doan").first() or organisation_create(
        actor=root, parent=None, name="Liên đoàn", kind="federation", slug="lien-doan")
    club = Organisation.objects.filter(slug=f"clb-{user.username}").first() or \
        organisation_create(actor=root, parent=fed, name=f"CLB {user.username}", kind="club",
                            slug=f"clb-{user.username}")
    organisation_admin_assign(actor=root, organisation=club, user=user)
    for player in players:
        if not club.memberships.filter(player=player).exists():
            membership_add(actor=root, organisation=club, player=player,
                           since=datetime.date(2000, 1, 1))
    return club
