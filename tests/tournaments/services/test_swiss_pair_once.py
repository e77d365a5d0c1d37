"""The write path of "pair next round": the service runs the Dutch engine once per
round. The checker (C.04.3: the round compared with the engine's own pairing) is handed the
pairing the service has just made instead of pairing the round a second time, and what it
stores is what a check from scratch finds, whatever the round holds (requested byes, a
withdrawal, a late entry, same-club separation, the initial colour by lots).

Load once: the event record the service reads under the lock to pair the round is
the one the check reads (with the stored round added in memory): one ``load_event`` per
pairing, whatever the format of the games (single games, two-game matches, team matches)."""

import random

import pytest

import pairings.checker
import pairings.dutch
import tournaments.selectors.swiss
import tournaments.services.swiss
from tests.tournaments.builders import PlayerFactory, play, swiss_event, team_event
from tournaments.adapters import events as event_adapters
from tournaments.models import Entry, Round
from tournaments.selectors.swiss import round_check_data
from tournaments.services.entries import entry_register, entry_withdraw
from tournaments.services.swiss import bye_request, swiss_round_pair

pytestmark = pytest.mark.django_db


@pytest.fixture
def engine_calls(monkeypatch):
    """Every call of the Dutch engine's ``pair_round``, by whom: the service or the checker."""
    calls = []
    real = pairings.dutch.pair_round

    def counted(who):
        def pair_round(*args, **kwargs):
            calls.append(who)
            return real(*args, **kwargs)
        return pair_round

    monkeypatch.setattr(tournaments.services.swiss, "pair_round", counted("service"))
    monkeypatch.setattr(pairings.checker, "pair_round", counted("checker"))
    return calls


@pytest.fixture
def loads(monkeypatch):
    """Every reading of the event record (``load_event``), by whom: the Swiss service or the
    round's check (``selectors/swiss.py``)."""
    calls = []
    real = event_adapters.load_event

    def counted(who):
        def load_event(*args, **kwargs):
            calls.append(who)
            return real(*args, **kwargs)
        return load_event

    monkeypatch.setattr(tournaments.services.swiss, "load_event", counted("service"))
    monkeypatch.setattr(tournaments.selectors.swiss, "load_event", counted("check"))
    return calls


def _stored_is_a_fresh_check(round_: Round) -> None:
    round_ = Round.objects.select_related("event").get(pk=round_.pk)
    assert round_.findings == round_check_data(round_)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_round_is_paired_once_and_its_check_is_the_full_one(
        make_event, organiser, arbiter, chief_arbiter, engine_calls, loads, seed):
    rng = random.Random(seed)
    event = swiss_event(make_event, organiser, 15, rounds=5, initial_colour="lots",
                        clubs=["CLB Hà Nội", "CLB Huế", "CLB Vinh"], forbid_same_club=True)
    entries = list(Entry.objects.filter(event=event))
    bye_request(entry=rng.choice(entries), actor=organiser, round_number=2)
    for number in range(1, 6):
        if number == 3:
            entry_withdraw(entry=rng.choice(entries), actor=organiser, after_round=2)
            entry_register(event=event, actor=organiser, player=PlayerFactory())
        engine_calls.clear()
        loads.clear()
        round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=seed)
        assert engine_calls == ["service"], f"round {number}"
        assert loads == ["service"], f"round {number}: the event read once"
        _stored_is_a_fresh_check(round_)
        play(round_, arbiter, chief_arbiter, rng)


def test_when_club_separation_yields_the_checker_pairs_with_the_statutes_options(
        make_event, organiser, chief_arbiter, engine_calls):
    """Two players of one club: the only round pairs them (the statute: never at the cost of
    a pairing). The engine's pairing without the club rule is not the checker's, so the
    checker pairs the round itself (and finds no pairing that keeps the club apart)."""
    event = swiss_event(make_event, organiser, 2, rounds=1, clubs=["CLB Huế"],
                        forbid_same_club=True)
    round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=1)
    assert engine_calls == ["service", "service", "checker"]
    _stored_is_a_fresh_check(round_)
    assert "no_valid_pairing" in [f["code"] for f in round_.findings]


@pytest.mark.parametrize("kind", ["two-game matches", "team matches"])
def test_matches_the_event_is_read_once_and_the_check_is_the_full_one(
        make_event, organiser, arbiter, chief_arbiter, loads, kind):
    """The round added in memory carries its match games (pending) as the stored round does:
    the check of a match event finds what a check from scratch finds."""
    if kind == "team matches":
        event = team_event(make_event, organiser, chief_arbiter, teams=6, schedule=False,
                           format="swiss", rounds=3)
    else:
        event = swiss_event(make_event, organiser, 8, rounds=3, scoring="match",
                            games_per_match=2)
    rng = random.Random(5)
    for number in range(1, 4):
        loads.clear()
        round_ = swiss_round_pair(event=event, actor=chief_arbiter, seed=5)
        assert loads == ["service"], f"round {number}"
        assert round_.boards.filter(games__isnull=False).exists()
        _stored_is_a_fresh_check(round_)
        play(round_, arbiter, chief_arbiter, rng)
