"""Helpers shared by the Swiss tests: an event with players, playing a round, invariants."""

from __future__ import annotations

import random

from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import PlayerFactory
from tournaments.models import Board, Entry, PairingMethod, Round
from tournaments.services.entries import entry_register, numbers_draw
from tournaments.services.results import game_result_record, result_record
from tournaments.services.rounds import BoardSpec, round_complete, round_publish, round_store


def client_for(user=None) -> Client:
    """A browser that chose English (the site is Vietnamese until one does)."""
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    if user is not None:
        client.force_login(user)
    return client


def api_for(user=None) -> APIClient:
    client = APIClient()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    if user is not None:
        client.force_authenticate(user)
    return client


def swiss_event(make_event, organiser, n, *, rounds=7, clubs=None, **statute):
    event = make_event(format="swiss", rounds=rounds, **statute)
    players = PlayerFactory.create_batch(n)
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
