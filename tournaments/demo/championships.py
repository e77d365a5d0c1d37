"""Demo championship (Art. 17.3): one championship, two categories, built and played through the
services the pages use.

- "Nam" (men): a Swiss qualifying stage of 12 players and 4 rounds, then the top 4 into a
  knockout final seeded by the Swiss's order, played to the end; team prizes by province (the
  best 2 players' points).
- "Nữ" (women): two round-robin groups of 4 (snake seeding by rating), then the top 2 of each
  group into a knockout interleaved A1 v B2, B1 v A2, its semi-finals in play.
"""

import datetime
import random

from django.db import transaction

from tournaments.demo.events import SEED, build_players, build_users, tiebreaks_choose
from tournaments.demo.knockout import play_board
from tournaments.demo.results import seeded_result
from tournaments.models import Championship, Event, Player, Role, RoundStatus, Visibility
from tournaments.services.championships import (
    category_add,
    championship_create,
    championship_role_assign,
    stage_add,
    stage_qualification_set,
    stage_qualify,
    stage_register,
)
from tournaments.services.entries import numbers_draw
from tournaments.services.formats import round_start
from tournaments.services.lots import lots_draw
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_publish

SLUG = "demo-vo-dich-quoc-gia-2026"


def _play_round(round_, users, rng: random.Random) -> None:
    chief, arbiter = users["tongtrongtai"], users["trongtai"]
    if round_.status == RoundStatus.DRAFT:
        round_publish(round_=round_, actor=chief)
    boards = round_.boards.filter(black__isnull=False).select_related("white", "black")
    for board in boards.order_by("number"):
        if board.match_code:
            play_board(rng, board, arbiter)
        elif not board.result:
            result_record(board=board, result=seeded_result(rng, board.white, board.black),
                          actor=arbiter, expected_version=board.version)
    round_complete(round_=round_, actor=chief)


def play_event(event: Event, users, rng: random.Random, *, rounds: int = 99) -> None:
    """Draw (``round_start``) and play ``event``'s rounds until it ends, or ``rounds`` are
    completed; a knockout's later rounds appear as its matches end."""
    for _ in range(60):
        event.refresh_from_db()
        open_round = event.rounds_set.exclude(status=RoundStatus.COMPLETED).order_by("number")
        if open_round.exists():
            _play_round(open_round.first(), users, rng)
            continue
        done = event.rounds_set.count()
        # Only a format paired round by round waits for the next round to be started.
        by_score = event.format_rules.pairs_by_score
        if done >= rounds or (done and not by_score) or by_score and done >= (event.rounds or 0):
            return
        round_start(event=event, actor=users["tongtrongtai"])


def _men(championship, users, players, rng, seed: int) -> None:
    btc = users["btc"]
    category = category_add(championship=championship, actor=btc, name="Nam",
                            team_classification="points", team_by="province", team_best_n=2)
    swiss = stage_add(category=category, actor=btc, format="swiss", rounds=4,
                      name="Vòng loại (hệ Thụy Sĩ)")
    stage_register(stage=swiss, actor=btc, players=players)
    event = swiss.events.get()
    tiebreaks_choose(event, btc)
    numbers_draw(event=event, actor=btc, method="rating")
    play_event(event, users, rng)
    # Art. 21.3: lots, the last tie-break, drawn by the chief arbiter so no tie is left at the
    # qualification line.
    lots_draw(event=event, actor=users["tongtrongtai"], seed=seed)
    final = stage_add(category=category, actor=btc, format="ko", name="Chung kết (loại trực tiếp)")
    stage_qualification_set(stage=final, actor=btc, qualification="top", qualifiers=4)
    stage_qualify(stage=final, actor=btc)
    play_event(final.events.get(), users, rng)


def _women(championship, users, players, rng) -> None:
    btc = users["btc"]
    category = category_add(championship=championship, actor=btc, name="Nữ")
    groups = stage_add(category=category, actor=btc, format="rr", groups=2,
                       name="Vòng bảng")
    stage_register(stage=groups, actor=btc, players=players)
    for event in groups.events.order_by("group_label"):
        numbers_draw(event=event, actor=btc, method="rating")
        play_event(event, users, rng)
    knockout = stage_add(category=category, actor=btc, format="ko", name="Vòng loại trực tiếp")
    stage_qualification_set(stage=knockout, actor=btc, qualification="group", qualifiers=2,
                            seeding="interleave")
    stage_qualify(stage=knockout, actor=btc)
    semi = knockout.events.get().rounds_set.get(number=1)
    round_publish(round_=semi, actor=users["tongtrongtai"])


def build_championship(users, players: list[Player], seed: int) -> Championship:
    """The demo championship; rebuilt from scratch each time (its stage events with it)."""
    Event.objects.filter(stage__category__championship__slug=SLUG).delete()
    Championship.objects.filter(slug=SLUG).delete()
    rng = random.Random(seed + 15)
    championship = championship_create(
        actor=users["btc"], name="Giải Vô địch Cờ Tướng Quốc gia 2026", slug=SLUG,
        start_date=datetime.date(2026, 12, 1), end_date=datetime.date(2026, 12, 8),
        venue="Nhà thi đấu Trịnh Hoài Đức, Hà Nội", organiser="Liên đoàn Cờ Việt Nam",
        visibility=Visibility.PUBLIC)
    championship_role_assign(championship=championship, actor=users["btc"],
                             user=users["tongtrongtai"], role=Role.CHIEF_ARBITER)
    championship_role_assign(championship=championship, actor=users["btc"],
                             user=users["trongtai"], role=Role.ARBITER)
    _men(championship, users, players[:12], rng, seed)
    _women(championship, users, players[12:20], rng)
    return championship


@transaction.atomic
def build_demo_championship() -> Championship:
    """``manage.py demo``'s championship, from the demo's players 101-120 (the events use the
    others)."""
    players = build_players(random.Random(SEED))
    return build_championship(build_users(), players[100:120], SEED)
