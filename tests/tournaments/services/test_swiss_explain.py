"""Why this pairing (C.04.3 Art. 2-5): the engine's explanation is stored with a Swiss round when
it is paired, inline or by the worker, and is the engine's own; pages never pair again."""

import json

import pytest
from django.test import override_settings

from pairings.dutch import pair_round
from tests.tournaments.builders import round_table, swiss_event
from tournaments.adapters.events import load_event
from tournaments.adapters.swiss import dutch_options, explanation_data, swiss_setup
from tournaments.models import Round
from tournaments.services.backup import event_backup, event_restore
from tournaments.services.formats import round_start
from tournaments.services.results import result_record
from tournaments.services.rounds import round_complete, round_publish
from tournaments.services.swiss import swiss_round_pair

pytestmark = pytest.mark.django_db


def test_c04_3_round_1_explanation_stored_when_paired(make_event, organiser, chief_arbiter):
    """Seven players, round 1, White for the top player: one score group of 0 points, S1 (1-3)
    meets S2 (4-6) in order, 7 takes the bye ([C5]); nobody has a colour preference, so every
    board's colours come from the initial colour (Art. 5.2.5), decided by the higher number."""
    event = swiss_event(make_event, organiser, 7, initial_colour="w")
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter)
    why = Round.objects.get(pk=round_1.pk).explanation
    assert why["bye"] == 7
    assert why["brackets"] == [{
        "score": "0", "mdps": [], "residents": [1, 2, 3, 4, 5, 6, 7], "downfloaters": [],
        "float_counts": [], "upfloaters": [], "exchange": None, "transposed": False,
        "first_candidate": None}]
    assert [(b["white"], b["black"], b["rule"], b["player"]) for b in why["boards"]] == [
        (1, 4, "5.2.5", 1), (5, 2, "5.2.5", 2), (3, 6, "5.2.5", 3)]
    assert [(w, b) for w, b, _bye in round_table(round_1)] == [(1, 4), (5, 2), (3, 6), (7, None)]


def test_c04_3_odd_top_group_floats_down_for_c6(make_event, organiser, chief_arbiter, arbiter):
    """Round 2 after 1 and 2 win and the third game is drawn: 1, 2 and 7 (the bye) have a
    point, an odd group, so one of them moves down, forced by [C6]; the stored explanation is
    exactly what the engine says for the same round."""
    event = swiss_event(make_event, organiser, 7, initial_colour="w")
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter)
    round_publish(round_=round_1, actor=chief_arbiter)
    results = {1: "1-0", 2: "0-1", 3: "1/2-1/2"}  # 1 beats 4, 2 beats 5, 3 draws with 6
    for board in round_1.boards.filter(black__isnull=False):
        result_record(board=board, result=results[board.number], actor=arbiter,
                      expected_version=board.version)
    round_complete(round_=round_1, actor=chief_arbiter)
    record = load_event(event)
    setup = swiss_setup(record, 2)
    engine = pair_round(setup.tournament, 2, dutch_options(event, setup), explain=True)

    round_2 = swiss_round_pair(event=event, actor=chief_arbiter)
    stored = Round.objects.get(pk=round_2.pk).explanation
    assert stored == explanation_data(engine.explanation)
    top = stored["brackets"][0]
    assert top["score"] == "1" and sorted(top["residents"]) == [1, 2, 7]
    assert len(top["downfloaters"]) == 1
    assert top["float_counts"] == [{"criterion": "C6", "count": 1}]
    assert stored["brackets"][1]["mdps"] == top["downfloaters"]


@override_settings(SWISS_ASYNC_MIN_ENTRIES=5)
def test_explanation_stored_when_the_worker_pairs(make_event, organiser, chief_arbiter,
                                                  django_capture_on_commit_callbacks):
    """A large event is paired by a job (in-process here, at commit): the same explanation."""
    event = swiss_event(make_event, organiser, 7, initial_colour="w")
    with django_capture_on_commit_callbacks(execute=True):
        started = round_start(event=event, actor=chief_arbiter)
    assert started.job is not None  # went through the worker's task
    round_1 = Round.objects.get(event=event, number=1)
    assert round_1.explanation["bye"] == 7
    assert [(b["white"], b["black"]) for b in round_1.explanation["boards"]] == [
        (1, 4), (5, 2), (3, 6)]


def test_a_backup_keeps_the_explanation(make_event, organiser, chief_arbiter):
    """Restored entries keep their pairing numbers, so the explanation still reads."""
    event = swiss_event(make_event, organiser, 7, initial_colour="w")
    round_1 = swiss_round_pair(event=event, actor=chief_arbiter)
    document = json.loads(json.dumps(event_backup(event=event, actor=organiser)))
    restored = event_restore(document=document, actor=organiser)
    assert restored.rounds_set.get(number=1).explanation == \
        Round.objects.get(pk=round_1.pk).explanation
