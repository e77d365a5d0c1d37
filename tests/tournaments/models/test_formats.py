"""What each format is (``tournaments/models/formats.py``): one rules object per format, asked
by the event (``event.format_rules``) and by a stage; the worker threshold read from the
settings when asked; the rounds an event will have (appendix §1, §5)."""

import pytest
from django.test import override_settings

from scoring.formats import Format as ScoringFormat
from scoring.presets import LAW_ROUND_ROBIN, LAW_SWISS_MATCHES
from tournaments.models import FORMAT_RULES, Event, Format, Stage


def test_every_format_has_its_rules():
    assert set(FORMAT_RULES) == set(Format.values)


def test_a_bracket_has_no_standings_and_every_other_format_has():
    for rules in FORMAT_RULES.values():
        assert rules.has_standings is not rules.has_bracket
    assert [f for f, r in FORMAT_RULES.items() if r.has_bracket] == [
        Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION]
    assert FORMAT_RULES[Format.DOUBLE_ELIMINATION].losers_bracket
    assert not FORMAT_RULES[Format.SINGLE_ELIMINATION].losers_bracket


def test_only_a_swiss_is_paired_by_score_checked_and_open_to_late_entries():
    swiss = FORMAT_RULES[Format.SWISS]
    assert swiss.pairs_by_score and swiss.rounds_checked and swiss.late_entries
    assert swiss.rounds_announced and swiss.numbers_by_rating
    for value, rules in FORMAT_RULES.items():
        if value != Format.SWISS:
            assert not (rules.pairs_by_score or rules.rounds_checked or rules.late_entries
                        or rules.rounds_announced or rules.background_from is not None)


def test_appendix_5_round_robins_pair_every_round_at_once_and_rest_on_the_dummy():
    single, double = FORMAT_RULES[Format.ROUND_ROBIN], FORMAT_RULES[Format.DOUBLE_ROUND_ROBIN]
    assert single.pairs_all_rounds_at_once and double.pairs_all_rounds_at_once
    assert single.bye_is_rest and single.crosstable_by_opponent
    assert (single.cycles, double.cycles) == (1, 2)
    assert single.scoring_format is ScoringFormat.ROUND_ROBIN
    assert single.law_tiebreaks == LAW_ROUND_ROBIN  # Art. 21.3
    assert FORMAT_RULES[Format.SWISS].law_tiebreaks_matches == LAW_SWISS_MATCHES  # Art. 21.2


def test_planned_rounds_follow_the_berger_table_or_the_statute():
    """Appendix §5: n − 1 rounds per cycle for an even n, n for an odd n (the dummy's rest);
    appendix §1: a Swiss announces its rounds."""
    assert FORMAT_RULES[Format.ROUND_ROBIN].planned_rounds(announced=None, entries=8) == 7
    assert FORMAT_RULES[Format.ROUND_ROBIN].planned_rounds(announced=3, entries=7) == 7
    assert FORMAT_RULES[Format.DOUBLE_ROUND_ROBIN].planned_rounds(announced=None,
                                                                  entries=6) == 10
    assert FORMAT_RULES[Format.SWISS].planned_rounds(announced=9, entries=100) == 9
    assert FORMAT_RULES[Format.SINGLE_ELIMINATION].planned_rounds(announced=None,
                                                                  entries=16) == 0


def test_appendix_2_a_knockout_match_is_two_games_by_default():
    assert FORMAT_RULES[Format.SINGLE_ELIMINATION].law_games_per_match == 2
    assert FORMAT_RULES[Format.SWISS].law_games_per_match == 1


def test_the_worker_threshold_is_read_when_asked():
    swiss = FORMAT_RULES[Format.SWISS]
    with override_settings(SWISS_ASYNC_MIN_ENTRIES=7):
        assert swiss.background_from == 7
    with override_settings(SWISS_ASYNC_MIN_ENTRIES=300):
        assert swiss.background_from == 300


def test_an_event_and_a_stage_give_their_formats_rules():
    assert Event(format=Format.DOUBLE_ELIMINATION).format_rules is FORMAT_RULES["dko"]
    assert Stage(format=Format.SWISS).format_rules is FORMAT_RULES["swiss"]


def test_the_rules_are_frozen():
    with pytest.raises(AttributeError):
        FORMAT_RULES[Format.SWISS].late_entries = False
